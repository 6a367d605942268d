/**
 * A custom resource against its version's OpenAPI schema, with the real platform's paths and
 * messages (`spec.replicas: Invalid value: "string": spec.replicas in body must be of type
 * integer: "string"`). The resource's `apiVersion`, `kind` and `metadata` are ObjectMeta's
 * business, except that a root schema may constrain `metadata.name`.
 *
 * On update (CRDValidationRatcheting, beta and on in v1.32) a value that did not change keeps
 * its errors to itself, so a schema tightened after objects were stored does not block every
 * later write of them. "Did not change" follows the stored object down the schema: object
 * fields by name, `map` list items by their keys; `set`, `atomic` and unmarked lists only as a
 * whole. The list-type uniqueness rules are checked on update only if the stored object kept them.
 */
import { fieldErrors, type FieldError } from '../errors/field-error.ts';
import { deepEqual, isObject, type JsonObject, type JsonValue } from '../util/json.ts';
import { checkFormat } from './formats.ts';
import {
  additionalSchemaOf,
  extension,
  isEmbedded,
  isIntOrString,
  itemsOf,
  propertiesOf,
  stringList,
  typeOf,
  type SchemaProps,
} from './schema-props.ts';

const join = (path: string, key: string): string => (path ? `${path}.${key}` : key);

/**
 * The value a new value is compared with on update: the stored one at the same place, or
 * undefined where nothing stored corresponds (a create, a new field, an item of a list that is
 * not a `map`), and the value is checked in full.
 */
type Old = JsonValue | undefined;

/** Schema and list-type errors of a written object; `old` (the stored object, on update) ratchets them. */
export function validateCustomResource(obj: JsonObject, schema: SchemaProps, old?: JsonObject): FieldError[] {
  return [...validateAgainstSchema(obj, schema, old), ...validateListTypes(obj, schema, old)];
}

/** The schema's own errors; with `old`, those of values equal to their stored counterparts are dropped. */
export function validateAgainstSchema(obj: JsonObject, schema: SchemaProps, old?: JsonObject): FieldError[] {
  const errs: FieldError[] = [];
  resource(obj, schema, '', errs, old);
  return errs;
}

/** The value of `path` (a property of the root) against its schema, as the status subresource checks `status`. */
export function validateProperty(v: JsonValue, schema: SchemaProps, path: string): FieldError[] {
  const errs: FieldError[] = [];
  value(v, schema, path, errs, undefined);
  return errs;
}

function resource(obj: JsonObject, s: SchemaProps, path: string, errs: FieldError[], old: Old): void {
  const nameSchema = propertiesOf(propertiesOf(s)?.metadata ?? {})?.name;
  const meta = obj.metadata;
  if (nameSchema && isObject(meta) && typeof meta.name === 'string') {
    const oldMeta = isObject(old) ? old.metadata : undefined;
    const oldName = isObject(oldMeta) && Object.hasOwn(oldMeta, 'name') ? oldMeta.name : undefined;
    value(meta.name, nameSchema, join(path, 'metadata.name'), errs, oldName);
  }
  object(obj, s, path, errs, true, old);
}

/** The JSON type name the real validator reports for a value. */
function jsonType(v: JsonValue): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function typeMatches(v: JsonValue, type: string): boolean {
  switch (type) {
    case 'object':
      return isObject(v);
    case 'array':
      return Array.isArray(v);
    case 'string':
      return typeof v === 'string';
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'number':
      return typeof v === 'number';
    case 'boolean':
      return typeof v === 'boolean';
    default:
      return true;
  }
}

/** One value against its schema; with a correlated old value, its errors go if it did not change. */
function value(v: JsonValue, s: SchemaProps, path: string, errs: FieldError[], old: Old): void {
  const start = errs.length;
  check(v, s, path, errs, old);
  if (old !== undefined && errs.length > start && unchanged(v, old, s)) errs.length = start;
}

