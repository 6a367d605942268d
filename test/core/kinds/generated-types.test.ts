/**
 * The generated core/v1, apps/v1 and networking/v1 schemas against the conformance data in
 * test/data: every message the protobuf closure knows has the same field numbers, types and
 * presence; every merge marker row of the StatefulSet and Ingress graphs is carried; and the
 * generated files, the interfaces beside every schema value (in the hand-written type modules too)
 * and the public face are what the generator makes of its inputs today (so hand edits cannot drift
 * from it).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as apps from '../../../core/registry/types/apps-v1.ts';
import * as core from '../../../core/registry/types/core-v1.ts';
import * as networking from '../../../core/registry/types/networking-v1.ts';
import { jsonFields } from '../../../core/schema/index-fields.ts';
import type { FieldSpec, ObjectSchema, Schema } from '../../../core/schema/types.ts';
import { mergeMarkers, protobufClosure, type ProtoField } from '../../support/testdata.ts';

const closure = protobufClosure();
const markers = mergeMarkers();

/**
 * Fields of the (2026) closure that Kubernetes v1.32 does not have: the generated types follow
 * v1.32, so these must be absent, and nothing else may be.
 */
const NOT_IN_V1_32 = new Set([
  'core.v1.Container.restartPolicyRules',
  'core.v1.EphemeralContainerCommon.restartPolicyRules',
  'core.v1.PodSpec.hostnameOverride',
  'core.v1.PodSpec.schedulingGroup',
  'core.v1.PodSpec.evictionResponders',
  'core.v1.PersistentVolumeClaimStatus.healthStatus',
  'core.v1.Lifecycle.stopSignal',
  'core.v1.EnvVarSource.fileKeyRef',
  'core.v1.VolumeProjection.podCertificate',
  'core.v1.HTTPGetAction.protocol',
  'core.v1.GRPCAction.mode',
  'core.v1.VolumeMount.bindMountOptions',
  'core.v1.EmptyDirVolumeSource.mode',
  'core.v1.KeyToPath.user',
  'core.v1.DownwardAPIVolumeFile.user',
  'core.v1.ServiceAccountTokenProjection.user',
  'core.v1.ClusterTrustBundleProjection.user',
  'core.v1.SecretVolumeSource.defaultUser',
  'core.v1.ConfigMapVolumeSource.defaultUser',
  'core.v1.DownwardAPIVolumeSource.defaultUser',
  'core.v1.ProjectedVolumeSource.defaultUser',
]);

const ROOTS: ObjectSchema[] = [...Object.values(core), ...Object.values(apps), ...Object.values(networking)].filter(
  (s): s is ObjectSchema => typeof s === 'object' && s !== null && (s as ObjectSchema).type === 'object',
);

/** Every object schema reachable from the generated exports, by definition name. */
function allObjects(): Map<string, ObjectSchema> {
  const out = new Map<string, ObjectSchema>();
  const walk = (s: Schema): void => {
    if (s.type === 'array') return walk(s.items);
    if (s.type === 'map') return walk(s.values);
    if (s.type !== 'object' || out.has(s.name)) return;
    out.set(s.name, s);
    for (const f of s.fields) walk(f.schema);
  };
  ROOTS.forEach(walk);
  return out;
}

const SCALAR: Partial<Record<Schema['type'], string>> = { string: 'string', boolean: 'bool', bytes: 'bytes', number: 'double' };
const SPECIAL: Partial<Record<Schema['type'], string>> = {
  time: 'k8s.io.apimachinery.pkg.apis.meta.v1.Time',
  quantity: 'k8s.io.apimachinery.pkg.api.resource.Quantity',
  'int-or-string': 'k8s.io.apimachinery.pkg.util.intstr.IntOrString',
  raw: 'k8s.io.apimachinery.pkg.runtime.RawExtension',
};

