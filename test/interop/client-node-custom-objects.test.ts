/**
 * Custom resources through the official JavaScript client (@kubernetes/client-node 1.4.0) against
 * orch-apiserver over HTTP: a CRD (its rule in the real platform's x-kubernetes-validations
 * spelling) installed with the generic KubernetesObjectApi, then every verb of CustomObjectsApi on
 * its objects, with the schema's defaults, its CEL rule, the status and scale subresources, and the
 * patch types custom resources take and refuse.
 */
import {
  ApiException,
  CustomObjectsApi,
  KubeConfig,
  KubernetesObjectApi,
  PatchStrategy,
  setHeaderOptions,
  type V1CustomResourceDefinition,
} from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/index.ts';

const GROUP = 'stable.example.com';
const VERSION = 'v1';
const PLURAL = 'crontabs';

// The client's model names (`_default`, `x_kubernetes_validations`): its serializer writes them as
// `default` and `x-kubernetes-validations`, the real platform's spelling, which orch accepts.
const CRD: V1CustomResourceDefinition = {
  apiVersion: 'apiextensions.orch.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: `${PLURAL}.${GROUP}` },
  spec: {
    group: GROUP,
    scope: 'Namespaced',
    names: { plural: PLURAL, singular: 'crontab', kind: 'CronTab', shortNames: ['ct'] },
    versions: [
      {
        name: VERSION,
        served: true,
        storage: true,
        subresources: { status: {}, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas' } },
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: {
                type: 'object',
                properties: {
                  cronSpec: { type: 'string', pattern: '^(\\S+ ){4}\\S+$' },
                  image: { type: 'string', _default: 'busybox:1.36' },
                  replicas: { type: 'integer', minimum: 0, maximum: 10 },
                },
                x_kubernetes_validations: [{ rule: 'self.replicas <= 5', message: 'replicas must be at most 5' }],
              },
              status: { type: 'object', properties: { replicas: { type: 'integer' } } },
            },
          },
        },
      },
    ],
  },
};

let server: RunningServer;
let objects: KubernetesObjectApi;
let custom: CustomObjectsApi;

interface CronTab {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; uid?: string; generation?: number; labels?: Record<string, string> };
  spec: { cronSpec?: string; image?: string; replicas?: number };
  status?: { replicas?: number };
}

const where = { group: GROUP, version: VERSION, namespace: 'default', plural: PLURAL };
const cronTab = (name: string, spec: CronTab['spec'], labels?: Record<string, string>): CronTab => ({
  apiVersion: `${GROUP}/${VERSION}`,
  kind: 'CronTab',
  metadata: { name, ...(labels ? { labels } : {}) },
  spec,
});

async function failure(p: Promise<unknown>): Promise<ApiException<string>> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ApiException) return err as ApiException<string>;
    throw err;
  }
  throw new Error('the request succeeded');
}

