/**
 * Schema → CEL type mapping, as the real platform's SchemaDeclType: properties become fields
 * (escaped), additionalProperties maps, arrays lists, int-or-string dyn, date-time and duration
 * formats timestamps and durations; resource roots always expose apiVersion, kind and
 * metadata.name; properties with names CEL cannot spell are hidden.
 */
import { describe, expect, it } from 'vitest';
import { type CelSchema, DeclBuilder, escapeName } from '../../../core/cel/index.ts';
import { check, specSchema } from './support.ts';

describe('property names are escaped as the real platform escapes them', () => {
  it.each([
    ['foo', 'foo'],
    ['my-field', 'my__dash__field'],
    ['a.b', 'a__dot__b'],
    ['a/b', 'a__slash__b'],
    ['x__y', 'x__underscores__y'],
    ['namespace', '__namespace__'],
    ['in', '__in__'],
    ['return', '__return__'],
    ['_ok', '_ok'],
    ['1abc', undefined],
    ['has space', undefined],
    ['a@b', undefined],
  ])('%s → %s', (name, escaped) => {
    expect(escapeName(name)).toBe(escaped);
  });
});

describe('schema nodes map to CEL types', () => {
  it.each<[string, CelSchema, string | undefined]>([
    ['string', { type: 'string' }, 'string'],
    ['integer', { type: 'integer' }, 'int'],
    ['number', { type: 'number' }, 'double'],
    ['boolean', { type: 'boolean' }, 'bool'],
    ['byte string', { type: 'string', format: 'byte' }, 'bytes'],
    ['date-time string', { type: 'string', format: 'date-time' }, 'google.protobuf.Timestamp'],
    ['date string', { type: 'string', format: 'date' }, 'google.protobuf.Timestamp'],
    ['duration string', { type: 'string', format: 'duration' }, 'google.protobuf.Duration'],
    ['int-or-string', { 'x-kubernetes-int-or-string': true }, 'dyn'],
    ['int-or-string (orch spelling)', { 'x-orch-int-or-string': true }, 'dyn'],
    ['list of strings', { type: 'array', items: { type: 'string' } }, 'list<string>'],
    ['map of ints', { type: 'object', additionalProperties: { type: 'integer' } }, 'map<string, int>'],
    ['no type', {}, undefined],
    ['array without items', { type: 'array' }, undefined],
  ])('%s', (_, schema, cel) => {
    expect(new DeclBuilder().build(schema, false)?.celType).toBe(cel);
  });

  it('an object with properties is a message type with the escaped fields', () => {
    const d = new DeclBuilder().build({ type: 'object', properties: { 'a-b': { type: 'string' }, 'bad name': { type: 'string' } } }, false);
    expect(d?.kind).toBe('object');
    expect([...(d?.fields?.values() ?? [])].map((f) => f.cel)).toEqual(['a__dash__b', undefined]);
  });

  it('unbounded sizes come from the request size limit; maxLength counts 4 bytes a character', () => {
    const b = new DeclBuilder();
    expect(b.build({ type: 'string' }, false)?.maxElements).toBe(3 * 1024 * 1024 - 2);
    expect(b.build({ type: 'string', maxLength: 10 }, false)?.maxElements).toBe(40);
    expect(b.build({ type: 'string', enum: ['a', 'abcd'] }, false)?.maxElements).toBe(4);
    expect(b.build({ type: 'array', maxItems: 5, items: { type: 'string' } }, false)?.maxElements).toBe(5);
    expect(b.build({ type: 'array', items: { type: 'string' } }, false)?.maxElements).toBe(Math.floor((3 * 1024 * 1024 - 2) / 3));
  });
});

describe('values reach rules with their CEL types', () => {
  const schema = specSchema(
    {
      count: { type: 'integer' },
      ratio: { type: 'number' },
      name: { type: 'string' },
      'dashed-name': { type: 'string' },
      when: { type: 'string', format: 'date-time' },
      timeout: { type: 'string', format: 'duration' },
      port: { 'x-kubernetes-int-or-string': true },
      labels: { type: 'object', additionalProperties: { type: 'string' } },
      items: { type: 'array', items: { type: 'object', properties: { n: { type: 'integer' } } } },
      blob: { type: 'string', format: 'byte' },
      loose: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { known: { type: 'string' } } },
    },
    [
      { rule: 'type(self.count) == int && self.count + 1 == 4' },
      { rule: 'type(self.ratio) == double' },
      { rule: 'self.dashed__dash__name == "d"' },
      { rule: 'self.when < timestamp("2030-01-01T00:00:00Z")' },
      { rule: 'self.timeout > duration("1m")' },
      { rule: 'type(self.port) == string ? self.port.endsWith("%") : self.port < 100' },
      { rule: 'self.labels["app"] == "web" && "app" in self.labels' },
      { rule: 'self.items.all(i, i.n > 0)' },
      { rule: 'size(self.blob) == 3' },
      { rule: 'self.loose.known == "k"' },
    ],
  );

  it('every rule holds for a value of the right shape', () => {
    const spec = {
      count: 3,
      ratio: 0.5,
      name: 'n',
      'dashed-name': 'd',
      when: '2026-01-01T00:00:00Z',
      timeout: '90s',
      port: 80,
      labels: { app: 'web' },
      items: [{ n: 1 }, { n: 2 }],
      blob: 'YWJj',
      loose: { known: 'k', unknown: 1 },
    };
    expect(check(schema, { spec })).toEqual([]);
    expect(check(schema, { spec: { ...spec, port: '50%' } })).toEqual([]);
  });

  it('the resource root sees apiVersion, kind and metadata.name even when the schema omits them', () => {
    const root: CelSchema = {
      type: 'object',
      'x-kubernetes-validations': [{ rule: 'self.kind == "Widget" && self.metadata.name.startsWith("w-")' }],
    };
    expect(check(root, { apiVersion: 'x/v1', kind: 'Widget', metadata: { name: 'w-1' } })).toEqual([]);
    expect(check(root, { apiVersion: 'x/v1', kind: 'Widget', metadata: { name: 'v-1' } })).toEqual([
      '<nil>: Invalid value: "object": failed rule: self.kind == "Widget" && self.metadata.name.startsWith("w-")',
    ]);
  });

  it('an embedded resource exposes apiVersion, kind and metadata.name too', () => {
    const s = specSchema({
      template: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-validations': [{ rule: 'self.kind != ""' }] },
    });
    expect(check(s, { spec: { template: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' } } } })).toEqual([]);
  });
});

it('reserved words and optional selection work on message fields at runtime', () => {
  const schema = specSchema({ namespace: { type: 'string' }, opt: { type: 'string' } }, [
    { rule: 'self.__namespace__ == "ns"' },
    { rule: 'self.?opt.orValue("none") == "none"' },
  ]);
  expect(check(schema, { spec: { namespace: 'ns' } })).toEqual([]);
  expect(check(schema, { spec: { namespace: 'ns', opt: 'x' } })).toEqual([
    'spec: Invalid value: "object": failed rule: self.?opt.orValue("none") == "none"',
  ]);
});
