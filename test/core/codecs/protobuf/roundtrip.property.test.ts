/**
 * Property: any valid object of a kind survives JSON → protobuf → JSON unchanged, as canonical
 * JSON text. Run for every served kind (through the serializer, envelope included) and for every
 * object type declared in core/registry/types (through the message codec), so kinds that land
 * later are covered without touching this file.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessage, hasProtobuf, protobufSerializer } from '../../../../core/codecs/protobuf/index.ts';
import { apiVersionOf } from '../../../../core/registry/definition.ts';
import { BUILTIN_KINDS } from '../../../../core/registry/kinds/index.ts';
import { decodeObject } from '../../../../core/schema/decode.ts';
import type { ObjectSchema } from '../../../../core/schema/types.ts';
import type { JsonObject } from '../../../../core/util/json.ts';
import { objectArbitrary } from '../../../support/arbitrary.ts';

const RUNS = 60;

/** The canonical JSON of a generated value, with its type meta first (as the server stores it). */
function canonical(generated: JsonObject, schema: ObjectSchema, kind: string, apiVersion: string): JsonObject {
  return decodeObject({ kind, apiVersion, ...generated }, schema).value;
}

function isObjectType(v: unknown): v is ObjectSchema {
  if (typeof v !== 'object' || v === null || (v as ObjectSchema).type !== 'object') return false;
  const names = (v as ObjectSchema).fields.map((f) => f.name);
  return names[0] === 'kind' && names[1] === 'apiVersion' && names[2] === 'metadata' && !names.includes('items');
}

/** Every top-level object type the type modules export. */
async function declaredObjectTypes(): Promise<ObjectSchema[]> {
  const dir = path.resolve(process.cwd(), 'core/registry/types');
  const found = new Map<string, ObjectSchema>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort()) {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as Record<string, unknown>;
    for (const v of Object.values(mod)) if (isObjectType(v) && !found.has(v.name)) found.set(v.name, v);
  }
  return [...found.values()];
}

const servedKinds = BUILTIN_KINDS.filter((def) => hasProtobuf(def.schema));
const declared = (await declaredObjectTypes()).filter(hasProtobuf);

describe('protobuf round trip (property)', () => {
  it('covers ConfigMap and Namespace at least', () => {
    expect(servedKinds.map((d) => d.kind)).toEqual(expect.arrayContaining(['ConfigMap', 'Namespace']));
  });

  it.each(servedKinds.map((def) => ({ kind: def.kind, def })))('$kind: JSON → protobuf envelope → JSON is unchanged', ({ def }) => {
    fc.assert(
      fc.property(objectArbitrary(def.schema), (generated) => {
        const json = JSON.stringify(canonical(generated, def.schema, def.kind, apiVersionOf(def)));
        const ctx = { def, pretty: false };
        const bytes = protobufSerializer.encodeObject(json, ctx) as Uint8Array;
        expect(JSON.stringify(protobufSerializer.decode(bytes, ctx))).toBe(json);
      }),
      { numRuns: RUNS },
    );
  });

  it.each(declared.map((schema) => ({ name: schema.name, schema })))('$name: JSON → protobuf message → JSON is unchanged', ({ schema }) => {
    fc.assert(
      fc.property(objectArbitrary(schema), (generated) => {
        const value = canonical(generated, schema, '', '');
        expect(JSON.stringify(decodeMessage(encodeMessage(value, schema), schema))).toBe(JSON.stringify(value));
      }),
      { numRuns: RUNS },
    );
  });
});
