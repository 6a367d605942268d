/** JSON patch (RFC 6902): the public conformance suite, plus the platform's codes and limits. */
import { describe, expect, it } from 'vitest';
import { applyJsonPatch, MAX_JSON_PATCH_OPERATIONS, PatchError } from '../../../core/patch/index.ts';
import type { JsonValue } from '../../../core/util/json.ts';
import { catchPatchError, frozen } from '../../support/patch.ts';
import { readTestdata } from '../../support/testdata.ts';

interface SuiteRecord {
  comment?: string;
  doc: JsonValue;
  patch: JsonValue;
  expected?: JsonValue;
  error?: string;
  disabled?: boolean;
}

function suite(file: string): { name: string; record: SuiteRecord }[] {
  const records = readTestdata<SuiteRecord[]>(`json-patch/${file}`);
  return records
    .map((record, i) => ({ name: `${file} #${i} ${record.comment ?? record.error ?? ''}`.trim(), record }))
    .filter(({ record }) => !record.disabled);
}

describe.each(['tests.json', 'spec_tests.json'])('JSON patch conformance: %s', (file) => {
  const records = suite(file);

  it('has records to run', () => {
    expect(records.length).toBeGreaterThan(10);
  });

  it.each(records)('$name', ({ record: r }) => {
    const doc = frozen(r.doc);
    const patch = frozen(r.patch);
    if (r.error !== undefined) {
      const err = catchPatchError(() => applyJsonPatch(doc, patch));
      expect([400, 422]).toContain(err.code);
    } else {
      const result = applyJsonPatch(doc, patch);
      expect(result).toEqual(r.expected ?? r.doc);
    }
  });
});

describe('JSON patch errors as the platform answers them', () => {
  const doc = { a: { b: [1, 2] }, s: 'x' };

  it.each<{ name: string; patch: unknown; code: number }>([
    { name: 'a patch that is an object, not a list', patch: { op: 'add', path: '/a', value: 1 }, code: 400 },
    { name: 'a patch that is a string', patch: 'add /a', code: 400 },
    { name: 'an operation that is not an object', patch: [{ op: 'test', path: '/s', value: 'x' }, 7], code: 400 },
    { name: 'an unknown op', patch: [{ op: 'spam', path: '/a' }], code: 422 },
    { name: 'an operation that is null', patch: [null], code: 422 },
    { name: 'a missing path', patch: [{ op: 'add', value: 1 }], code: 422 },
    { name: 'a failing test', patch: [{ op: 'test', path: '/s', value: 'y' }], code: 422 },
    { name: 'a missing parent', patch: [{ op: 'add', path: '/nope/x', value: 1 }], code: 422 },
    { name: 'an index past the end', patch: [{ op: 'add', path: '/a/b/3', value: 1 }], code: 422 },
    { name: 'an index with a leading zero', patch: [{ op: 'replace', path: '/a/b/01', value: 1 }], code: 422 },
    { name: 'an invalid escape', patch: [{ op: 'add', path: '/a/~2', value: 1 }], code: 422 },
    { name: 'removing the whole document', patch: [{ op: 'remove', path: '' }], code: 422 },
    { name: 'moving a value into its own child', patch: [{ op: 'move', from: '/a', path: '/a/c' }], code: 422 },
    { name: 'adding below a scalar', patch: [{ op: 'add', path: '/s/x', value: 1 }], code: 422 },
  ])('$name is $code', ({ patch, code }) => {
    expect(catchPatchError(() => applyJsonPatch(doc, patch)).code).toBe(code);
  });

  it('names the failing operation by index and op, and carries the index', () => {
    const err = catchPatchError(() =>
      applyJsonPatch(doc, [
        { op: 'test', path: '/s', value: 'x' },
        { op: 'add', path: '/t', value: 1 },
        { op: 'test', path: '/s', value: 'y' },
      ]),
    );
    expect(err.operation).toBe(2);
    expect(err.message).toMatch(/^the patch operation at index 2 \(test\) failed: /);
  });

  it('answers a failing operation like the platform: 422 Invalid, generic message, the detail as cause', () => {
    const err = catchPatchError(() => applyJsonPatch(doc, [{ op: 'remove', path: '/missing' }]));
    expect(err.status).toMatchObject({
      kind: 'Status',
      status: 'Failure',
      code: 422,
      reason: 'Invalid',
      message: 'the server rejected our request due to an error in our request',
    });
    expect(err.status.details?.causes).toEqual([{ reason: 'UnexpectedServerResponse', message: err.message }]);
  });

  it('answers a malformed patch with 400 BadRequest and the decoder message', () => {
    const err = catchPatchError(() => applyJsonPatch(doc, { op: 'add' }));
    expect(err.status).toMatchObject({
      code: 400,
      reason: 'BadRequest',
      message: 'json: cannot unmarshal object into Go value of type jsonpatch.Patch',
    });
  });

  it(`accepts ${MAX_JSON_PATCH_OPERATIONS} operations and answers 413 to one more`, () => {
    const ops = (n: number): JsonValue[] => Array.from({ length: n }, () => ({ op: 'test', path: '/s', value: 'x' }));
    expect(applyJsonPatch(doc, ops(MAX_JSON_PATCH_OPERATIONS))).toEqual(doc);
    const err = catchPatchError(() => applyJsonPatch(doc, ops(MAX_JSON_PATCH_OPERATIONS + 1)));
    expect(err.status).toMatchObject({
      code: 413,
      reason: 'RequestEntityTooLarge',
      message: `Request entity too large: The allowed maximum operations in a JSON patch is ${MAX_JSON_PATCH_OPERATIONS}, got ${MAX_JSON_PATCH_OPERATIONS + 1}`,
    });
  });

  it('stops copies that double the document past the copy budget', () => {
    const doublings = Array.from({ length: 40 }, () => [
      { op: 'copy', from: '/a', path: '/b' },
      { op: 'add', path: '/a', value: [] },
      { op: 'move', from: '/b', path: '/a/0' },
      { op: 'copy', from: '/a/0', path: '/a/1' },
    ]).flat();
    const err = catchPatchError(() => applyJsonPatch({ a: 'x'.repeat(1000) }, doublings, { maxCopyBytes: 100_000 }));
    expect(err.code).toBe(422);
    expect(err.message).toMatch(/100000-byte limit/);
  });

  it('keeps nothing of a patch that fails part way', () => {
    const input = { list: [1] };
    expect(() =>
      applyJsonPatch(input, [
        { op: 'add', path: '/list/-', value: 2 },
        { op: 'test', path: '/list/0', value: 9 },
      ]),
    ).toThrow(PatchError);
    expect(input).toEqual({ list: [1] });
  });
});

