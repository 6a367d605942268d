/**
 * The protobuf view of a schema: its numbered fields in wire order, a lookup by number, the wire
 * type each schema travels as, and whether a whole type graph can be carried at all.
 */
import { WireType } from '@bufbuild/protobuf/wire';
import type { FieldSpec, ObjectSchema, Schema } from '../../schema/types.ts';

/** A field that travels in protobuf (it has a number). */
export type ProtoField = FieldSpec & { readonly proto: number };

/**
 * Go's embedded TypeMeta has no protobuf tag: a top-level object's kind and apiVersion travel in
 * the envelope, a nested one's are not carried at all. Every other field needs a number.
 */
const TYPE_META_FIELDS: ReadonlySet<string> = new Set(['kind', 'apiVersion']);

const ordered = new WeakMap<ObjectSchema, readonly ProtoField[]>();
const byNumber = new WeakMap<ObjectSchema, ReadonlyMap<number, ProtoField>>();
const carried = new WeakMap<ObjectSchema, boolean>();

function numbered(f: FieldSpec): f is ProtoField {
  return f.proto !== undefined;
}

/** Numbered fields in ascending number order, which is the order Go's generated marshallers write. */
export function protoFields(schema: ObjectSchema): readonly ProtoField[] {
  let fields = ordered.get(schema);
  if (!fields) {
    fields = schema.fields.filter(numbered).sort((a, b) => a.proto - b.proto);
    ordered.set(schema, fields);
  }
  return fields;
}

export function protoFieldByNumber(schema: ObjectSchema): ReadonlyMap<number, ProtoField> {
  let m = byNumber.get(schema);
  if (!m) {
    m = new Map(protoFields(schema).map((f) => [f.proto, f]));
    byNumber.set(schema, m);
  }
  return m;
}

/** How a single (non-repeated) value of the schema is written. */
export function wireTypeOf(s: Schema): WireType {
  switch (s.type) {
    case 'integer':
    case 'boolean':
      return WireType.Varint;
    case 'number':
      return WireType.Bit64;
    default:
      return WireType.LengthDelimited;
  }
}

/** Lists of lists and maps of lists need wrapper messages in Go; the schema DSL has none. */
function nestedCollection(s: Schema): boolean {
  return s.type === 'array' || s.type === 'map';
}

function carriable(s: Schema, seen: Set<ObjectSchema>): boolean {
  switch (s.type) {
    case 'object':
      return objectCarriable(s, seen);
    case 'array':
      return !nestedCollection(s.items) && carriable(s.items, seen);
    case 'map':
      // A map of lists is carried as Go carries `map[string]ExtraValue`: each list in a message of `items = 1`.
      if (s.values.type === 'array') return !nestedCollection(s.values.items) && carriable(s.values.items, seen);
      return !nestedCollection(s.values) && carriable(s.values, seen);
    default:
      return true;
  }
}

function objectCarriable(schema: ObjectSchema, seen: Set<ObjectSchema>): boolean {
  // A recursive type is carriable if the rest of it is.
  if (seen.has(schema)) return true;
  seen.add(schema);
  return schema.fields.every((f) => {
    if (f.proto === undefined) return TYPE_META_FIELDS.has(f.name) && f.schema.type === 'string' && !f.inline;
    if (f.inline && f.schema.type !== 'object') return false;
    return carriable(f.schema, seen);
  });
}

/** True when every field reachable from the type has a protobuf number (TypeMeta aside). */
export function hasProtobuf(schema: ObjectSchema): boolean {
  let ok = carried.get(schema);
  if (ok === undefined) {
    ok = objectCarriable(schema, new Set());
    carried.set(schema, ok);
  }
  return ok;
}
