/**
 * Namespace termination (docs/api-rules.md, "Deletion lifecycle"): the namespace controller empties
 * a deleted namespace, says in its conditions what is left and why, and once nothing remains
 * removes the `orchestrator` finalizer through /finalize, which lets the namespace go.
 * In-process, and once over HTTP.
 */
import { describe, expect, it } from 'vitest';
import {
  CLEANUP_FINALIZER,
  CONFIG_MAPS,
  finalizerController,
  MIRROR_TO_LABEL,
  namespaceController,
  NAMESPACES,
  type Namespace,
  type TestEnv,
} from '../../controllers/index.ts';
import { controllerEnvs } from '../support/controller-env.ts';

const envs = controllerEnvs();

/** Until discovery is served everywhere, the namespaced resources to empty are named. */
const RESOURCES = { resources: [CONFIG_MAPS] };

async function emptiedAndReleased(e: TestEnv) {
  const nss = e.resource(NAMESPACES);
  await nss.create({ metadata: { name: 'doomed' } });
  const cms = e.resource(CONFIG_MAPS, 'doomed');
  for (const name of ['a', 'b', 'c']) await cms.create({ metadata: { name } });
  const terminating = (await nss.delete('doomed')) as Namespace;
  expect(terminating.status?.phase).toBe('Terminating');
  expect(terminating.spec?.finalizers).toEqual(['orchestrator']);
  await e.waitFor(NAMESPACES, 'doomed', (o) => o === undefined);
  expect((await e.resource(CONFIG_MAPS).list()).items.filter((i) => i.metadata.namespace === 'doomed')).toEqual([]);
}

describe('namespace controller', () => {
  it('empties a terminating namespace, then removes its finalizer and the namespace goes', async () => {
    await emptiedAndReleased(await envs.start({ controllers: [namespaceController(RESOURCES)] }));
  });

  it('reports remaining content and finalizers in conditions, and looks again after half the estimate', async () => {
    const env = await envs.start({ controllers: [namespaceController(RESOURCES)] });
    await env.resource(NAMESPACES).create({ metadata: { name: 'held' } });
    const cms = env.resource(CONFIG_MAPS, 'held');
    await cms.create({ metadata: { name: 'stuck', finalizers: ['example.com/hold'] } });
    await cms.create({ metadata: { name: 'free' } });
    await env.resource(NAMESPACES).delete('held');

    const ns = await env.waitFor(NAMESPACES, 'held', (o) => !!o?.status?.conditions?.length);
    const at = env.clock.now();
    const stamp = new Date(Math.floor(at / 1000) * 1000).toISOString().replace('.000Z', 'Z');
    expect(ns?.status?.conditions).toEqual([
      {
        type: 'NamespaceDeletionDiscoveryFailure',
        status: 'False',
        lastTransitionTime: stamp,
        reason: 'ResourcesDiscovered',
        message: 'All resources successfully discovered',
      },
      {
        type: 'NamespaceDeletionGroupVersionParsingFailure',
        status: 'False',
        lastTransitionTime: stamp,
        reason: 'ParsedGroupVersions',
        message: 'All legacy kube types successfully parsed',
      },
      {
        type: 'NamespaceDeletionContentFailure',
        status: 'False',
        lastTransitionTime: stamp,
        reason: 'ContentDeleted',
        message: 'All content successfully deleted, may be waiting on finalization',
      },
      {
        type: 'NamespaceContentRemaining',
        status: 'True',
        lastTransitionTime: stamp,
        reason: 'SomeResourcesRemain',
        message: 'Some resources are remaining: configmaps. has 1 resource instances',
      },
      {
        type: 'NamespaceFinalizersRemaining',
        status: 'True',
        lastTransitionTime: stamp,
        reason: 'SomeFinalizersRemain',
        message: 'Some content in the namespace has finalizers remaining: example.com/hold in 1 resource instances',
      },
    ]);
    expect(ns?.spec?.finalizers).toEqual(['orchestrator']);
    await env.settle(); // its own status write made it look once more: content still there

    // The holder lets go; the controller only looks again after 15 s / 2 + 1 = 8 s.
    await cms.patch('stuck', { type: 'merge', patch: { metadata: { finalizers: null } } });
    await env.waitFor(CONFIG_MAPS, 'held/stuck', (o) => o === undefined);
    await env.advance(7_999);
    expect((await env.resource(NAMESPACES).get('held')).metadata.name).toBe('held');
    await env.advance(1);
    await env.waitFor(NAMESPACES, 'held', (o) => o === undefined);
  });

  it('works with a finalizer-owning controller: its cleanup runs, then the namespace goes', async () => {
    const env = await envs.start({ controllers: [namespaceController(RESOURCES), finalizerController()] });
    await env.resource(NAMESPACES).create({ metadata: { name: 'app' } });
    await env.resource(NAMESPACES).create({ metadata: { name: 'mirror' } });
    await env.resource(CONFIG_MAPS, 'app').create({ metadata: { name: 'cfg', labels: { [MIRROR_TO_LABEL]: 'mirror' } } });
    await env.waitFor(CONFIG_MAPS, 'mirror/app.cfg', (o) => o !== undefined);
    await env.waitFor(CONFIG_MAPS, 'app/cfg', (o) => !!o?.metadata.finalizers?.includes(CLEANUP_FINALIZER));

    await env.resource(NAMESPACES).delete('app');
    await env.waitFor(CONFIG_MAPS, 'mirror/app.cfg', (o) => o === undefined);
    await env.waitFor(CONFIG_MAPS, 'app/cfg', (o) => o === undefined);
    await env.advance(8_000);
    await env.waitFor(NAMESPACES, 'app', (o) => o === undefined);
    expect((await env.resource(NAMESPACES).get('mirror')).status?.phase).toBe('Active');
  });

  it('a discovery failure is reported as NamespaceDeletionDiscoveryFailure and retried', async () => {
    const discoveryDown = (inner: (r: Request) => Promise<Response>) => (r: Request) => {
      const path = new URL(r.url).pathname;
      if (path === '/api' || path === '/apis') return Promise.resolve(new Response('discovery is down', { status: 503 }));
      return inner(r);
    };
    const env = await envs.behind(discoveryDown, { controllers: [namespaceController()] });
    await env.resource(NAMESPACES).create({ metadata: { name: 'x' } });
    await env.resource(NAMESPACES).delete('x');
    const ns = await env.waitFor(NAMESPACES, 'x', (o) => !!o?.status?.conditions?.length);
    expect(ns?.status?.conditions?.find((c) => c.type === 'NamespaceDeletionDiscoveryFailure')).toMatchObject({
      status: 'True',
      reason: 'DiscoveryFailed',
      message: 'the server responded with code 503: discovery is down',
    });
    expect(ns?.spec?.finalizers).toEqual(['orchestrator']);
    await env.settle();
    expect(env.errors.some((e) => /namespace-controller: reconciling x failed/.test(e.message))).toBe(true);
  });

  it('finds what to delete through discovery', async () => {
    await emptiedAndReleased(await envs.start({ controllers: [namespaceController()] }));
  });

  it('works the same against orch-apiserver over HTTP', async () => {
    const { env } = await envs.overHttp({ controllers: [namespaceController(RESOURCES)] });
    await emptiedAndReleased(env);
  });
});
