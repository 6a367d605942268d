/**
 * The declared types of the flow-control, resource, event, RBAC, Secret and ServiceAccount kinds
 * against the conformance data: protobuf field numbers and types (fields-closure.json, read from
 * the real generated.proto files) and merge markers (markers.json). The data is from a newer
 * release than v1.32: members added later are listed here and must be the only ones missing.
 */
import { describe, expect, it } from 'vitest';
import { flowSchemaKind } from '../../../core/registry/kinds/flowschema.ts';
import { resourceClaimTemplateKind } from '../../../core/registry/kinds/resourceclaimtemplate.ts';
import * as coreMisc from '../../../core/registry/types/core-v1-misc.ts';
import * as eventsV1 from '../../../core/registry/types/events-v1.ts';
import * as flowcontrolV1 from '../../../core/registry/types/flowcontrol-v1.ts';
import * as rbacV1 from '../../../core/registry/types/rbac-v1.ts';
import * as resourceV1beta1 from '../../../core/registry/types/resource-v1beta1.ts';
import type { ArraySchema, FieldSpec, MapSchema, ObjectSchema, Schema } from '../../../core/schema/types.ts';
import { mergeMarkers, protobufClosure, type MarkerRow, type ProtoField } from '../../support/testdata.ts';

const closure = protobufClosure();
const markers = mergeMarkers();

/** Members the 2026 data has that Kubernetes v1.32 did not (added in 1.33 and later). */
const NEWER_THAN_V1_32: Record<string, string[]> = {
  'k8s.io.api.resource.v1beta1.DeviceRequest': ['firstAvailable', 'tolerations', 'capacity'],
  'k8s.io.api.resource.v1beta1.DeviceConstraint': ['distinctAttribute'],
  'k8s.io.api.resource.v1beta1.DeviceRequestAllocationResult': [
    'tolerations',
    'bindingConditions',
    'bindingFailureConditions',
    'shareID',
    'consumedCapacity',
  ],
  'k8s.io.api.resource.v1beta1.AllocationResult': ['allocationTimestamp'],
  'k8s.io.api.resource.v1beta1.AllocatedDeviceStatus': ['shareID'],
  'k8s.io.apimachinery.pkg.apis.meta.v1.ListMeta': ['shardInfo'],
};
const NEWER_PATHS = ['firstAvailable', 'tolerations', 'capacity'];
/** Message types of those newer members. */
const NEWER_MESSAGES = [
  'k8s.io.api.resource.v1beta1.DeviceSubRequest',
  'k8s.io.api.resource.v1beta1.DeviceToleration',
  'k8s.io.api.resource.v1beta1.CapacityRequirements',
];

/** Our definition name → the real protobuf message name. */
function protoName(name: string): string {
  return name.replace(/^io\.orch\./, 'k8s.io.');
}

/** Every type these files declare (types from meta-v1.ts and core-v1.ts are checked with those). */
function declaredTypes(): ObjectSchema[] {
  const modules = [coreMisc, eventsV1, flowcontrolV1, rbacV1, resourceV1beta1];
  const all = modules
    .flatMap((m) => Object.values(m))
    .filter((v): v is ObjectSchema => typeof v === 'object' && v !== null && (v as Schema).type === 'object');
  return [...new Map(all.map((s) => [s.name, s])).values()];
}

const SCALARS: Record<string, (s: Schema) => boolean> = {
  string: (s) => s.type === 'string',
  int32: (s) => s.type === 'integer' && s.format === 'int32',
  int64: (s) => s.type === 'integer' && s.format === 'int64',
  bool: (s) => s.type === 'boolean',
  bytes: (s) => s.type === 'bytes',
  'k8s.io.apimachinery.pkg.apis.meta.v1.Time': (s) => s.type === 'time' && s.precision === 'second',
  'k8s.io.apimachinery.pkg.apis.meta.v1.MicroTime': (s) => s.type === 'time' && s.precision === 'micro',
  'k8s.io.apimachinery.pkg.runtime.RawExtension': (s) => s.type === 'raw',
  'k8s.io.apimachinery.pkg.api.resource.Quantity': (s) => s.type === 'quantity',
  'k8s.io.apimachinery.pkg.util.intstr.IntOrString': (s) => s.type === 'int-or-string',
};

function typeMatches(protoType: string, s: Schema): boolean {
  const scalar = SCALARS[protoType];
  if (scalar) return scalar(s);
  return s.type === 'object' && protoName(s.name) === protoType;
}

function fieldMatches(p: ProtoField, f: FieldSpec): boolean {
  if (p.type === 'map') return f.schema.type === 'map' && p.keyType === 'string' && typeMatches(p.valueType!, f.schema.values);
  if (p.label === 'repeated') return f.schema.type === 'array' && typeMatches(p.type, f.schema.items);
  return typeMatches(p.type, f.schema);
}

const declared = declaredTypes();
const inClosure = declared.filter((s) => closure.messages[protoName(s.name)]);

