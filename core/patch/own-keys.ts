/**
 * Own-property access for JSON objects. A key like `__proto__` or `constructor` is ordinary data
 * in JSON; plain `obj[k]` reads inherited members and `obj[k] = v` can replace the prototype.
 */
import type { JsonObject, JsonValue } from '../util/json.ts';

export function hasOwn(obj: JsonObject, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

export function getOwn(obj: JsonObject, key: string): JsonValue | undefined {
  return hasOwn(obj, key) ? obj[key] : undefined;
}

export function setOwn(obj: JsonObject, key: string, value: JsonValue): void {
  Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
}

/** Deep copy of JSON data that keeps every key as data (see `setOwn`). */
export function cloneJson<T extends JsonValue>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((v) => cloneJson(v)) as T;
  const out: JsonObject = {};
  for (const k of Object.keys(value)) setOwn(out, k, cloneJson((value as JsonObject)[k]));
  return out as T;
}
