/**
 * The garbage collector and the propagation policies of a delete (docs/api-rules.md, "Deletion
 * lifecycle"): Background (dependents go after the owner), Foreground (dependents first,
 * `blockOwnerDeletion` honoured, then the `foregroundDeletion` finalizer is removed), Orphan
 * (owner references removed, then the `orphan` finalizer), and dependents of owners that never
 * existed. In-process, and once over HTTP.
 */
import { describe, expect, it } from 'vitest';
import {
  CONFIG_MAPS,
  EVENTS,
  garbageCollector,
  NAMESPACES,
  objectKey,
  ownerReference,
  type ConfigMap,
  type OwnerReference,
  type TestEnv,
} from '../../controllers/index.ts';
import { controllerEnvs } from '../support/controller-env.ts';

const envs = controllerEnvs({ printErrors: true });

const GC = garbageCollector({ resources: [CONFIG_MAPS, NAMESPACES] });

async function family(e: TestEnv, deps: { name: string; block?: boolean; finalizers?: string[] }[]) {
  const cms = e.resource(CONFIG_MAPS, 'default');
  const owner = await cms.create({ metadata: { name: 'owner' } });
  for (const d of deps) {
    const ref: OwnerReference = ownerReference(owner, CONFIG_MAPS, d.block === undefined ? {} : { blockOwnerDeletion: d.block });
    await cms.create({ metadata: { name: d.name, ownerReferences: [ref], ...(d.finalizers ? { finalizers: d.finalizers } : {}) } });
  }
  await e.waitForList(CONFIG_MAPS, (l) => l.length === deps.length + 1);
  return { cms, owner };
}

/** Records deletions (and terminations) in the order the watch shows them. */
function journal(e: TestEnv): string[] {
  const out: string[] = [];
  e.manager.informer(CONFIG_MAPS).changes$.subscribe((ev) => {
    if (ev.type === 'DELETED') out.push(`deleted ${ev.object.metadata.name}`);
  });
  return out;
}

async function foregroundScenario(e: TestEnv) {
  const { cms } = await family(e, [
    { name: 'blocking', block: true, finalizers: ['example.com/hold'] },
    { name: 'plain', block: true },
    { name: 'loose' },
  ]);
  const order = journal(e);
  const answer = (await cms.delete('owner', { propagationPolicy: 'Foreground' })) as ConfigMap;
  expect(answer.metadata.finalizers).toEqual(['foregroundDeletion']);

  // Dependents go first; the one held by its own finalizer holds the owner too.
  await e.waitFor(CONFIG_MAPS, 'default/plain', (o) => o === undefined);
  await e.waitFor(CONFIG_MAPS, 'default/loose', (o) => o === undefined);
  const blocking = await e.waitFor(CONFIG_MAPS, 'default/blocking', (o) => o?.metadata.deletionTimestamp !== undefined);
  await e.settle();
  const owner = await cms.get('owner');
  expect(owner.metadata.deletionTimestamp).toBeTruthy();
  expect(owner.metadata.finalizers).toEqual(['foregroundDeletion']);

  await cms.patch('blocking', {
    type: 'merge',
    patch: { metadata: { finalizers: null, resourceVersion: blocking!.metadata.resourceVersion } },
  });
  await e.waitFor(CONFIG_MAPS, 'default/owner', (o) => o === undefined);
  expect(order.indexOf('deleted owner')).toBe(order.length - 1);
  expect(order.slice(0, -1).sort()).toEqual(['deleted blocking', 'deleted loose', 'deleted plain']);
}