describe('JSON patch values', () => {
  it.each<{ name: string; doc: JsonValue; patch: JsonValue; expected: JsonValue }>([
    { name: '"-" appends', doc: { l: [1] }, patch: [{ op: 'add', path: '/l/-', value: 2 }], expected: { l: [1, 2] } },
    { name: '~1 and ~0 unescape to / and ~', doc: {}, patch: [{ op: 'add', path: '/a~1b~0c', value: 1 }], expected: { 'a/b~c': 1 } },
    {
      name: '__proto__ is an ordinary key',
      doc: {},
      patch: [{ op: 'add', path: '/__proto__', value: { x: 1 } }],
      expected: JSON.parse('{"__proto__":{"x":1}}') as JsonValue,
    },
    { name: 'move removes then adds', doc: { a: 1, b: [] }, patch: [{ op: 'move', from: '/a', path: '/b/0' }], expected: { b: [1] } },
    {
      name: 'copy is deep',
      doc: { a: { x: 1 } },
      patch: [
        { op: 'copy', from: '/a', path: '/b' },
        { op: 'replace', path: '/b/x', value: 2 },
      ],
      expected: { a: { x: 1 }, b: { x: 2 } },
    },
    { name: 'replace of the root', doc: { a: 1 }, patch: [{ op: 'replace', path: '', value: [1] }], expected: [1] },
    {
      name: 'test compares objects regardless of key order',
      doc: { a: { x: 1, y: 2 } },
      patch: [{ op: 'test', path: '/a', value: { y: 2, x: 1 } }],
      expected: { a: { x: 1, y: 2 } },
    },
  ])('$name', ({ doc, patch, expected }) => {
    const result = applyJsonPatch(frozen(doc), frozen(patch));
    expect(result).toEqual(expected);
    // toEqual does not see an own `__proto__` key; the serialized form does.
    expect(JSON.stringify(result)).toBe(JSON.stringify(expected));
  });

  it('the result shares nothing with the patch', () => {
    const value = { deep: [1] };
    const result = applyJsonPatch({}, [{ op: 'add', path: '/v', value }]) as { v: { deep: number[] } };
    result.v.deep.push(2);
    expect(value).toEqual({ deep: [1] });
  });
});
