/**
 * Go's `%v` rendering of decoded JSON, for error messages worded like the real platform's
 * (`map: map[name:a] does not contain declared merge key: name`).
 */
import { compareStrings } from '../util/compare.ts';
import { isObject, type JsonValue } from '../util/json.ts';

export function goValue(v: JsonValue | undefined): string {
  if (v === null || v === undefined) return '<nil>';
  if (Array.isArray(v)) return `[${v.map(goValue).join(' ')}]`;
  if (isObject(v)) {
    const keys = Object.keys(v).sort(compareStrings); // fmt prints map keys in Go's string order
    return `map[${keys.map((k) => `${k}:${goValue(v[k])}`).join(' ')}]`;
  }
  if (typeof v === 'number') return goNumber(v);
  return String(v);
}

/** Go formats float64 with %v as the shortest form, switching to exponents at 1e21 like `e+21`. */
function goNumber(n: number): string {
  const s = String(n);
  return s.replace(/e([+-])(\d)$/, 'e$10$2');
}

/** The Go type a JSON value decodes to (the platform's decoder keeps integers as int64). */
export function goType(v: JsonValue | undefined): string {
  if (v === null || v === undefined) return '<nil>';
  if (Array.isArray(v)) return '[]interface {}';
  if (isObject(v)) return 'map[string]interface {}';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int64' : 'float64';
  return typeof v === 'string' ? 'string' : 'bool';
}

/** The JSON kind as encoding/json names it in "cannot unmarshal X into ...". */
export function jsonKind(v: JsonValue | undefined): string {
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) return 'array';
  if (isObject(v)) return 'object';
  return typeof v;
}
