/**
 * How server-side apply sees a schema node: a scalar, an atomic value (owned and replaced whole),
 * a struct or map (granular, per field or key), or a list that is a set or a map keyed by some
 * fields. The schema's markers decide, with the real platform's defaults: lists without markers
 * are atomic, `patchStrategy: merge` without `listType` makes a set or (with `patchMergeKey`) a
 * map list, maps and structs are granular unless marked atomic. `raw` values are deduced from the
 * value: objects are granular maps of raw values, lists are atomic.
 */
import { fieldOf } from '../schema/index-fields.ts';
import type { ArraySchema, ObjectSchema, Schema } from '../schema/types.ts';
import { isObject, type JsonValue } from '../util/json.ts';
import { elementToken, keyElement, valueElement, type PathElement } from './path.ts';

export type Node =
  | { readonly kind: 'scalar'; readonly schema: Schema }
  /** A leaf that is a whole list, map or struct, or a field the schema does not know. */
  | { readonly kind: 'atomic'; readonly schema: Schema | undefined }
  | { readonly kind: 'struct'; readonly schema: ObjectSchema }
  | { readonly kind: 'map'; readonly values: Schema }
  | { readonly kind: 'set'; readonly items: Schema }
  | { readonly kind: 'keyed'; readonly items: Schema; readonly keys: readonly string[] };

export type ListRelation =
  | { readonly kind: 'atomic' }
  | { readonly kind: 'set' }
  | { readonly kind: 'keyed'; readonly keys: readonly string[] };

const RAW: Schema = { type: 'raw' };

/** A list's server-side apply relation from its markers. */
export function listRelation(a: ArraySchema): ListRelation {
  switch (a.listType) {
    case 'atomic':
      return { kind: 'atomic' };
    case 'set':
      return { kind: 'set' };
    case 'map':
      return a.listMapKeys?.length ? { kind: 'keyed', keys: a.listMapKeys } : { kind: 'set' };
    default:
      if (a.patchStrategy === 'merge' || a.patchStrategy === 'merge,retainKeys') {
        return a.patchMergeKey ? { kind: 'keyed', keys: [a.patchMergeKey] } : { kind: 'set' };
      }
      return { kind: 'atomic' };
  }
}

/**
 * Absent, null, `{}` or `[]`. Two such values of a granular map or list compare and merge as
 * leaves, which keeps the difference between empty and absent.
 */
export function isEmptyContainer(v: JsonValue | undefined): boolean {
  if (v === undefined || v === null) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (!isObject(v)) return false;
  // Without listing the keys: every walk of an object asks this of each struct and map in it.
  for (const _ in v) return false;
  return true;
}

/** Whether the schema is owned as a whole (atomic list, map or struct). */
export function isAtomicSchema(s: Schema): boolean {
  if (s.type === 'object') return s.structType === 'atomic';
  if (s.type === 'map') return s.mapType === 'atomic';
  if (s.type === 'array') return listRelation(s).kind === 'atomic';
  return false;
}

/**
 * Nodes of declared schemas, made once: every write visits one per value it holds, and a fresh
 * node object each time was a measurable share of a create's garbage.
 */
const nodes = new WeakMap<Schema, Node>();
const ATOMIC_UNKNOWN: Node = { kind: 'atomic', schema: undefined };
const RAW_MAP: Node = { kind: 'map', values: RAW };

/** The node of a schema for a given value (the value only matters for `raw`). */
export function nodeOf(schema: Schema | undefined, value: JsonValue | undefined): Node {
  if (!schema) return ATOMIC_UNKNOWN;
  if (schema.type === 'raw') {
    if (isObject(value)) return RAW_MAP;
    return Array.isArray(value) ? { kind: 'atomic', schema } : { kind: 'scalar', schema };
  }
  let node = nodes.get(schema);
  if (!node) {
    node = declaredNode(schema);
    nodes.set(schema, node);
  }
  return node;
}

function declaredNode(schema: Schema): Node {
  switch (schema.type) {
    case 'object':
      return schema.structType === 'atomic' ? { kind: 'atomic', schema } : { kind: 'struct', schema };
    case 'map':
      return schema.mapType === 'atomic' ? { kind: 'atomic', schema } : { kind: 'map', values: schema.values };
    case 'array': {
      const rel = listRelation(schema);
      if (rel.kind === 'atomic') return { kind: 'atomic', schema };
      return rel.kind === 'set' ? { kind: 'set', items: schema.items } : { kind: 'keyed', items: schema.items, keys: rel.keys };
    }
    default:
      return { kind: 'scalar', schema };
  }
}

/** The schema of a struct field or map value; undefined for a field the struct does not declare. */
export function childSchema(node: Node, key: string): Schema | undefined {
  if (node.kind === 'struct') return fieldOf(node.schema, key)?.schema ?? node.schema.unknownFields;
  if (node.kind === 'map') return node.values;
  return undefined;
}

/** Whether `key` is a declared field of a struct (not a map key). */
export function isNamedField(node: Node, key: string): boolean {
  return node.kind === 'struct' && fieldOf(node.schema, key) !== undefined;
}

/** The element that identifies a list item, or the reason it cannot be identified. */
export function itemElement(node: Node & { kind: 'set' | 'keyed' }, item: JsonValue): PathElement | string {
  if (node.kind === 'keyed') {
    if (item === null) return 'associative list with keys may not have a null element';
    if (!isObject(item)) return 'associative list with keys may not have non-map elements';
    const fields = [];
    for (const name of node.keys) {
      if (Object.hasOwn(item, name)) {
        fields.push({ name, value: item[name] });
        continue;
      }
      // A key field with a default may be left out (ContainerPort.protocol defaults to TCP).
      const def = node.items.type === 'object' ? fieldOf(node.items, name)?.default : undefined;
      if (def === undefined)
        return `associative list with keys has an element that omits key field ${JSON.stringify(name)} (and doesn't have default value)`;
      fields.push({ name, value: def as JsonValue });
    }
    return keyElement(fields);
  }
  if (isObject(item)) return "associative list without keys has an element that's a map type";
  if (Array.isArray(item)) return 'not supported: associative list with lists as elements';
  if (item === null) return "associative list without keys has an element that's an explicit null";
  return valueElement(item);
}

/** The items of a set or map list by element; a repeated element keeps its first occurrence. */
export interface IndexedList {
  /** Distinct elements in list order. */
  readonly order: { readonly pe: PathElement; readonly token: string }[];
  readonly byToken: Map<string, JsonValue>;
}

/** Indexes a list value (anything that is not a list indexes as empty; unidentifiable items are skipped). */
export function indexList(node: Node & { kind: 'set' | 'keyed' }, list: JsonValue | undefined): IndexedList {
  const out: IndexedList = { order: [], byToken: new Map() };
  if (!Array.isArray(list)) return out;
  for (const item of list) {
    const pe = itemElement(node, item);
    if (typeof pe === 'string') continue;
    const token = elementToken(pe);
    if (out.byToken.has(token)) continue;
    out.byToken.set(token, item);
    out.order.push({ pe, token });
  }
  return out;
}
