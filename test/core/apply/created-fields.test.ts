/**
 * A create's managedFields come from a one-walk path (`created-fields.ts`). The rule it must keep:
 * a create gives exactly the entries the general bookkeeping gives when it diffs the new object
 * against the type's zero value. Checked on random objects of kinds whose schemas use every
 * shape (structs, granular and atomic maps, sets, keyed lists with defaulted keys, atomic lists,
 * raw values, times, quantities), with and without paths the endpoint resets.
 */
import { describe, expect, it } from 'vitest';
import { recordUpdate } from '../../../core/apply/index.ts';
import { zeroObject } from '../../../core/apply/object.ts';
import { ClusterRole, ConfigMap, CustomResourceDefinition, Pod, Service, StatefulSet } from '../../../core/registry/types/index.ts';
import { decodeObject } from '../../../core/schema/decode.ts';
import { jsonFields } from '../../../core/schema/index-fields.ts';
import type { ObjectSchema, Schema } from '../../../core/schema/types.ts';
import { clone, type JsonObject, type JsonValue } from '../../../core/util/json.ts';
import { WidgetSchema } from '../../support/widget.ts';

/** A small seeded generator (mulberry32): the same objects on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random value of a schema: fields present or not, empty and zero values included on purpose. */
function randomValue(s: Schema, rnd: () => number, depth: number): JsonValue | undefined {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  switch (s.type) {
    case 'string':
      return s.enum?.length ? pick(s.enum) : pick(['', 'a', 'b', 'value']);
    case 'integer':
      return pick([0, 1, 2, 80, 443]);
    case 'number':
      return pick([0, 1.5]);
    case 'boolean':
      return pick([true, false]);
    case 'bytes':
      return pick(['', 'YQ==']);
    case 'time':
      return pick([null, '2024-01-01T10:00:00Z']);
    case 'int-or-string':
      return pick([0, 8080, 'http', '25%']);
    case 'quantity':
      return pick(['0', '1', '100m', '1Gi']);
    case 'raw':
      return pick<JsonValue>([{}, { x: 1 }, { y: { z: 'a' } }, [1, 2], 'text', null]);
    case 'map': {
      if (depth > 4) return pick([{}, null]);
      const out: JsonObject = {};
      for (let i = Math.floor(rnd() * 3); i > 0; i--) {
        const v = randomValue(s.values, rnd, depth + 1);
        if (v !== undefined) out[pick(['a', 'b', 'c'])] = v;
      }
      return out;
    }
    case 'array': {
      if (depth > 4) return pick([[], null]);
      const out: JsonValue[] = [];
      for (let i = Math.floor(rnd() * 3); i > 0; i--) {
        const v = randomValue(s.items, rnd, depth + 1);
        if (v !== undefined) out.push(v);
      }
      return out;
    }
    case 'object': {
      if (depth > 5) return {};
      const out: JsonObject = {};
      for (const { spec } of jsonFields(s)) {
        if (depth > 0 && rnd() < 0.6) continue;
        if (depth === 0 && ['apiVersion', 'kind'].includes(spec.name)) continue;
        const v = randomValue(spec.schema, rnd, depth + 1);
        if (v !== undefined) out[spec.name] = v;
      }
      return out;
    }
  }
}

const kinds: { name: string; schema: ObjectSchema; apiVersion: string }[] = [
  { name: 'ConfigMap', schema: ConfigMap, apiVersion: 'v1' },
  { name: 'Pod', schema: Pod, apiVersion: 'v1' },
  { name: 'Service', schema: Service, apiVersion: 'v1' },
  { name: 'StatefulSet', schema: StatefulSet, apiVersion: 'apps/v1' },
  { name: 'ClusterRole', schema: ClusterRole, apiVersion: 'rbac.authorization.orch.io/v1' },
  { name: 'CustomResourceDefinition', schema: CustomResourceDefinition, apiVersion: 'apiextensions.orch.io/v1' },
  { name: 'Widget', schema: WidgetSchema, apiVersion: 'test/v1' },
];

/** What the endpoint resets: nothing, the status subresource's part, a field inside spec. */
const resets: (string[][] | undefined)[] = [undefined, [['status']], [['spec', 'replicas'], ['status']]];

function managedFieldsAfter(schema: ObjectSchema, apiVersion: string, obj: JsonObject, live: JsonObject | undefined, ignored?: string[][]) {
  const next = clone(obj);
  recordUpdate({ live, next, manager: 'creator', apiVersion, schema, now: Date.UTC(2024, 0, 1), ignored });
  return (next.metadata as JsonObject | undefined)?.managedFields;
}

describe('a create owns what a diff against the zero value would give it', () => {
  for (const { name, schema, apiVersion } of kinds) {
    it(`${name}: 300 random objects, with and without reset paths`, () => {
      const rnd = random(name.length * 7919);
      let owned = 0;
      for (let i = 0; i < 300; i++) {
        const raw = randomValue(schema, rnd, 0) as JsonObject;
        raw.metadata = { name: `o-${i}`, namespace: 'default', ...(raw.metadata as JsonObject) };
        delete (raw.metadata as JsonObject).managedFields;
        // Every tenth sets identity fields only (no entry at all) or status only (reset on the main resource).
        if (i % 10 === 0) for (const k of Object.keys(raw)) if (k !== 'metadata' && k !== 'status') delete raw[k];
        if (i % 20 === 0) raw.metadata = { name: `o-${i}`, namespace: 'default', uid: 'u', generation: 3 };
        let obj: JsonObject;
        try {
          obj = decodeObject(raw, schema).value;
        } catch {
          continue; // a value the schema cannot take (not what this test is about)
        }
        const ignored = resets[i % resets.length];
        const fast = managedFieldsAfter(schema, apiVersion, obj, undefined, ignored);
        const general = managedFieldsAfter(schema, apiVersion, obj, zeroObject(schema), ignored);
        expect(JSON.stringify(fast), `object ${JSON.stringify(obj)}`).toBe(JSON.stringify(general));
        if (fast) owned++;
      }
      // The comparison is about real entries, not about two empty lists.
      expect(owned).toBeGreaterThan(100);
    });
  }
});