describe('garbage collector', () => {
  it('Background: dependents are deleted after their owner is gone', async () => {
    const env = await envs.start({ controllers: [GC] });
    const { cms } = await family(env, [{ name: 'a' }, { name: 'b', block: true }]);
    const order = journal(env);
    await cms.delete('owner', { propagationPolicy: 'Background' });
    await env.waitForList(CONFIG_MAPS, (l) => l.length === 0);
    expect(order[0]).toBe('deleted owner');
    expect(order.slice(1).sort()).toEqual(['deleted a', 'deleted b']);
  });

  it('no propagation policy given behaves as Background', async () => {
    const env = await envs.start({ controllers: [GC] });
    const { cms } = await family(env, [{ name: 'a' }]);
    await cms.delete('owner');
    await env.waitFor(CONFIG_MAPS, 'default/a', (o) => o === undefined);
  });

  it('Foreground: dependents first, blockOwnerDeletion holds the owner, then the finalizer goes', async () => {
    await foregroundScenario(await envs.start({ controllers: [GC] }));
  });

  it('Orphan: owner references are removed from the dependents, then the orphan finalizer', async () => {
    const env = await envs.start({ controllers: [GC] });
    const { cms, owner } = await family(env, [{ name: 'a' }, { name: 'b', block: true }]);
    const answer = (await cms.delete('owner', { propagationPolicy: 'Orphan' })) as ConfigMap;
    expect(answer.metadata.finalizers).toEqual(['orphan']);
    await env.waitFor(CONFIG_MAPS, 'default/owner', (o) => o === undefined);
    for (const name of ['a', 'b']) {
      const dep = await cms.get(name);
      expect(dep.metadata.ownerReferences ?? []).toEqual([]);
    }
    await env.settle();
    expect((await cms.list()).items.map(objectKey).sort()).toEqual(['default/a', 'default/b']);
    expect(env.manager.informer(CONFIG_MAPS).store.byIndex('owner', owner.metadata.uid!)).toEqual([]);
  });

  it('a dependent whose owner never existed is collected', async () => {
    const env = await envs.start({ controllers: [GC] });
    const cms = env.resource(CONFIG_MAPS, 'default');
    await cms.create({
      metadata: {
        name: 'orphaned',
        ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'ghost', uid: '00000000-0000-0000-0000-000000000000' }],
      },
    });
    await env.waitFor(CONFIG_MAPS, 'default/orphaned', (o) => o === undefined);
  });

  it.each([
    ['a namespaced owner in another namespace', 'a', 'b'],
    ['a namespaced owner of a dependent in no namespace (looked up in none)', 'a', ''],
  ])('%s does not count: the dependent goes, with a Warning OwnerRefInvalidNamespace', async (_, ownerNs, depNs) => {
    const env = await envs.start({ controllers: [GC] });
    for (const ns of ['a', 'b']) await env.resource(NAMESPACES).create({ metadata: { name: ns } });
    const owner = await env.resource(CONFIG_MAPS, ownerNs).create({ metadata: { name: 'owner' } });
    await env.waitFor(CONFIG_MAPS, `${ownerNs}/owner`, (o) => o !== undefined);
    const ref: OwnerReference = ownerReference(owner, CONFIG_MAPS);
    if (depNs) {
      await env.resource(CONFIG_MAPS, depNs).create({ metadata: { name: 'dep', ownerReferences: [ref] } });
      await env.waitFor(CONFIG_MAPS, `${depNs}/dep`, (o) => o === undefined);
    } else {
      // A cluster-scoped dependent: a Namespace naming the ConfigMap.
      await env.resource(NAMESPACES).create({ metadata: { name: 'dep', ownerReferences: [ref] } });
      await env.settle();
      // The real collector leaves it (its reference is an error retrying cannot fix) and says so.
      expect((await env.resource(NAMESPACES).get('dep')).metadata.name).toBe('dep');
    }
    const events = await env.resource(EVENTS, depNs || 'default').list();
    const warning = events.items.find((e) => e.reason === 'OwnerRefInvalidNamespace');
    expect(warning).toMatchObject({
      type: 'Warning',
      reportingController: 'garbage-collector-controller',
      regarding: { kind: depNs ? 'ConfigMap' : 'Namespace', name: 'dep' },
      note: `ownerRef [v1/ConfigMap, namespace: ${depNs}, name: owner, uid: ${owner.metadata.uid}] does not exist in namespace "${depNs}"`,
    });
    expect((await env.resource(CONFIG_MAPS, ownerNs).get('owner')).metadata.name).toBe('owner');
  });

  it('an owner by the same name but another uid does not count', async () => {
    const env = await envs.start({ controllers: [GC] });
    const cms = env.resource(CONFIG_MAPS, 'default');
    await cms.create({ metadata: { name: 'owner' } });
    await cms.create({
      metadata: {
        name: 'dep',
        ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: '11111111-1111-1111-1111-111111111111' }],
      },
    });
    await env.waitFor(CONFIG_MAPS, 'default/dep', (o) => o === undefined);
    expect((await cms.get('owner')).metadata.name).toBe('owner');
  });

  it('a dependent with one live owner stays, and loses its reference to the missing one', async () => {
    const env = await envs.start({ controllers: [GC] });
    const cms = env.resource(CONFIG_MAPS, 'default');
    const alive = await cms.create({ metadata: { name: 'alive' } });
    const ghost = { apiVersion: 'v1', kind: 'ConfigMap', name: 'ghost', uid: '22222222-2222-2222-2222-222222222222' };
    await cms.create({ metadata: { name: 'dep', ownerReferences: [ownerReference(alive, CONFIG_MAPS), ghost] } });
    const dep = await env.waitFor(CONFIG_MAPS, 'default/dep', (o) => o?.metadata.ownerReferences?.length === 1);
    expect(dep?.metadata.ownerReferences?.[0].uid).toBe(alive.metadata.uid);
  });

  it('cascades through generations (Foreground: grandchildren first)', async () => {
    const env = await envs.start({ controllers: [GC] });
    const cms = env.resource(CONFIG_MAPS, 'default');
    const root = await cms.create({ metadata: { name: 'root' } });
    const child = await cms.create({
      metadata: { name: 'child', ownerReferences: [ownerReference(root, CONFIG_MAPS, { blockOwnerDeletion: true })] },
    });
    await cms.create({
      metadata: { name: 'grandchild', ownerReferences: [ownerReference(child, CONFIG_MAPS, { blockOwnerDeletion: true })] },
    });
    await env.waitForList(CONFIG_MAPS, (l) => l.length === 3);
    const order = journal(env);
    await cms.delete('root', { propagationPolicy: 'Foreground' });
    await env.waitForList(CONFIG_MAPS, (l) => l.length === 0);
    expect(order).toEqual(['deleted grandchild', 'deleted child', 'deleted root']);
  });

  it('on a server without strategic merge patch, owner references are edited with a merge patch', async () => {
    const refused: string[] = [];
    const noStrategic = (inner: (r: Request) => Promise<Response>) => (r: Request) => {
      if (r.method === 'PATCH' && r.headers.get('content-type') === 'application/strategic-merge-patch+json') {
        refused.push(new URL(r.url).pathname);
        const body = {
          kind: 'Status',
          apiVersion: 'v1',
          metadata: {},
          status: 'Failure',
          reason: 'UnsupportedMediaType',
          code: 415,
          message: 'the body of the request was in an unknown format',
        };
        return Promise.resolve(new Response(JSON.stringify(body), { status: 415, headers: { 'content-type': 'application/json' } }));
      }
      return inner(r);
    };
    const env = await envs.behind(noStrategic, { controllers: [GC] });
    const { cms } = await family(env, [{ name: 'a' }, { name: 'b' }]);
    await cms.delete('owner', { propagationPolicy: 'Orphan' });
    await env.waitFor(CONFIG_MAPS, 'default/owner', (o) => o === undefined);
    expect(refused.sort()).toEqual(['/api/v1/namespaces/default/configmaps/a', '/api/v1/namespaces/default/configmaps/b']);
    for (const name of ['a', 'b']) expect((await cms.get(name)).metadata.ownerReferences).toBeUndefined();
  });

  it('finds the resources to watch through discovery', async () => {
    const env = await envs.start({ controllers: [garbageCollector()] });
    const { cms } = await family(env, [{ name: 'a' }]);
    await cms.delete('owner');
    await env.waitFor(CONFIG_MAPS, 'default/a', (o) => o === undefined);
  });

  it('works the same against orch-apiserver over HTTP (Foreground)', async () => {
    const { env } = await envs.overHttp({ controllers: [GC] });
    await foregroundScenario(env);
  });
});
