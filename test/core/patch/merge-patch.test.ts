/**
 * JSON merge patch (docs/api-rules.md, "Patch types"): the 15 examples of RFC 7386/7396
 * Appendix A, from both files of test/data/json-merge-patch.
 */
import { describe, expect, it } from 'vitest';
import { mergePatch } from '../../../core/patch/index.ts';
import type { JsonValue } from '../../../core/util/json.ts';
import { frozen } from '../../support/patch.ts';
import { readTestdata } from '../../support/testdata.ts';

const read = <T>(file: string): T => readTestdata<T>(`json-merge-patch/${file}`);

interface Vector {
  readonly name: string;
  readonly doc: JsonValue;
  readonly patch: JsonValue;
  readonly expected: JsonValue;
}

const appendixA: Vector[] = read<{ comment: string; doc: JsonValue; patch: JsonValue; expected: JsonValue }[]>(
  'rfc7386-appendix-a.json',
).map((r) => ({ name: r.comment, doc: r.doc, patch: r.patch, expected: r.expected }));
const rfc7396: Vector[] = read<{ given: JsonValue; cases: { patch: JsonValue; result: JsonValue }[] }[]>('rfc7396-test-cases.json').flatMap(
  (g, i) => g.cases.map((c, j): Vector => ({ name: `group ${i + 1} case ${j + 1}`, doc: g.given, patch: c.patch, expected: c.result })),
);

describe.each<{ file: string; vectors: Vector[] }>([
  { file: 'rfc7386-appendix-a.json', vectors: appendixA },
  { file: 'rfc7396-test-cases.json', vectors: rfc7396 },
])('JSON merge patch: $file', ({ vectors }) => {
  it('holds the 15 examples', () => {
    expect(vectors).toHaveLength(15);
  });

  it.each(vectors)('$name', ({ doc, patch, expected }) => {
    expect(mergePatch(frozen(doc), frozen(patch))).toEqual(expected);
  });
});

describe('JSON merge patch values', () => {
  it('keeps __proto__ as an ordinary member', () => {
    const result = mergePatch({}, JSON.parse('{"__proto__":{"x":1}}') as JsonValue);
    expect(JSON.stringify(result)).toBe('{"__proto__":{"x":1}}');
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
  });

  it('keeps the order of existing members and appends new ones', () => {
    expect(Object.keys(mergePatch({ a: 1, b: 2, c: 3 }, { d: 4, b: 5, a: null }) as object)).toEqual(['b', 'c', 'd']);
  });

  it('the result shares nothing with its inputs', () => {
    const doc = { keep: { list: [1] } };
    const patch = { added: { list: [2] } };
    const result = mergePatch(doc, patch) as { keep: { list: number[] }; added: { list: number[] } };
    result.keep.list.push(9);
    result.added.list.push(9);
    expect(doc).toEqual({ keep: { list: [1] } });
    expect(patch).toEqual({ added: { list: [2] } });
  });
});