function check(v: JsonValue, s: SchemaProps, path: string, errs: FieldError[], old: Old): void {
  if (v === null) {
    if (s.nullable === true) return;
    const type = typeOf(s);
    if (type) errs.push(fieldErrors.typeInvalid(path, 'null', `${path} in body must be of type ${type}: "null"`));
    return;
  }
  const type = typeOf(s);
  if (isIntOrString(s)) {
    if (typeof v !== 'string' && !(typeof v === 'number' && Number.isInteger(v))) {
      errs.push(fieldErrors.typeInvalid(path, jsonType(v), `${path} in body must be of type integer,string: "${jsonType(v)}"`));
      return;
    }
  } else if (type && !typeMatches(v, type)) {
    errs.push(fieldErrors.typeInvalid(path, jsonType(v), `${path} in body must be of type ${type}: "${jsonType(v)}"`));
    return;
  }
  const before = errs.length;
  scalarRules(v, s, path, errs);
  if (Array.isArray(v)) array(v, s, path, errs, old);
  else if (isObject(v)) {
    if (isEmbedded(s)) {
      // An embedded object names its kind, as a resource does.
      for (const k of ['apiVersion', 'kind'])
        if (typeof v[k] !== 'string' || v[k] === '') errs.push(fieldErrors.required(join(path, k), 'must not be empty'));
      resource(v, s, path, errs, old);
    } else object(v, s, path, errs, false, old);
  }
  if (errs.length === before) combinators(v, s, path, errs, old);
}

function scalarRules(v: JsonValue, s: SchemaProps, path: string, errs: FieldError[]): void {
  if (Array.isArray(s.enum) && !s.enum.some((e) => deepEqual(e, v))) {
    errs.push(
      fieldErrors.notSupported(
        path,
        v,
        s.enum.map((e) => (typeof e === 'string' ? e : JSON.stringify(e))),
      ),
    );
  }
  if (typeof v === 'number') numberRules(v, s, path, errs);
  if (typeof v === 'string') stringRules(v, s, path, errs);
}

function numberRules(v: number, s: SchemaProps, path: string, errs: FieldError[]): void {
  if (typeof s.maximum === 'number') {
    if (s.exclusiveMaximum === true ? v >= s.maximum : v > s.maximum) {
      const word = s.exclusiveMaximum === true ? 'less than' : 'less than or equal to';
      errs.push(fieldErrors.invalid(path, v, `${path} in body should be ${word} ${s.maximum}`));
    }
  }
  if (typeof s.minimum === 'number') {
    if (s.exclusiveMinimum === true ? v <= s.minimum : v < s.minimum) {
      const word = s.exclusiveMinimum === true ? 'greater than' : 'greater than or equal to';
      errs.push(fieldErrors.invalid(path, v, `${path} in body should be ${word} ${s.minimum}`));
    }
  }
  if (typeof s.multipleOf === 'number' && s.multipleOf > 0) {
    const q = v / s.multipleOf;
    if (Math.abs(q - Math.round(q)) > 1e-9)
      errs.push(fieldErrors.invalid(path, v, `${path} in body should be a multiple of ${s.multipleOf}`));
  }
}

/** Characters as Go counts a string's length in the validator (runes). */
const runes = (v: string): number => [...v].length;

function stringRules(v: string, s: SchemaProps, path: string, errs: FieldError[]): void {
  if (typeof s.maxLength === 'number' && runes(v) > s.maxLength) {
    errs.push({ type: 'FieldValueTooLong', field: path, badValue: v, detail: `may not be longer than ${s.maxLength}` });
  }
  if (typeof s.minLength === 'number' && runes(v) < s.minLength) {
    errs.push(fieldErrors.invalid(path, v, `${path} in body should be at least ${s.minLength} chars long`));
  }
  if (typeof s.pattern === 'string') {
    const re = compilePattern(s.pattern);
    if (re && !re.test(v)) errs.push(fieldErrors.invalid(path, v, `${path} in body should match '${s.pattern}'`));
  }
  if (typeof s.format === 'string') {
    const ok = checkFormat(s.format, v);
    if (!ok) errs.push(fieldErrors.invalid(path, v, `${path} in body must be of type ${s.format}: ${JSON.stringify(v)}`));
  }
}

const patterns = new Map<string, RegExp | null>();

/** ECMA-262 patterns (as OpenAPI says); one that does not compile was refused with its CRD. */
export function compilePattern(p: string): RegExp | null {
  let re = patterns.get(p);
  if (re === undefined) {
    try {
      re = new RegExp(p, 'u');
    } catch {
      try {
        re = new RegExp(p);
      } catch {
        re = null;
      }
    }
    patterns.set(p, re);
  }
  return re;
}

