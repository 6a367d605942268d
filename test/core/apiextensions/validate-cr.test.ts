/**
 * A custom resource against its schema on update (CRDValidationRatcheting): errors of values that
 * did not change are dropped, "unchanged" followed through the schema (object fields by name, map
 * list items by key, other lists only whole); list-type uniqueness is checked only if the stored
 * object kept it.
 */
import { describe, expect, it } from 'vitest';
import { validateAgainstSchema, validateCustomResource, validateListTypes } from '../../../core/apiextensions/validate-cr.ts';
import type { FieldError } from '../../../core/errors/field-error.ts';
import type { JsonObject } from '../../../core/util/json.ts';

const keys = (errs: readonly FieldError[]): string[] => errs.map((e) => `${e.field} ${e.type}`);

/** A schema tightened after objects were stored: every constraint below is one they may break. */
const SCHEMA: JsonObject = {
  type: 'object',
  properties: {
    metadata: { type: 'object', properties: { name: { type: 'string', maxLength: 3 } } },
    spec: {
      type: 'object',
      required: ['must'],
      maxProperties: 4,
      properties: {
        must: { type: 'string' },
        name: { type: 'string', maxLength: 3 },
        mail: { type: 'string', format: 'email' },
        other: { type: 'string' },
        plain: { type: 'array', items: { type: 'string', maxLength: 1 } },
        tags: { type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'string', maxLength: 1 } },
        ports: {
          type: 'array',
          'x-kubernetes-list-type': 'map',
          'x-kubernetes-list-map-keys': ['name'],
          items: { type: 'object', properties: { name: { type: 'string' }, port: { type: 'integer', maximum: 10 } } },
        },
        labels: { type: 'object', additionalProperties: { type: 'string', maxLength: 1 } },
        free: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { n: { type: 'integer', maximum: 1 } } },
      },
    },
  },
};

const cr = (spec: JsonObject, name = 'abc'): JsonObject => ({ apiVersion: 'x.io/v1', kind: 'X', metadata: { name }, spec });

