/** The envelope decoder refuses what is not an envelope, with the real platform's words. */
import { describe, expect, it } from 'vitest';
import { decodeEnvelope, EnvelopeError, hasProtobuf, protobufSerializer } from '../../../../core/codecs/protobuf/index.ts';
import type { KindDefinition } from '../../../../core/registry/definition.ts';
import { configMapKind } from '../../../../core/registry/kinds/configmap.ts';
import { field, str, struct } from '../../../../core/schema/build.ts';
import { objectType } from '../../../../core/registry/types/object.ts';
import { hex } from './hex.ts';

describe('protobuf envelope', () => {
  it.each([
    ['no bytes', '', 'empty data'],
    ['JSON text', '7b 7d', 'provided data does not appear to be a protobuf message, expected prefix [107 56 115 0]'],
    ['a wrong fourth magic byte', '6b 38 73 01 0a 00', 'provided data does not appear to be a protobuf message, expected prefix [107 56 115 0]'],
    ['the magic bytes alone', '6b 38 73 00', 'empty body'],
    ['a cut-off Unknown', '6b 38 73 00 12 05 01', 'unexpected EOF'],
    ['typeMeta with the wrong wire type', '6b 38 73 00 08 01', 'proto: wrong wireType = 0 for field TypeMeta'],
  ])('rejects %s', (_case, bytes, message) => {
    expect(() => decodeEnvelope(hex(bytes))).toThrow(EnvelopeError);
    expect(() => decodeEnvelope(hex(bytes))).toThrow(message);
  });

  it('reads fields in any order and skips unknown ones', () => {
    const env = decodeEnvelope(hex('6b 38 73 00', '22 01 78', '12 01 01', '28 07', '0a 04 12 02 4e 73'));
    expect(env).toEqual({ apiVersion: '', kind: 'Ns', raw: hex('01'), contentEncoding: '', contentType: 'x' });
  });
});

describe('protobuf support of a kind', () => {
  const Untagged = objectType('io.orch.test.Widget', { spec: field(undefined, struct('io.orch.test.WidgetSpec', { size: field(1, str()) })) });
  const widget = { ...configMapKind, kind: 'Widget', resource: 'widgets', singular: 'widget', schema: Untagged } as KindDefinition;

  it.each([
    ['ConfigMap (every field numbered)', configMapKind, true],
    ['a kind with a field without a number', widget, false],
    ['no kind (Status and other meta answers)', undefined, true],
  ])('%s → %s', (_case, def, expected) => {
    expect(protobufSerializer.supports(def)).toBe(expected);
    if (def) expect(hasProtobuf(def.schema)).toBe(expected);
  });

  it('encoding an object of a kind without protobuf is 406 NotAcceptable', () => {
    const json = JSON.stringify({ kind: 'Widget', apiVersion: 'v1', metadata: { name: 'w' } });
    expect(() => protobufSerializer.encodeObject(json, { def: widget, pretty: false })).toThrow(
      expect.objectContaining({ code: 406, message: 'object Widget does not implement the protobuf marshalling interface and cannot be encoded to a protobuf message' }),
    );
  });
});
