/**
 * Label and field selectors on list, watch and deletecollection, and a kind's own field selectors,
 * through the API (docs/api-rules.md, "Selectors").
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { configMap, pod } from '../../support/builders.ts';
import { call, serverPerTest } from '../../support/targets.ts';

const t = serverPerTest();
beforeEach(async () => {
  await call(t, 'POST', '/api/v1/namespaces', { metadata: { name: 'other' } });
  for (const { namespace, name, labels } of [
    { namespace: 'default', name: 'a', labels: { app: 'web', tier: 'gold' } },
    { namespace: 'default', name: 'b', labels: { app: 'db' } },
    { namespace: 'other', name: 'c', labels: { app: 'web' } },
  ]) {
    await call(t, 'POST', `/api/v1/namespaces/${namespace}/configmaps`, configMap(name, undefined, { labels }));
  }
});

const names = (r: { body: any }) => r.body.items.map((i: any) => `${i.metadata.namespace}/${i.metadata.name}`);

describe('selectors through the API', () => {
  it.each([
    { query: 'labelSelector=app%3Dweb', expected: ['default/a', 'other/c'] },
    { query: 'labelSelector=app%20in%20(db)', expected: ['default/b'] },
    { query: 'labelSelector=!tier', expected: ['default/b', 'other/c'] },
    { query: 'labelSelector=app,tier', expected: ['default/a'] },
    { query: 'fieldSelector=metadata.name%3Db', expected: ['default/b'] },
    { query: 'fieldSelector=metadata.namespace%3Dother', expected: ['other/c'] },
    { query: 'fieldSelector=metadata.namespace!%3Ddefault', expected: ['other/c'] },
    { query: 'fieldSelector=metadata.name%3Da,metadata.namespace%3Ddefault', expected: ['default/a'] },
    { query: 'labelSelector=app%3Dweb&fieldSelector=metadata.namespace%3Ddefault', expected: ['default/a'] },
  ])('list across namespaces with $query', async ({ query, expected }) => {
    expect(names(await call(t, 'GET', `/api/v1/configmaps?${query}`))).toEqual(expected);
  });

  it('an unsupported field is 400 naming it', async () => {
    const r = await call(t, 'GET', '/api/v1/configmaps?fieldSelector=data.x%3D1');
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('field label not supported: data.x');
  });

  it("a kind's own field selectors work (Pod spec.nodeName, status.phase)", async () => {
    expect((await call(t, 'POST', '/api/v1/namespaces/default/pods', pod('p1', { spec: { nodeName: 'node-a' } }))).status).toBe(201);
    expect((await call(t, 'POST', '/api/v1/namespaces/default/pods', pod('p2'))).status).toBe(201);
    expect(names(await call(t, 'GET', '/api/v1/pods?fieldSelector=spec.nodeName%3Dnode-a'))).toEqual(['default/p1']);
    expect(names(await call(t, 'GET', '/api/v1/pods?fieldSelector=spec.nodeName%3D'))).toEqual(['default/p2']);
    expect(names(await call(t, 'GET', '/api/v1/pods?fieldSelector=status.phase%3DPending'))).toEqual(['default/p1', 'default/p2']);
  });

  it('deletecollection deletes only what the selectors select', async () => {
    const r = await call(t, 'DELETE', '/api/v1/namespaces/default/configmaps?labelSelector=app%3Dweb');
    expect(r.status).toBe(200);
    expect(names(await call(t, 'GET', '/api/v1/configmaps'))).toEqual(['default/b', 'other/c']);
    const f = await call(t, 'DELETE', '/api/v1/namespaces/other/configmaps?fieldSelector=metadata.name%3Dc');
    expect(f.status).toBe(200);
    expect(names(await call(t, 'GET', '/api/v1/configmaps'))).toEqual(['default/b']);
  });

  it('a bad label selector is 400 on list, watch and deletecollection alike', async () => {
    for (const { method, path } of [
      { method: 'GET', path: '/api/v1/configmaps?labelSelector=a%20in%20b' },
      { method: 'GET', path: '/api/v1/configmaps?watch=1&labelSelector=a%20in%20b' },
      { method: 'DELETE', path: '/api/v1/namespaces/default/configmaps?labelSelector=a%20in%20b' },
    ]) {
      const r = await call(t, method, path);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe("unable to parse requirement: found 'b', expected: '('");
    }
  });
});
