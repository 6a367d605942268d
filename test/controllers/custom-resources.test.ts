/**
 * The controller runtime on custom resources: `createTestEnv({ crds })` installs CRDs (objects,
 * files, directories; either spelling of the group) and starts once they are Established; a typed
 * client, informer and controller work on the author's own type, and an untyped one on a resource
 * found by name through discovery; in-process and against orch-apiserver over HTTP.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CUSTOM_RESOURCE_DEFINITIONS,
  type CustomResource,
  type CustomResourceDefinition,
  customResourceType,
  isEstablished,
  type RunnableFactory,
  resolveResource,
  type TestEnv,
  type UnstructuredObject,
} from '../../controllers/index.ts';
import { controllerEnvs } from '../support/controller-env.ts';

interface CounterSpec {
  target: number;
}
interface CounterStatus {
  count?: number;
}
type Counter = CustomResource<CounterSpec, CounterStatus>;

const COUNTERS = customResourceType<Counter>({ group: 'runtime.example.com', version: 'v1', resource: 'counters', kind: 'Counter' });

function counterCrd(apiVersion = 'apiextensions.orch.io/v1', plural = 'counters', kind = 'Counter'): CustomResourceDefinition {
  return {
    apiVersion,
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.runtime.example.com` },
    spec: {
      group: 'runtime.example.com',
      scope: 'Namespaced',
      names: { plural, singular: kind.toLowerCase(), kind, shortNames: [`${plural.slice(0, 2)}x`] },
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          subresources: { status: {} },
          schema: {
            openAPIV3Schema: {
              type: 'object',
              properties: {
                spec: { type: 'object', properties: { target: { type: 'integer', minimum: 0 } } },
                status: { type: 'object', properties: { count: { type: 'integer' } } },
              },
            },
          },
        },
      ],
    },
  };
}

/** Counts each Counter's status up to its target, one status write per reconcile. */
function counterController(): RunnableFactory {
  return (mgr) => {
    const counters = mgr.client.resource(COUNTERS);
    const controller = mgr.createController<Counter>({
      name: 'counter',
      for: COUNTERS,
      async reconcile(key) {
        const c = controller.informer.store.get(key);
        if (!c?.spec) return;
        const count = c.status?.count ?? 0;
        if (count >= c.spec.target) return;
        await counters.inNamespace(c.metadata.namespace ?? '').updateStatus({ ...c, status: { count: count + 1 } }); // carries resourceVersion: a stale cache gets 409 and a retry
      },
    });
    return controller;
  };
}

const envs = controllerEnvs({ printErrors: true });

async function exercise(env: TestEnv): Promise<void> {
  const counters = env.resource(COUNTERS, 'default');
  const made = await counters.create({ metadata: { name: 'c1' }, spec: { target: 3 } });
  expect(made.apiVersion).toBe('runtime.example.com/v1');
  const done = await env.waitFor(COUNTERS, 'default/c1', (c) => c?.status?.count === 3);
  expect(done?.spec?.target).toBe(3);
  expect((await counters.list()).items.map((c) => c.metadata.name)).toEqual(['c1']);
  await counters.delete('c1');
  await env.waitFor(COUNTERS, 'default/c1', (c) => c === undefined);
  expect(env.errors).toEqual([]);
}

describe('createTestEnv({ crds })', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('installs CRD objects and starts once they are Established; a typed controller runs on them', async () => {
    const env = await envs.start({ crds: [counterCrd()], controllers: [counterController()] });
    expect(env.crds.map((c) => [c.metadata.name, isEstablished(c)])).toEqual([['counters.runtime.example.com', true]]);
    await exercise(env);
  });

  it('reads CRDs from a directory of multi-document YAML, and from a file, in the real platform spelling too', async () => {
    dir = mkdtempSync(join(tmpdir(), 'orch-env-crds-'));
    writeFileSync(
      join(dir, 'crds.yaml'),
      [counterCrd(), { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'ignored' } }].map((d) => dump(d)).join('---\n'),
    );
    const single = join(tmpdir(), `orch-env-crd-${process.pid}.yaml`);
    writeFileSync(single, dump(counterCrd('apiextensions.k8s.io/v1', 'gauges', 'Gauge')));
    try {
      const env = await envs.start({ crds: [dir, single], controllers: [counterController()] });
      expect(env.crds.map((c) => c.metadata.name)).toEqual(['counters.runtime.example.com', 'gauges.runtime.example.com']);
      await exercise(env);
    } finally {
      rmSync(single, { force: true });
    }
  });

  it('runs the same against orch-apiserver over HTTP', async () => {
    const { env } = await envs.overHttp({ crds: [counterCrd()], controllers: [counterController()] });
    await exercise(env);
  });

  it("fails to start with the server's 422 when a CRD is invalid", async () => {
    const bad = counterCrd();
    bad.metadata.name = 'wrong-name.runtime.example.com';
    await expect(envs.start({ crds: [bad] })).rejects.toMatchObject({ code: 422 });
  });

  it('fails to start, saying why, when a CRD is not Established (its names conflict with another)', async () => {
    // Two CRDs claiming the same kind in one group: the second's names are not accepted.
    const first = counterCrd();
    const second = counterCrd('apiextensions.orch.io/v1', 'tallies', 'Counter');
    await expect(envs.start({ crds: [first, second] })).rejects.toThrow(/tallies\.runtime\.example\.com: .*NamesAccepted=False/);
  });
});

describe('untyped custom resources', () => {
  it('resolves a custom resource by name, plural or short name, and works on it without a type', async () => {
    const env = await envs.start({ crds: [counterCrd()] });
    for (const name of ['counters', 'Counter', 'cox', 'counters.runtime.example.com'])
      expect(await resolveResource(env.client, name)).toEqual(COUNTERS);

    const any = await resolveResource(env.client, 'counters.runtime.example.com');
    const rc = env.resource(any, 'default');
    const made: UnstructuredObject = await rc.create({ metadata: { name: 'loose' }, spec: { target: 1, unknown: 'pruned' } });
    expect(made.spec).toEqual({ target: 1 });
    const patched = await rc.patch('loose', { type: 'merge', patch: { spec: { target: 2 } } });
    expect((patched.spec as CounterSpec).target).toBe(2);
    const cached = await env.waitFor(any, 'default/loose', (o) => (o?.spec as CounterSpec | undefined)?.target === 2);
    expect(cached?.kind ?? 'Counter').toBe('Counter');
  });

  it('sees the CRD itself through its typed resource', async () => {
    const env = await envs.start({ crds: [counterCrd()] });
    const crd = await env.resource(CUSTOM_RESOURCE_DEFINITIONS).get('counters.runtime.example.com');
    expect(crd.status?.acceptedNames?.kind).toBe('Counter');
    expect(crd.status?.storedVersions).toEqual(['v1']);
  });
});
