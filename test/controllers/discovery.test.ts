/**
 * The controllers' discovery of the served resources (docs/api-rules.md, "Versions and
 * deprecation"): each group and resource once, at its preferred version, subresources left out,
 * and the group versions that failed reported beside what was found.
 */
import { describe, expect, it } from 'vitest';
import { Client, discoverResources, supportingVerbs, type FetchLike } from '../../controllers/index.ts';
import { controllerEnvs } from '../support/controller-env.ts';

const DOCS: Record<string, unknown> = {
  '/api': { kind: 'APIVersions', versions: ['v1'] },
  '/api/v1': {
    kind: 'APIResourceList',
    groupVersion: 'v1',
    resources: [
      {
        name: 'configmaps',
        namespaced: true,
        kind: 'ConfigMap',
        verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'],
      },
      { name: 'namespaces', namespaced: false, kind: 'Namespace', verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'] },
      { name: 'namespaces/finalize', namespaced: false, kind: 'Namespace', verbs: ['update'] },
    ],
  },
  '/apis': {
    kind: 'APIGroupList',
    groups: [
      {
        name: 'apps',
        versions: [
          { groupVersion: 'apps/v1', version: 'v1' },
          { groupVersion: 'apps/v1beta1', version: 'v1beta1' },
        ],
        preferredVersion: { groupVersion: 'apps/v1', version: 'v1' },
      },
      {
        name: 'events.orch.io',
        versions: [{ groupVersion: 'events.orch.io/v1', version: 'v1' }],
        preferredVersion: { groupVersion: 'events.orch.io/v1', version: 'v1' },
      },
    ],
  },
  '/apis/apps/v1': {
    groupVersion: 'apps/v1',
    resources: [{ name: 'statefulsets', namespaced: true, kind: 'StatefulSet', verbs: ['get', 'list', 'watch', 'delete'] }],
  },
  '/apis/apps/v1beta1': {
    groupVersion: 'apps/v1beta1',
    resources: [
      { name: 'statefulsets', namespaced: true, kind: 'StatefulSet', verbs: ['get', 'list'] },
      { name: 'betaonly', namespaced: true, kind: 'BetaOnly', verbs: ['get'] },
    ],
  },
};

const standIn = new Client({
  fetch: async (r) => {
    const path = new URL(r.url).pathname;
    if (path === '/apis/events.orch.io/v1') return new Response('unavailable', { status: 503 });
    const doc = DOCS[path];
    return doc ? new Response(JSON.stringify(doc), { status: 200 }) : new Response('{}', { status: 404 });
  },
});

const AGGREGATED: Record<string, unknown> = {
  '/api': {
    kind: 'APIGroupDiscoveryList',
    items: [
      {
        metadata: {},
        versions: [
          {
            version: 'v1',
            freshness: 'Current',
            resources: [
              {
                resource: 'configmaps',
                responseKind: { kind: 'ConfigMap' },
                scope: 'Namespaced',
                verbs: ['get', 'list'],
                shortNames: ['cm'],
              },
            ],
          },
        ],
      },
    ],
  },
  '/apis': {
    kind: 'APIGroupDiscoveryList',
    items: [
      {
        metadata: { name: 'apps' },
        versions: [
          {
            version: 'v1',
            freshness: 'Current',
            resources: [{ resource: 'statefulsets', responseKind: { kind: 'StatefulSet' }, scope: 'Namespaced', verbs: ['get'] }],
          },
          {
            version: 'v1beta1',
            freshness: 'Current',
            resources: [{ resource: 'statefulsets', responseKind: { kind: 'StatefulSet' }, scope: 'Namespaced', verbs: ['get'] }],
          },
        ],
      },
      { metadata: { name: 'stale.example.com' }, versions: [{ version: 'v1', freshness: 'Stale', resources: [] }] },
    ],
  },
};

describe('discovery', () => {
  it('takes the aggregated documents when the server has them: a stale group version is reported as failed', async () => {
    const aggregatedOnly = new Client({
      fetch: async (r) => {
        const doc = AGGREGATED[new URL(r.url).pathname];
        return doc ? new Response(JSON.stringify(doc), { status: 200 }) : new Response('{}', { status: 404 });
      },
    });
    const { resources, failed } = await discoverResources(aggregatedOnly);
    expect(resources.map((r) => `${r.group}/${r.version}/${r.resource} ${r.kind} ${r.shortNames ?? ''}`)).toEqual([
      '/v1/configmaps ConfigMap cm',
      'apps/v1/statefulsets StatefulSet ',
    ]);
    expect([...failed.keys()]).toEqual(['stale.example.com/v1']);
  });

  it('lists each group and resource once, at the preferred version, without subresources', async () => {
    const { resources, failed } = await discoverResources(standIn);
    expect(resources.map((r) => `${r.group}/${r.version}/${r.resource} ${r.kind} ${r.namespaced ? 'namespaced' : 'cluster'}`)).toEqual([
      '/v1/configmaps ConfigMap namespaced',
      '/v1/namespaces Namespace cluster',
      'apps/v1/statefulsets StatefulSet namespaced',
      'apps/v1beta1/betaonly BetaOnly namespaced',
    ]);
    expect([...failed.keys()]).toEqual(['events.orch.io/v1']);
    expect(failed.get('events.orch.io/v1')?.message).toMatch(/503/);
    expect(supportingVerbs(resources, ['list', 'watch', 'delete']).map((r) => r.resource)).toEqual([
      'configmaps',
      'namespaces',
      'statefulsets',
    ]);
  });

  describe('against the API server', () => {
    const envs = controllerEnvs();

    it('finds the built-in kinds', async () => {
      const env = await envs.start();
      const { resources, failed } = await discoverResources(env.client);
      expect(failed.size).toBe(0);
      const byName = new Map(resources.map((r) => [`${r.group}/${r.resource}`, r]));
      expect(byName.get('/configmaps')).toMatchObject({ version: 'v1', kind: 'ConfigMap', namespaced: true });
      expect(byName.get('/namespaces')).toMatchObject({ version: 'v1', kind: 'Namespace', namespaced: false });
      expect(byName.get('/configmaps')?.verbs).toEqual(expect.arrayContaining(['list', 'watch', 'delete', 'deletecollection']));
    });

    it('reads the aggregated documents in two requests, and finds what the plain documents list', async () => {
      const asked: string[] = [];
      let server: FetchLike | undefined;
      const env = await envs.behind((inner) => {
        server = inner;
        return async (r) => {
          asked.push(`${new URL(r.url).pathname} ${r.headers.get('accept')}`);
          return inner(r);
        };
      });
      const aggregated = await discoverResources(env.client);
      expect(asked).toEqual([
        expect.stringMatching(/^\/api .*as=APIGroupDiscoveryList/),
        expect.stringMatching(/^\/apis .*as=APIGroupDiscoveryList/),
      ]);
      // The same server, as a client that cannot read the aggregated form sees it.
      const plainOnly = new Client({
        baseUrl: env.client.baseUrl,
        fetch: async (r) => {
          const plain = new Request(r);
          plain.headers.set('accept', 'application/json');
          return (server as FetchLike)(plain);
        },
      });
      const plain = await discoverResources(plainOnly);
      expect(plain.failed.size).toBe(0);
      expect(aggregated.failed.size).toBe(0);
      expect(aggregated.resources).toEqual(plain.resources);
      expect(aggregated.resources.length).toBeGreaterThan(20);
    });
  });
});
