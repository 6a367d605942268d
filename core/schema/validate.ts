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

function walkStruct(v: JsonValue, schema: ObjectSchema, path: string, errs: FieldError[]): void {
  if (!isObject(v)) return;
  for (const { spec } of jsonFields(schema)) {
    const fv = v[spec.name];
    const p = join(path, spec.name);
    if (spec.required && (fv === undefined || fv === null || fv === '' || (Array.isArray(fv) && fv.length === 0))) {
      errs.push(fieldErrors.required(p));
      continue;
    }
    if (fv !== undefined && fv !== null) walk(fv, spec.schema, p, errs);
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
