/**
 * Rules are checked when the CRD is written: each compiles against its node's type, must be
 * boolean, its messageExpression a string, its reason one of four, its fieldPath a path into the
 * schema, and oldSelf only where an old value can be correlated. Errors carry the real paths (in
 * the spelling the CRD used) and the real messages.
 */
import { describe, expect, it } from 'vitest';
import { compileSchemaRules, type ValidationRule } from '../../../core/cel/index.ts';
import { compileErrors, specSchema } from './support.ts';

const P = 'spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0]';
const props = {
  replicas: { type: 'integer' },
  name: { type: 'string' },
  labels: { type: 'object', additionalProperties: { type: 'string' } },
};

describe('a bad rule is reported at its path with the real message', () => {
  it.each<[string, ValidationRule, string]>([
    [
      'unknown field',
      { rule: 'self.foo == 1' },
      `${P}.rule: Invalid value: {"rule":"self.foo == 1"}: compilation failed: ERROR: <input>:1:5: undefined field 'foo'\n | self.foo == 1\n | ....^`,
    ],
    [
      'mismatched operand types',
      { rule: 'self.replicas > "a"' },
      `${P}.rule: Invalid value: {"rule":"self.replicas > \\"a\\""}: compilation failed: ERROR: <input>:1:15: found no matching overload for '_>_' applied to '(int, string)'\n | self.replicas > "a"\n | ..............^`,
    ],
    [
      'not boolean',
      { rule: 'self.replicas' },
      `${P}.rule: Invalid value: {"rule":"self.replicas"}: cel expression must evaluate to a bool`,
    ],
    ['empty rule', { rule: '  ' }, `${P}.rule: Required value: rule is not specified`],
    ['blank message', { rule: 'true', message: ' ' }, `${P}.message: Invalid value: " ": message must be non-empty if specified`],
    [
      'message with a line break',
      { rule: 'true', message: 'a\nb' },
      `${P}.message: Invalid value: "a\\nb": message must not contain line breaks`,
    ],
    [
      'multi-line rule without message',
      { rule: 'true &&\ntrue' },
      `${P}.message: Required value: message must be specified if rule contains line breaks`,
    ],
    [
      'blank messageExpression',
      { rule: 'true', messageExpression: ' ' },
      `${P}.messageExpression: Required value: messageExpression must be non-empty if specified`,
    ],
    [
      'messageExpression not a string',
      { rule: 'true', messageExpression: '42' },
      `${P}.messageExpression: Invalid value: {"rule":"true","messageExpression":"42"}: messageExpression must evaluate to a string`,
    ],
    [
      'unknown reason',
      { rule: 'true', reason: 'Nope' },
      `${P}.reason: Unsupported value: "Nope": supported values: "FieldValueDuplicate", "FieldValueForbidden", "FieldValueInvalid", "FieldValueRequired"`,
    ],
    [
      'fieldPath outside the schema',
      { rule: 'true', fieldPath: '.nope' },
      `${P}.fieldPath: Invalid value: ".nope": fieldPath must be a valid path`,
    ],
    [
      'fieldPath without a dot',
      { rule: 'true', fieldPath: 'replicas' },
      `${P}.fieldPath: Invalid value: "replicas": fieldPath must be a valid path`,
    ],
    [
      'optionalOldSelf without oldSelf',
      { rule: 'self.replicas > 0', optionalOldSelf: true },
      `${P}.optionalOldSelf: Invalid value: true: may not be set if oldSelf is not used in rule`,
    ],
  ])('%s', (_, rule, expected) => {
    expect(compileErrors(specSchema(props, [rule]))).toEqual([expected]);
  });
});

describe('good rules compile without errors', () => {
  it.each<ValidationRule>([
    { rule: 'self.replicas >= 0' },
    { rule: 'has(self.name) && self.name.size() < 64' },
    { rule: 'self.?name.orValue("") != "x"' },
    { rule: 'self.replicas >= oldSelf.replicas', message: 'no scaling down' },
    { rule: 'self.labels.all(k, k.size() < 64)' },
    { rule: 'true', reason: 'FieldValueForbidden', fieldPath: '.replicas' },
    { rule: 'true', fieldPath: ".labels['app.kubernetes.io/name']" },
    { rule: 'oldSelf.hasValue() || self.replicas == 1', optionalOldSelf: true },
    { rule: 'true', messageExpression: '"replicas is " + string(self.replicas)' },
  ])('$rule', (rule) => {
    expect(compileErrors(specSchema(props, [rule]))).toEqual([]);
  });
});

describe('oldSelf is refused where the real platform cannot correlate an old value', () => {
  it.each([
    [
      'items of an atomic list',
      { type: 'array', maxItems: 5, items: { type: 'string', maxLength: 5, 'x-kubernetes-validations': [{ rule: 'self == oldSelf' }] } },
      '.items',
    ],
    [
      'items of a set list',
      {
        type: 'array',
        maxItems: 5,
        'x-kubernetes-list-type': 'set',
        items: { type: 'string', maxLength: 5, 'x-kubernetes-validations': [{ rule: 'self == oldSelf' }] },
      },
      '.items',
    ],
    [
      'properties of an atomic map',
      {
        type: 'object',
        'x-kubernetes-map-type': 'atomic',
        properties: { a: { type: 'string', 'x-kubernetes-validations': [{ rule: 'self == oldSelf' }] } },
      },
      '.properties[a]',
    ],
  ])('%s', (_, field, sub) => {
    const errs = compileErrors(specSchema({ field }));
    const within = 'spec.validation.openAPIV3Schema.properties[spec].properties[field]';
    expect(errs).toEqual([
      `${within}${sub}.x-kubernetes-validations[0].rule: Invalid value: "self == oldSelf": oldSelf cannot be used on the uncorrelatable portion of the schema within ${within}`,
    ]);
  });

  it('items of a listType=map list are correlatable', () => {
    const field = {
      type: 'array',
      maxItems: 10,
      'x-kubernetes-list-type': 'map',
      'x-kubernetes-list-map-keys': ['name'],
      items: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string', maxLength: 10 } },
        'x-kubernetes-validations': [{ rule: 'self == oldSelf' }],
      },
    };
    expect(compileErrors(specSchema({ field }))).toEqual([]);
  });
});

