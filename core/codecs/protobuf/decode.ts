/**
 * Protobuf message bytes → canonical JSON, by walking the schema. The wire is read into a plain
 * JSON tree (zero values included, as Go's structs hold them) and then passed through the typed
 * JSON decoder, which applies Go's omitempty rules, field order and normalization, so a message
 * decodes to exactly the JSON the real platform would write for it.
 */
import { base64Encode, BinaryReader, WireType } from '@bufbuild/protobuf/wire';
import { decodeObject } from '../../schema/decode.ts';
import type { ObjectSchema, Schema } from '../../schema/types.ts';
import { isObject, type JsonObject, type JsonValue } from '../../util/json.ts';
import { protoFieldByNumber, wireTypeOf, type ProtoField } from './proto-fields.ts';
import { fromTimestamp } from './timestamp.ts';

/** Bytes that are not a valid message of the expected type; `message` reads like Go's errors. */
export class ProtobufDecodeError extends Error {}

const utf8 = new TextDecoder();

export function decodeMessage(bytes: Uint8Array, schema: ObjectSchema): JsonObject {
  let tree: JsonObject;
  try {
    tree = readFields(bytes, schema, {});
  } catch (err) {
    throw asDecodeError(err);
  }
  return decodeObject(tree, schema).value;
}

/** The reader's own errors, worded as Go's generated unmarshallers word them. */
function asDecodeError(err: unknown): Error {
  if (err instanceof ProtobufDecodeError) return err;
  const text = err instanceof Error ? err.message : String(err);
  if (err instanceof RangeError || /premature EOF/.test(text)) return new ProtobufDecodeError('unexpected EOF');
  if (/invalid varint/.test(text)) return new ProtobufDecodeError('proto: integer overflow');
  return new ProtobufDecodeError(`proto: ${text}`);
}

