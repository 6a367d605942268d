/** What the pictures compute from server data: the protobuf envelope's parts, the owned field paths. */
import { describe, expect, it } from 'vitest';
import { encodeEnvelope } from '../../core/codecs/protobuf/envelope.ts';
import { envelopeSegments } from '../../playground/src/tutorial/pictures/envelope.ts';
import { fieldPaths } from '../../playground/src/tutorial/pictures/field-paths.ts';

describe('the envelope picture', () => {
  it('splits an envelope into magic, typeMeta, raw and the two strings', () => {
    const bytes = encodeEnvelope({ apiVersion: 'v1', kind: 'ConfigMap' }, Uint8Array.of(1, 2, 3));
    const segs = envelopeSegments(bytes);
    expect(segs.map((s) => [s.part, s.label, s.value])).toEqual([
      ['magic', 'magic "k8s\\0"', undefined],
      ['tag', 'field 1 (typeMeta): tag and length 15', undefined],
      ['typemeta', 'typeMeta.apiVersion', 'v1'],
      ['typemeta', 'typeMeta.kind', 'ConfigMap'],
      ['tag', 'field 2 (raw (the object)): tag and length 3', undefined],
      ['raw', 'raw: the ConfigMap message (3 bytes)', undefined],
      ['tag', 'field 3 (contentEncoding): tag and length 0', undefined],
      ['string', 'contentEncoding', ''],
      ['tag', 'field 4 (contentType): tag and length 0', undefined],
      ['string', 'contentType', ''],
    ]);
    // Every byte belongs to one part, in order.
    expect(segs[0]?.from).toBe(0);
    expect(segs.at(-1)?.to).toBe(bytes.length);
    for (const [i, s] of segs.entries()) if (i > 0) expect(s.from).toBe(segs[i - 1]?.to);
  });

  it.each([
    ['JSON', new TextEncoder().encode('{"kind":"ConfigMap"}')],
    ['nothing', new Uint8Array()],
  ])('bytes that are not an envelope (%s) are one raw part', (_name, bytes) => {
    expect(envelopeSegments(bytes)).toEqual([{ from: 0, to: bytes.length, label: 'not an envelope', part: 'raw' }]);
  });
});

describe('the ownership picture', () => {
  it.each([
    ['plain fields', { 'f:data': { 'f:a': {}, 'f:b': {} } }, ['.data.a', '.data.b']],
    ['a field and its own set', { 'f:metadata': { 'f:labels': { '.': {}, 'f:team': {} } } }, ['.metadata.labels', '.metadata.labels.team']],
    [
      'a keyed list item',
      { 'f:spec': { 'f:containers': { 'k:{"name":"log"}': { '.': {}, 'f:image': {} } } } },
      ['.spec.containers[name=log]', '.spec.containers[name=log].image'],
    ],
    ['a set value', { 'f:metadata': { 'f:finalizers': { 'v:"example.com/x"': {} } } }, ['.metadata.finalizers["example.com/x"]']],
  ])('%s', (_name, set, paths) => {
    expect(fieldPaths(set)).toEqual(paths);
  });
});
