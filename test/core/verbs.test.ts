/**
 * Every verb of the generic registry and the status codes it answers (docs/api-rules.md,
 * "Create, update, patch, delete"), in-process and over HTTP.
 */
import { describe, expect, it } from 'vitest';
import { configMap } from '../support/builders.ts';
import { call, CM, serverPerTest, TRANSPORTS, watchEvents } from '../support/targets.ts';

describe.each(TRANSPORTS)('verbs ($name)', ({ start }) => {
  const t = serverPerTest(start);

  it('create answers 201 with server-set metadata', async () => {
    const r = await call(t, 'POST', CM, configMap('a', { k: 'v' }));
    expect(r.status).toBe(201);
    expect(r.body.metadata).toMatchObject({ name: 'a', namespace: 'default' });
    expect(r.body.metadata.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.body.metadata.creationTimestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(Number(r.body.metadata.resourceVersion)).toBeGreaterThan(0);
    expect(r.body.metadata.generation).toBeUndefined(); // ConfigMaps have no generation
    expect(Object.keys(r.body)).toEqual(['kind', 'apiVersion', 'metadata', 'data']);
  });

  it('create of an existing name is 409 AlreadyExists', async () => {
    await call(t, 'POST', CM, configMap('a'));
    const r = await call(t, 'POST', CM, configMap('a'));
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      kind: 'Status',
      status: 'Failure',
      reason: 'AlreadyExists',
      code: 409,
      message: 'configmaps "a" already exists',
    });
    expect(r.body.details).toEqual({ name: 'a', kind: 'configmaps' });
  });

  it('generateName makes a unique name with a 5-character suffix', async () => {
    const a = await call(t, 'POST', CM, { metadata: { generateName: 'gen-' } });
    const b = await call(t, 'POST', CM, { metadata: { generateName: 'gen-' } });
    expect(a.status).toBe(201);
    expect(a.body.metadata.name).toMatch(/^gen-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    expect(b.body.metadata.name).not.toBe(a.body.metadata.name);
  });

  it('get answers 200, and 404 NotFound for a missing object', async () => {
    await call(t, 'POST', CM, configMap('a', { k: 'v' }));
    const ok = await call(t, 'GET', `${CM}/a`);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ k: 'v' });
    const missing = await call(t, 'GET', `${CM}/nope`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      reason: 'NotFound',
      message: 'configmaps "nope" not found',
      details: { name: 'nope', kind: 'configmaps' },
    });
  });

  it('list in a namespace and across all namespaces', async () => {
    await call(t, 'POST', '/api/v1/namespaces', { metadata: { name: 'other' } });
    await call(t, 'POST', CM, configMap('a'));
    await call(t, 'POST', '/api/v1/namespaces/other/configmaps', configMap('b'));
    const ns = await call(t, 'GET', CM);
    expect(ns.body.kind).toBe('ConfigMapList');
    expect(ns.body.items.map((i: any) => i.metadata.name)).toEqual(['a']);
    const all = await call(t, 'GET', '/api/v1/configmaps');
    expect(all.body.items.map((i: any) => `${i.metadata.namespace}/${i.metadata.name}`)).toEqual(['default/a', 'other/b']);
    expect(Number(all.body.metadata.resourceVersion)).toBeGreaterThan(0);
  });

  it('update (PUT) answers 200 and moves resourceVersion; a stale one is 409 Conflict', async () => {
    const created = (await call(t, 'POST', CM, configMap('a', { k: '1' }))).body;
    const upd = await call(t, 'PUT', `${CM}/a`, { ...created, data: { k: '2' } });
    expect(upd.status).toBe(200);
    expect(upd.body.data).toEqual({ k: '2' });
    expect(Number(upd.body.metadata.resourceVersion)).toBeGreaterThan(Number(created.metadata.resourceVersion));
    expect(upd.body.metadata.uid).toBe(created.metadata.uid);
    const stale = await call(t, 'PUT', `${CM}/a`, { ...created, data: { k: '3' } });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      reason: 'Conflict',
      message:
        'Operation cannot be fulfilled on configmaps "a": the object has been modified; please apply your changes to the latest version and try again',
    });
  });

  it('an update that changes nothing writes nothing (same resourceVersion)', async () => {
    const created = (await call(t, 'POST', CM, configMap('a', { k: '1' }))).body;
    const again = await call(t, 'PUT', `${CM}/a`, created);
    expect(again.status).toBe(200);
    expect(again.body.metadata.resourceVersion).toBe(created.metadata.resourceVersion);
  });

  it('PUT of a missing ConfigMap or Namespace is 404 (no create-on-update for them)', async () => {
    const cm = await call(t, 'PUT', `${CM}/ghost`, configMap('ghost'));
    expect(cm.status).toBe(404);
    const ns = await call(t, 'PUT', '/api/v1/namespaces/ghost', { metadata: { name: 'ghost' } });
    expect(ns.status).toBe(404);
  });

  it('merge patch changes fields and answers 200', async () => {
    await call(t, 'POST', CM, configMap('a', { k: '1', drop: 'x' }));
    const r = await call(
      t,
      'PATCH',
      `${CM}/a`,
      { data: { k: '2', drop: null, added: 'y' } },
      { 'content-type': 'application/merge-patch+json' },
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ added: 'y', k: '2' });
    const missing = await call(t, 'PATCH', `${CM}/ghost`, { data: {} }, { 'content-type': 'application/merge-patch+json' });
    expect(missing.status).toBe(404);
  });

  it('delete without finalizers removes the object and answers 200 with a Success Status', async () => {
    const created = (await call(t, 'POST', CM, configMap('a'))).body;
    const r = await call(t, 'DELETE', `${CM}/a`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Success',
      details: { name: 'a', kind: 'configmaps', uid: created.metadata.uid },
    });
    expect((await call(t, 'GET', `${CM}/a`)).status).toBe(404);
    expect((await call(t, 'DELETE', `${CM}/a`)).status).toBe(404);
  });

  it('delete with finalizers sets deletionTimestamp; removing the last finalizer removes the object', async () => {
    await call(t, 'POST', CM, configMap('a', {}, { finalizers: ['example.com/hold'] }));
    const r = await call(t, 'DELETE', `${CM}/a`);
    expect(r.status).toBe(200);
    expect(r.body.kind).toBe('ConfigMap');
    expect(r.body.metadata.deletionTimestamp).toBeDefined();
    expect(r.body.metadata.deletionGracePeriodSeconds).toBe(0);
    const still = await call(t, 'GET', `${CM}/a`);
    expect(still.status).toBe(200);
    const fin = await call(t, 'PATCH', `${CM}/a`, { metadata: { finalizers: null } }, { 'content-type': 'application/merge-patch+json' });
    expect(fin.status).toBe(200);
    expect((await call(t, 'GET', `${CM}/a`)).status).toBe(404);
  });

  it('deletecollection deletes what the selector selects', async () => {
    await call(t, 'POST', CM, configMap('a', {}, { labels: { app: 'x' } }));
    await call(t, 'POST', CM, configMap('b', {}, { labels: { app: 'y' } }));
    const r = await call(t, 'DELETE', `${CM}?labelSelector=app%3Dx`);
    expect(r.status).toBe(200);
    // The answer is the list of what was deleted (test/core/delete-collection.test.ts).
    expect(r.body).toMatchObject({ kind: 'ConfigMapList', items: [{ metadata: { name: 'a' } }] });
    const left = await call(t, 'GET', CM);
    expect(left.body.items.map((i: any) => i.metadata.name)).toEqual(['b']);
  });

  it('a write into a missing namespace is 404 naming the namespace', async () => {
    const r = await call(t, 'POST', '/api/v1/namespaces/nowhere/configmaps', configMap('a'));
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({
      reason: 'NotFound',
      message: 'namespaces "nowhere" not found',
      details: { name: 'nowhere', kind: 'namespaces' },
    });
  });

  it('a write into a terminating namespace is 403 Forbidden', async () => {
    await call(t, 'POST', '/api/v1/namespaces', { metadata: { name: 'doomed' } });
    const del = await call(t, 'DELETE', '/api/v1/namespaces/doomed');
    expect(del.status).toBe(200);
    expect(del.body.status.phase).toBe('Terminating');
    const r = await call(t, 'POST', '/api/v1/namespaces/doomed/configmaps', configMap('a'));
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({
      reason: 'Forbidden',
      message: 'configmaps "a" is forbidden: unable to create new content in namespace doomed because it is being terminated',
    });
    expect(r.body.details.causes[0]).toMatchObject({ reason: 'NamespaceTerminating', field: 'metadata.namespace' });
  });

  it('watch streams ADDED, MODIFIED and DELETED as they happen', async () => {
    const list = await call(t, 'GET', CM);
    const res = await t.request(`${CM}?watch=true&resourceVersion=${list.body.metadata.resourceVersion}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    const events = watchEvents(res);
    await call(t, 'POST', CM, configMap('w', { a: '1' }));
    expect((await events.next()).value).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'w' }, data: { a: '1' } } });
    await call(t, 'PATCH', `${CM}/w`, { data: { a: '2' } }, { 'content-type': 'application/merge-patch+json' });
    expect((await events.next()).value).toMatchObject({ type: 'MODIFIED', object: { data: { a: '2' } } });
    const del = await call(t, 'DELETE', `${CM}/w`);
    expect(del.status).toBe(200);
    const deleted = (await events.next()).value!;
    expect(deleted.type).toBe('DELETED');
    expect(Number(deleted.object.metadata.resourceVersion)).toBeGreaterThan(0);
    await events.return(undefined);
  });
});

describe.each(TRANSPORTS)('namespace from the URL ($name)', ({ start }) => {
  const t = serverPerTest(start);

  it('an update whose body has no namespace takes it from the URL', async () => {
    const c = (await call(t, 'POST', CM, configMap('a'))).body;
    const { namespace: _ns, ...meta } = c.metadata;
    const r = await call(t, 'PUT', `${CM}/a`, { ...c, metadata: meta, data: { k: 'v' } });
    expect(r.status).toBe(200);
    expect(r.body.metadata.namespace).toBe('default');
  });
});
