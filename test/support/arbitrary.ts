/**
 * fast-check arbitraries driven by a schema: any object type yields random values of its JSON
 * shape (bounded in depth and size), so every kind, present or future, can be property-tested.
 */
import fc from 'fast-check';
import { jsonFields } from '../../core/schema/index-fields.ts';
import type { FieldSpec, ObjectSchema, Schema } from '../../core/schema/types.ts';
import type { JsonObject, JsonValue } from '../../core/util/json.ts';
import { formatMicroTime, formatTime } from '../../core/util/time.ts';

const MAX_DEPTH = 4;
const TYPE_META = new Set(['kind', 'apiVersion']);

const text = fc.string({ unit: 'grapheme', maxLength: 8 });
// 1900-01-01 .. 2100-01-01, in seconds.
const seconds = fc.integer({ min: -2208988800, max: 4102444800 });
const quantities = fc
  .tuple(fc.integer({ min: 0, max: 100_000 }), fc.constantFrom('', 'm', 'k', 'M', 'Ki', 'Mi', 'Gi'))
  .map(([n, suffix]) => `${n}${suffix}`);

/**
 * Non-pointer IntOrString and Quantity fields: Go's JSON always writes them (omitempty never
 * drops a struct), protobuf always carries them, but the canonical JSON decoder drops them when
 * absent — so they are generated present, and the difference is reported separately.
 */
function alwaysPresent(f: FieldSpec): boolean {
  return !f.pointer && (f.schema.type === 'int-or-string' || f.schema.type === 'quantity');
}

/**
 * Protobuf cannot tell an empty list or map from a nil one, so an empty non-omitempty collection
 * comes back as `null`, as it does from Go (checked on its own in the vectors test).
 */
function nonEmpty(f: FieldSpec): boolean {
  return f.omitEmpty === false && (f.schema.type === 'array' || f.schema.type === 'map');
}

export function arbitraryOf(s: Schema, depth = 0, min = 0): fc.Arbitrary<JsonValue> {
  switch (s.type) {
    case 'string':
      return s.enum?.length ? fc.constantFrom(...s.enum) : text;
    case 'integer':
      return s.format === 'int32' ? fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }) : fc.maxSafeInteger();
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'bytes':
      return fc.uint8Array({ maxLength: 6 }).map((b) => Buffer.from(b).toString('base64'));
    case 'time':
      return s.precision === 'micro'
        ? fc
            .tuple(seconds, fc.integer({ min: 0, max: 999_999 }))
            .map(([sec, us]) => formatMicroTime(sec * 1000 + Math.floor(us / 1000), us % 1000))
        : seconds.map((sec) => formatTime(sec * 1000));
    case 'int-or-string':
      return fc.oneof(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), text);
    case 'quantity':
      return quantities;
    case 'raw':
      return fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<JsonValue>;
    case 'array':
      return fc.array(arbitraryOf(s.items, depth + 1), { minLength: min, maxLength: depth >= MAX_DEPTH ? min : 2 });
    case 'map':
      return fc.dictionary(text, arbitraryOf(s.values, depth + 1), { minKeys: min, maxKeys: depth >= MAX_DEPTH ? min : 3 });
    case 'object':
      return objectArbitrary(s, depth);
  }
}

export function objectArbitrary(schema: ObjectSchema, depth = 0): fc.Arbitrary<JsonObject> {
  if (depth >= MAX_DEPTH) return fc.constant({});
  const model: Record<string, fc.Arbitrary<JsonValue>> = {};
  const required: string[] = [];
  for (const { spec } of jsonFields(schema)) {
    if (TYPE_META.has(spec.name) && spec.proto === undefined) continue;
    model[spec.name] = arbitraryOf(spec.schema, depth + 1, nonEmpty(spec) ? 1 : 0);
    if (alwaysPresent(spec)) required.push(spec.name);
  }
  return fc.record(model, { requiredKeys: required }) as fc.Arbitrary<JsonObject>;
}
