/**
 * Whatever the input, the patch functions answer with a result or a PatchError that is the
 * client's fault (never a 500 for client input), and never change their inputs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { applyJsonPatch, mergePatch, PatchError, strategicMergePatch } from '../../../core/patch/index.ts';
import type { JsonObject, JsonValue } from '../../../core/util/json.ts';
import { schemaFromOpenApi } from '../../support/openapi-schema.ts';
import { frozen } from '../../support/patch.ts';
import { TESTDATA } from '../../support/testdata.ts';

const schema = schemaFromOpenApi(
  load(readFileSync(path.join(TESTDATA, 'strategic-merge-patch/swagger-merge-item-v3.json'), 'utf8')) as Parameters<
    typeof schemaFromOpenApi
  >[0],
  'mergeItem',
);

/** Field names, directives and awkward keys, so that random documents hit the interesting paths. */
const key = fc.constantFrom(
  'name',
  'value',
  'other',
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
  'extra',
  '$patch',
  '$retainKeys',
  '$setElementOrder/mergingList',
  '$setElementOrder/mergingIntList',
  '$setElementOrder/simpleMap',
  '$deleteFromPrimitiveList/mergingIntList',
  '$deleteFromPrimitiveList/mergingList',
  '$unknown',
  '__proto__',
  'constructor',
);
const leaf = fc.oneof(
  fc.constantFrom<JsonValue>('a', 'b', 'replace', 'delete', 'merge', 'name', 'value', null, true, 0, 1, 2),
  fc.integer({ min: -3, max: 3 }),
);
const { json } = fc.letrec<{ json: JsonValue }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', maxDepth: 5 },
    leaf,
    fc.array(tie('json'), { maxLength: 4 }),
    fc.dictionary(key, tie('json'), { maxKeys: 5 }) as fc.Arbitrary<JsonObject>,
  ),
}));
const object = fc.dictionary(key, json, { maxKeys: 6 }) as fc.Arbitrary<JsonObject>;

const pointer = fc
  .array(fc.constantFrom('a', 'b', '0', '1', '-', '~0', '~1', '01', ''), { maxLength: 3 })
  .map((t) => (t.length ? `/${t.join('/')}` : ''));
const operation = fc.record(
  {
    op: fc.constantFrom<JsonValue>('add', 'remove', 'replace', 'move', 'copy', 'test', 'spam', 3),
    path: fc.oneof(pointer, fc.constantFrom<JsonValue>('x', null)),
    from: pointer,
    value: json,
  },
  { requiredKeys: [] },
) as fc.Arbitrary<JsonObject>;

/** Runs `fn`; a throw must be a client-fault PatchError. */
function clientOutcome(fn: () => JsonValue): void {
  try {
    const result = fn();
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  } catch (e) {
    expect(e).toBeInstanceOf(PatchError);
    expect([400, 413, 422]).toContain((e as PatchError).code);
  }
}

describe('robustness', () => {
  it('strategic merge patch', () => {
    fc.assert(
      fc.property(object, json, (original, patch) => {
        clientOutcome(() => strategicMergePatch(frozen(original), frozen(patch), schema));
      }),
      { numRuns: 1500 },
    );
  });

  it('JSON patch', () => {
    fc.assert(
      fc.property(json, fc.oneof(fc.array(operation, { maxLength: 5 }), json), (doc, patch) => {
        clientOutcome(() => applyJsonPatch(frozen(doc), frozen(patch)));
      }),
      { numRuns: 1500 },
    );
  });

  it('JSON merge patch', () => {
    fc.assert(
      fc.property(json, json, (doc, patch) => {
        clientOutcome(() => mergePatch(frozen(doc), frozen(patch)));
      }),
      { numRuns: 500 },
    );
  });

  it.each<{ name: string; run: () => JsonValue }>([
    { name: 'strategic merge patch', run: () => strategicMergePatch({}, { jsonItem: deep(200_000) }, schema) },
    { name: 'JSON patch', run: () => applyJsonPatch(deep(200_000), []) },
    { name: 'JSON merge patch', run: () => mergePatch({}, deep(200_000)) },
  ])('$name answers a document nested too deeply with 400', ({ run }) => {
    expect(() => run()).toThrow(PatchError);
    try {
      run();
    } catch (e) {
      expect((e as PatchError).code).toBe(400);
    }
  });
});

function deep(levels: number): JsonValue {
  let v: JsonValue = 1;
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
}
