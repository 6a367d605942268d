/**
 * The constraints a schema states by itself (required, enum, ranges, lengths). Rules that need
 * more than one field live in each kind's `validate`.
 */
import { fieldErrors, type FieldError } from '../errors/field-error.ts';
import { isObject, type JsonValue } from '../util/json.ts';
import { jsonFields } from './index-fields.ts';
import type { ObjectSchema, Schema } from './types.ts';

export function validateSchema(value: JsonValue, schema: ObjectSchema, path = ''): FieldError[] {
  const errs: FieldError[] = [];
  walkStruct(value, schema, path, errs);
  return errs;
}

const join = (p: string, n: string) => (p ? `${p}.${n}` : n);

const hasChecks = new WeakMap<Schema, boolean>();

/**
 * Whether a schema states any constraint this walk checks, anywhere below it. Subtrees with none
 * (a ConfigMap's data, most of metadata) are not walked: the walk would only build field paths no
 * error uses. A schema that refers to itself counts as checked while its answer is worked out.
 */
function checks(s: Schema): boolean {
  switch (s.type) {
    case 'string':
      return s.enum !== undefined || s.maxLength !== undefined;
    case 'integer':
      return s.minimum !== undefined || s.maximum !== undefined;
    case 'object':
    case 'array':
    case 'map': {
      const known = hasChecks.get(s);
      if (known !== undefined) return known;
      hasChecks.set(s, true);
      let found: boolean;
      if (s.type === 'object') found = jsonFields(s).some(({ spec }) => spec.required === true || checks(spec.schema));
      else if (s.type === 'array') found = s.maxItems !== undefined || checks(s.items);
      else found = checks(s.values);
      hasChecks.set(s, found);
      return found;
    }
    default:
      return false;
  }
}

function walkStruct(v: JsonValue, schema: ObjectSchema, path: string, errs: FieldError[]): void {
  if (!isObject(v) || !checks(schema)) return;
  for (const { spec } of jsonFields(schema)) {
    const fv = v[spec.name];
    if (spec.required && (fv === undefined || fv === null || fv === '' || (Array.isArray(fv) && fv.length === 0))) {
      errs.push(fieldErrors.required(join(path, spec.name)));
      continue;
    }
    if (fv !== undefined && fv !== null && checks(spec.schema)) walk(fv, spec.schema, join(path, spec.name), errs);
  }
}

function walk(v: JsonValue, s: Schema, path: string, errs: FieldError[]): void {
  switch (s.type) {
    case 'string':
      if (typeof v !== 'string') return;
      if (s.enum && !s.enum.includes(v)) errs.push(fieldErrors.notSupported(path, v, s.enum));
      if (s.maxLength !== undefined && v.length > s.maxLength) errs.push(fieldErrors.tooLong(path, s.maxLength));
      return;
    case 'integer':
      if (typeof v !== 'number') return;
      if (s.minimum !== undefined && v < s.minimum) {
        errs.push(fieldErrors.invalid(path, v, `must be greater than or equal to ${s.minimum}`));
      } else if (s.maximum !== undefined && v > s.maximum) {
        errs.push(fieldErrors.invalid(path, v, `must be less than or equal to ${s.maximum}`));
      }
      return;
    case 'object':
      walkStruct(v, s, path, errs);
      return;
    case 'array':
      if (!Array.isArray(v)) return;
      if (s.maxItems !== undefined && v.length > s.maxItems) errs.push(fieldErrors.tooMany(path, v.length, s.maxItems));
      for (let i = 0; i < v.length; i++) walk(v[i], s.items, `${path}[${i}]`, errs);
      return;
    case 'map':
      if (!isObject(v)) return;
      for (const k of Object.keys(v)) walk(v[k], s.values, `${path}[${k}]`, errs);
      return;
    default:
      return;
  }
}
