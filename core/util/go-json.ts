/**
 * JSON as Go's encoding/json writes it, where the real platform hashes or compares those bytes
 * (FieldsV1 keys, managed-fields entries, StatefulSet revision names): map keys sorted in Go's
 * order, `<`, `>`, `&`, U+2028 and U+2029 escaped.
 */
import { compareStrings } from './compare.ts';
import { isObject } from './json.ts';

/**
 * Members that are `undefined` are left out and `undefined` in a list is `null`, as
 * `JSON.stringify` does, so a typed object with unset optional fields encodes as the wire has it.
 */
export function goJson(v: unknown): string {
  if (typeof v === 'string') return goString(v);
  if (v === undefined) return 'null';
  if (Array.isArray(v)) return `[${v.map(goJson).join(',')}]`;
  if (isObject(v)) {
    const parts: string[] = [];
    for (const k of Object.keys(v).sort(compareStrings)) {
      if (v[k] !== undefined) parts.push(`${goString(k)}:${goJson(v[k])}`);
    }
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(v);
}

/** A JSON string as Go writes it. */
export function goString(s: string): string {
  return JSON.stringify(s).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
