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
import { ascii, hex, toHex } from './hex.ts';

// 2024-01-02T03:04:05Z = 1704164645 s = varint a5 fa cd ac 06.
const SECONDS = 'a5 fa cd ac 06';

const configMap: JsonObject = {
  kind: 'ConfigMap',
  apiVersion: 'v1',
  metadata: {
    name: 'cm',
    namespace: 'ns',
    uid: 'u1',
    resourceVersion: '7',
    creationTimestamp: '2024-01-02T03:04:05Z',
    labels: { a: '1', b: '2' },
  },
  data: { e: '', k: 'v' },
  binaryData: { bin: 'AAH/' },
};

const configMapBytes = hex(
  '0a 2f', //                                   1 metadata: ObjectMeta, 47 bytes
  '  0a 02', ascii('cm'), //                      1 name
  '  12 00', //                                   2 generateName (non-pointer: written empty)
  '  1a 02', ascii('ns'), //                      3 namespace
  '  22 00', //                                   4 selfLink
  '  2a 02', ascii('u1'), //                      5 uid
  '  32 01', ascii('7'), //                       6 resourceVersion
  '  38 00', //                                   7 generation 0
  '  42 08 08', SECONDS, '10 00', //              8 creationTimestamp: Time {seconds, nanos 0}
  '  5a 06 0a 01', ascii('a'), '12 01', ascii('1'), // 11 labels entry a=1 (sorted)
  '  5a 06 0a 01', ascii('b'), '12 01', ascii('2'), // 11 labels entry b=2
  '12 05 0a 01', ascii('e'), '12 00', //          2 data entry e="" (value written even empty)
  '12 06 0a 01', ascii('k'), '12 01', ascii('v'), // 2 data entry k=v
  '1a 0a 0a 03', ascii('bin'), '12 03 00 01 ff', // 3 binaryData entry bin=[0 1 255]
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
  '  0a 06', ascii('team-a'), //                  1 name
  '  12 00 1a 00 22 00 2a 00 32 00', //           2..6 empty strings
  '  38 00', //                                   7 generation
  '  42 00', //                                   8 zero creationTimestamp: tag + length 0
  '12 0e 0a 0c', ascii('orchestrator'), //       2 spec {1 finalizers}
  '1a 08 0a 06', ascii('Active'), //             3 status {1 phase}
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
  '12 07', ascii('Failure'), //                   2 status
  '1a 18', ascii('configmaps "x" not found'), //  3 message
  '22 08', ascii('NotFound'), //                  4 reason
  '2a 15', //                                   5 details: StatusDetails, 21 bytes
  '  0a 01', ascii('x'), //                       1 name
  '  12 00', //                                   2 group
  '  1a 0a', ascii('configmaps'), //              3 kind
  '  28 00', //                                   5 retryAfterSeconds
  '  32 00', //                                   6 uid
  '30 94 03', //                                6 code 404
);

