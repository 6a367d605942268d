/**
 * `omitManagedFields`: the objects an audit event carries lose `metadata.managedFields`, as the
 * real audit copies them — an object, each item of a list, each row's object of a Table. Anything
 * else (a patch document, a Status) is left as it is.
 */
import type { JsonObject } from '../util/json.ts';

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function objectWithout(obj: JsonObject): JsonObject {
  const meta = obj.metadata;
  if (!isObject(meta) || !('managedFields' in meta)) return obj;
  const { managedFields: _, ...rest } = meta;
  return { ...obj, metadata: rest };
}

/** A copy of `value` without managed fields (the same value when it has none). */
export function withoutManagedFields(value: unknown): unknown {
  if (!isObject(value)) return value;
  if (value.kind === 'Table' && Array.isArray(value.rows)) {
    return {
      ...value,
      rows: value.rows.map((row) => (isObject(row) && isObject(row.object) ? { ...row, object: objectWithout(row.object) } : row)),
    };
  }
  if (Array.isArray(value.items)) return { ...value, items: value.items.map((i) => (isObject(i) ? objectWithout(i) : i)) };
  return objectWithout(value);
}