beforeAll(async () => {
  server = await startServer({ host: '127.0.0.1', port: 0 });
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: 'orch', server: server.url, skipTLSVerify: true }],
    users: [{ name: 'orch' }],
    contexts: [{ name: 'orch', cluster: 'orch', user: 'orch' }],
    currentContext: 'orch',
  });
  objects = KubernetesObjectApi.makeApiClient(kc);
  custom = kc.makeApiClient(CustomObjectsApi);

  await objects.create(CRD);
  for (let i = 0; ; i++) {
    const crd = (await objects.read({ apiVersion: CRD.apiVersion!, kind: CRD.kind!, metadata: { name: CRD.metadata!.name! } })) as {
      status?: { conditions?: { type: string; status: string }[] };
    };
    if (crd.status?.conditions?.some((c) => c.type === 'Established' && c.status === 'True')) break;
    if (i > 200) throw new Error(`the CRD was not Established: ${JSON.stringify(crd.status)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
});
afterAll(async () => {
  await server?.shutdown();
});

describe('@kubernetes/client-node 1.4.0 CustomObjectsApi', () => {
  it('creates, reads and lists custom objects, with the schema defaults applied', async () => {
    const made = (await custom.createNamespacedCustomObject({
      ...where,
      body: cronTab('nightly', { cronSpec: '0 3 * * *', replicas: 1 }, { tier: 'batch' }),
    })) as CronTab;
    expect(made.metadata.uid).toBeTruthy();
    expect(made.spec.image).toBe('busybox:1.36');
    await custom.createNamespacedCustomObject({ ...where, body: cronTab('hourly', { cronSpec: '0 * * * *', replicas: 1 }) });

    const read = (await custom.getNamespacedCustomObject({ ...where, name: 'nightly' })) as CronTab;
    expect(read).toMatchObject({ apiVersion: `${GROUP}/${VERSION}`, kind: 'CronTab', metadata: { name: 'nightly', namespace: 'default' } });

    const selected = (await custom.listNamespacedCustomObject({ ...where, labelSelector: 'tier=batch' })) as {
      kind: string;
      items: CronTab[];
    };
    expect(selected.kind).toBe('CronTabList');
    expect(selected.items.map((i) => i.metadata.name)).toEqual(['nightly']);
    const everywhere = (await custom.listClusterCustomObject({ group: GROUP, version: VERSION, plural: PLURAL })) as { items: CronTab[] };
    expect(everywhere.items.map((i) => i.metadata.name).sort()).toEqual(['hourly', 'nightly']);
  });

  it('patches (merge and JSON patch), bumping generation only for spec changes', async () => {
    await custom.createNamespacedCustomObject({ ...where, body: cronTab('patched', { cronSpec: '* * * * *', replicas: 1 }) });
    const merged = (await custom.patchNamespacedCustomObject(
      { ...where, name: 'patched', body: { spec: { replicas: 2 } } },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    )) as CronTab;
    expect(merged.spec.replicas).toBe(2);
    expect(merged.metadata.generation).toBe(2);

    const jsonPatched = (await custom.patchNamespacedCustomObject(
      { ...where, name: 'patched', body: [{ op: 'replace', path: '/spec/replicas', value: 3 }] },
      setHeaderOptions('Content-Type', PatchStrategy.JsonPatch),
    )) as CronTab;
    expect(jsonPatched.spec.replicas).toBe(3);

    const status = (await custom.patchNamespacedCustomObjectStatus(
      { ...where, name: 'patched', body: { status: { replicas: 3 }, spec: { replicas: 4 } } },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    )) as CronTab;
    expect(status.status?.replicas).toBe(3);
    expect(status.spec.replicas).toBe(3); // the status subresource ignores spec
    expect(status.metadata.generation).toBe(3);

    const scale = (await custom.getNamespacedCustomObjectScale({ ...where, name: 'patched' })) as { spec: { replicas: number } };
    expect(scale.spec.replicas).toBe(3);
  });

  it('refuses a strategic merge patch with 415, as for every custom resource', async () => {
    await custom.createNamespacedCustomObject({ ...where, body: cronTab('strategic', { cronSpec: '* * * * *', replicas: 1 }) });
    const err = await failure(
      custom.patchNamespacedCustomObject(
        { ...where, name: 'strategic', body: { spec: { replicas: 2 } } },
        setHeaderOptions('Content-Type', PatchStrategy.StrategicMergePatch),
      ),
    );
    expect(err.code).toBe(415);
  });

  it('answers 422 with the CEL rule message and the schema errors', async () => {
    const cel = await failure(
      custom.createNamespacedCustomObject({ ...where, body: cronTab('too-many', { cronSpec: '* * * * *', replicas: 7 }) }),
    );
    expect(cel.code).toBe(422);
    expect(String(cel.body)).toContain('replicas must be at most 5');

    const pattern = await failure(
      custom.createNamespacedCustomObject({ ...where, body: cronTab('bad-spec', { cronSpec: 'never', replicas: 1 }) }),
    );
    expect(pattern.code).toBe(422);
    expect(String(pattern.body)).toContain('spec.cronSpec');
  });

  it('deletes, after which the object is not found', async () => {
    await custom.createNamespacedCustomObject({ ...where, body: cronTab('doomed', { cronSpec: '* * * * *', replicas: 1 }) });
    await custom.deleteNamespacedCustomObject({ ...where, name: 'doomed' });
    const gone = await failure(custom.getNamespacedCustomObject({ ...where, name: 'doomed' }));
    expect(gone.code).toBe(404);
  });
});
