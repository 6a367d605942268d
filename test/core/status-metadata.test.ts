/**
 * What a write through a status (or finalize) subresource keeps of its metadata, by the real
 * platform's status strategies: the older built-in kinds reset only `spec` (a label or annotation
 * sent with the status is stored; pods/status keeps the owner references), newer kinds and custom
 * resources reset metadata too; namespaces/finalize resets only `status`.
 */
import { describe, expect, it } from 'vitest';
import { configMap, pod, statefulSet } from '../support/builders.ts';
import { installCRD, WIDGETS, widget } from './apiextensions/crd-support.ts';
import { call, serverPerTest } from '../support/targets.ts';

const t = serverPerTest();
const merge = { 'content-type': 'application/merge-patch+json' };

describe('metadata sent to a subresource', () => {
  it.each([
    ['pods', '/api/v1/namespaces/default/pods', () => pod('p')],
    ['statefulsets', '/apis/apps/v1/namespaces/default/statefulsets', () => statefulSet('s')],
    ['services', '/api/v1/namespaces/default/services', () => ({ metadata: { name: 'svc' }, spec: { ports: [{ port: 80 }] } })],
  ])('%s/status: a label change is stored, spec is not', async (_, path, make) => {
    const created = await call(t, 'POST', path, make());
    expect(created.status, created.text).toBe(201);
    const name = created.body.metadata.name;
    const r = await call(t, 'PATCH', `${path}/${name}/status`, { metadata: { labels: { seen: 'yes' } }, spec: { bogus: 1 } }, merge);
    expect(r.status, r.text).toBe(200);
    const stored = (await call(t, 'GET', `${path}/${name}`)).body;
    expect(stored.metadata.labels).toMatchObject({ seen: 'yes' });
    expect(stored.spec).toEqual(created.body.spec);
  });

  it('pods/status: the owner references are kept as stored', async () => {
    const owner = (await call(t, 'POST', '/api/v1/namespaces/default/configmaps', configMap('owner'))).body;
    const ref = { apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: owner.metadata.uid };
    await call(t, 'POST', '/api/v1/namespaces/default/pods', { ...pod('owned'), metadata: { name: 'owned', ownerReferences: [ref] } });
    const r = await call(
      t,
      'PATCH',
      '/api/v1/namespaces/default/pods/owned/status',
      { metadata: { ownerReferences: null, labels: { a: 'b' } } },
      merge,
    );
    expect(r.status).toBe(200);
    const stored = (await call(t, 'GET', '/api/v1/namespaces/default/pods/owned')).body;
    expect(stored.metadata.ownerReferences).toEqual([ref]);
    expect(stored.metadata.labels).toEqual({ a: 'b' });
  });

  it('namespaces/finalize: a label change is stored, status is not', async () => {
    await call(t, 'POST', '/api/v1/namespaces', { metadata: { name: 'fin' } });
    const ns = (await call(t, 'GET', '/api/v1/namespaces/fin')).body;
    const r = await call(t, 'PUT', '/api/v1/namespaces/fin/finalize', {
      ...ns,
      metadata: { ...ns.metadata, labels: { ...ns.metadata.labels, team: 'a' } },
      spec: { finalizers: [] },
      status: { phase: 'Terminating' },
    });
    expect(r.status, r.text).toBe(200);
    const stored = (await call(t, 'GET', '/api/v1/namespaces/fin')).body;
    expect(stored.metadata.labels.team).toBe('a');
    expect(stored.spec.finalizers ?? []).toEqual([]);
    expect(stored.status.phase).toBe('Active');
  });

  it('a custom resource: its status write keeps the stored metadata', async () => {
    await installCRD(t);
    expect((await call(t, 'POST', WIDGETS, widget('w'))).status).toBe(201);
    const r = await call(t, 'PATCH', `${WIDGETS}/w/status`, { metadata: { labels: { seen: 'yes' } }, status: { replicas: 1 } }, merge);
    expect(r.status).toBe(200);
    const stored = (await call(t, 'GET', `${WIDGETS}/w`)).body;
    expect(stored.metadata.labels).toBeUndefined();
    expect(stored.status.replicas).toBe(1);
  });
});
