/**
 * Namespace (core/v1): the four that exist at start, the name rules (a DNS label), and its
 * deletion lifecycle through `spec.finalizers` and `finalize` (docs/api-rules.md, "Deletion
 * lifecycle"); `default`, `orch-system` and `orch-public` can never be deleted.
 */
import { describe, expect, it } from 'vitest';
import { configMap } from '../../support/builders.ts';
import { call, serverPerTest } from '../../support/targets.ts';

const t = serverPerTest();

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
    { name: 'a DNS label', namespace: 'team-a', status: 201 },
    { name: 'upper case', namespace: 'Team', status: 422 },
    { name: 'a dot (subdomains are not labels)', namespace: 'a.b', status: 422 },
    { name: '64 characters', namespace: 'n'.repeat(64), status: 422 },
  ])('a name that is $name ($namespace) → $status', async ({ namespace, status }) => {
    const r = await call(t, 'POST', '/api/v1/namespaces', { metadata: { name: namespace } });
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
    { name: 'default', query: '' },
    { name: 'orch-system', query: '' },
    { name: 'orch-public', query: '' },
    { name: 'default', query: '?dryRun=All' },
    { name: 'orch-system', query: '?propagationPolicy=Foreground' },
  ])('$name may never be deleted (DELETE$query → 403, nothing changes)', async ({ name, query }) => {
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
