/**
 * A watch of one object — the older path form `/api/v1/watch/namespaces/{ns}/{resource}/{name}`
 * (the Ruby client and others use it), or `.../{resource}/{name}?watch=true` — sees that object
 * only: the name becomes a `metadata.name` field selector, as on the real platform. A field
 * selector sent along must select the same name (it may add terms), else 400.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { configMap } from '../../support/builders.ts';
import { clockedServerPerTest } from '../../support/clocked-server.ts';

const s = clockedServerPerTest({ read: { bookmarkIntervalMs: 60_000, minWatchTimeoutMs: 30 * 60_000 } });
const watch = (path: string) => s.watch(path);
beforeEach(async () => {
  await s.req('POST', '/api/v1/namespaces', { metadata: { name: 'other' } });
});

const names = (events: { type: string; object: any }[]) =>
  events.map((e) => `${e.type} ${e.object.metadata.namespace ?? ''}/${e.object.metadata.name}`);

/** Namespaced and cluster-scoped resources, in both path forms. */
const FORMS = [
  {
    what: 'configmaps, /watch/ prefix',
    collection: '/api/v1/namespaces/default/configmaps',
    path: (n: string) => `/api/v1/watch/namespaces/default/configmaps/${n}`,
    ns: 'default',
  },
  {
    what: 'configmaps, ?watch=true',
    collection: '/api/v1/namespaces/default/configmaps',
    path: (n: string) => `/api/v1/namespaces/default/configmaps/${n}?watch=true`,
    ns: 'default',
  },
  {
    what: 'statefulsets (a group), /watch/ prefix',
    collection: '/apis/apps/v1/namespaces/default/statefulsets',
    path: (n: string) => `/apis/apps/v1/watch/namespaces/default/statefulsets/${n}`,
    ns: 'default',
  },
  {
    what: 'clusterroles (cluster scoped), /watch/ prefix',
    collection: '/apis/rbac.authorization.orch.io/v1/clusterroles',
    path: (n: string) => `/apis/rbac.authorization.orch.io/v1/watch/clusterroles/${n}`,
    ns: '',
  },
  { what: 'namespaces, /watch/ prefix', collection: '/api/v1/namespaces', path: (n: string) => `/api/v1/watch/namespaces/${n}`, ns: '' },
];

function objectFor(collection: string, name: string): unknown {
  if (collection.endsWith('statefulsets')) {
    const template = { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'i' }] } };
    return { metadata: { name }, spec: { serviceName: name, selector: { matchLabels: { app: name } }, template } };
  }
  if (collection.endsWith('clusterroles')) return { metadata: { name }, rules: [] };
  if (collection.endsWith('namespaces')) return { metadata: { name } };
  return configMap(name);
}

describe.each(FORMS)('watch of one object: $what', ({ collection, path, ns }) => {
  it('sees only the named object, from the start and as it changes', async () => {
    for (const n of ['one', 'two']) expect((await s.req('POST', collection, objectFor(collection, n))).status).toBe(201);
    const w = await watch(path('one'));
    expect(names(await w.drain())).toEqual([`ADDED ${ns}/one`]);
    await s.req('PATCH', `${collection}/two`, { metadata: { labels: { x: 'y' } } }, { 'content-type': 'application/merge-patch+json' });
    await s.req('PATCH', `${collection}/one`, { metadata: { labels: { x: 'y' } } }, { 'content-type': 'application/merge-patch+json' });
    await s.req('POST', collection, objectFor(collection, 'three'));
    expect(names(await w.drain())).toEqual([`MODIFIED ${ns}/one`]);
  });
});

describe('a field selector sent with a watch of one object', () => {
  const CM = '/api/v1/namespaces/default/configmaps';
  beforeEach(async () => {
    await s.req('POST', CM, configMap('one'));
    await s.req('POST', CM, configMap('two'));
  });

  it('that selects the same name (and more) is used as given', async () => {
    const w = await watch(`/api/v1/watch/namespaces/default/configmaps/one?fieldSelector=metadata.name%3Done,metadata.namespace%3Ddefault`);
    expect(names(await w.drain())).toEqual(['ADDED default/one']);
    const none = await watch(
      `/api/v1/watch/namespaces/default/configmaps/one?fieldSelector=metadata.name%3Done,metadata.namespace%3Dother`,
    );
    expect(await none.drain()).toEqual([]);
  });

  it.each(['metadata.name%3Dtwo', 'metadata.namespace%3Ddefault', 'metadata.name!%3Done'])(
    'that does not select the name (%s) is 400',
    async (selector) => {
      const r = await s.req('GET', `/api/v1/watch/namespaces/default/configmaps/one?fieldSelector=${selector}`);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ reason: 'BadRequest', message: "fieldSelector metadata.name doesn't match requested name" });
    },
  );
});

describe('a watch of a collection is unchanged', () => {
  it('/watch/ without a name sees every object of the namespace', async () => {
    const CM = '/api/v1/namespaces/default/configmaps';
    await s.req('POST', CM, configMap('one'));
    await s.req('POST', CM, configMap('two'));
    await s.req('POST', '/api/v1/namespaces/other/configmaps', configMap('three'));
    const w = await watch('/api/v1/watch/namespaces/default/configmaps');
    expect(names(await w.drain())).toEqual(['ADDED default/one', 'ADDED default/two']);
  });
});
