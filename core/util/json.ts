/** JSON value helpers shared by every layer of core. */

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const ak = Object.keys(ao);
  if (ak.length !== Object.keys(bo).length) return false;
  for (const k of ak) {
    if (!Object.hasOwn(bo, k) || !deepEqual(ao[k], bo[k])) return false;
  }
  return true;
}

/**
 * Sets an own property. A key named `__proto__` is data in JSON (and a valid ConfigMap key), but
 * plain assignment would set the object's prototype and lose it.
 */
export function setOwn<T>(o: Record<string, T>, k: string, v: T): void {
  if (k === '__proto__') Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  else o[k] = v;
}

/** Structured clone for plain JSON data (faster than structuredClone for small trees). */
export function clone<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(clone) as T;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value)) setOwn(out, k, clone((value as Record<string, unknown>)[k]));
  return out as T;
}

/** Go's %q-like quoting, which the real platform uses in messages. */
export function quote(s: string): string {
  return JSON.stringify(s);
}

/** Bytes of a string in UTF-8, without encoding it. */
export function utf8Length(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 2; // a surrogate pair: 4 bytes for its 2 code units
      i++;
    } else n += 2;
  }
  return n;
}

/**
 * V8's JSON.stringify returns a rope (a tree of concatenated parts) that costs several times its
 * text in memory while it lives; converting it to a number forces V8 to flatten it in place. Used
 * for text that is kept (stored objects), not for text that is sent and dropped.
 */
export function flatText(s: string): string {
  Number(s);
  return s;
}