function array(v: JsonValue[], s: SchemaProps, path: string, errs: FieldError[], old: Old): void {
  if (typeof s.maxItems === 'number' && v.length > s.maxItems) errs.push(fieldErrors.tooMany(path, v.length, s.maxItems));
  if (typeof s.minItems === 'number' && v.length < s.minItems) {
    errs.push(fieldErrors.invalid(path, v.length, `${path} in body should have at least ${s.minItems} items`));
  }
  const items = itemsOf(s);
  if (!items) return;
  const oldItem = correlateItems(s, old);
  for (let i = 0; i < v.length; i++) value(v[i], items, `${path}[${i}]`, errs, oldItem(v[i]));
}

const listTypeOf = (s: SchemaProps): JsonValue | undefined => extension(s, 'list-type');

/**
 * The stored item a new item of a list is compared with: only `map` lists have one (the first
 * stored item with the same key values); items of other lists change with their list.
 */
function correlateItems(s: SchemaProps, old: Old): (item: JsonValue) => Old {
  if (listTypeOf(s) !== 'map' || !Array.isArray(old)) return () => undefined;
  const keys = stringList(extension(s, 'list-map-keys'));
  if (!keys.length) return () => undefined;
  const byKey = new Map<string, JsonValue>();
  for (const item of old) {
    const k = mapKeyOf(item, keys);
    if (k !== undefined && !byKey.has(k)) byKey.set(k, item);
  }
  return (item) => {
    const k = mapKeyOf(item, keys);
    return k === undefined ? undefined : byKey.get(k);
  };
}

/** A `map` list item's key: all key fields present and scalar, or none. */
function mapKeyOf(item: JsonValue, keys: readonly string[]): string | undefined {
  if (!isObject(item)) return undefined;
  const values: JsonValue[] = [];
  for (const k of keys) {
    const v = item[k];
    if (!Object.hasOwn(item, k) || v === null || typeof v === 'object') return undefined;
    values.push(v);
  }
  return JSON.stringify(values);
}

/** The schema of an object's field, as the validator finds it: a property, else additionalProperties. */
const fieldSchema = (s: SchemaProps, k: string): SchemaProps | undefined => propertiesOf(s)?.[k] ?? additionalSchemaOf(s);

/**
 * Whether a value equals its stored counterpart, seen through the schema as the real ratcheting
 * does: an object is unchanged only if every field is one the schema describes and unchanged;
 * a `map` list only if every item has an unchanged stored item with its key; other lists and
 * scalars when equal.
 */
function unchanged(v: JsonValue, old: JsonValue, s: SchemaProps): boolean {
  if (v === null || old === null) return v === old;
  if (Array.isArray(v) || Array.isArray(old)) {
    if (!Array.isArray(v) || !Array.isArray(old) || v.length !== old.length) return false;
    if (listTypeOf(s) !== 'map') return deepEqual(v, old);
    const items = itemsOf(s);
    const oldItem = correlateItems(s, old);
    return v.every((item) => {
      const o = oldItem(item);
      return items !== undefined && o !== undefined && unchanged(item, o, items);
    });
  }
  if (isObject(v) || isObject(old)) {
    if (!isObject(v) || !isObject(old)) return false;
    const keys = Object.keys(v);
    if (keys.length !== Object.keys(old).length) return false;
    return keys.every((k) => {
      const child = fieldSchema(s, k);
      return child !== undefined && Object.hasOwn(old, k) && unchanged(v[k], old[k], child);
    });
  }
  return v === old;
}

/**
 * `set` items are unique, `map` items unique by their keys (and objects). On update they are
 * checked only if the stored object kept them, so a list marked after objects were stored does
 * not block their writes.
 */
export function validateListTypes(obj: JsonObject, schema: SchemaProps, old?: JsonObject): FieldError[] {
  if (old !== undefined && listTypeErrors(old, schema, '').length) return [];
  return listTypeErrors(obj, schema, '');
}

function listTypeErrors(v: JsonValue, s: SchemaProps, path: string, errs: FieldError[] = []): FieldError[] {
  if (Array.isArray(v)) {
    const lt = listTypeOf(s);
    if (lt === 'set') {
      for (const i of repeats(v)) errs.push(fieldErrors.duplicate(`${path}[${i}]`, v[i]));
    } else if (lt === 'map') mapListErrors(v, stringList(extension(s, 'list-map-keys')), path, errs);
    const items = itemsOf(s);
    if (items) v.forEach((item, i) => listTypeErrors(item, items, `${path}[${i}]`, errs));
  } else if (isObject(v)) {
    const additional = additionalSchemaOf(s);
    if (additional) for (const k of Object.keys(v)) listTypeErrors(v[k], additional, `${path}[${k}]`, errs);
    const props = propertiesOf(s);
    if (props) for (const k of Object.keys(v)) if (props[k]) listTypeErrors(v[k], props[k], join(path, k), errs);
  }
  return errs;
}

