/**
 * Field-level validation errors, worded as the real platform words them
 * (`spec.replicas: Invalid value: -1: must be greater than or equal to 0`), because clients and
 * users match on these strings.
 */

export type FieldErrorType =
  | 'FieldValueNotFound'
  | 'FieldValueRequired'
  | 'FieldValueDuplicate'
  | 'FieldValueInvalid'
  | 'FieldValueNotSupported'
  | 'FieldValueForbidden'
  | 'FieldValueTooLong'
  | 'FieldValueTooMany'
  | 'FieldValueTypeInvalid'
  | 'InternalError';

const TYPE_TEXT: Record<FieldErrorType, string> = {
  FieldValueNotFound: 'Not found',
  FieldValueRequired: 'Required value',
  FieldValueDuplicate: 'Duplicate value',
  FieldValueInvalid: 'Invalid value',
  FieldValueNotSupported: 'Unsupported value',
  FieldValueForbidden: 'Forbidden',
  FieldValueTooLong: 'Too long',
  FieldValueTooMany: 'Too many',
  FieldValueTypeInvalid: 'Invalid value',
  InternalError: 'Internal error',
};

const OMIT = Symbol('omit');

export interface FieldError {
  readonly type: FieldErrorType;
  readonly field: string;
  readonly badValue?: unknown;
  readonly detail?: string;
}

function renderValue(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  // v1.32's ErrorBody turns a nil value into the string "null" and quotes it like any string
  // (`Invalid value: "null"`); the unquoted form came with v1.33.
  if (v === undefined || v === null) return '"null"';
  return JSON.stringify(v);
}

/** The message without the field path (a StatusCause message). */
export function errorBody(e: FieldError): string {
  let s: string;
  switch (e.type) {
    case 'FieldValueRequired':
    case 'FieldValueForbidden':
    case 'FieldValueTooLong':
    case 'InternalError':
      s = TYPE_TEXT[e.type];
      break;
    default:
      s = e.badValue === OMIT ? TYPE_TEXT[e.type] : `${TYPE_TEXT[e.type]}: ${renderValue(e.badValue)}`;
  }
  if (e.detail) s += `: ${e.detail}`;
  return s;
}

export function errorString(e: FieldError): string {
  return `${e.field}: ${errorBody(e)}`;
}

export const fieldErrors = {
  required: (field: string, detail = ''): FieldError => ({ type: 'FieldValueRequired', field, badValue: '', detail }),
  invalid: (field: string, badValue: unknown, detail = ''): FieldError => ({ type: 'FieldValueInvalid', field, badValue, detail }),
  forbidden: (field: string, detail: string): FieldError => ({ type: 'FieldValueForbidden', field, badValue: '', detail }),
  duplicate: (field: string, badValue: unknown): FieldError => ({ type: 'FieldValueDuplicate', field, badValue }),
  notFound: (field: string, badValue: unknown): FieldError => ({ type: 'FieldValueNotFound', field, badValue }),
  notSupported: (field: string, badValue: unknown, valid: readonly string[]): FieldError => ({
    type: 'FieldValueNotSupported',
    field,
    badValue,
    detail: valid.length ? `supported values: ${valid.map((v) => JSON.stringify(v)).join(', ')}` : '',
  }),
  tooLong: (field: string, max: number): FieldError => ({
    type: 'FieldValueTooLong',
    field,
    badValue: '<value omitted>',
    detail: `may not be more than ${max} ${max === 1 ? 'byte' : 'bytes'}`,
  }),
  tooMany: (field: string, actual: number, max: number): FieldError => ({
    type: 'FieldValueTooMany',
    field,
    badValue: actual < 0 ? OMIT : actual,
    detail: `must have at most ${max} ${max === 1 ? 'item' : 'items'}`,
  }),
  typeInvalid: (field: string, badValue: unknown, detail: string): FieldError => ({
    type: 'FieldValueTypeInvalid',
    field,
    badValue,
    detail,
  }),
};

/** Field paths in the real platform's notation: `spec.rules[0].host`, `data[key]`. */
export class FieldPath {
  private constructor(private readonly text: string) {}
  static root(name = ''): FieldPath {
    return new FieldPath(name);
  }
  child(name: string): FieldPath {
    return new FieldPath(this.text ? `${this.text}.${name}` : name);
  }
  index(i: number): FieldPath {
    return new FieldPath(`${this.text}[${i}]`);
  }
  key(k: string): FieldPath {
    return new FieldPath(`${this.text}[${k}]`);
  }
  toString(): string {
    return this.text;
  }
}
