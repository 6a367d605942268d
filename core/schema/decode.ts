/**
 * Decoding of a JSON value against a schema, as the real platform's typed decoder does it:
 * type mismatches are errors worded like Go's (`json: cannot unmarshal number into Go struct
 * field ConfigMap.data of type string`), unknown fields are dropped and reported, and the result
 * is canonical: fields in declaration order, map keys sorted, Go `omitempty` rules applied (zero
 * scalars left out, non-pointer structs always present), times normalized, defaults filled.
 */
import { isObject, setOwn, type JsonObject, type JsonValue } from '../util/json.ts';
import { formatMicroTime, formatTime, parseTime } from '../util/time.ts';
import { canonicalQuantity } from './quantity.ts';
import { goStructName, goTypeName } from './go-names.ts';
import { fieldIndex, jsonFields } from './index-fields.ts';
import type { FieldSpec, ObjectSchema, Schema } from './types.ts';

export interface DecodeOptions {
  /** Fill declared defaults into absent (or, for non-pointer fields, zero) fields. */
  readonly defaults?: boolean;
  /** Collect unknown-field paths (they are always dropped). */
  readonly collectUnknown?: boolean;
}

export interface DecodeResult {
  readonly value: JsonObject;
  /** Paths of dropped unknown fields, e.g. `spec.foo`, `spec.containers[0].bar`. */
  readonly unknownFields: string[];
}

/** A value whose JSON type does not fit the schema. `message` is the Go decoder's text. */
export class DecodeError extends Error {}

interface Ctx {
  readonly defaults: boolean;
  readonly unknown: string[] | undefined;
  /**
   * The fast pass builds no paths (most inputs are valid and have no unknown fields); it only
   * notes that it met an unknown field, and the full pass runs again when paths are needed.
   */
  readonly paths: boolean;
  sawUnknown: boolean;
}

/** Thrown by the fast pass: the full pass will produce the real error with its paths. */
const RETRY_WITH_PATHS = new Error('retry with paths');

const CANONICAL_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\dZ$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

export function decodeObject(input: unknown, schema: ObjectSchema, opts: DecodeOptions = {}): DecodeResult {
  if (!isObject(input)) {
    throw new DecodeError(`json: cannot unmarshal ${jsonKind(input)} into Go value of type ${goTypeName(schema)}`);
  }
  const fast: Ctx = { defaults: opts.defaults ?? false, unknown: undefined, paths: false, sawUnknown: false };
  try {
    const value = decodeStruct(input, schema, fast, '', '', '');
    if (!(fast.sawUnknown && opts.collectUnknown)) return { value, unknownFields: [] };
  } catch (err) {
    if (err !== RETRY_WITH_PATHS) throw err;
  }
  const unknown: string[] = [];
  const full: Ctx = {
    defaults: opts.defaults ?? false,
    unknown: opts.collectUnknown ? unknown : undefined,
    paths: true,
    sawUnknown: false,
  };
  const value = decodeStruct(input, schema, full, '', '', goStructName(schema.name));
  return { value, unknownFields: unknown };
}

/** Decodes any value against any schema (used by patch and apply on sub-trees). */
export function decodeValue(input: unknown, schema: Schema, opts: DecodeOptions = {}): JsonValue | undefined {
  const ctx: Ctx = { defaults: opts.defaults ?? false, unknown: undefined, paths: true, sawUnknown: false };
  return decode(input, schema, ctx, '', '', '');
}

function jsonKind(v: unknown): string {
  if (typeof v === 'string') return 'string';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'boolean') return 'bool';
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  return 'object';
}

function typeError(ctx: Ctx, v: unknown, schema: Schema, goPath: string, goStruct: string, literal = false): Error {
  if (!ctx.paths) return RETRY_WITH_PATHS;
  const what = literal && typeof v === 'number' ? `number ${v}` : jsonKind(v);
  const target = goStruct ? `Go struct field ${goStruct}.${goPath}` : 'Go value';
  return new DecodeError(`json: cannot unmarshal ${what} into ${target} of type ${goTypeName(schema)}`);
}

