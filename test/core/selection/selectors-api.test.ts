/** Selectors on list, watch and deletecollection, and per-kind field selectors, through the API. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, inProcess, type Target } from '../../support/targets.ts';

let t: Target;
beforeEach(async () => {
  t = await inProcess();
  await call(t, 'POST', '/api/v1/namespaces', { metadata: { name: 'other' } });
  for (const [ns, name, labels] of [
    ['default', 'a', { app: 'web', tier: 'gold' }],
    ['default', 'b', { app: 'db' }],
    ['other', 'c', { app: 'web' }],
  ] as const) {
    await call(t, 'POST', `/api/v1/namespaces/${ns}/configmaps`, { metadata: { name, labels } });
  }
});
afterEach(async () => {
  await t.close();
});

const names = (r: { body: any }) => r.body.items.map((i: any) => `${i.metadata.namespace}/${i.metadata.name}`);

describe('selectors through the API', () => {
  it.each([
    ['labelSelector=app%3Dweb', ['default/a', 'other/c']],
    ['labelSelector=app%20in%20(db)', ['default/b']],
    ['labelSelector=!tier', ['default/b', 'other/c']],
    ['labelSelector=app,tier', ['default/a']],
    ['fieldSelector=metadata.name%3Db', ['default/b']],
    ['fieldSelector=metadata.namespace%3Dother', ['other/c']],
    ['fieldSelector=metadata.namespace!%3Ddefault', ['other/c']],
    ['fieldSelector=metadata.name%3Da,metadata.namespace%3Ddefault', ['default/a']],
    ['labelSelector=app%3Dweb&fieldSelector=metadata.namespace%3Ddefault', ['default/a']],
  ])('list across namespaces with %s', async (query, expected) => {
    expect(names(await call(t, 'GET', `/api/v1/configmaps?${query}`))).toEqual(expected);
  });

  it('an unsupported field is 400 naming it', async () => {
    const r = await call(t, 'GET', '/api/v1/configmaps?fieldSelector=data.x%3D1');
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('field label not supported: data.x');
  });

  it('a kind\'s own field selectors work (Pod spec.nodeName, status.phase)', async () => {
    const pod = (name: string, node?: string) => ({
      metadata: { name },
      spec: { ...(node ? { nodeName: node } : {}), containers: [{ name: 'c', image: 'busybox' }] },
    });
    expect((await call(t, 'POST', '/api/v1/namespaces/default/pods', pod('p1', 'node-a'))).status).toBe(201);
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
    for (const [method, path] of [
      ['GET', '/api/v1/configmaps?labelSelector=a%20in%20b'],
      ['GET', '/api/v1/configmaps?watch=1&labelSelector=a%20in%20b'],
      ['DELETE', '/api/v1/namespaces/default/configmaps?labelSelector=a%20in%20b'],
    ] as const) {
      const r = await call(t, method, path);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe("unable to parse requirement: found 'b', expected: '('");
    }
  });
});