it('paths use the spelling the CRD used (x-orch-validations) and the caller base path', () => {
  const schema = { type: 'object', properties: { spec: { type: 'object', 'x-orch-validations': [{ rule: 'self.nope' }] } } };
  const { errors } = compileSchemaRules(schema, { basePath: 'spec.versions[0].schema.openAPIV3Schema' });
  expect(errors.map((e) => e.field)).toEqual(['spec.versions[0].schema.openAPIV3Schema.properties[spec].x-orch-validations[0].rule']);
});

it('a rule on a node without a CEL type is an internal error naming the node', () => {
  const schema = {
    type: 'object',
    properties: { spec: { 'x-kubernetes-preserve-unknown-fields': true, 'x-kubernetes-validations': [{ rule: 'true' }] } },
  };
  expect(compileErrors(schema)).toEqual([
    "spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations: Internal error: rule declared on schema that does not support validation rules type: '' x-kubernetes-preserve-unknown-fields: 'true'",
  ]);
});

it('a call with the wrong arguments names the function and the argument types, as cel-go does', () => {
  const errs = compileErrors(specSchema(props, [{ rule: 'self.name.startsWith(1)' }]));
  expect(errs[0]).toContain('compilation failed: ERROR: <input>:1:');
  expect(errs[0]).toContain("found no matching overload for 'startsWith' applied to 'string.(int)'");
});

describe('has() of a field the schema does not declare is a compile error, as in cel-go', () => {
  const items = { type: 'array', maxItems: 5, items: { type: 'object', properties: { x: { type: 'string', maxLength: 5 } } } };
  /** cel-go's report of `message` at 1-based column `col` of a one-line rule. */
  const issue = (rule: string, col: number, message: string) =>
    `ERROR: <input>:1:${col}: ${message}\n | ${rule}\n | ${'.'.repeat(col - 1)}^`;

  it.each<[string, string]>([
    // The test itself is placed at the macro's '(' ...
    ['has(self.nope) || true', issue('has(self.nope) || true', 4, "undefined field 'nope'")],
    // ... a selection on the way to it at its '.'.
    ['has(self.nope.x)', issue('has(self.nope.x)', 9, "undefined field 'nope'")],
    ['has(self.name.x)', issue('has(self.name.x)', 4, "type 'string' does not support field selection")],
    ['self.items.all(i, has(i.nope))', issue('self.items.all(i, has(i.nope))', 22, "undefined field 'nope'")],
    // Every one, in source order.
    [
      'has(self.a) && has(self.b)',
      `${issue('has(self.a) && has(self.b)', 4, "undefined field 'a'")}\n${issue('has(self.a) && has(self.b)', 19, "undefined field 'b'")}`,
    ],
  ])('%s', (rule, expected) => {
    expect(compileErrors(specSchema({ ...props, items }, [{ rule }]))).toEqual([
      `${P}.rule: Invalid value: ${JSON.stringify({ rule })}: compilation failed: ${expected}`,
    ]);
  });

  it('in a messageExpression too', () => {
    const rule = { rule: 'true', messageExpression: 'has(self.nope) ? "a" : "b"' };
    expect(compileErrors(specSchema(props, [rule]))).toEqual([
      `${P}.messageExpression: Invalid value: ${JSON.stringify(rule)}: messageExpression compilation failed: ${issue(rule.messageExpression, 4, "undefined field 'nope'")}`,
    ]);
  });

  it('at the resource root, where metadata has only name and generateName', () => {
    const schema = {
      type: 'object',
      'x-kubernetes-validations': [{ rule: '!has(self.metadata.labels)' }, { rule: 'has(self.metadata.name)' }],
    };
    expect(compileErrors(schema)).toEqual([
      `spec.validation.openAPIV3Schema.x-kubernetes-validations[0].rule: Invalid value: {"rule":"!has(self.metadata.labels)"}: compilation failed: ${issue('!has(self.metadata.labels)', 5, "undefined field 'labels'")}`,
    ]);
  });

  it.each<ValidationRule>([
    { rule: 'has(self.name)' },
    { rule: 'has(self.labels.anything)' },
    { rule: 'self.items.all(i, has(i.x))' },
    { rule: 'has(oldSelf.name) || true', optionalOldSelf: true },
    { rule: 'has(self.free.anything.at.all)' },
  ])('declared fields, map keys and dyn values may be tested: $rule', (rule) => {
    const free = { 'x-kubernetes-int-or-string': true };
    expect(compileErrors(specSchema({ ...props, items, free }, [rule]))).toEqual([]);
  });
});
