/**
 * Cost: a rule whose worst-case estimate (from maxItems, maxLength and maxProperties, or the 3 MiB
 * request limit when unbounded) exceeds the per-expression budget is refused when the CRD is
 * written, and a CRD whose rules together exceed the CRD budget too; bounded rules are accepted.
 * At runtime each call and each object has a budget, and running out stops validation with the
 * real error instead of blocking.
 */
import { describe, expect, it } from 'vitest';
import type { CelSchema } from '../../../core/cel/index.ts';
import { check, compileErrors, specSchema } from './support.ts';

const unboundedStrings: CelSchema = { type: 'array', items: { type: 'string' } };
const boundedStrings: CelSchema = { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 64 } };
const unboundedObjects: CelSchema = { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } };

const OVER_100X =
  'estimated rule cost exceeds budget by factor of more than 100x (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)';

describe('expensive rules are refused, bounded ones accepted', () => {
  it.each<[string, CelSchema, string, boolean]>([
    ['nested all over two unbounded lists of unbounded strings', unboundedStrings, 'self.all(a, self.all(b, a.contains(b)))', false],
    ['scan of unbounded strings in a loop', unboundedStrings, 'self.all(a, a.contains("gpu"))', false],
    ['regex over every unbounded string', unboundedStrings, 'self.all(a, a.matches("^[a-z]+$"))', false],
    ['nested loops over unbounded lists of objects', unboundedObjects, 'self.all(a, self.exists(b, a.name == b.name))', false],
    ['the same nested loop with maxItems and maxLength', boundedStrings, 'self.all(a, self.all(b, a.contains(b)))', true],
    ['a scan with bounds', boundedStrings, 'self.all(a, a.contains("gpu"))', true],
    ['size of an unbounded list', unboundedStrings, 'self.size() < 10', true],
    ['a cheap loop over an unbounded list', unboundedStrings, 'self.all(a, a.size() < 10)', true],
  ])('%s', (_, field, rule, accepted) => {
    const errs = compileErrors(specSchema({ field: { ...field, 'x-kubernetes-validations': [{ rule }] } }));
    if (accepted) expect(errs).toEqual([]);
    else
      expect(errs).toContain(
        `spec.validation.openAPIV3Schema.properties[spec].properties[field].x-kubernetes-validations[0].rule: Forbidden: ${OVER_100X}`,
      );
  });

  it('a rule on the items of an unbounded list is multiplied by how many items there can be', () => {
    const items = { type: 'string', 'x-kubernetes-validations': [{ rule: 'self.contains("x")' }] };
    expect(compileErrors(specSchema({ field: { type: 'array', items } }))).toContain(
      `spec.validation.openAPIV3Schema.properties[spec].properties[field].items.x-kubernetes-validations[0].rule: Forbidden: ${OVER_100X}`,
    );
    expect(compileErrors(specSchema({ field: { type: 'array', maxItems: 10, items: { ...items, maxLength: 100 } } }))).toEqual([]);
  });

  it('many rules that are each within budget can exceed the CRD total', () => {
    const props: Record<string, CelSchema> = {};
    for (let i = 0; i < 30; i++) {
      props[`f${i}`] = {
        type: 'array',
        maxItems: 3000,
        items: { type: 'string', maxLength: 4000 },
        'x-kubernetes-validations': [{ rule: 'self.all(a, a.contains("x"))' }],
      };
    }
    const errs = compileErrors(specSchema(props));
    expect(errs.filter((e) => e.includes('exceeds budget by factor of') && e.includes('x-kubernetes-validations[0].rule'))).toEqual([]);
    expect(
      errs.filter((e) => e.endsWith('contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema')),
    ).toHaveLength(4);
    expect(errs.at(-1)).toMatch(
      /^spec\.validation\.openAPIV3Schema: Forbidden: x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema exceeds budget by factor of [\d.]+x \(try simplifying/,
    );
  });

  it('only rules worth at least 1% of the CRD budget are named as contributors', () => {
    const cheap = (rule: string) => ({ type: 'string', maxLength: 10, 'x-kubernetes-validations': [{ rule }] });
    const errs = compileErrors(
      specSchema({
        costly: { type: 'array', items: { type: 'string' }, 'x-kubernetes-validations': [{ rule: 'self.all(x, self.all(y, x == y))' }] },
        a: cheap('self.size() > 0'),
        b: cheap('self.startsWith("a")'),
      }),
    );
    expect(errs.filter((e) => e.includes('contributed to'))).toEqual([
      'spec.validation.openAPIV3Schema.properties[spec].properties[costly].x-kubernetes-validations[0].rule: Forbidden: contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema',
    ]);
  });

  it('the factor is printed with six decimals below 1.5x', () => {
    const field = {
      type: 'array',
      maxItems: 2_000_000,
      items: { type: 'integer' },
      'x-kubernetes-validations': [{ rule: 'self.all(a, a > 0 && a < 9)' }],
    };
    expect(compileErrors(specSchema({ field }))[0]).toMatch(/estimated rule cost exceeds budget by factor of 1\.\d{6}x/);
  });
});

describe('runtime cost', () => {
  const nested = specSchema({
    list: {
      type: 'array',
      maxItems: 200,
      items: { type: 'integer' },
      'x-kubernetes-validations': [{ rule: 'self.all(a, self.all(b, a + b >= 0))' }],
    },
  });
  const list = Array.from({ length: 200 }, (_, i) => i);

  it('a call over its limit stops with the real error', () => {
    expect(check(nested, { spec: { list } }, undefined, { perCallLimit: 10_000 })).toEqual([
      'spec.list: Invalid value: "array": \'operation cancelled: actual cost limit exceeded\': no further validation rules will be run due to call cost exceeds limit for rule: self.all(a, self.all(b, a + b >= 0))',
    ]);
  });

  it('the same call within its limit passes', () => {
    expect(check(nested, { spec: { list } })).toEqual([]);
  });

  it('running out of the per-object budget stops all further rules', () => {
    const schema = specSchema({
      items: {
        type: 'array',
        maxItems: 100,
        items: {
          type: 'object',
          properties: { v: { type: 'array', maxItems: 100, items: { type: 'integer' } } },
          'x-kubernetes-validations': [{ rule: 'self.v.all(x, x >= 0)' }],
        },
      },
    });
    const items = Array.from({ length: 50 }, () => ({ v: Array.from({ length: 100 }, (_, i) => i) }));
    const errs = check(schema, { spec: { items } }, undefined, { costBudget: 5_000 });
    expect(errs).toHaveLength(1);
    expect(errs[0]).toMatch(
      /^spec\.items\[\d+\]: Invalid value: "object": validation failed due to running out of cost budget, no further validation rules will be run$/,
    );
  });
});
