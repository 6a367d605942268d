/**
 * Canonical JSON → protobuf message bytes, by walking the schema: one generic encoder for every
 * kind, byte-exact with the real platform's gogo-generated marshallers (ascending field numbers,
 * non-pointer fields always written, pointers only when set, repeated scalars unpacked, map
 * entries sorted by key).
 */
import { base64Decode, BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import type { ObjectSchema, Schema } from '../../schema/types.ts';
import { isObject, type JsonObject, type JsonValue } from '../../util/json.ts';
import { protoFields, type ProtoField } from './proto-fields.ts';
import { toTimestamp } from './timestamp.ts';

const utf8 = new TextEncoder();

/** A value the schema says cannot be carried by protobuf (the caller checked `hasProtobuf`). */
export class ProtobufEncodeError extends Error {}

export function encodeMessage(value: JsonObject, schema: ObjectSchema): Uint8Array<ArrayBuffer> {
  const w = new BinaryWriter();
  writeFields(w, value, schema);
  return w.finish();
}

function writeFields(w: BinaryWriter, obj: JsonObject, schema: ObjectSchema): void {
  for (const f of protoFields(schema)) {
    if (f.inline) {
      // The embedded struct's members sit flat in the parent's JSON; on the wire it is a message.
      const inner = f.schema as ObjectSchema;
      if (f.pointer && !inner.fields.some((m) => obj[m.name] !== undefined && obj[m.name] !== null)) continue;
      w.tag(f.proto, WireType.LengthDelimited).fork();
      writeFields(w, obj, inner);
      w.join();
      continue;
    }
    writeField(w, f, obj[f.name]);
  }
}

function writeField(w: BinaryWriter, f: ProtoField, v: JsonValue | undefined): void {
  const s = f.schema;
  if (s.type === 'array') {
    if (Array.isArray(v)) for (const item of v) writeValue(w, f.proto, s.items, item);
    return;
  }
  if (s.type === 'map') {
    if (isObject(v)) writeMap(w, f.proto, s.values, v);
    return;
  }
  // A nil pointer is not written; any other field is, as its zero value when absent.
  if (f.pointer && (v === undefined || v === null)) return;
  writeValue(w, f.proto, s, v);
}

/** Go's sort.Strings orders by UTF-8 bytes, which is code point order (not UTF-16 unit order). */
function byCodePoint(a: string, b: string): number {
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const x = ia.next();
    const y = ib.next();
    if (x.done || y.done) return x.done && y.done ? 0 : x.done ? -1 : 1;
    const d = x.value.codePointAt(0)! - y.value.codePointAt(0)!;
    if (d !== 0) return d;
  }
}

function writeMap(w: BinaryWriter, no: number, values: Schema, map: JsonObject): void {
  for (const key of Object.keys(map).sort(byCodePoint)) {
    w.tag(no, WireType.LengthDelimited).fork();
    w.tag(1, WireType.LengthDelimited).string(key);
    writeValue(w, 2, values, map[key]);
    w.join();
  }
}

function integer(v: JsonValue | undefined): number {
  return typeof v === 'number' && Number.isInteger(v) ? v : 0;
}

function writeValue(w: BinaryWriter, no: number, s: Schema, v: JsonValue | undefined): void {
  switch (s.type) {
    case 'string':
      w.tag(no, WireType.LengthDelimited).string(typeof v === 'string' ? v : '');
      return;
    case 'integer':
      if (s.format === 'int32') w.tag(no, WireType.Varint).int32(integer(v));
      else w.tag(no, WireType.Varint).int64(BigInt(integer(v)));
      return;
    case 'number':
      w.tag(no, WireType.Bit64).double(typeof v === 'number' ? v : 0);
      return;
    case 'boolean':
      w.tag(no, WireType.Varint).bool(v === true);
      return;
    case 'bytes':
      // []byte is written only when non-nil.
      if (typeof v === 'string') w.tag(no, WireType.LengthDelimited).bytes(base64Decode(v));
      return;
    case 'time': {
      w.tag(no, WireType.LengthDelimited).fork();
      const ts = typeof v === 'string' ? toTimestamp(v, s.precision) : undefined;
      if (ts) w.tag(1, WireType.Varint).int64(BigInt(ts.seconds)).tag(2, WireType.Varint).int32(ts.nanos);
      w.join();
      return;
    }
    case 'int-or-string': {
      const isString = typeof v === 'string';
      w.tag(no, WireType.LengthDelimited).fork();
      w.tag(1, WireType.Varint).int64(isString ? 1n : 0n);
      w.tag(2, WireType.Varint).int32(isString ? 0 : integer(v));
      w.tag(3, WireType.LengthDelimited).string(isString ? v : '');
      w.join();
      return;
    }
    case 'quantity':
      w.tag(no, WireType.LengthDelimited).fork();
      w.tag(1, WireType.LengthDelimited).string(typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '0');
      w.join();
      return;
    case 'raw':
      // RawExtension / FieldsV1: the JSON text as bytes; JSON null is a nil Raw.
      w.tag(no, WireType.LengthDelimited).fork();
      if (v !== undefined && v !== null) w.tag(1, WireType.LengthDelimited).bytes(utf8.encode(JSON.stringify(v)));
      w.join();
      return;
    case 'object':
      w.tag(no, WireType.LengthDelimited).fork();
      writeFields(w, isObject(v) ? v : {}, s);
      w.join();
      return;
    case 'array':
      // Only a map's value can be a list here: Go's named slice type, a message of `items = 1`.
      w.tag(no, WireType.LengthDelimited).fork();
      if (Array.isArray(v)) for (const item of v) writeValue(w, 1, s.items, item);
      w.join();
      return;
    case 'map':
      throw new ProtobufEncodeError(`a ${s.type} nested directly in a list or map has no protobuf form`);
  }
}