function child(path: string, name: string): string {
  return path ? `${path}.${name}` : name;
}

function decodeStruct(input: JsonObject, schema: ObjectSchema, ctx: Ctx, path: string, goPath: string, goStruct: string): JsonObject {
  const index = fieldIndex(schema);
  const decoded: Record<string, JsonValue | undefined> = {};
  const paths = ctx.paths;
  const innerStruct = paths ? goStructName(schema.name) : '';
  for (const key of Object.keys(input)) {
    const resolved = index.get(key);
    if (!resolved) {
      ctx.sawUnknown = true;
      ctx.unknown?.push(child(path, key));
      continue;
    }
    decoded[key] = paths
      ? decode(input[key], resolved.spec.schema, ctx, child(path, key), child(goPath, key), innerStruct)
      : decode(input[key], resolved.spec.schema, ctx, '', '', '');
  }
  const out: JsonObject = {};
  for (const { spec } of jsonFields(schema)) {
    const v = paths
      ? finishField(spec, decoded[spec.name], ctx, child(path, spec.name), child(goPath, spec.name), innerStruct)
      : finishField(spec, decoded[spec.name], ctx, '', '', '');
    if (v !== undefined) out[spec.name] = v;
  }
  void goStruct;
  return out;
}

/** Applies defaults and Go's omitempty/pointer output rules to one decoded field value. */
function finishField(
  spec: FieldSpec,
  v: JsonValue | undefined,
  ctx: Ctx,
  path: string,
  goPath: string,
  goStruct: string,
): JsonValue | undefined {
  const s = spec.schema;
  if (ctx.defaults && spec.default !== undefined && (v === undefined || (!spec.pointer && isZero(v, s)))) {
    v = decode(structuredClone(spec.default), s, ctx, path, goPath, goStruct);
  }
  if (v === undefined) {
    // A nil pointer is left out, unless Go writes it (no omitempty): then it is null.
    if (spec.pointer) return spec.omitEmpty === false ? null : undefined;
    if (s.type === 'object') return decodeStruct({}, s, ctx, path, goPath, goStruct);
    // Go's omitempty never drops a struct: Time, RawExtension, IntOrString and Quantity values always appear.
    if (spec.omitEmpty === false || s.type === 'time' || s.type === 'raw' || s.type === 'int-or-string' || s.type === 'quantity')
      return zeroJson(s);
    return undefined;
  }
  if (!spec.pointer && spec.omitEmpty !== false && isZero(v, s)) return undefined;
  return v;
}

/** The JSON Go writes for a zero value of a non-omitempty field. */
function zeroJson(s: Schema): JsonValue {
  switch (s.type) {
    case 'string':
      return '';
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'int-or-string':
      return 0;
    case 'quantity':
      return '0';
    default:
      return null; // nil slice, nil map, zero Time, nil RawExtension
  }
}

export function isZero(v: JsonValue | undefined, s: Schema): boolean {
  if (v === undefined || v === null) return true;
  switch (s.type) {
    case 'string':
    case 'bytes':
      return v === '';
    case 'integer':
    case 'number':
      return v === 0;
    case 'boolean':
      return v === false;
    case 'array':
      return Array.isArray(v) && v.length === 0;
    case 'map':
      return isObject(v) && Object.keys(v).length === 0;
    default:
      return false; // structs (object, time, int-or-string, quantity, raw) are never "empty" to Go
  }
}

