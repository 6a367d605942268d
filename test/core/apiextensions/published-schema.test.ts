/**
 * The OpenAPI schema a custom resource publishes: as written, with apiVersion and kind described,
 * and int-or-string nodes given their two types as the real platform unfolds them.
 */
import { describe, expect, it } from 'vitest';
import { publishedSchema } from '../../../core/apiextensions/published-schema.ts';
import type { JsonObject } from '../../../core/util/json.ts';

const PAIR = [{ type: 'integer' }, { type: 'string' }];

/** The published form of `node` as the schema of `spec.port`. */
function published(node: JsonObject): JsonObject {
  const out = publishedSchema({ type: 'object', properties: { spec: { type: 'object', properties: { port: node } } } }, 'x');
  return ((out.properties as JsonObject).spec as { properties: JsonObject }).properties.port as JsonObject;
}

describe('an int-or-string node, published', () => {
  it.each<[string, JsonObject, JsonObject]>([
    ['gets both types', { 'x-kubernetes-int-or-string': true }, { 'x-kubernetes-int-or-string': true, anyOf: PAIR }],
    ['in either spelling', { 'x-orch-int-or-string': true }, { 'x-orch-int-or-string': true, anyOf: PAIR }],
    [
      'keeps the pair already written',
      { 'x-kubernetes-int-or-string': true, anyOf: PAIR },
      { 'x-kubernetes-int-or-string': true, anyOf: PAIR },
    ],
    [
      'keeps the pair already written first in allOf',
      { 'x-kubernetes-int-or-string': true, allOf: [{ anyOf: PAIR }, { maxLength: 3 }] },
      { 'x-kubernetes-int-or-string': true, allOf: [{ anyOf: PAIR }, { maxLength: 3 }] },
    ],
    [
      'puts the pair in front of allOf when it has other alternatives',
      { 'x-kubernetes-int-or-string': true, anyOf: [{ maximum: 3 }, { pattern: '^a' }], allOf: [{ minimum: 1 }] },
      {
        'x-kubernetes-int-or-string': true,
        anyOf: [{ maximum: 3 }, { pattern: '^a' }],
        allOf: [{ anyOf: PAIR }, { minimum: 1 }],
      },
    ],
    [
      'treats an empty anyOf as none',
      { 'x-kubernetes-int-or-string': true, anyOf: [] },
      { 'x-kubernetes-int-or-string': true, anyOf: PAIR },
    ],
    ['is left alone when the extension is false', { 'x-kubernetes-int-or-string': false }, { 'x-kubernetes-int-or-string': false }],
    [
      'is found in list items',
      { type: 'array', items: { 'x-kubernetes-int-or-string': true } },
      { type: 'array', items: { 'x-kubernetes-int-or-string': true, anyOf: PAIR } },
    ],
    [
      'is found in map values',
      { type: 'object', additionalProperties: { 'x-kubernetes-int-or-string': true } },
      { type: 'object', additionalProperties: { 'x-kubernetes-int-or-string': true, anyOf: PAIR } },
    ],
  ])('%s', (_name, node, expected) => {
    expect(published(node)).toEqual(expected);
  });

  it('does not change the schema it was made from', () => {
    const node = { 'x-kubernetes-int-or-string': true };
    published(node);
    expect(node).toEqual({ 'x-kubernetes-int-or-string': true });
  });
});