/** The protobuf type a schema is written as (message types by their short name). */
function protoTypeOf(s: Schema): string {
  if (s.type === 'integer') return s.format;
  if (s.type === 'object') return s.name.split('.').pop()!;
  return SCALAR[s.type] ?? SPECIAL[s.type] ?? s.type;
}
const shortName = (t: string) =>
  t.startsWith('k8s.io.api.') || (t.includes('.meta.v1.') && !t.endsWith('.Time')) ? t.split('.').pop()! : t;

function protoKey(name: string): string | undefined {
  const m = /^io\.orch\.(api\.(core|apps|networking)\.v1)\.(\w+)$/.exec(name);
  return m ? `k8s.io.${m[1]}.${m[3]}` : undefined;
}

describe('generated types: protobuf field numbers, types and presence (fields-closure.json)', () => {
  const objects = [...allObjects().values()].filter((o) => protoKey(o.name) && closure.messages[protoKey(o.name)!]);

  it('covers the closure messages of the StatefulSet and Ingress graphs', () => {
    expect(objects.length).toBeGreaterThan(120);
  });

  it.each(objects.map((schema) => ({ label: schema.name.replace('io.orch.api.', ''), schema })))('$label', ({ label, schema }) => {
    const message = closure.messages[protoKey(schema.name)!];
    const byName = new Map(message.fields.map((f) => [f.name, f]));
    const ours = new Map(schema.fields.filter((f) => f.proto !== undefined).map((f) => [f.name, f]));
    for (const f of ours.values()) {
      const p = byName.get(f.name);
      expect(p, `${label}.${f.name} is not in the closure`).toBeDefined();
      expect(f.proto, `${label}.${f.name} number`).toBe(p!.number);
      checkType(`${label}.${f.name}`, f, p!);
    }
    for (const p of message.fields) {
      if (ours.has(p.name)) continue;
      expect(NOT_IN_V1_32.has(`${label}.${p.name}`), `${label}.${p.name} is missing`).toBe(true);
    }
  });

  it('lists only closure fields that are really absent', () => {
    const generated = new Map(objects.map((o) => [o.name.replace('io.orch.api.', ''), o]));
    for (const entry of NOT_IN_V1_32) {
      const [group, version, type, name] = entry.split('.');
      const message = closure.messages[`k8s.io.api.${group}.${version}.${type}`];
      expect(
        message?.fields.some((f) => f.name === name),
        `${entry} is in the closure`,
      ).toBe(true);
      expect(
        generated.get(`${group}.${version}.${type}`)?.fields.some((f) => f.name === name),
        `${entry} is not generated`,
      ).toBe(false);
    }
  });

  function checkType(where: string, f: FieldSpec, p: ProtoField): void {
    const s = f.schema;
    if (p.type === 'map') {
      expect(s.type, where).toBe('map');
      if (s.type === 'map') expect(shortName(protoTypeOf(s.values)), where).toBe(shortName(p.valueType!));
      return;
    }
    if (p.label === 'repeated') {
      if (s.type === 'bytes') return;
      expect(s.type, where).toBe('array');
      if (s.type === 'array') expect(protoTypeOf(s.items), where).toBe(shortName(p.type));
      return;
    }
    expect(protoTypeOf(s), where).toBe(shortName(p.type));
    if (p.presence === 'ifNonNil') expect(f.pointer, `${where} is a pointer`).toBe(true);
    if (p.presence === 'always') expect(f.pointer ?? false, `${where} is not a pointer`).toBe(false);
  }
});

