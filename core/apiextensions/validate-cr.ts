/**
 * A custom resource against its version's OpenAPI schema, with the real platform's paths and
 * messages (`spec.replicas: Invalid value: "string": spec.replicas in body must be of type
 * integer: "string"`). The resource's `apiVersion`, `kind` and `metadata` are ObjectMeta's
 * business, except that a root schema may constrain `metadata.name`.
 */
import { fieldErrors, type FieldError } from '../errors/field-error.ts';
import { deepEqual, isObject, type JsonObject, type JsonValue } from '../util/json.ts';
import { checkFormat } from './formats.ts';
import {
  additionalSchemaOf,
  isEmbedded,
  isIntOrString,
  itemsOf,
  propertiesOf,
  stringList,
  typeOf,
  type SchemaProps,
} from './schema-props.ts';

const join = (path: string, key: string): string => (path ? `${path}.${key}` : key);

export function validateCustomResource(obj: JsonObject, schema: SchemaProps): FieldError[] {
  const errs: FieldError[] = [];
  resource(obj, schema, '', errs);
  return errs;
}

function resource(obj: JsonObject, s: SchemaProps, path: string, errs: FieldError[]): void {
  const nameSchema = propertiesOf(propertiesOf(s)?.metadata ?? {})?.name;
  const meta = obj.metadata;
  if (nameSchema && isObject(meta) && typeof meta.name === 'string') value(meta.name, nameSchema, join(path, 'metadata.name'), errs);
  object(obj, s, path, errs, true);
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

function value(v: JsonValue, s: SchemaProps, path: string, errs: FieldError[]): void {
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
  if (Array.isArray(v)) array(v, s, path, errs);
  else if (isObject(v)) {
    if (isEmbedded(s)) {
      // An embedded object names its kind, as a resource does.
      for (const k of ['apiVersion', 'kind'])
        if (typeof v[k] !== 'string' || v[k] === '') errs.push(fieldErrors.required(join(path, k), 'must not be empty'));
      resource(v, s, path, errs);
    } else object(v, s, path, errs, false);
  }
  if (errs.length === before) combinators(v, s, path, errs);
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
  if (typeof s.format === 'string' && !isIntOrString(s)) {
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

function array(v: JsonValue[], s: SchemaProps, path: string, errs: FieldError[]): void {
  if (typeof s.maxItems === 'number' && v.length > s.maxItems) errs.push(fieldErrors.tooMany(path, v.length, s.maxItems));
  if (typeof s.minItems === 'number' && v.length < s.minItems) {
    errs.push(fieldErrors.invalid(path, v.length, `${path} in body should have at least ${s.minItems} items`));
  }
  const items = itemsOf(s);
  if (items) for (let i = 0; i < v.length; i++) value(v[i], items, `${path}[${i}]`, errs);
  listTypeRules(v, s, path, errs);
}

/** `x-orch-list-type: set` items are unique; `map` items are unique by their keys. */
function listTypeRules(v: JsonValue[], s: SchemaProps, path: string, errs: FieldError[]): void {
  const lt = s['x-orch-list-type'] ?? s['x-kubernetes-list-type'];
  if (lt === 'set') {
    for (let i = 0; i < v.length; i++) {
      for (let j = 0; j < i; j++) {
        if (deepEqual(v[i], v[j])) {
          errs.push(fieldErrors.duplicate(`${path}[${i}]`, v[i]));
          break;
        }
      }
    }
  } else if (lt === 'map') {
    const keys = stringList(s['x-orch-list-map-keys'] ?? s['x-kubernetes-list-map-keys']);
    const seen = new Set<string>();
    v.forEach((item, i) => {
      if (!isObject(item)) return;
      const k = JSON.stringify(keys.map((key) => item[key] ?? null));
      if (seen.has(k)) {
        const shown: JsonObject = {};
        for (const key of keys) if (item[key] !== undefined) shown[key] = item[key];
        errs.push(fieldErrors.duplicate(`${path}[${i}]`, shown));
      }
      seen.add(k);
    });
  }
}

function object(v: JsonObject, s: SchemaProps, path: string, errs: FieldError[], root: boolean): void {
  const n = Object.keys(v).length;
  if (typeof s.maxProperties === 'number' && n > s.maxProperties) errs.push(fieldErrors.tooMany(path, n, s.maxProperties));
  if (typeof s.minProperties === 'number' && n < s.minProperties) {
    errs.push(fieldErrors.invalid(path, n, `${path} in body should have at least ${s.minProperties} properties`));
  }
  for (const r of stringList(s.required)) {
    if (root && (r === 'apiVersion' || r === 'kind' || r === 'metadata')) continue;
    if (v[r] === undefined) errs.push(fieldErrors.required(join(path, r)));
  }
  const props = propertiesOf(s);
  const additional = additionalSchemaOf(s);
  for (const k of Object.keys(v)) {
    if (root && (k === 'apiVersion' || k === 'kind' || k === 'metadata')) continue;
    const child = props?.[k] ?? additional;
    if (child) value(v[k], child, join(path, k), errs);
  }
}

/** allOf, anyOf, oneOf and not: value validations only (a structural schema allows no types there). */
function combinators(v: JsonValue, s: SchemaProps, path: string, errs: FieldError[]): void {
  const passes = (sub: JsonValue): boolean => {
    if (!isObject(sub)) return true;
    const e: FieldError[] = [];
    value(v, { ...sub, ...(typeOf(sub) ? {} : { type: '' }) }, path, e);
    return e.length === 0;
  };
  if (Array.isArray(s.allOf)) {
    for (const sub of s.allOf) {
      if (!isObject(sub)) continue;
      value(v, sub, path, errs);
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
