/** Checks the kind validators share: semantic equality, immutable fields, base64 helpers. */
import { fieldErrors, type FieldError } from '../../errors/field-error.ts';
import { isObject } from '../../util/json.ts';

/**
 * Equality as the real platform's semantic comparison sees it: a missing member, `null`, an
 * empty list and an empty map are all the same (Go's nil and empty slices compare equal). It takes
 * `unknown` because the kinds compare their typed objects (a typed spec is no JsonValue to the
 * compiler).
 */
export function semanticEqual(a: unknown, b: unknown): boolean {
  const ea = isEmpty(a);
  const eb = isEmpty(b);
  if (ea || eb) return ea && eb;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => semanticEqual(x, b[i]));
  }
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) if (!semanticEqual(a[k], b[k])) return false;
    return true;
  }
  return a === b;
}

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || (Array.isArray(v) && v.length === 0) || (isObject(v) && Object.keys(v).length === 0);
}

/** `field is immutable` (apimachinery's ValidateImmutableField) when the value changed. */
export function immutable(path: string, now: unknown, before: unknown): FieldError[] {
  return semanticEqual(now, before) ? [] : [fieldErrors.invalid(path, now ?? null, 'field is immutable')];
}

/** The UTF-8 bytes of base64 text (the JSON form of `[]byte`). */
export function base64Bytes(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** Base64 text of a string's UTF-8 bytes. */
export function utf8Base64(text: string): string {
  let bin = '';
  for (const b of new TextEncoder().encode(text)) bin += String.fromCharCode(b);
  return btoa(bin);
}
