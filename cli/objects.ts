/** Objects as the client handles them: untyped JSON, since any kind the server serves may come. */

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export interface JsonObject {
  apiVersion?: string;
  kind?: string;
  metadata?: Metadata;
  [key: string]: unknown;
}

export interface Metadata {
  name?: string;
  generateName?: string;
  namespace?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  resourceVersion?: string;
  uid?: string;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  managedFields?: unknown[];
  [key: string]: unknown;
}

export function metaOf(obj: JsonObject): Metadata {
  return (obj.metadata ?? {}) as Metadata;
}

/** A deep copy with every object's keys sorted, as the real client prints unstructured objects. */
export function sortedKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => sortedKeys(v)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value).sort()) out[k] = sortedKeys((value as Record<string, unknown>)[k]);
    return out as T;
  }
  return value;
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Removes `metadata.managedFields` (printing hides them unless --show-managed-fields). */
export function withoutManagedFields(obj: JsonObject): JsonObject {
  if (!obj.metadata?.managedFields) {
    if (Array.isArray(obj.items)) return { ...obj, items: obj.items.map((i) => withoutManagedFields(i as JsonObject)) };
    return obj;
  }
  const { managedFields: _omit, ...metadata } = obj.metadata;
  return { ...obj, metadata };
}
