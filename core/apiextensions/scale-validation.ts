/**
 * The values at a scale subresource's paths, checked on every write of a custom resource (the
 * replicas the Scale view shows must be an int32 count, the selector a string), with the real
 * platform's paths and messages: `.spec.replicas: Invalid value: -1: should be a non-negative
 * integer`, or its accessor's complaint about a value of another type (`.spec.replicas accessor
 * error: 3 is of the type string, expected int64`), worded as Go prints the decoded JSON value.
 */
import { fieldErrors, type FieldError } from '../errors/field-error.ts';
import type { CustomResourceSubresourceScale } from '../registry/types/apiextensions-v1.ts';
import { isObject, type JsonObject, type JsonValue } from '../util/json.ts';

const MAX_INT32 = 2147483647;
const INT64_LIMIT = 2 ** 63;

/** JSON integers decode as int64 when they fit, other numbers as float64. */
const isInt64 = (n: number): boolean => Number.isInteger(n) && n >= -INT64_LIMIT && n < INT64_LIMIT;

/** Go's name (%T) of a decoded JSON value's type. */
function goType(v: JsonValue): string {
  if (v === null) return '<nil>';
  if (Array.isArray(v)) return '[]interface {}';
  if (isObject(v)) return 'map[string]interface {}';
  if (typeof v === 'number') return isInt64(v) ? 'int64' : 'float64';
  return typeof v === 'boolean' ? 'bool' : 'string';
}

/** A float64 as Go's %v prints it: shortest digits, in exponent form below 1e-4 and from 1e6 (`3e+09`). */
function goFloat(n: number): string {
  if (!Number.isFinite(n)) return n > 0 ? '+Inf' : n < 0 ? '-Inf' : 'NaN';
  if (n === 0) return '0';
  const [mantissa, e] = n.toExponential().split('e');
  const exp = Number(e);
  if (exp >= -4 && exp < 6) return String(n);
  return `${mantissa}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
}

/** A decoded JSON value as Go's %v prints it (maps with sorted keys). */
function goValue(v: JsonValue): string {
  if (v === null) return '<nil>';
  if (Array.isArray(v)) return `[${v.map(goValue).join(' ')}]`;
  if (isObject(v)) {
    const keys = Object.keys(v).sort();
    return `map[${keys.map((k) => `${k}:${goValue(v[k])}`).join(' ')}]`;
  }
  if (typeof v === 'number') return isInt64(v) ? BigInt(v).toString() : goFloat(v);
  return String(v);
}

type Found = { found: false } | { found: true; value: JsonValue } | { found: false; error: string };

/** The value at a `.a.b` path: found, absent, or an error where a step is not an object. */
function nested(obj: JsonObject, fields: readonly string[]): Found {
  let v: JsonValue = obj;
  for (let i = 0; i < fields.length; i++) {
    if (v === null) return { found: false };
    if (!isObject(v)) {
      return {
        found: false,
        error: `.${fields.slice(0, i + 1).join('.')} accessor error: ${goValue(v)} is of the type ${goType(v)}, expected map[string]interface{}`,
      };
    }
    if (!Object.hasOwn(v, fields[i])) return { found: false };
    v = v[fields[i]];
  }
  return { found: true, value: v };
}

const fieldsOf = (path: string): string[] => (path.startsWith('.') ? path.slice(1) : path).split('.');

/** A replicas count: absent, or an integer in [0, MaxInt32]. */
function replicas(obj: JsonObject, path: string): FieldError[] {
  const fields = fieldsOf(path);
  const got = nested(obj, fields);
  if ('error' in got) return [fieldErrors.invalid(path, 0, got.error)];
  if (!got.found) return [];
  const v = got.value;
  if (typeof v !== 'number' || !isInt64(v)) {
    return [fieldErrors.invalid(path, 0, `.${fields.join('.')} accessor error: ${goValue(v)} is of the type ${goType(v)}, expected int64`)];
  }
  if (v < 0) return [fieldErrors.invalid(path, v, 'should be a non-negative integer')];
  if (v > MAX_INT32) return [fieldErrors.invalid(path, v, `should be less than or equal to ${MAX_INT32}`)];
  return [];
}

/** The spec replicas (checked on writes of the resource itself, not of its status). */
export function validateScaleSpec(obj: JsonObject, scale: CustomResourceSubresourceScale | undefined): FieldError[] {
  return scale?.specReplicasPath ? replicas(obj, scale.specReplicasPath) : [];
}

/** The status replicas and the label selector (a string), checked on every write. */
export function validateScaleStatus(obj: JsonObject, scale: CustomResourceSubresourceScale | undefined): FieldError[] {
  if (!scale) return [];
  const errs = scale.statusReplicasPath ? replicas(obj, scale.statusReplicasPath) : [];
  const selectorPath = scale.labelSelectorPath;
  if (selectorPath) {
    const fields = fieldsOf(selectorPath);
    const got = nested(obj, fields);
    if ('error' in got) errs.push(fieldErrors.invalid(selectorPath, '', got.error));
    else if (got.found && typeof got.value !== 'string') {
      const v = got.value;
      errs.push(
        fieldErrors.invalid(
          selectorPath,
          '',
          `.${fields.join('.')} accessor error: ${goValue(v)} is of the type ${goType(v)}, expected string`,
        ),
      );
    }
  }
  return errs;
}
