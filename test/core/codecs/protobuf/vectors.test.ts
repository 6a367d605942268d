/**
 * Exact bytes, computed by hand from the wire rules and the field numbers of
 * test/data/protobuf-field-numbers (not from the encoder): the generated Go marshallers
 * write fields in ascending number order, non-pointer fields always, pointers only when set,
 * repeated scalars unpacked, map entries sorted by key with key = 1 and value = 2.
 */
import { describe, expect, it } from 'vitest';
import { decodeMessage, encodeEnvelope, encodeMessage, decodeEnvelope } from '../../../../core/codecs/protobuf/index.ts';
import { ConfigMap, Namespace } from '../../../../core/registry/types/core-v1-misc.ts';
import { Status } from '../../../../core/registry/types/meta-v1.ts';
import {
  bool,
  bytes,
  double,
  field,
  int32,
  int64,
  intOrString,
  list,
  map,
  microTime,
  quantity,
  raw,
  str,
  struct,
  time,
  type FieldOptions,
} from '../../../../core/schema/build.ts';
import type { ObjectSchema, Schema } from '../../../../core/schema/types.ts';
import type { JsonObject, JsonValue } from '../../../../core/util/json.ts';
import { configMap } from '../../../support/builders.ts';
import { ascii, hex, toHex } from '../../../support/hex.ts';

// 2024-01-02T03:04:05Z = 1704164645 s = varint a5 fa cd ac 06.
const SECONDS = 'a5 fa cd ac 06';

const cm: JsonObject = {
  ...configMap(
    'cm',
    { e: '', k: 'v' },
    { namespace: 'ns', uid: 'u1', resourceVersion: '7', creationTimestamp: '2024-01-02T03:04:05Z', labels: { a: '1', b: '2' } },
  ),
  binaryData: { bin: 'AAH/' },
};

const configMapBytes = hex(
  '0a 2f', //                                   1 metadata: ObjectMeta, 47 bytes
  '  0a 02',
  ascii('cm'), //                      1 name
  '  12 00', //                                   2 generateName (non-pointer: written empty)
  '  1a 02',
  ascii('ns'), //                      3 namespace
  '  22 00', //                                   4 selfLink
  '  2a 02',
  ascii('u1'), //                      5 uid
  '  32 01',
  ascii('7'), //                       6 resourceVersion
  '  38 00', //                                   7 generation 0
  '  42 08 08',
  SECONDS,
  '10 00', //              8 creationTimestamp: Time {seconds, nanos 0}
  '  5a 06 0a 01',
  ascii('a'),
  '12 01',
  ascii('1'), // 11 labels entry a=1 (sorted)
  '  5a 06 0a 01',
  ascii('b'),
  '12 01',
  ascii('2'), // 11 labels entry b=2
  '12 05 0a 01',
  ascii('e'),
  '12 00', //          2 data entry e="" (value written even empty)
  '12 06 0a 01',
  ascii('k'),
  '12 01',
  ascii('v'), // 2 data entry k=v
  '1a 0a 0a 03',
  ascii('bin'),
  '12 03 00 01 ff', // 3 binaryData entry bin=[0 1 255]
  //                                              4 immutable: nil pointer, not written
);

const namespace: JsonObject = {
  kind: 'Namespace',
  apiVersion: 'v1',
  metadata: { name: 'team-a', creationTimestamp: null },
  spec: { finalizers: ['orchestrator'] },
  status: { phase: 'Active' },
};

const namespaceBytes = hex(
  '0a 16', //                                   1 metadata, 22 bytes
  '  0a 06',
  ascii('team-a'), //                  1 name
  '  12 00 1a 00 22 00 2a 00 32 00', //           2..6 empty strings
  '  38 00', //                                   7 generation
  '  42 00', //                                   8 zero creationTimestamp: tag + length 0
  '12 0e 0a 0c',
  ascii('orchestrator'), //       2 spec {1 finalizers}
  '1a 08 0a 06',
  ascii('Active'), //             3 status {1 phase}
);

const status: JsonObject = {
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message: 'configmaps "x" not found',
  reason: 'NotFound',
  details: { name: 'x', kind: 'configmaps' },
  code: 404,
};

const statusBytes = hex(
  '0a 06 0a 00 12 00 1a 00', //                 1 metadata: ListMeta {selfLink, resourceVersion, continue}
  '12 07',
  ascii('Failure'), //                   2 status
  '1a 18',
  ascii('configmaps "x" not found'), //  3 message
  '22 08',
  ascii('NotFound'), //                  4 reason
  '2a 15', //                                   5 details: StatusDetails, 21 bytes
  '  0a 01',
  ascii('x'), //                       1 name
  '  12 00', //                                   2 group
  '  1a 0a',
  ascii('configmaps'), //              3 kind
  '  28 00', //                                   5 retryAfterSeconds
  '  32 00', //                                   6 uid
  '30 94 03', //                                6 code 404
);

