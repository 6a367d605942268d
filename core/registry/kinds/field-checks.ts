/**
 * Small readers and checks the kind validators share. Validators see decoded objects whose
 * shape the schema already guarantees, so these only need to tolerate absent members.
 */
import { fieldErrors, type FieldError } from '../../errors/field-error.ts';
import { isObject, type JsonObject, type JsonValue } from '../../util/json.ts';

export function objAt(v: JsonValue | undefined): JsonObject | undefined {
  return isObject(v) ? v : undefined;
}

export function listAt(v: JsonValue | undefined): JsonValue[] {
  return Array.isArray(v) ? v : [];
}

export function stringsAt(v: JsonValue | undefined): string[] {
  return listAt(v).filter((x): x is string => typeof x === 'string');
}

export function textAt(v: JsonValue | undefined): string {
  return typeof v === 'string' ? v : '';
}

export function numberAt(v: JsonValue | undefined): number | undefined {
  return typeof v === 'number' ? v : undefined;
}

/** Present and not JSON null: what a Go pointer being non-nil looks like after decoding. */
export function isSet(v: JsonValue | undefined): boolean {
  return v !== undefined && v !== null;
}

/**
 * Equality as the real platform's semantic comparison sees it: a missing member, `null`, an
 * empty list and an empty map are all the same (Go's nil and empty slices compare equal).
 */
export function semanticEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
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

function isEmpty(v: JsonValue | undefined): boolean {
  return v === undefined || v === null || (Array.isArray(v) && v.length === 0) || (isObject(v) && Object.keys(v).length === 0);
}

/** `field is immutable` (apimachinery's ValidateImmutableField) when the value changed. */
export function immutable(path: string, now: JsonValue | undefined, before: JsonValue | undefined): FieldError[] {
  return semanticEqual(now, before) ? [] : [fieldErrors.invalid(path, now ?? null, 'field is immutable')];
}

/** Conditions keyed by `type`: each needs a type, and a type appears once. */
export function validateConditionTypes(conditions: JsonValue | undefined, path: string, missingTypeDetail = ''): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  listAt(conditions).forEach((c, i) => {
    const type = textAt(objAt(c)?.type);
    if (seen.has(type)) errs.push(fieldErrors.duplicate(`${path}[${i}].type`, type));
    seen.add(type);
    if (!type) errs.push(fieldErrors.required(`${path}[${i}].type`, missingTypeDetail));
  });
  return errs;
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
