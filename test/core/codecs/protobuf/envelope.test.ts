/**
 * The protobuf envelope (docs/api-rules.md, "Wire formats"): the decoder refuses what is not an
 * envelope, in the real platform's words, and a kind is served as protobuf only when every field
 * has a number.
 */
import { describe, expect, it } from 'vitest';
import { decodeEnvelope, EnvelopeError, hasProtobuf, protobufSerializer } from '../../../../core/codecs/protobuf/index.ts';
import type { KindDefinition } from '../../../../core/registry/definition.ts';
import { configMapKind } from '../../../../core/registry/kinds/configmap.ts';
import { field, str, struct } from '../../../../core/schema/build.ts';
import { objectType } from '../../../../core/registry/types/object.ts';
import { hex } from '../../../support/hex.ts';

describe('protobuf envelope', () => {
  it.each([
    { name: 'no bytes', bytes: '', message: 'empty data' },
    {
      name: 'JSON text',
      bytes: '7b 7d',
      message: 'provided data does not appear to be a protobuf message, expected prefix [107 56 115 0]',
    },
    {
      name: 'a wrong fourth magic byte',
      bytes: '6b 38 73 01 0a 00',
      message: 'provided data does not appear to be a protobuf message, expected prefix [107 56 115 0]',
    },
    { name: 'the magic bytes alone', bytes: '6b 38 73 00', message: 'empty body' },
    { name: 'a cut-off Unknown', bytes: '6b 38 73 00 12 05 01', message: 'unexpected EOF' },
    { name: 'typeMeta with the wrong wire type', bytes: '6b 38 73 00 08 01', message: 'proto: wrong wireType = 0 for field TypeMeta' },
  ])('rejects $name', ({ bytes, message }) => {
    expect(() => decodeEnvelope(hex(bytes))).toThrow(EnvelopeError);
    expect(() => decodeEnvelope(hex(bytes))).toThrow(message);
  });

  it('reads fields in any order and skips unknown ones', () => {
    const env = decodeEnvelope(hex('6b 38 73 00', '22 01 78', '12 01 01', '28 07', '0a 04 12 02 4e 73'));
    expect(env).toEqual({ apiVersion: '', kind: 'Ns', raw: hex('01'), contentEncoding: '', contentType: 'x' });
  });
});

describe('protobuf support of a kind', () => {
  const Untagged = objectType('io.orch.test.Widget', {
    spec: field(undefined, struct('io.orch.test.WidgetSpec', { size: field(1, str()) })),
  });
  const widget = { ...configMapKind, kind: 'Widget', resource: 'widgets', singular: 'widget', schema: Untagged } as KindDefinition;

  it.each([
    { name: 'ConfigMap (every field numbered)', kind: configMapKind, supported: true },
    { name: 'a kind with a field without a number', kind: widget, supported: false },
    { name: 'no kind (Status and other meta answers)', kind: undefined, supported: true },
  ])('$name → $supported', ({ kind, supported }) => {
    expect(protobufSerializer.supports(kind)).toBe(supported);
    if (kind) expect(hasProtobuf(kind.schema)).toBe(supported);
  });

  it('encoding an object of a kind without protobuf is 406 NotAcceptable', () => {
    const json = JSON.stringify({ kind: 'Widget', apiVersion: 'v1', metadata: { name: 'w' } });
    expect(() => protobufSerializer.encodeObject(json, { def: widget, pretty: false })).toThrow(
      expect.objectContaining({
        code: 406,
        message: 'object Widget does not implement the protobuf marshalling interface and cannot be encoded to a protobuf message',
      }),
    );
  });
});
