/**
 * Transition rules (those reading oldSelf) run on update only, with oldSelf correlated as the
 * real platform correlates it: same property path, same map key, same listType=map keys; a new
 * value without an old one skips the rule unless optionalOldSelf, where oldSelf is an optional.
 * Failures of other rules on values that did not change are ratcheted (warnings, not errors).
 */
import { describe, expect, it } from 'vitest';
import type { CelSchema } from '../../../core/cel/index.ts';
import { check, specSchema } from './support.ts';

const immutable = { rule: 'self == oldSelf', message: 'is immutable' };

describe('oldSelf is the old value at the same place', () => {
  const schema = specSchema({
    name: { type: 'string', maxLength: 20, 'x-kubernetes-validations': [immutable] },
    byKey: {
      type: 'object',
      maxProperties: 10,
      additionalProperties: { type: 'string', maxLength: 20, 'x-kubernetes-validations': [immutable] },
    },
    ports: {
      type: 'array',
      maxItems: 10,
      'x-kubernetes-list-type': 'map',
      'x-kubernetes-list-map-keys': ['name'],
      items: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string', maxLength: 20 }, port: { type: 'integer', 'x-kubernetes-validations': [immutable] } },
      },
    },
  });

  it.each<[string, unknown, unknown, string[]]>([
    ['create: transition rules do not run', { name: 'a', byKey: { k: 'v' }, ports: [{ name: 'http', port: 80 }] }, undefined, []],
    ['update without change', { name: 'a' }, { name: 'a' }, []],
    ['a changed property', { name: 'b' }, { name: 'a' }, ['spec.name: Invalid value: "string": is immutable']],
    ['a changed map value', { byKey: { k: 'w' } }, { byKey: { k: 'v' } }, ['spec.byKey[k]: Invalid value: "string": is immutable']],
    ['a new map key has no old value', { byKey: { k: 'v', n: 'x' } }, { byKey: { k: 'v' } }, []],
    [
      'a listType=map item is correlated by its key, not its index',
      {
        ports: [
          { name: 'https', port: 443 },
          { name: 'http', port: 80 },
        ],
      },
      { ports: [{ name: 'http', port: 80 }] },
      [],
    ],
    [
      'a listType=map item changed under the same key',
      { ports: [{ name: 'http', port: 8080 }] },
      { ports: [{ name: 'http', port: 80 }] },
      ['spec.ports[0].port: Invalid value: "integer": is immutable'],
    ],
  ])('%s', (_, spec, oldSpec, expected) => {
    expect(check(schema, { spec }, oldSpec === undefined ? undefined : { spec: oldSpec })).toEqual(expected);
  });
});

describe('optionalOldSelf makes oldSelf an optional and runs the rule on create too', () => {
  const schema = specSchema({
    replicas: {
      type: 'integer',
      'x-kubernetes-validations': [
        { rule: 'oldSelf.hasValue() ? self >= oldSelf.value() : self <= 3', optionalOldSelf: true, message: 'bad' },
      ],
    },
  });
  it.each<[string, number, number | undefined, string[]]>([
    ['create within the initial limit', 2, undefined, []],
    ['create above the initial limit', 5, undefined, ['spec.replicas: Invalid value: "integer": bad']],
    ['update upwards', 9, 5, []],
    ['update downwards', 4, 5, ['spec.replicas: Invalid value: "integer": bad']],
  ])('%s', (_, replicas, old, expected) => {
    expect(check(schema, { spec: { replicas } }, old === undefined ? undefined : { spec: { replicas: old } })).toEqual(expected);
  });
});

describe('ratcheting: a failing rule on an unchanged value is a warning on update', () => {
  const schema: CelSchema = specSchema({
    size: { type: 'integer', 'x-kubernetes-validations': [{ rule: 'self < 10', message: 'too big' }] },
  });
  it('unchanged value: warning, no error', () => {
    const warnings: string[] = [];
    expect(check(schema, { spec: { size: 20 } }, { spec: { size: 20 } }, { warnings })).toEqual([]);
    expect(warnings).toEqual(['spec.size: too big']);
  });
  it('changed value: error', () => {
    expect(check(schema, { spec: { size: 21 } }, { spec: { size: 20 } })).toEqual(['spec.size: Invalid value: "integer": too big']);
  });
});
