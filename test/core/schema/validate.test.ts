/**
 * The constraints a schema states by itself, found wherever they sit: subtrees that state none
 * are skipped, which must never hide one that does, however deep or recursive the schema.
 */
import { describe, expect, it } from 'vitest';
import { validateSchema } from '../../../core/schema/validate.ts';
import type { FieldSpec, ObjectSchema, Schema } from '../../../core/schema/types.ts';
import type { JsonObject } from '../../../core/util/json.ts';

const str: Schema = { type: 'string' };
const obj = (name: string, fields: FieldSpec[]): ObjectSchema => ({ type: 'object', name, fields });

const leaf = obj('Leaf', [
  { name: 'mode', schema: { type: 'string', enum: ['A', 'B'] } },
  { name: 'port', schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 65535 } },
  { name: 'id', schema: str, required: true },
]);
/** A type that holds itself (as JSONSchemaProps does), with a constraint only on its own field. */
const tree: { -readonly [K in keyof ObjectSchema]: ObjectSchema[K] } = { type: 'object', name: 'Tree', fields: [] };
tree.fields = [
  { name: 'label', schema: { type: 'string', maxLength: 3 } },
  { name: 'children', schema: { type: 'array', items: tree } },
];
const root = obj('Root', [
  { name: 'plain', schema: { type: 'map', values: str } },
  { name: 'leaves', schema: { type: 'array', items: leaf, maxItems: 2 } },
  { name: 'byName', schema: { type: 'map', values: leaf } },
  { name: 'tree', schema: tree },
]);

describe('validateSchema', () => {
  it.each<[string, JsonObject, string[]]>([
    ['a valid object', { plain: { a: 'x' }, leaves: [{ id: '1', mode: 'A', port: 80 }], tree: { label: 'ok' } }, []],
    ['an enum inside a list item', { leaves: [{ id: '1', mode: 'C' }] }, ['leaves[0].mode']],
    ['a range inside a map value', { byName: { web: { id: 'w', port: 0 } } }, ['byName[web].port']],
    ['a required field inside a map value', { byName: { web: { mode: 'A' } } }, ['byName[web].id']],
    ['too many items', { leaves: [{ id: '1' }, { id: '2' }, { id: '3' }] }, ['leaves']],
    [
      'a length deep in a recursive type',
      { tree: { children: [{ children: [{ label: 'long' }] }] } },
      ['tree.children[0].children[0].label'],
    ],
    ['an unchecked map of any size', { plain: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, 'v'])) }, []],
  ])('%s', (_, value, fields) => {
    expect(validateSchema(value, root).map((e) => e.field)).toEqual(fields);
  });
});
