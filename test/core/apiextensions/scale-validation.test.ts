/**
 * The values at a scale subresource's paths, as the real validator checks them on every write:
 * replicas an int32 count, the selector a string, and Go's own words for a value of another type.
 */
import { describe, expect, it } from 'vitest';
import { validateScaleSpec, validateScaleStatus } from '../../../core/apiextensions/scale-validation.ts';
import { errorString } from '../../../core/errors/field-error.ts';
import type { JsonObject } from '../../../core/util/json.ts';

const SCALE = { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', labelSelectorPath: '.status.selector' };

describe('scale paths', () => {
  it.each<[string, JsonObject, string[]]>([
    ['absent', {}, []],
    ['a count', { replicas: 3 }, []],
    ['zero and the int32 limit', { replicas: 2147483647 }, []],
    ['negative', { replicas: -1 }, ['.spec.replicas: Invalid value: -1: should be a non-negative integer']],
    ['over int32', { replicas: 3000000000 }, ['.spec.replicas: Invalid value: 3000000000: should be less than or equal to 2147483647']],
    [
      'a string',
      { replicas: '3' },
      ['.spec.replicas: Invalid value: 0: .spec.replicas accessor error: 3 is of the type string, expected int64'],
    ],
    [
      'a fraction',
      { replicas: 1.5 },
      ['.spec.replicas: Invalid value: 0: .spec.replicas accessor error: 1.5 is of the type float64, expected int64'],
    ],
    [
      'a huge number',
      { replicas: 1e20 },
      ['.spec.replicas: Invalid value: 0: .spec.replicas accessor error: 1e+20 is of the type float64, expected int64'],
    ],
    [
      'a boolean',
      { replicas: true },
      ['.spec.replicas: Invalid value: 0: .spec.replicas accessor error: true is of the type bool, expected int64'],
    ],
    [
      'null',
      { replicas: null },
      ['.spec.replicas: Invalid value: 0: .spec.replicas accessor error: <nil> is of the type <nil>, expected int64'],
    ],
    [
      'an object',
      { replicas: { b: [1, 'x'], a: 2 } },
      [
        '.spec.replicas: Invalid value: 0: .spec.replicas accessor error: map[a:2 b:[1 x]] is of the type map[string]interface {}, expected int64',
      ],
    ],
  ])('spec replicas: %s', (_what, spec, want) => {
    expect(validateScaleSpec({ spec }, SCALE).map(errorString)).toEqual(want);
  });

  it('report a path that runs through something other than an object', () => {
    expect(validateScaleSpec({ spec: 'x' }, SCALE).map(errorString)).toEqual([
      '.spec.replicas: Invalid value: 0: .spec.replicas accessor error: x is of the type string, expected map[string]interface{}',
    ]);
    expect(validateScaleSpec({ spec: null }, SCALE)).toEqual([]);
  });

  it.each<[string, JsonObject, string[]]>([
    ['absent', {}, []],
    ['valid', { replicas: 2, selector: 'app=x' }, []],
    ['negative replicas', { replicas: -2 }, ['.status.replicas: Invalid value: -2: should be a non-negative integer']],
    [
      'a selector that is not a string',
      { selector: 5 },
      ['.status.selector: Invalid value: "": .status.selector accessor error: 5 is of the type int64, expected string'],
    ],
    [
      'both',
      { replicas: 'x', selector: ['a'] },
      [
        '.status.replicas: Invalid value: 0: .status.replicas accessor error: x is of the type string, expected int64',
        '.status.selector: Invalid value: "": .status.selector accessor error: [a] is of the type []interface {}, expected string',
      ],
    ],
  ])('status: %s', (_what, status, want) => {
    expect(validateScaleStatus({ status }, SCALE).map(errorString)).toEqual(want);
  });

  it('check nothing without a scale subresource', () => {
    expect(validateScaleSpec({ spec: { replicas: -1 } }, undefined)).toEqual([]);
    expect(validateScaleStatus({ status: { replicas: -1 } }, undefined)).toEqual([]);
  });
});