describe('generated types: merge markers (markers.json)', () => {
  /** Fields of the 1.36 marker rows that v1.32 does not have. */
  const NOT_IN_V1_32_PATHS = [
    /\.restartPolicyRules$/,
    /\.restartPolicyRules\[\]/,
    /\.schedulingGroup/,
    /\.podCertificate/,
    /\.fileKeyRef/,
    /\.healthStatus/,
  ];
  const rows = ['StatefulSet', 'Ingress'].flatMap((kind) => markers.kinds[kind].fields.map((row) => ({ kind, path: row.path, row })));
  const rootOf: Record<string, ObjectSchema> = { StatefulSet: apps.StatefulSet, Ingress: networking.Ingress };

  it.each(rows.filter(({ path }) => !NOT_IN_V1_32_PATHS.some((re) => re.test(path))))('$kind $path', ({ kind, path, row }) => {
    const s = resolvePath(rootOf[kind], path);
    expect(s, `${kind} ${path}`).toBeDefined();
    if (row.kind === 'list') {
      expect(s!.type).toBe('array');
      if (s!.type !== 'array') return;
      expect(s!.listType ?? null).toBe(row.listType);
      expect(s!.listMapKeys ?? null).toEqual(row.listMapKeys);
      expect(s!.patchStrategy ?? null).toBe(row.patchStrategy);
      expect(s!.patchMergeKey ?? null).toBe(row.patchMergeKey);
    } else if (row.kind === 'map') {
      expect(s!.type).toBe('map');
      if (s!.type === 'map') expect(s!.mapType ?? null).toBe(row.mapType);
    } else {
      expect(s!.type).toBe('object');
      if (s!.type === 'object') expect(s!.structType ?? null).toBe(row.structType);
    }
  });

  function resolvePath(root: ObjectSchema, p: string): Schema | undefined {
    let cur: Schema | undefined = root;
    for (const part of p.split('.')) {
      const listed = part.endsWith('[]');
      const name = listed ? part.slice(0, -2) : part;
      if (cur?.type !== 'object') return undefined;
      const f: FieldSpec | undefined = jsonFields(cur).find((r) => r.spec.name === name)?.spec;
      cur = f?.schema;
      if (listed) cur = cur?.type === 'array' ? cur.items : undefined;
      else if (cur?.type === 'map' && part.endsWith('{}')) cur = cur.values;
    }
    return cur;
  }
});

describe('generated types: up to date with their generator', () => {
  it('node scripts/gen-types.mjs --check finds nothing to change', () => {
    expect(() => execFileSync(process.execPath, ['scripts/gen-types.mjs', '--check'], { stdio: 'pipe' })).not.toThrow();
  });

  it('--check finds a stale interface, generated or in a hand-written module, and a run writes it anew', () => {
    // In a copy of the generator's inputs: the working tree is not this test's to change.
    const copy = mkdtempSync(join(tmpdir(), 'orch-gen-types-'));
    try {
      for (const path of ['biome.json', 'core', 'scripts/gen-types', 'scripts/gen-types.mjs', 'test/data/merge-markers'])
        cpSync(path, join(copy, path), { recursive: true });
      symlinkSync(resolve('node_modules'), join(copy, 'node_modules'), 'dir');
      const gen = (...args: string[]) => spawnSync(process.execPath, ['scripts/gen-types.mjs', ...args], { cwd: copy, encoding: 'utf8' });
      const rbac = join(copy, 'core/registry/types/rbac-v1.ts');
      const apps = join(copy, 'core/registry/types/apps-v1.ts');
      const fresh = { rbac: readFileSync(rbac, 'utf8'), apps: readFileSync(apps, 'utf8') };
      const ordinals = /\n\n\/\*\* How the replicas of a StatefulSet are numbered\. \*\/\nexport interface StatefulSetOrdinals \{[^}]*\}/;
      expect(fresh.apps).toMatch(ordinals);
      expect(fresh.rbac).toContain('export interface RoleRef {');
      writeFileSync(rbac, fresh.rbac.replace(/(export interface RoleRef \{[^}]*?name\?: )string;/, '$1number;'));
      writeFileSync(apps, fresh.apps.replace(ordinals, ''));

      const check = gen('--check');
      expect(check.status).toBe(1);
      expect(check.stderr.trim().split('\n').sort()).toEqual([
        'core/registry/types/apps-v1.ts is out of date; run node scripts/gen-types.mjs',
        'core/registry/types/rbac-v1.ts is out of date; run node scripts/gen-types.mjs',
      ]);
      expect(gen().status).toBe(0);
      expect({ rbac: readFileSync(rbac, 'utf8'), apps: readFileSync(apps, 'utf8') }).toEqual(fresh);
      expect(gen('--check').status).toBe(0);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