describe('protobuf messages: hand-computed vectors', () => {
  it.each([
    ['ConfigMap', configMap, ConfigMap, configMapBytes],
    ['Namespace', namespace, Namespace, namespaceBytes],
    ['Status', status, Status, statusBytes],
  ] as const)('%s encodes to the bytes the real platform writes, and back', (_name, json, schema, expected) => {
    expect(toHex(encodeMessage(json, schema))).toBe(toHex(expected));
    const { kind, apiVersion, ...rest } = json;
    void kind;
    void apiVersion;
    expect(decodeMessage(expected, schema)).toEqual(rest);
  });

  it('wraps an object in the envelope: magic, Unknown {typeMeta {apiVersion, kind}, raw, "" , ""}', () => {
    const expected = hex(
      '6b 38 73 00', //                               magic k8s\0
      '0a 0f 0a 02', ascii('v1'), '12 09', ascii('ConfigMap'), // 1 typeMeta: runtime.TypeMeta {1 apiVersion, 2 kind}
      '12 4c', toHex(configMapBytes), //               2 raw, 76 bytes
      '1a 00', //                                      3 contentEncoding
      '22 00', //                                      4 contentType
    );
    expect(toHex(encodeEnvelope({ apiVersion: 'v1', kind: 'ConfigMap' }, configMapBytes))).toBe(toHex(expected));
    expect(decodeEnvelope(expected)).toEqual({ apiVersion: 'v1', kind: 'ConfigMap', raw: configMapBytes, contentEncoding: '', contentType: '' });
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
  const rows: [string, ObjectSchema, JsonObject, string][] = [
    ['int32 0 is written (non-pointer)', one(int32()), { v: 0 }, '08 00'],
    ['an absent non-pointer int32 is written as 0', one(int32()), {}, '08 00'],
    ['a negative int32 is a 10-byte sign-extended varint', one(int32()), { v: -1 }, '08 ff ff ff ff ff ff ff ff ff 01'],
    ['int64 is a varint', one(int64()), { v: 404 }, '08 94 03'],
    ['a negative int64 is a 10-byte varint', one(int64()), { v: -1 }, '08 ff ff ff ff ff ff ff ff ff 01'],
    ['a pointer bool set to false is written', one(bool(), { pointer: true }), { v: false }, '08 00'],
    ['a nil pointer is not written', one(bool(), { pointer: true }), {}, ''],
    ['a non-pointer bool is written as false', one(bool()), {}, '08 00'],
    ['an empty non-pointer string is tag + length 0', one(str()), {}, '0a 00'],
    ['double is a fixed 64-bit little-endian value', one(double()), { v: 0.5 }, '09 00 00 00 00 00 00 e0 3f'],
    ['repeated strings: one record per element', one(list(str())), { v: ['a', 'b'] }, `0a 01 ${ascii('a')} 0a 01 ${ascii('b')}`],
    ['repeated int32 is NOT packed (proto2)', one(list(int32())), { v: [1, 2] }, '08 01 08 02'],
    ['an empty list writes nothing', one(list(str())), { v: [] }, ''],
    [
      'map keys are sorted by UTF-8 bytes, as Go sorts them (U+FF61 before U+1F600)',
      one(map(str())),
      { v: { '\u{1F600}': 'y', '\uff61': 'x' } },
      `0a 08 0a 03 ef bd a1 12 01 ${ascii('x')} 0a 09 0a 04 f0 9f 98 80 12 01 ${ascii('y')}`,
    ],
    ['int-or-string int: type 0, intVal, empty strVal', one(intOrString()), { v: 8080 }, '0a 07 08 00 10 90 3f 1a 00'],
    ['int-or-string string: type 1, intVal 0, strVal', one(intOrString()), { v: 'http' }, `0a 0a 08 01 10 00 1a 04 ${ascii('http')}`],
    ['quantity: {string = 1}', one(quantity()), { v: '500m' }, `0a 06 0a 04 ${ascii('500m')}`],
    ['an absent non-pointer quantity is "0"', one(quantity()), {}, `0a 03 0a 01 ${ascii('0')}`],
    ['Time writes seconds and nanos 0', one(time()), { v: '2024-01-02T03:04:05Z' }, `0a 08 08 ${SECONDS} 10 00`],
    ['a zero non-pointer Time is tag + length 0', one(time()), { v: null }, '0a 00'],
    ['an absent pointer Time is not written', one(time(), { pointer: true }), {}, ''],
    ['MicroTime writes seconds and nanos', one(microTime()), { v: '2024-01-02T03:04:05.123456Z' }, `0a 0b 08 ${SECONDS} 10 80 94 ef 3a`],
    ['RawExtension holds the JSON text', one(raw()), { v: { a: 1 } }, `0a 09 0a 07 ${ascii('{"a":1}')}`],
    ['a null RawExtension is an empty message', one(raw()), { v: null }, '0a 00'],
    ['[]byte is decoded from base64', one(bytes()), { v: 'AAH/' }, '0a 03 00 01 ff'],
    ['a nil []byte is not written', one(bytes()), {}, ''],
    ['an absent non-pointer struct is an empty message', one(Inner), {}, '0a 00'],
    ['a set pointer struct is written even when empty', one(Inner, { pointer: true }), { v: {} }, '0a 00'],
    ['an absent pointer struct is not written', one(Inner, { pointer: true }), {}, ''],
    [
      'an inline member is a nested message at its own number (IngressRule.ingressRuleValue = 2)',
      Rule,
      { host: 'x', http: { paths: [{ path: '/' }] } },
      `0a 01 ${ascii('x')} 12 07 0a 05 0a 03 0a 01 ${ascii('/')}`,
    ],
  ];

  it.each(rows)('%s', (_rule, schema, json, expected) => {
    expect(toHex(encodeMessage(json, schema))).toBe(toHex(hex(expected)));
  });

  it.each([
    ['an absent int32 field reads as 0, which JSON omits', one(int32()), '', {}],
    ['a pointer bool false stays false', one(bool(), { pointer: true }), '08 00', { v: false }],
    ['packed repeated int32 is accepted on read', one(list(int32())), '0a 02 01 02', { v: [1, 2] }],
    ['unknown fields are skipped', one(str()), `0a 01 ${ascii('a')} 10 05 1a 01 ${ascii('z')}`, { v: 'a' }],
    ['Time ignores nanos on read', one(time()), `0a 0b 08 ${SECONDS} 10 80 94 ef 3a`, { v: '2024-01-02T03:04:05Z' }],
    ['a zero Time reads as null', one(time()), '0a 00', { v: null }],
    ['an empty non-omitempty list reads as null: protobuf has no empty-vs-nil', one(list(str()), { omitEmpty: false }), '', { v: null }],
    ['an inline message spreads into the parent', Rule, `0a 01 ${ascii('x')} 12 04 0a 02 0a 00`, { host: 'x', http: { paths: [{}] } }],
  ] as [string, ObjectSchema, string, JsonValue][])('decode: %s', (_rule, schema, bytes, expected) => {
    expect(decodeMessage(hex(bytes), schema)).toEqual(expected);
  });
});