function decode(v: unknown, s: Schema, ctx: Ctx, path: string, goPath: string, goStruct: string): JsonValue | undefined {
  if (v === null || v === undefined) return undefined;
  switch (s.type) {
    case 'string':
      if (typeof v !== 'string') throw typeError(ctx, v, s, goPath, goStruct);
      return v;
    case 'integer': {
      if (typeof v !== 'number') throw typeError(ctx, v, s, goPath, goStruct);
      const ok =
        Number.isInteger(v) && (s.format === 'int64' ? Number.isSafeInteger(v) || Math.abs(v) < 2 ** 63 : v >= INT32_MIN && v <= INT32_MAX);
      if (!ok) throw typeError(ctx, v, s, goPath, goStruct, true);
      return v;
    }
    case 'number':
      if (typeof v !== 'number') throw typeError(ctx, v, s, goPath, goStruct);
      return v;
    case 'boolean':
      if (typeof v !== 'boolean') throw typeError(ctx, v, s, goPath, goStruct);
      return v;
    case 'bytes': {
      if (typeof v !== 'string') throw typeError(ctx, v, s, goPath, goStruct);
      if (!BASE64.test(v)) throw new DecodeError(`illegal base64 data at input byte ${badBase64Offset(v)}`);
      return v;
    }
    case 'time': {
      if (typeof v !== 'string') throw typeError(ctx, v, s, goPath, goStruct);
      // Already canonical (the common case: stored objects, server-set times): nothing to redo.
      if (s.precision === 'second' && CANONICAL_TIME.test(v)) return v;
      const t = parseTime(v);
      if (!t) {
        throw new DecodeError(
          `parsing time ${JSON.stringify(v)} as "2006-01-02T15:04:05Z07:00": cannot parse ${JSON.stringify(v)} as "2006"`,
        );
      }
      return s.precision === 'micro' ? formatMicroTime(t.ms, t.micros) : formatTime(t.ms);
    }
    case 'int-or-string':
      if (typeof v === 'string') return v;
      if (typeof v === 'number' && Number.isInteger(v) && v >= INT32_MIN && v <= INT32_MAX) return v;
      throw typeError(ctx, v, s, goPath, goStruct, typeof v === 'number');
    case 'quantity': {
      if (typeof v !== 'string' && typeof v !== 'number') throw typeError(ctx, v, s, goPath, goStruct);
      const q = canonicalQuantity(String(v));
      if (q === undefined)
        throw new DecodeError("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
      return q;
    }
    case 'raw':
      return v as JsonValue;
    case 'object':
      if (!isObject(v)) throw typeError(ctx, v, s, goPath, goStruct);
      return decodeStruct(v, s, ctx, path, goPath, goStruct);
    case 'array': {
      if (!Array.isArray(v)) throw typeError(ctx, v, s, goPath, goStruct);
      const items = s.items;
      const out: JsonValue[] = new Array(v.length);
      for (let i = 0; i < v.length; i++) {
        const p = ctx.paths ? `${path}[${i}]` : '';
        const d = decode(v[i], items, ctx, p, goPath, goStruct);
        out[i] = d === undefined ? elementZero(items, ctx, p, goPath, goStruct) : d;
      }
      return out;
    }
    case 'map': {
      if (!isObject(v)) throw typeError(ctx, v, s, goPath, goStruct);
      const keys = sortedKeys(v);
      const out: JsonObject = {};
      for (const k of keys) {
        const p = ctx.paths ? `${path}[${k}]` : '';
        const d = decode(v[k], s.values, ctx, p, goPath, goStruct);
        setOwn(out, k, d === undefined ? elementZero(s.values, ctx, p, goPath, goStruct) : d);
      }
      return out;
    }
  }
}

/**
 * A map's keys in the order Go writes them. Most maps arrive sorted (a canonical object decoded
 * again always does), and sorting an array allocates even then: the check is a pass of compares.
 */
function sortedKeys(v: JsonObject): string[] {
  const keys = Object.keys(v);
  for (let i = 1; i < keys.length; i++) if (keys[i - 1] > keys[i]) return keys.sort();
  return keys;
}

/** A `null` list element or map value decodes to the element type's zero value, as in Go. */
function elementZero(s: Schema, ctx: Ctx, path: string, goPath: string, goStruct: string): JsonValue {
  if (s.type === 'object') return decodeStruct({}, s, ctx, path, goPath, goStruct);
  return zeroJson(s);
}

function badBase64Offset(v: string): number {
  const m = /[^A-Za-z0-9+/=]/.exec(v);
  if (m) return m.index;
  const eq = v.indexOf('=');
  if (eq >= 0 && eq < v.length - 2) return eq;
  return Math.floor(v.length / 4) * 4;
}
