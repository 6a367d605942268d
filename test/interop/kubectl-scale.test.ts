/**
 * The scale subresource with kubectl 1.32: `kubectl patch statefulset web --subresource=scale`
 * with each patch type it has (`strategic`, `merge`, `json`) scales the StatefulSet and leaves
 * the writer's managedFields entry (`subresource: scale`, owning `spec.replicas`).
 *
 * Server-side apply of a Scale is not something kubectl 1.32 can send: `kubectl patch` has no
 * apply type, and `kubectl apply --server-side --subresource=scale` sends the file's object as is
 * — a StatefulSet manifest is refused by the server (it is no Scale), and a Scale manifest never
 * leaves kubectl (Scale is no resource it can map). Both are checked as they are; the apply
 * itself is then sent over plain HTTP, and kubectl reads back what it did (docs/api-rules.md,
 * "Subresources").
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { kubectlPerSuite } from '../support/kubectl.ts';

const WEB = `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: web
  replicas: 1
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: c
        image: nginx
`;

const SCALE = (replicas: number) => `apiVersion: autoscaling/v1
kind: Scale
metadata:
  name: web
  namespace: default
spec:
  replicas: ${replicas}
`;

interface Entry {
  manager: string;
  operation: string;
  apiVersion: string;
  subresource?: string;
  fieldsV1: Record<string, unknown>;
}

describe('kubectl 1.32 and the scale subresource', () => {
  const cluster = kubectlPerSuite({ host: '127.0.0.1' });
  const k = cluster.kubectl;
  const file = (name: string, text: string) => k.file(name, text);
  /** The StatefulSet as kubectl reads it, managed fields included. */
  const web = async (): Promise<{ spec: { replicas: number }; metadata: { managedFields: Entry[] } }> =>
    JSON.parse(await k('get', 'statefulset', 'web', '-o', 'json', '--show-managed-fields'));
  const ownersOfReplicas = (entries: Entry[]) =>
    entries
      .filter((e) => (e.fieldsV1['f:spec'] as Record<string, unknown> | undefined)?.['f:replicas'] !== undefined)
      .map((e) => `${e.manager} ${e.operation} ${e.subresource ?? ''}`);

  beforeAll(async () => {
    expect((await k('create', '-f', file('web.yaml', WEB))).trim()).toBe('statefulset.apps/web created');
  });

  it.each([
    { type: 'strategic', patch: '{"spec":{"replicas":2}}', replicas: 2 },
    { type: 'merge', patch: '{"spec":{"replicas":3}}', replicas: 3 },
    { type: 'json', patch: '[{"op":"replace","path":"/spec/replicas","value":4}]', replicas: 4 },
  ])('kubectl patch --subresource=scale --type=$type', async ({ type, patch, replicas }) => {
    const manager = `scaler-${type}`;
    const out = await k('patch', 'statefulset', 'web', '--subresource=scale', `--type=${type}`, '-p', patch, `--field-manager=${manager}`);
    expect(out.trim()).toBe('scale.autoscaling/web patched');
    const obj = await web();
    expect(obj.spec.replicas).toBe(replicas);
    expect(obj.metadata.managedFields).toContainEqual(
      expect.objectContaining({
        manager,
        operation: 'Update',
        apiVersion: 'apps/v1',
        subresource: 'scale',
        fieldsV1: { 'f:spec': { 'f:replicas': {} } },
      }),
    );
    // The last writer owns the replicas, alone.
    expect(ownersOfReplicas(obj.metadata.managedFields)).toEqual([`${manager} Update scale`]);
  });

  it('kubectl apply --server-side --subresource=scale with the StatefulSet manifest: the server refuses it (no Scale)', async () => {
    const r = await k.result(['apply', '--server-side', '--subresource=scale', '-f', join(k.dir, 'web.yaml'), '--field-manager=applier']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('Error from server (BadRequest): invalid object type: apps/v1, Kind=StatefulSet');
    expect((await web()).spec.replicas).toBe(4);
  });

  it('kubectl apply --server-side --subresource=scale with a Scale manifest: kubectl cannot map the kind', async () => {
    const r = await k.result([
      'apply',
      '--server-side',
      '--subresource=scale',
      '-f',
      file('scale.yaml', SCALE(6)),
      '--field-manager=applier',
    ]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('no matches for kind "Scale" in version "autoscaling/v1"');
  });

  it('server-side apply of a Scale over HTTP; kubectl reads the replicas and the Apply entry with subresource scale', async () => {
    const url = `${cluster.server.url}/apis/apps/v1/namespaces/default/statefulsets/web/scale?fieldManager=applier&force=true`;
    const res = await fetch(url, { method: 'PATCH', headers: { 'content-type': 'application/apply-patch+yaml' }, body: SCALE(6) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ kind: 'Scale', apiVersion: 'autoscaling/v1', spec: { replicas: 6 } });

    expect((await k('get', 'statefulset', 'web', '-o', 'jsonpath={.spec.replicas}')).trim()).toBe('6');
    const obj = await web();
    expect(obj.metadata.managedFields).toContainEqual(
      expect.objectContaining({
        manager: 'applier',
        operation: 'Apply',
        apiVersion: 'apps/v1',
        subresource: 'scale',
        fieldsV1: { 'f:spec': { 'f:replicas': {} } },
      }),
    );
    expect(ownersOfReplicas(obj.metadata.managedFields)).toEqual(['applier Apply scale']);

    // Another applier of a different count now conflicts with it.
    const conflict = await fetch(url.replace('applier&force=true', 'other'), {
      method: 'PATCH',
      headers: { 'content-type': 'application/apply-patch+yaml' },
      body: SCALE(7),
    });
    expect(conflict.status).toBe(409);
    expect(((await conflict.json()) as { message: string }).message).toBe(
      'Apply failed with 1 conflict: conflict with "applier" with subresource "scale": .spec.replicas',
    );
  });

  it('kubectl scale takes the replicas over (an update through scale, its manager named after its user agent)', async () => {
    expect((await k('scale', 'statefulset', 'web', '--replicas=2')).trim()).toBe('statefulset.apps/web scaled');
    const obj = await web();
    expect(obj.spec.replicas).toBe(2);
    expect(ownersOfReplicas(obj.metadata.managedFields)).toEqual(['kubectl Update scale']);
  });
});