describe('protobuf messages: hand-computed vectors', () => {
  it.each([
    { name: 'ConfigMap', json: cm, schema: ConfigMap, expected: configMapBytes },
    { name: 'Namespace', json: namespace, schema: Namespace, expected: namespaceBytes },
    { name: 'Status', json: status, schema: Status, expected: statusBytes },
  ] as const)('$name encodes to the bytes the real platform writes, and back', ({ json, schema, expected }) => {
    expect(toHex(encodeMessage(json, schema))).toBe(toHex(expected));
    const { kind, apiVersion, ...rest } = json;
    void kind;
    void apiVersion;
    expect(decodeMessage(expected, schema)).toEqual(rest);
  });

  it('wraps an object in the envelope: magic, Unknown {typeMeta {apiVersion, kind}, raw, "" , ""}', () => {
    const expected = hex(
      '6b 38 73 00', //                               magic k8s\0
      '0a 0f 0a 02',
      ascii('v1'),
      '12 09',
      ascii('ConfigMap'), // 1 typeMeta: runtime.TypeMeta {1 apiVersion, 2 kind}
      '12 4c',
      toHex(configMapBytes), //               2 raw, 76 bytes
      '1a 00', //                                      3 contentEncoding
      '22 00', //                                      4 contentType
    );
    expect(toHex(encodeEnvelope({ apiVersion: 'v1', kind: 'ConfigMap' }, configMapBytes))).toBe(toHex(expected));
    expect(decodeEnvelope(expected)).toEqual({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      raw: configMapBytes,
      contentEncoding: '',
      contentType: '',
    });
  });
});

/** A message with a single field `v` = 1 of the given schema. */
function one(schema: Schema, opts: FieldOptions = {}): ObjectSchema {
  return struct('io.orch.test.One', { v: field(1, schema, opts) });
}

const Inner = struct('io.orch.test.Inner', { x: field(1, str(), { pointer: true }) });
const Path = struct('io.orch.test.HTTPIngressPath', { path: field(1, str()) });
const HTTPRuleValue = struct('io.orch.test.HTTPIngressRuleValue', { paths: field(1, list(Path)) });
const RuleValue = struct('io.orch.test.IngressRuleValue', { http: field(1, HTTPRuleValue, { pointer: true }) });
const Rule = struct('io.orch.test.IngressRule', {
  host: field(1, str()),
  ingressRuleValue: field(2, RuleValue, { inline: true }),
});

