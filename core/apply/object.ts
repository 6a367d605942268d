/** Small helpers on whole objects shared by update and apply. */
import { decodeObject } from '../schema/decode.ts';
import type { ObjectSchema } from '../schema/types.ts';
import { isObject, type JsonObject } from '../util/json.ts';
import { FieldSet } from './field-set.ts';
import { fieldPath } from './path.ts';

/** `obj.metadata`, created if missing. */
export function metadataOf(obj: JsonObject): JsonObject {
  if (!isObject(obj.metadata)) obj.metadata = {};
  return obj.metadata as JsonObject;
}

/**
 * A view without `metadata.managedFields`, which never take part in comparisons. Shallow: the
 * comparisons only read, so only the two levels on the way to the removed field are copied.
 */
export function withoutManagedFields(obj: JsonObject): JsonObject {
  if (!isObject(obj.metadata) || !('managedFields' in obj.metadata)) return obj;
  const { managedFields: _omit, ...metadata } = obj.metadata;
  return { ...obj, metadata };
}

/**
 * The object a create starts from: the type's zero value as Go writes it (structs present and
 * empty, non-omitempty fields at zero), so that what a create sets is compared with nothing.
 */
const zeros = new WeakMap<ObjectSchema, JsonObject>();

/** Shared and never modified: callers only compare against it. */
export function zeroObject(schema: ObjectSchema): JsonObject {
  let z = zeros.get(schema);
  if (!z) {
    z = decodeObject({}, schema).value;
    zeros.set(schema, z);
  }
  return z;
}

/** Field-name paths (`[['status']]`) as a set; undefined when there are none. */
export function pathsToSet(paths: readonly (readonly string[])[] | undefined): FieldSet | undefined {
  if (!paths?.length) return undefined;
  return FieldSet.of(...paths.map((p) => fieldPath(...p)));
}

/** Writes the encoded entries, or removes the field when there are none. */
export function setManagedFields(obj: JsonObject, entries: JsonObject[]): void {
  const meta = metadataOf(obj);
  if (entries.length) meta.managedFields = entries;
  else delete meta.managedFields;
}
