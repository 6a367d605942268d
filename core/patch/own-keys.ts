/**
 * Own-property access for JSON objects. A key like `__proto__` or `constructor` is ordinary data
 * in JSON; plain `obj[k]` reads inherited members and `obj[k] = v` can replace the prototype.
 */
import type { JsonObject, JsonValue } from '../util/json.ts';

export function hasOwn(obj: JsonObject, key: string): boolean {
  return Object.hasOwn(obj, key);
}

export function getOwn(obj: JsonObject, key: string): JsonValue | undefined {
  return hasOwn(obj, key) ? obj[key] : undefined;
}
