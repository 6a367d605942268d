/**
 * A custom resource whose definition is being deleted (an object's finalizer holds it): its
 * objects may still be read, changed (so that the finalizer can be removed) and deleted, but a
 * create is refused with the real 405, and discovery lists only the verbs that stay meaningful.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, inProcess, type Target } from '../../support/targets.ts';
import { CRDS, conditionOf, eventually, installCRD, widget, widgetCRD } from './crd-support.ts';

const AGGREGATED = { accept: 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList' };
const MERGE = { 'content-type': 'application/merge-patch+json' };
const PATH = '/apis/example.com/v1/namespaces/default/lingers';
const linger = (name: string) => widget(name, { color: 'red' }, 'Linger');

let t: Target;
beforeAll(async () => {
  t = await inProcess();
  const crd = widgetCRD();
  crd.metadata.name = 'lingers.example.com';
  crd.spec.names = { plural: 'lingers', kind: 'Linger' };
  crd.spec.versions[0].selectableFields = [];
  await installCRD(t, crd);
  const held = { ...linger('held'), metadata: { name: 'held', finalizers: ['example.com/hold'] } };
  expect((await call(t, 'POST', PATH, held)).status).toBe(201);
  expect((await call(t, 'DELETE', `${CRDS}/lingers.example.com`)).status).toBe(200);
  await eventually(
    () => call(t, 'GET', `${PATH}/held`),
    (r) => r.body.metadata?.deletionTimestamp !== undefined,
    'held terminating',
  );
});
afterAll(() => t.close());

describe('a custom resource whose definition is terminating', () => {
  it('refuses a create with the real Status', async () => {
    for (const query of ['', '?dryRun=All']) {
      const res = await call(t, 'POST', `${PATH}${query}`, linger('late'));
      expect(res.status).toBe(405);
      expect(res.body).toEqual({
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: 'create not allowed while custom resource definition is terminating',
        reason: 'MethodNotAllowed',
        details: { group: 'example.com', kind: 'lingers' },
        code: 405,
      });
    }
  });

  it('lists delete, deletecollection, get, list and watch in plain and aggregated discovery', async () => {
    const verbs = ['delete', 'deletecollection', 'get', 'list', 'watch'];
    const plain = (await call(t, 'GET', '/apis/example.com/v1')).body;
    expect(plain.resources.find((r: any) => r.name === 'lingers').verbs).toEqual(verbs);
    const aggregated = (await call(t, 'GET', '/apis', undefined, AGGREGATED)).body;
    const group = aggregated.items.find((g: any) => g.metadata.name === 'example.com');
    const version = group.versions.find((v: any) => v.version === 'v1');
    expect(version.resources.find((r: any) => r.resource === 'lingers').verbs).toEqual(verbs);
  });

  it.each([
    ['get', 'GET', `${PATH}/held`, undefined, {}, 200],
    ['list', 'GET', PATH, undefined, {}, 200],
    ['patch', 'PATCH', `${PATH}/held`, { metadata: { labels: { seen: 'yes' } } }, MERGE, 200],
    ['a status patch', 'PATCH', `${PATH}/held/status`, { status: { replicas: 2 } }, MERGE, 200],
  ])('still serves %s', async (_what, method, path, body, headers, status) => {
    expect((await call(t, method, path, body, headers)).status).toBe(status);
  });

  it('still serves update, and goes once its last finalizer is removed', async () => {
    const held = (await call(t, 'GET', `${PATH}/held`)).body;
    const crd = (await call(t, 'GET', `${CRDS}/lingers.example.com`)).body;
    expect(conditionOf(crd, 'Terminating')).toMatchObject({ status: 'True' });
    const updated = await call(t, 'PUT', `${PATH}/held`, { ...held, metadata: { ...held.metadata, finalizers: [] } });
    expect(updated.status).toBe(200);
    await eventually(
      () => call(t, 'GET', `${CRDS}/lingers.example.com`),
      (r) => r.status === 404,
      'definition deleted',
    );
  });
});
