/**
 * An independent check of the encoder: the bytes are walked with nothing but the field tables
 * extracted from the real platform's generated.proto files (test/data/protobuf-field-numbers):
 * every field number must exist in its message, with the table's wire type, in ascending order,
 * every field the Go marshaller always writes must be there, and the walked tree (named by the
 * tables) must hold the object's values.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BinaryReader, WireType } from '@bufbuild/protobuf/wire';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeMessage, hasProtobuf, PROTOBUF_MAGIC, protobufSerializer } from '../../../../core/codecs/protobuf/index.ts';
import { configMapKind } from '../../../../core/registry/kinds/configmap.ts';
import { decodeObject } from '../../../../core/schema/decode.ts';
import type { ObjectSchema } from '../../../../core/schema/types.ts';
import type { JsonObject } from '../../../../core/util/json.ts';
import { configMap } from '../../../support/builders.ts';
import { readTestdata, type ProtoField } from '../../../support/testdata.ts';
import { objectArbitrary } from '../../../support/arbitrary.ts';

/** A field of the tables; these files always carry the wire type. */
type TableField = ProtoField & { readonly wireType: number };
interface TableMessage {
  readonly fields: readonly TableField[];
}

const load = (file: string): Record<string, Record<string, TableMessage>> => readTestdata(`protobuf-field-numbers/${file}`);
const fieldsJson = load('fields.json');
const closure = load('fields-closure.json');
const TABLES = new Map<string, TableMessage>([closure.messages, fieldsJson.related, fieldsJson.messages].flatMap((m) => Object.entries(m)));

const META = 'k8s.io.apimachinery.pkg.apis.meta.v1';
type Walked = { [k: string]: unknown };

function scalar(r: BinaryReader, type: string): unknown {
  switch (type) {
    case 'string':
      return r.string();
    case 'bytes':
      return r.bytes();
    case 'bool':
      return r.bool();
    case 'int32':
      return r.int32();
    case 'int64':
      return Number(r.int64());
    default:
      throw new Error(`no scalar type ${type}`);
  }
}

function value(r: BinaryReader, type: string): unknown {
  return TABLES.has(type) ? walk(r.bytes(), type) : scalar(r, type);
}

/** Reads a message using only the tables; fails on anything the real message would not hold. */
function walk(bytes: Uint8Array, message: string): Walked {
  const table = TABLES.get(message);
  if (!table) throw new Error(`no table for ${message}`);
  const byNumber = new Map(table.fields.map((f) => [f.number, f]));
  const r = new BinaryReader(bytes);
  const out: Walked = {};
  let last = 0;
  while (r.pos < r.len) {
    const [no, wire] = r.tag();
    const f = byNumber.get(no);
    expect(f, `${message} has a field ${no}`).toBeDefined();
    expect(wire, `${message}.${f!.name} wire type`).toBe(f!.wireType);
    expect(no, `${message}: field ${no} after field ${last}`).toBeGreaterThanOrEqual(last);
    last = no;
    if (f!.type === 'map') {
      const entry = new BinaryReader(r.bytes());
      let key: unknown;
      let val: unknown;
      while (entry.pos < entry.len) {
        const [eno, ewire] = entry.tag();
        expect(ewire).toBe(WireType.LengthDelimited);
        if (eno === 1) key = scalar(entry, f!.keyType!);
        else if (eno === 2) val = value(entry, f!.valueType!);
        else throw new Error(`map entry field ${eno}`);
      }
      const map = (out[f!.name] ??= {}) as Walked;
      map[String(key)] = val;
    } else if (f!.label === 'repeated') {
      ((out[f!.name] ??= []) as unknown[]).push(value(r, f!.type));
    } else {
      expect(out[f!.name], `${message}.${f!.name} written once`).toBeUndefined();
      out[f!.name] = value(r, f!.type);
    }
  }
  for (const f of table.fields) {
    if (f.presence === 'always') expect(out, `${message}.${f.name} is always written`).toHaveProperty([f.name]);
  }
  return out;
}

const text = (s: string) => new TextEncoder().encode(s);
// 2024-01-02T03:04:05Z and one minute later.
const T0 = { seconds: 1704164645, nanos: 0 };
const T1 = { seconds: 1704164705, nanos: 0 };

/** A ConfigMap with every part of ObjectMeta set. */
const full: JsonObject = {
  ...configMap(
    'cm',
    { k: 'v' },
    {
      namespace: 'ns',
      uid: 'u1',
      resourceVersion: '9',
      generation: 3,
      creationTimestamp: '2024-01-02T03:04:05Z',
      deletionTimestamp: '2024-01-02T03:05:05Z',
      deletionGracePeriodSeconds: 30,
      labels: { app: 'web' },
      annotations: { note: 'x' },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'web', uid: 'o1', controller: true }],
      finalizers: ['orchestrator.io/keep'],
      managedFields: [
        {
          manager: 'orchctl',
          operation: 'Apply',
          apiVersion: 'v1',
          time: '2024-01-02T03:04:05Z',
          fieldsType: 'FieldsV1',
          fieldsV1: { 'f:data': { 'f:k': {} } },
        },
      ],
    },
  ),
  immutable: true,
  binaryData: { b: 'AAE=' },
};