describe('schema errors on update', () => {
  it.each<[string, JsonObject, JsonObject, string[]]>([
    [
      'a too long value kept while another field changes',
      { must: 'a', name: 'toolong', other: 'x' },
      { must: 'a', name: 'toolong', other: 'y' },
      [],
    ],
    [
      'a too long value changed to another',
      { must: 'a', name: 'toolong' },
      { must: 'a', name: 'longer!' },
      ['spec.name FieldValueTooLong'],
    ],
    ['a bad format kept', { must: 'a', mail: 'nope', other: 'x' }, { must: 'a', mail: 'nope', other: 'y' }, []],
    ['a bad format written anew', { must: 'a', other: 'x' }, { must: 'a', mail: 'nope' }, ['spec.mail FieldValueInvalid']],
    ['a missing required field, the object otherwise unchanged', { name: 'a' }, { name: 'a' }, []],
    ['a missing required field, the object changed', { name: 'a' }, { name: 'b' }, ['spec.must FieldValueRequired']],
    [
      'too many properties, kept',
      { must: 'a', name: 'b', other: 'c', mail: 'd@e', labels: {} },
      { must: 'a', name: 'b', other: 'c', mail: 'd@e', labels: {} },
      [],
    ],
    [
      'too many properties, one changed',
      { must: 'a', name: 'b', other: 'c', mail: 'd@e', labels: {} },
      { must: 'a', name: 'b', other: 'x', mail: 'd@e', labels: {} },
      ['spec FieldValueTooMany'],
    ],
    ['an unmarked list kept whole', { must: 'a', plain: ['xx', 'yy'] }, { must: 'a', plain: ['xx', 'yy'], other: 'o' }, []],
    // Items of a list that is not a map are not followed one by one: changing the list revalidates all of them.
    [
      'an unmarked list changed',
      { must: 'a', plain: ['xx', 'yy'] },
      { must: 'a', plain: ['xx', 'yy', 'z'] },
      ['spec.plain[0] FieldValueTooLong', 'spec.plain[1] FieldValueTooLong'],
    ],
    ['a set changed', { must: 'a', tags: ['xx', 'y'] }, { must: 'a', tags: ['xx', 'z'] }, ['spec.tags[0] FieldValueTooLong']],
    [
      'a map list: an unchanged item, moved, keeps its errors to itself',
      {
        must: 'a',
        ports: [
          { name: 'a', port: 99 },
          { name: 'b', port: 1 },
        ],
      },
      {
        must: 'a',
        ports: [
          { name: 'b', port: 2 },
          { name: 'a', port: 99 },
        ],
      },
      [],
    ],
    [
      'a map list: a changed item is checked',
      { must: 'a', ports: [{ name: 'a', port: 99 }] },
      { must: 'a', ports: [{ name: 'a', port: 98 }] },
      ['spec.ports[0].port FieldValueInvalid'],
    ],
    [
      'a map list: a new item is checked',
      { must: 'a', ports: [{ name: 'a', port: 1 }] },
      {
        must: 'a',
        ports: [
          { name: 'a', port: 1 },
          { name: 'b', port: 99 },
        ],
      },
      ['spec.ports[1].port FieldValueInvalid'],
    ],
    ['a map value kept', { must: 'a', labels: { k: 'long' } }, { must: 'a', labels: { k: 'long', j: 'y' } }, []],
    [
      'a map value changed',
      { must: 'a', labels: { k: 'long' } },
      { must: 'a', labels: { k: 'longer' } },
      ['spec.labels.k FieldValueTooLong'],
    ],
    ['a declared field beside unknown ones, kept', { must: 'a', free: { n: 5, x: 1 } }, { must: 'a', free: { n: 5, x: 2 } }, []],
  ])('%s', (_what, before, after, want) => {
    expect(keys(validateCustomResource(cr(after), SCHEMA, cr(before)))).toEqual(want);
  });

  it('drops nothing without a stored object (a create)', () => {
    expect(keys(validateAgainstSchema(cr({ name: 'toolong', mail: 'nope' }, 'abcd'), SCHEMA))).toEqual([
      'metadata.name FieldValueTooLong',
      'spec.must FieldValueRequired',
      'spec.name FieldValueTooLong',
      'spec.mail FieldValueInvalid',
    ]);
  });

  it('keeps a name the schema no longer allows (a name never changes)', () => {
    expect(keys(validateAgainstSchema(cr({ must: 'a', other: 'y' }, 'abcd'), SCHEMA, cr({ must: 'a', other: 'x' }, 'abcd')))).toEqual([]);
  });
});

describe('list types', () => {
  it.each<[string, JsonObject, string[]]>([
    [
      'a set: the first repeat of each value',
      { tags: ['a', 'a', 'a', 'b', 'b'] },
      ['spec.tags[1] FieldValueDuplicate', 'spec.tags[4] FieldValueDuplicate'],
    ],
    ['a map list: items with the same key', { ports: [{ name: 'a' }, { name: 'a', port: 1 }] }, ['spec.ports[1] FieldValueDuplicate']],
    ['a map list: items without their key are alike', { ports: [{ port: 1 }, { port: 2 }] }, ['spec.ports[1] FieldValueDuplicate']],
    ['a map list: a null key is not a missing one', { ports: [{ port: 1 }, { name: null }] }, []],
    ['a map list: an item that is not an object', { ports: [{ name: 'a' }, 'b'] }, ['spec.ports[1] FieldValueInvalid']],
  ])('%s', (_what, spec, want) => {
    expect(keys(validateListTypes(cr(spec), SCHEMA))).toEqual(want);
  });

  it('are checked on update only if the stored object kept them', () => {
    const dup = cr({ must: 'a', tags: ['a', 'a'] });
    expect(keys(validateListTypes(cr({ must: 'a', tags: ['a', 'a', 'b'] }), SCHEMA, dup))).toEqual([]);
    expect(keys(validateListTypes(cr({ must: 'a', tags: ['a', 'a'] }), SCHEMA, cr({ must: 'a', tags: ['a'] })))).toEqual([
      'spec.tags[1] FieldValueDuplicate',
    ]);
  });

  it('report the duplicate with its key fields only', () => {
    const [e] = validateListTypes(
      cr({
        ports: [
          { name: 'a', port: 1 },
          { name: 'a', port: 2 },
        ],
      }),
      SCHEMA,
    );
    expect(e.badValue).toEqual({ name: 'a' });
  });
});