/** JSON with sorted keys: equal values, equal text. */
function canonical(v: JsonValue): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isObject(v)) {
    const keys = Object.keys(v).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

/** Indexes of the first repeat of each value seen more than once (a third copy is not reported again). */
function repeats(values: readonly JsonValue[]): number[] {
  const seen = new Map<string, number>();
  const out: number[] = [];
  values.forEach((x, i) => {
    const k = canonical(x);
    const n = seen.get(k) ?? 0;
    if (n === 1) out.push(i);
    seen.set(k, n + 1);
  });
  return out;
}

function mapListErrors(v: JsonValue[], keys: readonly string[], path: string, errs: FieldError[]): void {
  const bad = v.findIndex((x) => x !== null && !isObject(x));
  if (bad >= 0) {
    errs.push(fieldErrors.invalid(`${path}[${bad}]`, v[bad], 'must be an object for an array of list-type map'));
    return;
  }
  // A missing key field (or a null item) is "unspecified", which differs from an explicit null.
  const shown = v.map((x) => {
    const key: JsonObject = {};
    for (const k of keys) if (isObject(x) && Object.hasOwn(x, k)) key[k] = x[k];
    return key;
  });
  const unspecified = '\u0000unspecified';
  const ids: JsonValue[] =
    keys.length === 1 ? shown.map((k) => (Object.hasOwn(k, keys[0]) ? k[keys[0]] : unspecified)) : shown.map((k) => k);
  for (const i of repeats(ids)) errs.push(fieldErrors.duplicate(`${path}[${i}]`, shown[i]));
}

function object(v: JsonObject, s: SchemaProps, path: string, errs: FieldError[], root: boolean, old: Old): void {
  const n = Object.keys(v).length;
  if (typeof s.maxProperties === 'number' && n > s.maxProperties) errs.push(fieldErrors.tooMany(path, n, s.maxProperties));
  if (typeof s.minProperties === 'number' && n < s.minProperties) {
    errs.push(fieldErrors.invalid(path, n, `${path} in body should have at least ${s.minProperties} properties`));
  }
  for (const r of stringList(s.required)) {
    if (root && (r === 'apiVersion' || r === 'kind' || r === 'metadata')) continue;
    if (v[r] === undefined) errs.push(fieldErrors.required(join(path, r)));
  }
  const oldFields = isObject(old) ? old : undefined;
  for (const k of Object.keys(v)) {
    if (root && (k === 'apiVersion' || k === 'kind' || k === 'metadata')) continue;
    const child = fieldSchema(s, k);
    if (child) value(v[k], child, join(path, k), errs, oldFields && Object.hasOwn(oldFields, k) ? oldFields[k] : undefined);
  }
}

/**
 * allOf, anyOf, oneOf and not: value validations only (a structural schema allows no types there).
 * They check the same value, so its fields keep their stored counterparts.
 */
function combinators(v: JsonValue, s: SchemaProps, path: string, errs: FieldError[], old: Old): void {
  const passes = (sub: JsonValue): boolean => {
    if (!isObject(sub)) return true;
    const e: FieldError[] = [];
    check(v, { ...sub, ...(typeOf(sub) ? {} : { type: '' }) }, path, e, old);
    return e.length === 0;
  };
  if (Array.isArray(s.allOf)) {
    for (const sub of s.allOf) {
      if (!isObject(sub)) continue;
      check(v, sub, path, errs, old);
    }
  }
  if (Array.isArray(s.anyOf) && s.anyOf.length && !s.anyOf.some(passes)) {
    errs.push(fieldErrors.invalid(path, v, `${path} in body must validate at least one schema (anyOf)`));
  }
  if (Array.isArray(s.oneOf) && s.oneOf.length && s.oneOf.filter(passes).length !== 1) {
    errs.push(fieldErrors.invalid(path, v, `${path} in body must validate one and only one schema (oneOf)`));
  }
  if (isObject(s.not) && passes(s.not)) {
    errs.push(fieldErrors.invalid(path, v, `${path} in body must not validate the schema (not)`));
  }
}
