/**
 * How a field error prints its bad value, as v1.32's field.Error.ErrorBody does: strings quoted,
 * numbers and booleans bare, nil as the quoted string "null" (the bare `null` came with v1.33),
 * and no value at all for the kinds that never show one.
 */
import { describe, expect, it } from 'vitest';
import { errorBody, errorString, fieldErrors } from '../../../core/errors/field-error.ts';

const cases = [
  { error: fieldErrors.invalid('spec.mode', 'x', 'must be y'), body: 'Invalid value: "x": must be y' },
  { error: fieldErrors.invalid('spec.replicas', 3, 'must be even'), body: 'Invalid value: 3: must be even' },
  { error: fieldErrors.invalid('spec.paused', false, 'must be true'), body: 'Invalid value: false: must be true' },
  {
    error: fieldErrors.invalid('spec.activeDeadlineSeconds', null, 'must not update from a positive integer to nil value'),
    body: 'Invalid value: "null": must not update from a positive integer to nil value',
  },
  {
    error: fieldErrors.invalid('<nil>', undefined, 'some validation rules were not checked'),
    body: 'Invalid value: "null": some validation rules were not checked',
  },
  {
    error: fieldErrors.required('metadata.name', 'name or generateName is required'),
    body: 'Required value: name or generateName is required',
  },
  { error: fieldErrors.forbidden('spec', 'updates are forbidden'), body: 'Forbidden: updates are forbidden' },
];

describe('a field error prints its bad value as v1.32 does', () => {
  for (const c of cases) {
    it(c.body, () => {
      expect(errorBody(c.error)).toBe(c.body);
      expect(errorString(c.error)).toBe(`${c.error.field}: ${c.body}`);
    });
  }
});