const status: JsonObject = {
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message: 'ConfigMap "cm" is invalid: data[a b]: Invalid value',
  reason: 'Invalid',
  details: {
    name: 'cm',
    kind: 'ConfigMap',
    causes: [{ reason: 'FieldValueInvalid', message: 'Invalid value', field: 'data[a b]' }],
    retryAfterSeconds: 2,
  },
  code: 422,
};

function unwrap(envelope: Uint8Array): Walked {
  expect(envelope.subarray(0, 4)).toEqual(PROTOBUF_MAGIC);
  return walk(envelope.subarray(4), 'k8s.io.apimachinery.pkg.runtime.Unknown');
}

describe('protobuf bytes walked with the real field tables', () => {
  it('ConfigMap with a full ObjectMeta (ownerReferences, managedFields with fieldsV1, deletionTimestamp)', () => {
    const unknown = unwrap(protobufSerializer.encodeValue(full, { def: configMapKind, pretty: false }) as Uint8Array);
    expect(unknown).toMatchObject({ typeMeta: { apiVersion: 'v1', kind: 'ConfigMap' }, contentEncoding: '', contentType: '' });
    expect(walk(unknown.raw as Uint8Array, 'k8s.io.api.core.v1.ConfigMap')).toEqual({
      metadata: {
        name: 'cm',
        generateName: '',
        namespace: 'ns',
        selfLink: '',
        uid: 'u1',
        resourceVersion: '9',
        generation: 3,
        creationTimestamp: T0,
        deletionTimestamp: T1,
        deletionGracePeriodSeconds: 30,
        labels: { app: 'web' },
        annotations: { note: 'x' },
        ownerReferences: [{ kind: 'StatefulSet', name: 'web', uid: 'o1', apiVersion: 'apps/v1', controller: true }],
        finalizers: ['orchestrator.io/keep'],
        managedFields: [
          {
            manager: 'orchctl',
            operation: 'Apply',
            apiVersion: 'v1',
            time: T0,
            fieldsType: 'FieldsV1',
            fieldsV1: { Raw: text('{"f:data":{"f:k":{}}}') },
            subresource: '',
          },
        ],
      },
      data: { k: 'v' },
      binaryData: { b: Uint8Array.of(0, 1) },
      immutable: true,
    });
  });

  it('Status with details and causes', () => {
    const unknown = unwrap(protobufSerializer.encodeValue(status, { pretty: false }) as Uint8Array);
    expect(unknown.typeMeta).toEqual({ apiVersion: 'v1', kind: 'Status' });
    expect(walk(unknown.raw as Uint8Array, `${META}.Status`)).toEqual({
      metadata: { selfLink: '', resourceVersion: '', continue: '' },
      status: 'Failure',
      message: 'ConfigMap "cm" is invalid: data[a b]: Invalid value',
      reason: 'Invalid',
      details: {
        name: 'cm',
        group: '',
        kind: 'ConfigMap',
        causes: [{ reason: 'FieldValueInvalid', message: 'Invalid value', field: 'data[a b]' }],
        retryAfterSeconds: 2,
        uid: '',
      },
      code: 422,
    });
  });

  it('ConfigMapList: ListMeta and one message per item', () => {
    const body = protobufSerializer.encodeList(
      {
        kind: 'ConfigMapList',
        apiVersion: 'v1',
        metadata: { resourceVersion: '12', continue: 'tok', remainingItemCount: 4 },
        items: [JSON.stringify(full)],
      },
      { def: configMapKind, pretty: false },
    ) as Uint8Array;
    const unknown = unwrap(body);
    expect(unknown.typeMeta).toEqual({ apiVersion: 'v1', kind: 'ConfigMapList' });
    const list = walk(unknown.raw as Uint8Array, 'k8s.io.api.core.v1.ConfigMapList');
    expect(list.metadata).toEqual({ selfLink: '', resourceVersion: '12', continue: 'tok', remainingItemCount: 4 });
    expect((list.items as Walked[]).map((i) => (i.metadata as Walked).name)).toEqual(['cm']);
  });
});

/** `io.orch.api.apps.v1.StatefulSet` → `k8s.io.api.apps.v1.StatefulSet` (the tables' names). */
function tableName(definition: string): string {
  return definition.replace(/^io\.orch\./, 'k8s.io.');
}

/** Every struct the type modules export that the tables know, so new kinds are checked as they land. */
async function tabledTypes(): Promise<ObjectSchema[]> {
  const dir = path.resolve(process.cwd(), 'core/registry/types');
  const types = new Map<string, ObjectSchema>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort()) {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as Record<string, unknown>;
    for (const v of Object.values(mod)) {
      const s = v as ObjectSchema;
      if (s && typeof s === 'object' && s.type === 'object' && TABLES.has(tableName(s.name)) && hasProtobuf(s)) types.set(s.name, s);
    }
  }
  return [...types.values()];
}

describe('every declared type with a table walks cleanly (property)', async () => {
  const types = await tabledTypes();

  it.each(types.map((schema) => ({ name: schema.name, schema })))('$name', ({ schema }) => {
    fc.assert(
      fc.property(objectArbitrary(schema), (generated) => {
        walk(encodeMessage(decodeObject(generated, schema).value, schema), tableName(schema.name));
      }),
      { numRuns: 20 },
    );
  });
});
