/**
 * Superseded versions kept as deltas: whatever two texts are, the older one comes back exactly,
 * and for the edits objects really go through the delta is much smaller than the text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyDelta, encodeDelta, unpackOps } from '../../../core/watch-cache/text-delta.ts';

/** A JSON object as the store keeps it (canonical text of some nested value). */
const jsonObject = fc
  .dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 12 })
  .map((o) => JSON.stringify(o));

/** The same object after a typical write: members changed, added or removed. */
function edited(text: string, edits: readonly { key: string; value: unknown; remove: boolean }[]): string {
  const obj = JSON.parse(text) as Record<string, unknown>;
  for (const e of edits) {
    if (e.remove) delete obj[e.key];
    else obj[e.key] = e.value;
  }
  return JSON.stringify(obj);
}

describe('text deltas', () => {
  it('rebuild the older text exactly, for any two texts', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.string({ maxLength: 400 }), (older, newer) => {
        const d = encodeDelta(older, newer);
        if (d) expect(applyDelta(d, newer)).toBe(older);
      }),
      { numRuns: 300 },
    );
  });

  it('rebuild the older text exactly when the newer one is it with pieces cut and inserted', () => {
    const splice = fc.record({ at: fc.nat(), cut: fc.nat({ max: 40 }), insert: fc.string({ maxLength: 40 }) });
    // Mostly plain characters with token boundaries here and there, as in JSON.
    const unit = fc.oneof(
      { weight: 12, arbitrary: fc.constantFrom('a', 'b', 'c', '"', ':', 'é', '😀') },
      { weight: 1, arbitrary: fc.constantFrom(',', '{', '}', '[', ']') },
    );
    const text = fc.string({ unit, minLength: 300, maxLength: 900 });
    let made = 0;
    fc.assert(
      fc.property(text, fc.array(splice, { minLength: 1, maxLength: 3 }), (older, splices) => {
        let newer = older;
        for (const sp of splices) {
          const at = sp.at % (newer.length + 1);
          newer = newer.slice(0, at) + sp.insert + newer.slice(at + sp.cut);
        }
        const d = encodeDelta(older, newer);
        if (d) {
          made++;
          expect(applyDelta(d, newer)).toBe(older);
        }
      }),
      { numRuns: 500 },
    );
    // The property is about deltas: most of these pairs must have produced one.
    expect(made).toBeGreaterThan(300);
  });

  it('rebuild the older JSON exactly after members change, appear or go', () => {
    const edit = fc.record({ key: fc.string({ maxLength: 12 }), value: fc.jsonValue({ maxDepth: 2 }), remove: fc.boolean() });
    fc.assert(
      fc.property(jsonObject, fc.array(edit, { maxLength: 4 }), (older, edits) => {
        const newer = edited(older, edits);
        const d = encodeDelta(older, newer);
        if (d) expect(applyDelta(d, newer)).toBe(older);
      }),
      { numRuns: 500 },
    );
  });

  it('rebuild texts with characters outside Latin-1 and surrogate pairs', () => {
    const older = JSON.stringify({
      metadata: { name: 'a', resourceVersion: '7' },
      data: { emoji: '😀 ünïcødé 日本語', more: 'x'.repeat(200) },
    });
    const newer = older.replace('"7"', '"8"').replace('日本語', '中文');
    const d = encodeDelta(older, newer)!;
    expect(d).toBeDefined();
    expect(applyDelta(d, newer)).toBe(older);
  });

  it('keep a ConfigMap superseded by one update in a small fraction of its size', () => {
    const mf = (manager: string, t: string, fields: object) => ({
      manager,
      operation: 'Update',
      apiVersion: 'v1',
      time: t,
      fieldsType: 'FieldsV1',
      fieldsV1: fields,
    });
    const meta = (rv: string, managed: object[]) => ({
      name: 'cm-1',
      namespace: 'default',
      uid: '0ddbf99d-08f0-4b6e-98be-52d202b2878c',
      resourceVersion: rv,
      creationTimestamp: '2026-11-22T18:24:54Z',
      labels: { app: 'p6' },
      managedFields: managed,
    });
    const first = mf('unknown', '2026-11-22T18:24:54Z', { 'f:data': { '.': {}, 'f:config.yaml': {} } });
    const older = JSON.stringify({
      kind: 'ConfigMap',
      apiVersion: 'v1',
      metadata: meta('29', [first]),
      data: { 'config.yaml': 'replicas: 3\nport: 8080\n' },
    });
    const newer = JSON.stringify({
      kind: 'ConfigMap',
      apiVersion: 'v1',
      metadata: meta('100029', [first, mf('bench', '2026-11-22T18:25:02Z', { 'f:data': { 'f:updated': {} } })]),
      data: { 'config.yaml': 'replicas: 3\nport: 8080\n', updated: 'yes' },
    });
    const d = encodeDelta(older, newer)!;
    expect(applyDelta(d, newer)).toBe(older);
    // Literal characters: only the old resourceVersion (with its closing quote and comma); the
    // rest is copied from the newer text.
    expect(d.literals.trimEnd()).toBe('29",');
    expect(unpackOps(d.ops).length / 2).toBeLessThanOrEqual(5); // copy, literal, copy, copy, copy
  });

  it('rebuild texts longer than 32 K characters, whose offsets take two units each', () => {
    const big = (rv: string, tail: string) =>
      JSON.stringify({ metadata: { resourceVersion: rv }, data: { a: 'x'.repeat(40_000), b: 'y'.repeat(40_000), c: tail } });
    const older = big('7', 'old');
    const newer = big('8', 'new-tail');
    const d = encodeDelta(older, newer)!;
    expect(d).toBeDefined();
    expect(unpackOps(d.ops).some((v) => v >= 0x8000)).toBe(true);
    expect(applyDelta(d, newer)).toBe(older);
  });

  it('are not made for texts that share too little to save memory', () => {
    expect(encodeDelta('{"a":1}', '{"a":2}')).toBeUndefined();
    expect(encodeDelta('x'.repeat(500), 'y'.repeat(500))).toBeUndefined();
  });
});