describe('protobuf field numbers and types (fields-closure.json)', () => {
  it('declares every flow-control and resource message of the data that v1.32 has', () => {
    const ours = new Set(inClosure.map((s) => protoName(s.name)));
    const theirs = Object.keys(closure.messages).filter((m) => /^k8s\.io\.api\.(flowcontrol\.v1|resource\.v1beta1)\./.test(m));
    expect(theirs.filter((m) => !ours.has(m))).toEqual(NEWER_MESSAGES.filter((m) => theirs.includes(m)));
  });

  it.each(inClosure.map((schema) => ({ message: protoName(schema.name), schema })))('$message', ({ message, schema }) => {
    const proto = closure.messages[message].fields;
    const byName = new Map(schema.fields.map((f) => [f.name, f]));
    const missing = proto.filter((p) => !byName.has(p.name)).map((p) => p.name);
    expect(missing).toEqual((NEWER_THAN_V1_32[message] ?? []).filter((n) => proto.some((p) => p.name === n)));
    for (const f of schema.fields) {
      if (f.proto === undefined) continue; // kind/apiVersion: not in protobuf messages
      const p = proto.find((x) => x.name === f.name);
      expect(p, `${message}.${f.name}`).toBeDefined();
      expect({ field: f.name, number: f.proto }).toEqual({ field: f.name, number: p!.number });
      expect(fieldMatches(p!, f), `${message}.${f.name}: ${p!.label} ${p!.type} vs ${JSON.stringify(f.schema).slice(0, 80)}`).toBe(true);
    }
  });
});

/** Follows a markers.json path (`spec.rules[].subjects`) through a kind's schema. */
function resolve(root: ObjectSchema, markerPath: string): FieldSpec | undefined {
  let cur: Schema = root;
  let spec: FieldSpec | undefined;
  for (const raw of markerPath.split('.')) {
    const name = raw.replace(/(\[\]|\{\})$/, '');
    if (cur.type !== 'object') return undefined;
    spec = flatFields(cur).find((f) => f.name === name);
    if (!spec) return undefined;
    cur = spec.schema;
    if (raw.endsWith('[]')) cur = (cur as ArraySchema).items;
    if (raw.endsWith('{}')) cur = (cur as MapSchema).values;
  }
  return spec;
}

/** JSON members of a struct, with inline members flattened. */
function flatFields(s: ObjectSchema): FieldSpec[] {
  return s.fields.flatMap((f) => (f.inline && f.schema.type === 'object' ? flatFields(f.schema) : [f]));
}

function markersOf(f: FieldSpec): Omit<MarkerRow, 'path' | 'kind'> {
  const s = f.schema;
  return {
    listType: s.type === 'array' ? (s.listType ?? null) : null,
    listMapKeys: s.type === 'array' ? (s.listMapKeys ? [...s.listMapKeys] : null) : null,
    patchStrategy: s.type === 'array' || s.type === 'map' ? (s.patchStrategy ?? null) : null,
    patchMergeKey: s.type === 'array' ? (s.patchMergeKey ?? null) : null,
    mapType: s.type === 'map' ? (s.mapType ?? null) : null,
    structType: s.type === 'object' ? (s.structType ?? null) : null,
  };
}

describe('merge markers (markers.json)', () => {
  const kinds = [
    { name: 'FlowSchema', def: flowSchemaKind },
    { name: 'ResourceClaimTemplate', def: resourceClaimTemplateKind },
  ] as const;
  for (const { name, def } of kinds) {
    const rows = markers.kinds[name].fields.filter((r) => !NEWER_PATHS.some((n) => r.path.includes(`].${n}`)));
    it.each(rows)(`${name} $path`, (row) => {
      const f = resolve(def.schema, row.path);
      expect(f, row.path).toBeDefined();
      const { listType, listMapKeys, patchStrategy, patchMergeKey, mapType, structType } = row;
      expect(markersOf(f!)).toEqual({ listType, listMapKeys, patchStrategy, patchMergeKey, mapType, structType });
    });
  }

  const defs = declared.filter((s) => markers.definitions[protoName(s.name).replace(/^k8s\.io\./, 'io.k8s.')]);
  it.each(defs.map((schema) => ({ name: schema.name, schema })))('definition $name', ({ schema }) => {
    const def = markers.definitions[protoName(schema.name).replace(/^k8s\.io\./, 'io.k8s.')];
    expect(schema.structType ?? null).toBe(def.structType);
    for (const [field, want] of Object.entries(def.fields)) {
      const f = flatFields(schema).find((x) => x.name === field);
      if (!f && NEWER_PATHS.includes(field)) continue;
      expect(f, field).toBeDefined();
      const { listType, listMapKeys, patchStrategy, patchMergeKey, mapType, structType } = want;
      expect(markersOf(f!)).toEqual({ listType, listMapKeys, patchStrategy, patchMergeKey, mapType, structType });
    }
  });
});