/** Go's field name for error texts (`metadata` → `Metadata`); close enough to name the field. */
function goField(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function expectWire(actual: WireType, expected: WireType, f: ProtoField): void {
  if (actual !== expected) throw new ProtobufDecodeError(`proto: wrong wireType = ${actual} for field ${goField(f.name)}`);
}

function readFields(bytes: Uint8Array, schema: ObjectSchema, target: JsonObject): JsonObject {
  const r = new BinaryReader(bytes);
  const fields = protoFieldByNumber(schema);
  while (r.pos < r.len) {
    const [no, wire] = r.tag();
    const f = fields.get(no);
    // Unknown fields are skipped: the real platform does no strict decoding of protobuf.
    if (!f) r.skip(wire, no);
    else readField(r, wire, f, target);
  }
  return target;
}

function readField(r: BinaryReader, wire: WireType, f: ProtoField, target: JsonObject): void {
  const s = f.schema;
  if (f.inline) {
    expectWire(wire, WireType.LengthDelimited, f);
    readFields(r.bytes(), s as ObjectSchema, target);
    return;
  }
  if (s.type === 'array') {
    const list = Array.isArray(target[f.name]) ? (target[f.name] as JsonValue[]) : [];
    target[f.name] = list;
    const itemWire = wireTypeOf(s.items);
    if (itemWire !== WireType.LengthDelimited && wire === WireType.LengthDelimited) {
      // Go's unmarshallers accept packed scalars too, though they never write them.
      const packed = new BinaryReader(r.bytes());
      while (packed.pos < packed.len) list.push(readValue(packed, itemWire, s.items, f, undefined));
      return;
    }
    list.push(readValue(r, wire, s.items, f, undefined));
    return;
  }
  if (s.type === 'map') {
    expectWire(wire, WireType.LengthDelimited, f);
    const map = isObject(target[f.name]) ? (target[f.name] as JsonObject) : {};
    target[f.name] = map;
    const entry = new BinaryReader(r.bytes());
    let key = '';
    let value: JsonValue = null;
    while (entry.pos < entry.len) {
      const [eno, ewire] = entry.tag();
      if (eno === 1) {
        expectWire(ewire, WireType.LengthDelimited, f);
        key = entry.string();
      } else if (eno === 2) {
        value = readValue(entry, ewire, s.values, f, undefined);
      } else {
        entry.skip(ewire, eno);
      }
    }
    // An entry without a value holds the zero value, which the typed decoder fills in for null.
    map[key] = value;
    return;
  }
  target[f.name] = readValue(r, wire, s, f, target[f.name]);
}

function readValue(r: BinaryReader, wire: WireType, s: Schema, f: ProtoField, existing: JsonValue | undefined): JsonValue {
  expectWire(wire, wireTypeOf(s), f);
  switch (s.type) {
    case 'string':
      return r.string();
    case 'integer':
      return s.format === 'int32' ? r.int32() : Number(r.int64());
    case 'number':
      return r.double();
    case 'boolean':
      return r.bool();
    case 'bytes':
      return base64Encode(r.bytes());
    case 'time':
      return readTime(r.bytes(), s.precision, f);
    case 'int-or-string':
      return readIntOrString(r.bytes());
    case 'quantity':
      return readQuantity(r.bytes());
    case 'raw':
      return readRaw(r.bytes(), f);
    case 'object':
      // A repeated occurrence of a message merges into it, as Go's Unmarshal does.
      return readFields(r.bytes(), s, isObject(existing) ? existing : {});
    case 'array': {
      // A map's list value: Go's named slice type, a message of `items = 1`.
      const wrapped = new BinaryReader(r.bytes());
      const items: JsonValue[] = [];
      while (wrapped.pos < wrapped.len) {
        const [no, w] = wrapped.tag();
        if (no === 1) items.push(readValue(wrapped, w, s.items, f, undefined));
        else wrapped.skip(w, no);
      }
      return items;
    }
    case 'map':
      throw new ProtobufDecodeError(`proto: field ${goField(f.name)} has no protobuf form`);
  }
}

function readTime(bytes: Uint8Array, precision: 'second' | 'micro', f: ProtoField): JsonValue {
  if (bytes.length === 0) return null;
  const r = new BinaryReader(bytes);
  let seconds = 0;
  let nanos = 0;
  while (r.pos < r.len) {
    const [no, wire] = r.tag();
    if (no === 1 && wire === WireType.Varint) seconds = Number(r.int64());
    else if (no === 2 && wire === WireType.Varint) nanos = r.int32();
    else r.skip(wire, no);
  }
  const text = fromTimestamp({ seconds, nanos }, precision);
  if (text === undefined) throw new ProtobufDecodeError(`proto: time out of range in field ${goField(f.name)}`);
  return text;
}

function readIntOrString(bytes: Uint8Array): JsonValue {
  const r = new BinaryReader(bytes);
  let type = 0;
  let intVal = 0;
  let strVal = '';
  while (r.pos < r.len) {
    const [no, wire] = r.tag();
    if (no === 1 && wire === WireType.Varint) type = Number(r.int64());
    else if (no === 2 && wire === WireType.Varint) intVal = r.int32();
    else if (no === 3 && wire === WireType.LengthDelimited) strVal = r.string();
    else r.skip(wire, no);
  }
  return type === 1 ? strVal : intVal;
}

function readQuantity(bytes: Uint8Array): JsonValue {
  const r = new BinaryReader(bytes);
  // An absent string is the zero quantity; a present one is parsed (and checked) by the typed decoder.
  let text = '0';
  while (r.pos < r.len) {
    const [no, wire] = r.tag();
    if (no === 1 && wire === WireType.LengthDelimited) text = r.string();
    else r.skip(wire, no);
  }
  return text;
}

function readRaw(bytes: Uint8Array, f: ProtoField): JsonValue {
  const r = new BinaryReader(bytes);
  let raw: Uint8Array | undefined;
  while (r.pos < r.len) {
    const [no, wire] = r.tag();
    if (no === 1 && wire === WireType.LengthDelimited) raw = r.bytes();
    else r.skip(wire, no);
  }
  if (raw === undefined) return null;
  try {
    return JSON.parse(utf8.decode(raw)) as JsonValue;
  } catch {
    throw new ProtobufDecodeError(`field ${goField(f.name)} does not hold JSON`);
  }
}
