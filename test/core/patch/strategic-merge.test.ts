/**
 * Strategic merge patch against the upstream test types (`mergeItem`, `retainKeysMergeItem`),
 * converted from both their Swagger 2.0 and OpenAPI 3 documents. The cases are ours; the
 * behaviour they pin down is the platform's (k8s.io/apimachinery pkg/util/strategicpatch).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { strategicMergePatch } from '../../../core/patch/index.ts';
import { ConfigMap } from '../../../core/registry/types/core-v1-misc.ts';
import type { Schema } from '../../../core/schema/types.ts';
import type { JsonObject, JsonValue } from '../../../core/util/json.ts';
import { schemaFromOpenApi } from '../../support/openapi-schema.ts';
import { catchPatchError, frozen } from '../../support/patch.ts';
import { TESTDATA } from '../../support/testdata.ts';

const DATA = path.join(TESTDATA, 'strategic-merge-patch');

// The Swagger file has a trailing comma, which YAML (as upstream reads it) accepts.
const SCHEMAS: { file: string; schema: Schema }[] = ['swagger-merge-item.json', 'swagger-merge-item-v3.json'].map((file) => ({
  file,
  schema: schemaFromOpenApi(load(readFileSync(path.join(DATA, file), 'utf8')) as Parameters<typeof schemaFromOpenApi>[0], 'mergeItem'),
}));

interface Case {
  readonly name: string;
  readonly original: JsonObject;
  readonly patch: JsonValue;
  readonly expected?: JsonValue;
  readonly error?: { readonly code: number; readonly message?: string | RegExp };
}

const item = (name: string, more: JsonObject = {}): JsonObject => ({ name, ...more });
const bad = (message?: string | RegExp): Case['error'] => ({ code: 400, ...(message ? { message } : {}) });

const CASES: Case[] = [
  // Maps and scalars.
  {
    name: 'a new field is added, the others kept',
    original: { name: 'a', value: '1' },
    patch: { other: 'x' },
    expected: { name: 'a', value: '1', other: 'x' },
  },
  { name: 'a scalar is replaced', original: { value: '1' }, patch: { value: '2' }, expected: { value: '2' } },
  { name: 'null deletes a field', original: { name: 'a', value: '1' }, patch: { value: null }, expected: { name: 'a' } },
  { name: 'null for an absent field changes nothing', original: { name: 'a' }, patch: { other: null }, expected: { name: 'a' } },
  {
    name: 'a value of another type replaces the original one',
    original: { simpleMap: { a: '1' } },
    patch: { simpleMap: 'x' },
    expected: { simpleMap: 'x' },
  },
  { name: 'a null patch changes nothing', original: { name: 'a' }, patch: null, expected: { name: 'a' } },

  // simpleMap: a map without strategy merges key by key.
  {
    name: 'simpleMap merges key by key',
    original: { simpleMap: { a: '1', b: '2' } },
    patch: { simpleMap: { b: '3', c: '4' } },
    expected: { simpleMap: { a: '1', b: '3', c: '4' } },
  },
  {
    name: 'simpleMap: a null key deletes that key',
    original: { simpleMap: { a: '1', b: '2' } },
    patch: { simpleMap: { a: null } },
    expected: { simpleMap: { b: '2' } },
  },
  {
    name: 'simpleMap: a new map loses its null keys',
    original: {},
    patch: { simpleMap: { a: '1', b: null } },
    expected: { simpleMap: { a: '1' } },
  },
  {
    name: 'simpleMap: $patch delete empties the map',
    original: { simpleMap: { a: '1' } },
    patch: { simpleMap: { $patch: 'delete' } },
    expected: { simpleMap: {} },
  },
  {
    name: 'simpleMap: $patch replace keeps only the patch keys',
    original: { simpleMap: { a: '1', b: '2' } },
    patch: { simpleMap: { $patch: 'replace', c: '3' } },
    expected: { simpleMap: { c: '3' } },
  },
  {
    name: 'simpleMap: a map with $patch for a field the object lacks is dropped',
    original: { name: 'a' },
    patch: { simpleMap: { $patch: 'replace', c: '3' } },
    expected: { name: 'a' },
  },
  {
    name: 'simpleMap: $patch merge on a map is rejected',
    original: { simpleMap: { a: '1' } },
    patch: { simpleMap: { $patch: 'merge' } },
    error: bad('unknown patch type: merge in map: map[$patch:merge]'),
  },
  {
    name: 'simpleMap: __proto__ is an ordinary key',
    original: { simpleMap: { a: '1' } },
    patch: JSON.parse('{"simpleMap":{"__proto__":"p"}}') as JsonObject,
    expected: JSON.parse('{"simpleMap":{"a":"1","__proto__":"p"}}') as JsonObject,
  },

  // mergingList: merge by `name`.
  {
    name: 'mergingList merges items by name, keeping fields the patch does not set',
    original: { mergingList: [item('a', { value: '1', other: 'x' }), item('b')] },
    patch: { mergingList: [item('a', { value: '2' })] },
    expected: { mergingList: [item('a', { value: '2', other: 'x' }), item('b')] },
  },
  {
    name: 'mergingList: a null field in an item deletes it from that item',
    original: { mergingList: [item('a', { value: '1', other: 'x' })] },
    patch: { mergingList: [item('a', { other: null })] },
    expected: { mergingList: [item('a', { value: '1' })] },
  },
  {
    name: 'mergingList: a new item goes before the live items when nothing orders it',
    original: { mergingList: [item('a'), item('b')] },
    patch: { mergingList: [item('c')] },
    expected: { mergingList: [item('c'), item('a'), item('b')] },
  },
  {
    name: 'mergingList: items the patch names take the patch order, live-only items keep their live place',
    original: { mergingList: [item('a'), item('b'), item('c'), item('d')] },
    patch: { mergingList: [item('d', { value: 'x' }), item('b', { value: 'y' })] },
    expected: { mergingList: [item('a'), item('c'), item('d', { value: 'x' }), item('b', { value: 'y' })] },
  },
  {
    name: 'mergingList: $patch delete removes every item with that name',
    original: { mergingList: [item('a'), item('a', { value: '2' }), item('b')] },
    patch: { mergingList: [{ name: 'a', $patch: 'delete' }] },
    expected: { mergingList: [item('b')] },
  },
  {
    name: 'mergingList: $patch delete of an absent item changes nothing',
    original: { mergingList: [item('a')] },
    patch: { mergingList: [{ name: 'zz', $patch: 'delete' }] },
    expected: { mergingList: [item('a')] },
  },
  {
    name: 'mergingList: a {"$patch":"replace"} item makes the other items the whole list',
    original: { mergingList: [item('a'), item('b')] },
    patch: { mergingList: [{ $patch: 'replace' }, item('c', { value: '1' })] },
    expected: { mergingList: [item('c', { value: '1' })] },
  },
  {
    name: 'mergingList: a lone {"$patch":"replace"} item empties the list',
    original: { mergingList: [item('a')] },
    patch: { mergingList: [{ $patch: 'replace' }] },
    expected: { mergingList: [] },
  },
  {
    name: 'mergingList: a list for a field the object lacks is taken without its directive items',
    original: {},
    patch: { mergingList: [item('a'), { name: 'b', $patch: 'delete' }] },
    expected: { mergingList: [item('a')] },
  },
  {
    name: 'mergingList: lists inside items merge by their own markers',
    original: { mergingList: [item('a', { mergingList: [item('x', { value: '1' })], nonMergingList: [item('p'), item('q')] })] },
    patch: { mergingList: [item('a', { mergingList: [item('x', { other: '2' }), item('y')], nonMergingList: [item('r')] })] },
    expected: {
      mergingList: [item('a', { mergingList: [item('x', { value: '1', other: '2' }), item('y')], nonMergingList: [item('r')] })],
    },
  },
  {
    name: 'mergingList: an item without the merge key is rejected',
    original: { mergingList: [item('a')] },
    patch: { mergingList: [{ value: 'v' }] },
    error: bad('map: map[value:v] does not contain declared merge key: name'),
  },
  {
    name: 'mergingList: $patch delete without the merge key is rejected',
    original: { mergingList: [item('a')] },
    patch: { mergingList: [{ $patch: 'delete' }] },
    error: bad(/does not contain declared merge key: name/),
  },
  {
    name: 'mergingList: $patch merge on an item is rejected',
    original: { mergingList: [item('a')] },
    patch: { mergingList: [{ name: 'a', $patch: 'merge' }] },
    error: bad('merging lists cannot yet be specified in the patch'),
  },
  {
    name: 'mergingList: an unknown $patch on an item is rejected',
    original: { mergingList: [item('a')] },
    patch: { mergingList: [{ name: 'a', $patch: 'keep' }] },
    error: bad(/^unknown patch type: keep in map: /),
  },
  {
    name: 'mergingList: items that are not maps are rejected',
    original: { mergingList: [item('a')] },
    patch: { mergingList: ['a'] },
    error: bad(/list element types are not identical/),
  },

  // nonMergingList: no strategy, replaced whole.
  {
    name: 'nonMergingList is replaced whole',
    original: { nonMergingList: [item('a', { value: '1' }), item('b')] },
    patch: { nonMergingList: [item('a')] },
    expected: { nonMergingList: [item('a')] },
  },
  {
    name: 'nonMergingList: null removes the list',
    original: { nonMergingList: [item('a')], name: 'n' },
    patch: { nonMergingList: null },
    expected: { name: 'n' },
  },

  // mergingIntList: merge strategy on primitives.
  {
    name: 'mergingIntList is a union keeping the order',
    original: { mergingIntList: [1, 2] },
    patch: { mergingIntList: [2, 3] },
    expected: { mergingIntList: [1, 2, 3] },
  },
  {
    name: 'mergingIntList: duplicates collapse',
    original: { mergingIntList: [1, 1, 2] },
    patch: { mergingIntList: [2, 2] },
    expected: { mergingIntList: [1, 2] },
  },
  {
    name: 'mergingIntList: $deleteFromPrimitiveList removes every copy of the values',
    original: { mergingIntList: [1, 2, 2, 3] },
    patch: { '$deleteFromPrimitiveList/mergingIntList': [2] },
    expected: { mergingIntList: [1, 3] },
  },
  {
    name: 'mergingIntList: additions and deletions in one patch; new values go first when nothing orders them',
    original: { mergingIntList: [1, 2, 3] },
    patch: { mergingIntList: [4], '$deleteFromPrimitiveList/mergingIntList': [2] },
    expected: { mergingIntList: [4, 1, 3] },
  },
  {
    name: 'mergingIntList: deleting an absent value changes nothing',
    original: { mergingIntList: [1] },
    patch: { '$deleteFromPrimitiveList/mergingIntList': [7] },
    expected: { mergingIntList: [1] },
  },
  {
    name: 'mergingIntList: a deletion list never creates the list',
    original: { name: 'n' },
    patch: { '$deleteFromPrimitiveList/mergingIntList': [7] },
    expected: { name: 'n' },
  },
  {
    name: 'mergingIntList: elements of mixed types are rejected',
    original: { mergingIntList: [1] },
    patch: { mergingIntList: ['a'] },
    error: bad(/^list element types are not identical/),
  },
  {
    name: 'mergingIntList: lists of lists are 422',
    original: { mergingIntList: [] },
    patch: { mergingIntList: [[1], [2]] },
    error: { code: 422 },
  },
  {
    name: 'mergingIntList: maps where primitives are merged have no merge key',
    original: { mergingIntList: [] },
    patch: { mergingIntList: [{ a: 1 }] },
    error: bad(/^cannot merge lists without merge key/),
  },

  // nonMergingIntList: replaced; a deletion list still deletes.
  {
    name: 'nonMergingIntList is replaced whole',
    original: { nonMergingIntList: [1, 2] },
    patch: { nonMergingIntList: [3] },
    expected: { nonMergingIntList: [3] },
  },
  {
    name: 'nonMergingIntList: $deleteFromPrimitiveList deletes whatever the strategy',
    original: { nonMergingIntList: [1, 2, 3] },
    patch: { '$deleteFromPrimitiveList/nonMergingIntList': [2] },
    expected: { nonMergingIntList: [1, 3] },
  },

  // mergeItemPtr: a pointer to a struct merges like a map.
  {
    name: 'mergeItemPtr merges field by field',
    original: { mergeItemPtr: item('a', { value: '1' }) },
    patch: { mergeItemPtr: { value: '2', other: 'x' } },
    expected: { mergeItemPtr: item('a', { value: '2', other: 'x' }) },
  },
  {
    name: 'mergeItemPtr: its lists follow mergeItem markers',
    original: { mergeItemPtr: { mergingList: [item('a')], mergingIntList: [1] } },
    patch: { mergeItemPtr: { mergingList: [item('a', { value: 'v' })], mergingIntList: [1, 2] } },
    expected: { mergeItemPtr: { mergingList: [item('a', { value: 'v' })], mergingIntList: [1, 2] } },
  },
  {
    name: 'mergeItemPtr: null removes it',
    original: { name: 'n', mergeItemPtr: item('a') },
    patch: { mergeItemPtr: null },
    expected: { name: 'n' },
  },

  // replacingItem: `replace` strategy.
  {
    name: 'replacingItem is replaced whole',
    original: { replacingItem: { a: 1, b: { c: 2 } } },
    patch: { replacingItem: { b: { d: 3 } } },
    expected: { replacingItem: { b: { d: 3 } } },
  },
  {
    name: 'replacingItem: the patch value is taken as sent',
    original: { replacingItem: { a: 1 } },
    patch: { replacingItem: { x: null } },
    expected: { replacingItem: { x: null } },
  },

  // retainKeysMap and $retainKeys.
  {
    name: 'retainKeysMap: $retainKeys clears the keys it does not name',
    original: { retainKeysMap: { name: 'a', value: 'b', other: 'c' } },
    patch: { retainKeysMap: { $retainKeys: ['name', 'value'], value: 'x' } },
    expected: { retainKeysMap: { name: 'a', value: 'x' } },
  },
  {
    name: 'retainKeysMap: without $retainKeys it merges like any map',
    original: { retainKeysMap: { name: 'a', value: 'b' } },
    patch: { retainKeysMap: { other: 'c' } },
    expected: { retainKeysMap: { name: 'a', value: 'b', other: 'c' } },
  },
  {
    name: 'retainKeysMap: nulls, deletion lists and order lists need no $retainKeys entry',
    original: { retainKeysMap: { name: 'a', other: 'o', mergingIntList: [1, 2] } },
    patch: {
      retainKeysMap: {
        $retainKeys: ['name', 'mergingIntList'],
        other: null,
        '$deleteFromPrimitiveList/mergingIntList': [1],
        '$setElementOrder/mergingIntList': [2],
      },
    },
    expected: { retainKeysMap: { name: 'a', mergingIntList: [2] } },
  },
  {
    name: 'retainKeysMap: a key set but not retained is rejected',
    original: { retainKeysMap: { name: 'a' } },
    patch: { retainKeysMap: { $retainKeys: ['name'], value: 'v' } },
    error: bad('invalid patch format of retainKeys'),
  },
  {
    name: 'retainKeysMap: $retainKeys that is not a list is rejected',
    original: { retainKeysMap: { name: 'a' } },
    patch: { retainKeysMap: { $retainKeys: 'name' } },
    error: bad('invalid patch format of retainKeys'),
  },
  {
    name: 'retainKeysMergingList: items merge by name and $retainKeys applies to each item',
    original: { retainKeysMergingList: [item('a', { value: '1', other: 'x' }), item('b', { other: 'y' })] },
    patch: { retainKeysMergingList: [{ name: 'a', $retainKeys: ['name', 'value'], value: '2' }] },
    expected: { retainKeysMergingList: [item('a', { value: '2' }), item('b', { other: 'y' })] },
  },

  // $setElementOrder.
  {
    name: '$setElementOrder orders a merge list by name; unnamed live items keep their live place',
    original: { mergingList: [item('a'), item('b'), item('c')] },
    patch: { '$setElementOrder/mergingList': [{ name: 'c' }, { name: 'a' }] },
    expected: { mergingList: [item('b'), item('c'), item('a')] },
  },
  {
    name: '$setElementOrder places new items where it says',
    original: { mergingList: [item('a'), item('b')] },
    patch: { '$setElementOrder/mergingList': [{ name: 'a' }, { name: 'n' }, { name: 'b' }], mergingList: [item('n', { value: 'new' })] },
    expected: { mergingList: [item('a'), item('n', { value: 'new' }), item('b')] },
  },
  {
    name: '$setElementOrder orders primitives',
    original: { mergingIntList: [1, 2, 3] },
    patch: { '$setElementOrder/mergingIntList': [3, 2, 1] },
    expected: { mergingIntList: [3, 2, 1] },
  },
  {
    name: '$setElementOrder with additions and deletions of primitives',
    original: { mergingIntList: [1, 2, 3] },
    patch: { '$setElementOrder/mergingIntList': [4, 3, 1], mergingIntList: [4], '$deleteFromPrimitiveList/mergingIntList': [2] },
    expected: { mergingIntList: [4, 3, 1] },
  },
  {
    name: '$setElementOrder for a list the object lacks takes the patch list',
    original: {},
    patch: { '$setElementOrder/mergingList': [{ name: 'b' }, { name: 'a' }], mergingList: [item('b'), item('a')] },
    expected: { mergingList: [item('b'), item('a')] },
  },
  {
    name: '$setElementOrder that disagrees with the patch list order is rejected',
    original: { mergingList: [item('a'), item('b')] },
    patch: { '$setElementOrder/mergingList': [{ name: 'a' }, { name: 'b' }], mergingList: [item('b'), item('a')] },
    error: bad(/doesn't match \$setElementOrder list/),
  },
  {
    name: '$setElementOrder items need the merge key',
    original: { mergingList: [item('a')] },
    patch: { '$setElementOrder/mergingList': [{ value: 'a' }] },
    error: bad(/does not contain declared merge key: name/),
  },
  {
    name: '$setElementOrder that is not a list is rejected',
    original: { mergingIntList: [1] },
    patch: { '$setElementOrder/mergingIntList': 'x' },
    error: bad('expected a []interface {}, but received a string'),
  },
  {
    name: 'a $setElementOrder key without a slash is rejected',
    original: { mergingIntList: [1] },
    patch: { $setElementOrder: [1] },
    error: bad('invalid patch format of setElementOrder list'),
  },
  {
    name: 'a $deleteFromPrimitiveList key with another prefix is rejected',
    original: { mergingIntList: [1] },
    patch: { '$deleteFromPrimitiveListX/mergingIntList': [1] },
    error: bad('invalid patch format of primitive list'),
  },

  // Directives on the whole object, and unknown ones.
  {
    name: '$patch replace on the object replaces it',
    original: { name: 'a', value: 'b' },
    patch: { $patch: 'replace', other: 'c' },
    expected: { other: 'c' },
  },
  { name: '$patch delete on the object empties it', original: { name: 'a', value: 'b' }, patch: { $patch: 'delete' }, expected: {} },
  {
    name: 'an unknown directive is rejected',
    original: { name: 'a' },
    patch: { $setOrder: [] },
    error: bad('unknown strategic merge patch directive "$setOrder"'),
  },
  {
    name: 'an unknown directive in a nested struct is rejected',
    original: { retainKeysMap: { name: 'a' } },
    patch: { retainKeysMap: { $keep: ['name'] } },
    error: bad(/"\$keep"/),
  },
  {
    name: 'a patch that is a list is rejected',
    original: { name: 'a' },
    patch: [{ name: 'b' }],
    error: bad('json: cannot unmarshal array into Go value of type map[string]interface {}'),
  },

  // Values the schema does not type merge like a JSON merge patch.
  {
    name: 'jsonItem merges as plain JSON: maps recurse, lists are replaced',
    original: { jsonItem: { a: { b: 1, c: 2 }, l: [1, 2] } },
    patch: { jsonItem: { a: { b: null, d: 3 }, l: [3] } },
    expected: { jsonItem: { a: { c: 2, d: 3 }, l: [3] } },
  },
  {
    name: 'jsonItem: a $ key inside free JSON is data',
    original: { jsonItem: { a: 1 } },
    patch: { jsonItem: { $ref: '#/x' } },
    expected: { jsonItem: { a: 1, $ref: '#/x' } },
  },
  {
    name: 'a field the schema does not know merges like a JSON merge patch',
    original: { extra: { a: 1, l: [{ name: 'x' }] } },
    patch: { extra: { b: 2, l: [{ name: 'y' }] } },
    expected: { extra: { a: 1, l: [{ name: 'y' }], b: 2 } },
  },
];

describe.each(SCHEMAS)('strategic merge patch on mergeItem from $file', ({ schema }) => {
  it.each(CASES)('$name', (c) => {
    const original = frozen(c.original);
    const patch = frozen(c.patch);
    if (c.error) {
      const err = catchPatchError(() => strategicMergePatch(original, patch, schema));
      expect(err.code).toBe(c.error.code);
      if (typeof c.error.message === 'string') expect(err.message).toBe(c.error.message);
      else if (c.error.message) expect(err.message).toMatch(c.error.message);
    } else {
      const result = strategicMergePatch(original, patch, schema);
      expect(result).toEqual(c.expected);
      // toEqual skips an own `__proto__` key and list order inside objects; the serialized form does not.
      expect(JSON.stringify(result)).toBe(JSON.stringify(c.expected));
    }
  });
});

describe('strategic merge patch, beyond the table', () => {
  const [{ schema }] = SCHEMAS;

  it('covers every field strategy of mergeItem and retainKeysMergeItem', () => {
    const touched = new Set(
      CASES.flatMap((c) => (c.patch && typeof c.patch === 'object' ? Object.keys(c.patch) : [])).map((k) => k.replace(/^\$\w+\//, '')),
    );
    for (const field of [
      'mergingList',
      'nonMergingList',
      'mergingIntList',
      'nonMergingIntList',
      'mergeItemPtr',
      'simpleMap',
      'replacingItem',
      'retainKeysMap',
      'retainKeysMergingList',
      'jsonItem',
    ]) {
      expect(touched, field).toContain(field);
    }
    expect(CASES.length).toBeGreaterThanOrEqual(40);
  });

  it('answers lists of lists as the platform does: 422 Invalid with the detail as cause', () => {
    const err = catchPatchError(() => strategicMergePatch({ mergingIntList: [] }, { mergingIntList: [[1]] }, schema));
    expect(err.status).toMatchObject({
      code: 422,
      reason: 'Invalid',
      details: { causes: [{ reason: 'UnexpectedServerResponse', message: 'lists of lists are not supported' }] },
    });
  });

  it('the result shares nothing with its inputs', () => {
    const original = { mergingList: [item('a', { value: '1' })], simpleMap: { k: 'v' } };
    const patch = { mergingList: [item('b', { nonMergingList: [item('x')] })], replacingItem: { deep: { x: 1 } } };
    const result = strategicMergePatch(original, patch, schema) as {
      mergingList: { name: string; nonMergingList?: JsonObject[]; value?: string }[];
      simpleMap: Record<string, string>;
      replacingItem: { deep: { x: number } };
    };
    result.mergingList[0].nonMergingList?.push(item('y'));
    result.mergingList[1].value = 'changed';
    result.simpleMap.k = 'changed';
    result.replacingItem.deep.x = 2;
    expect(original).toEqual({ mergingList: [item('a', { value: '1' })], simpleMap: { k: 'v' } });
    expect(patch).toEqual({ mergingList: [item('b', { nonMergingList: [item('x')] })], replacingItem: { deep: { x: 1 } } });
  });

  it('a stored object that is not a JSON object is an internal error, not the client fault', () => {
    expect(catchPatchError(() => strategicMergePatch([1], {}, schema)).code).toBe(500);
  });
});

describe('strategic merge patch on a real kind: ConfigMap (ObjectMeta markers)', () => {
  const owner = (uid: string, name: string): JsonObject => ({ apiVersion: 'v1', kind: 'Pod', name, uid });
  const cm: JsonObject = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'c', labels: { a: '1' }, finalizers: ['x/one'], ownerReferences: [owner('u1', 'p1')] },
    data: { k1: 'v1', k2: 'v2' },
  };

  it.each<{ name: string; patch: JsonValue; pick: (r: JsonObject) => unknown; expected: unknown }>([
    {
      name: 'labels merge',
      patch: { metadata: { labels: { b: '2' } } },
      pick: (r) => (r.metadata as JsonObject).labels,
      expected: { a: '1', b: '2' },
    },
    {
      name: 'finalizers are a union',
      patch: { metadata: { finalizers: ['x/two'] } },
      pick: (r) => (r.metadata as JsonObject).finalizers,
      expected: ['x/two', 'x/one'],
    },
    {
      name: 'a finalizer is removed by $deleteFromPrimitiveList',
      patch: { metadata: { '$deleteFromPrimitiveList/finalizers': ['x/one'] } },
      pick: (r) => (r.metadata as JsonObject).finalizers,
      expected: [],
    },
    {
      name: 'ownerReferences merge by uid',
      patch: { metadata: { ownerReferences: [{ uid: 'u1', name: 'renamed' }, owner('u2', 'p2')] } },
      pick: (r) => (r.metadata as JsonObject).ownerReferences,
      expected: [{ ...owner('u1', 'p1'), name: 'renamed' }, owner('u2', 'p2')],
    },
    { name: 'data keys are deleted with null', patch: { data: { k1: null } }, pick: (r) => r.data, expected: { k2: 'v2' } },
  ])('$name', ({ patch, pick, expected }) => {
    expect(pick(strategicMergePatch(frozen(cm), frozen(patch), ConfigMap) as JsonObject)).toEqual(expected);
  });

  it('an ownerReference without its uid is rejected', () => {
    const err = catchPatchError(() => strategicMergePatch(cm, { metadata: { ownerReferences: [{ name: 'p' }] } }, ConfigMap));
    expect(err.message).toBe('map: map[name:p] does not contain declared merge key: uid');
  });
});
