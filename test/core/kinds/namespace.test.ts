/** Namespaces: the four that exist at start, name rules, and the deletion lifecycle. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, configMap, inProcess, type Target } from '../support/targets.ts';

let t: Target;
beforeEach(async () => {
  t = await inProcess();
});
afterEach(async () => {
  await t.close();
});

describe('Namespace', () => {
  it('default, orch-system, orch-public and orch-node-lease exist at start, Active', async () => {
    const r = await call(t, 'GET', '/api/v1/namespaces');
    expect(r.body.items.map((n: any) => n.metadata.name)).toEqual(['default', 'orch-node-lease', 'orch-public', 'orch-system']);
    for (const n of r.body.items) {
      expect(n.status.phase).toBe('Active');
      expect(n.spec.finalizers).toEqual(['orchestrator']);
      expect(n.metadata.labels['orchestrator.io/metadata.name']).toBe(n.metadata.name);
    }
  });

  it.each([
    ['a DNS label', 'team-a', 201],
    ['upper case', 'Team', 422],
    ['a dot (subdomains are not labels)', 'a.b', 422],
    ['64 characters', 'n'.repeat(64), 422],
  ])('a name that is %s (%s) → %i', async (_w, name, status) => {
    const r = await call(t, 'POST', '/api/v1/namespaces', { metadata: { name } });
    expect(r.status).toBe(status);
    if (status === 422) expect(r.body.details.causes[0].field).toBe('metadata.name');
  });

  it('is cluster scoped: a namespace in the body is ignored', async () => {
    const r = await call(t, 'POST', '/api/v1/namespaces', { metadata: { name: 'x', namespace: 'default' } });
    expect(r.status).toBe(201);
    expect(r.body.metadata.namespace).toBeUndefined();
  });

  it('deleting sets deletionTimestamp and phase Terminating while spec.finalizers remain', async () => {
    await call(t, 'POST', '/api/v1/namespaces', { metadata: { name: 'x' } });
    const d = await call(t, 'DELETE', '/api/v1/namespaces/x');
    expect(d.status).toBe(200);
    expect(d.body.kind).toBe('Namespace');
    expect(d.body.metadata.deletionTimestamp).toBeDefined();
    expect(d.body.status.phase).toBe('Terminating');
    // A second delete changes nothing.
    const again = await call(t, 'DELETE', '/api/v1/namespaces/x');
    expect(again.body.metadata.resourceVersion).toBe(d.body.metadata.resourceVersion);
  });

  it('finalize removes spec.finalizers; with none left the namespace is gone', async () => {
    await call(t, 'POST', '/api/v1/namespaces', { metadata: { name: 'x' } });
    const d = (await call(t, 'DELETE', '/api/v1/namespaces/x')).body;
    const f = await call(t, 'PUT', '/api/v1/namespaces/x/finalize', { ...d, spec: { finalizers: [] } });
    expect(f.status).toBe(200);
    expect((await call(t, 'GET', '/api/v1/namespaces/x')).status).toBe(404);
  });

  it('spec.finalizers change only through finalize, status only through status', async () => {
    const c = (await call(t, 'POST', '/api/v1/namespaces', { metadata: { name: 'x' } })).body;
    const u = await call(t, 'PUT', '/api/v1/namespaces/x', { ...c, spec: { finalizers: [] }, status: { phase: 'Terminating' } });
    expect(u.status).toBe(200);
    expect(u.body.spec.finalizers).toEqual(['orchestrator']);
    expect(u.body.status.phase).toBe('Active');
  });

  it('a namespace without finalizers is removed at once', async () => {
    const c = (await call(t, 'POST', '/api/v1/namespaces', { metadata: { name: 'x' } })).body;
    await call(t, 'PUT', '/api/v1/namespaces/x/finalize', { ...c, spec: { finalizers: [] } });
    const d = await call(t, 'DELETE', '/api/v1/namespaces/x');
    expect(d.status).toBe(200);
    expect(d.body).toMatchObject({ kind: 'Status', status: 'Success', details: { name: 'x', kind: 'namespaces' } });
  });

  it.each([
    ['default', ''],
    ['orch-system', ''],
    ['orch-public', ''],
    ['default', '?dryRun=All'],
    ['orch-system', '?propagationPolicy=Foreground'],
  ])('%s may never be deleted (DELETE%s → 403, nothing changes)', async (name, query) => {
    const before = (await call(t, 'GET', `/api/v1/namespaces/${name}`)).body;
    const d = await call(t, 'DELETE', `/api/v1/namespaces/${name}${query}`);
    expect(d.status).toBe(403);
    expect(d.body).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: `namespaces "${name}" is forbidden: this namespace may not be deleted`,
      reason: 'Forbidden',
      details: { name, kind: 'namespaces' },
      code: 403,
    });
    expect((await call(t, 'GET', `/api/v1/namespaces/${name}`)).body).toEqual(before);
  });

  it('orch-node-lease, also made at start, may be deleted (the real platform keeps only the three)', async () => {
    const d = await call(t, 'DELETE', '/api/v1/namespaces/orch-node-lease');
    expect(d.status).toBe(200);
    expect(d.body.status.phase).toBe('Terminating');
  });

  it('objects in a terminating namespace may still be updated and deleted', async () => {
    await call(t, 'POST', '/api/v1/namespaces', { metadata: { name: 'x' } });
    const cm = (await call(t, 'POST', '/api/v1/namespaces/x/configmaps', configMap('c'))).body;
    await call(t, 'DELETE', '/api/v1/namespaces/x');
    expect((await call(t, 'PUT', '/api/v1/namespaces/x/configmaps/c', { ...cm, data: { a: 'b' } })).status).toBe(200);
    expect((await call(t, 'DELETE', '/api/v1/namespaces/x/configmaps/c')).status).toBe(200);
  });
});