describe('protobuf wire rules', () => {
  const rows: { rule: string; schema: ObjectSchema; json: JsonObject; expected: string }[] = [
    { rule: 'int32 0 is written (non-pointer)', schema: one(int32()), json: { v: 0 }, expected: '08 00' },
    { rule: 'an absent non-pointer int32 is written as 0', schema: one(int32()), json: {}, expected: '08 00' },
    {
      rule: 'a negative int32 is a 10-byte sign-extended varint',
      schema: one(int32()),
      json: { v: -1 },
      expected: '08 ff ff ff ff ff ff ff ff ff 01',
    },
    { rule: 'int64 is a varint', schema: one(int64()), json: { v: 404 }, expected: '08 94 03' },
    { rule: 'a negative int64 is a 10-byte varint', schema: one(int64()), json: { v: -1 }, expected: '08 ff ff ff ff ff ff ff ff ff 01' },
    { rule: 'a pointer bool set to false is written', schema: one(bool(), { pointer: true }), json: { v: false }, expected: '08 00' },
    { rule: 'a nil pointer is not written', schema: one(bool(), { pointer: true }), json: {}, expected: '' },
    { rule: 'a non-pointer bool is written as false', schema: one(bool()), json: {}, expected: '08 00' },
    { rule: 'an empty non-pointer string is tag + length 0', schema: one(str()), json: {}, expected: '0a 00' },
    {
      rule: 'double is a fixed 64-bit little-endian value',
      schema: one(double()),
      json: { v: 0.5 },
      expected: '09 00 00 00 00 00 00 e0 3f',
    },
    {
      rule: 'repeated strings: one record per element',
      schema: one(list(str())),
      json: { v: ['a', 'b'] },
      expected: `0a 01 ${ascii('a')} 0a 01 ${ascii('b')}`,
    },
    { rule: 'repeated int32 is NOT packed (proto2)', schema: one(list(int32())), json: { v: [1, 2] }, expected: '08 01 08 02' },
    { rule: 'an empty list writes nothing', schema: one(list(str())), json: { v: [] }, expected: '' },
    {
      rule: 'map keys are sorted by UTF-8 bytes, as Go sorts them (U+FF61 before U+1F600)',
      schema: one(map(str())),
      json: { v: { '\u{1F600}': 'y', '\uff61': 'x' } },
      expected: `0a 08 0a 03 ef bd a1 12 01 ${ascii('x')} 0a 09 0a 04 f0 9f 98 80 12 01 ${ascii('y')}`,
    },
    {
      rule: 'int-or-string int: type 0, intVal, empty strVal',
      schema: one(intOrString()),
      json: { v: 8080 },
      expected: '0a 07 08 00 10 90 3f 1a 00',
    },
    {
      rule: 'int-or-string string: type 1, intVal 0, strVal',
      schema: one(intOrString()),
      json: { v: 'http' },
      expected: `0a 0a 08 01 10 00 1a 04 ${ascii('http')}`,
    },
    { rule: 'quantity: {string = 1}', schema: one(quantity()), json: { v: '500m' }, expected: `0a 06 0a 04 ${ascii('500m')}` },
    { rule: 'an absent non-pointer quantity is "0"', schema: one(quantity()), json: {}, expected: `0a 03 0a 01 ${ascii('0')}` },
    {
      rule: 'Time writes seconds and nanos 0',
      schema: one(time()),
      json: { v: '2024-01-02T03:04:05Z' },
      expected: `0a 08 08 ${SECONDS} 10 00`,
    },
    { rule: 'a zero non-pointer Time is tag + length 0', schema: one(time()), json: { v: null }, expected: '0a 00' },
    { rule: 'an absent pointer Time is not written', schema: one(time(), { pointer: true }), json: {}, expected: '' },
    {
      rule: 'MicroTime writes seconds and nanos',
      schema: one(microTime()),
      json: { v: '2024-01-02T03:04:05.123456Z' },
      expected: `0a 0b 08 ${SECONDS} 10 80 94 ef 3a`,
    },
    { rule: 'RawExtension holds the JSON text', schema: one(raw()), json: { v: { a: 1 } }, expected: `0a 09 0a 07 ${ascii('{"a":1}')}` },
    { rule: 'a null RawExtension is an empty message', schema: one(raw()), json: { v: null }, expected: '0a 00' },
    { rule: '[]byte is decoded from base64', schema: one(bytes()), json: { v: 'AAH/' }, expected: '0a 03 00 01 ff' },
    { rule: 'a nil []byte is not written', schema: one(bytes()), json: {}, expected: '' },
    { rule: 'an absent non-pointer struct is an empty message', schema: one(Inner), json: {}, expected: '0a 00' },
    { rule: 'a set pointer struct is written even when empty', schema: one(Inner, { pointer: true }), json: { v: {} }, expected: '0a 00' },
    { rule: 'an absent pointer struct is not written', schema: one(Inner, { pointer: true }), json: {}, expected: '' },
    {
      rule: 'an inline member is a nested message at its own number (IngressRule.ingressRuleValue = 2)',
      schema: Rule,
      json: { host: 'x', http: { paths: [{ path: '/' }] } },
      expected: `0a 01 ${ascii('x')} 12 07 0a 05 0a 03 0a 01 ${ascii('/')}`,
    },
  ];

  it.each(rows)('$rule', ({ schema, json, expected }) => {
    expect(toHex(encodeMessage(json, schema))).toBe(toHex(hex(expected)));
  });

  it.each([
    { rule: 'an absent int32 field reads as 0, which JSON omits', schema: one(int32()), bytes: '', expected: {} },
    { rule: 'a pointer bool false stays false', schema: one(bool(), { pointer: true }), bytes: '08 00', expected: { v: false } },
    { rule: 'packed repeated int32 is accepted on read', schema: one(list(int32())), bytes: '0a 02 01 02', expected: { v: [1, 2] } },
    {
      rule: 'unknown fields are skipped',
      schema: one(str()),
      bytes: `0a 01 ${ascii('a')} 10 05 1a 01 ${ascii('z')}`,
      expected: { v: 'a' },
    },
    {
      rule: 'Time ignores nanos on read',
      schema: one(time()),
      bytes: `0a 0b 08 ${SECONDS} 10 80 94 ef 3a`,
      expected: { v: '2024-01-02T03:04:05Z' },
    },
    { rule: 'a zero Time reads as null', schema: one(time()), bytes: '0a 00', expected: { v: null } },
    {
      rule: 'an empty non-omitempty list reads as null: protobuf has no empty-vs-nil',
      schema: one(list(str()), { omitEmpty: false }),
      bytes: '',
      expected: { v: null },
    },
    {
      rule: 'an inline message spreads into the parent',
      schema: Rule,
      bytes: `0a 01 ${ascii('x')} 12 04 0a 02 0a 00`,
      expected: { host: 'x', http: { paths: [{}] } },
    },
  ] as { rule: string; schema: ObjectSchema; bytes: string; expected: JsonValue }[])('decode: $rule', ({ schema, bytes, expected }) => {
    expect(decodeMessage(hex(bytes), schema)).toEqual(expected);
  });
});
