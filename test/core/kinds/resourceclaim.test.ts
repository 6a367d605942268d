/** ResourceClaimTemplate and ResourceClaim (resource.orch.io/v1beta1): the seed table and v1.32's rules. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceClaimKind } from '../../../core/registry/kinds/resourceclaim.ts';
import { resourceClaimTemplateKind } from '../../../core/registry/kinds/resourceclaimtemplate.ts';
import { call, causeKeys, causesOf, expectCreated, serverWith, withChange, type Target } from './support.ts';

const BASE = '/apis/resource.orch.io/v1beta1';
const RCT = `${BASE}/namespaces/default/resourceclaimtemplates`;
const RC = `${BASE}/namespaces/default/resourceclaims`;
const DRA = { DynamicResourceAllocation: true };

const claimSpec = { devices: { requests: [{ name: 'gpu', deviceClassName: 'gpu.example.com' }] } };
const template = {
  apiVersion: 'resource.orch.io/v1beta1',
  kind: 'ResourceClaimTemplate',
  metadata: { name: 't' },
  spec: { metadata: { labels: { app: 'a' } }, spec: claimSpec },
};
const claim = { apiVersion: 'resource.orch.io/v1beta1', kind: 'ResourceClaim', metadata: { name: 'c' }, spec: claimSpec };

const fieldPath = (p: string) => p.replace(/\.(\d+)/g, '[$1]');

let t: Target;
beforeAll(async () => {
  t = await serverWith([resourceClaimTemplateKind, resourceClaimKind], { featureGates: DRA });
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
const named = <T>(body: T): T => withChange(body, 'metadata.name', `x-${++seq}`);

describe('served only with the DynamicResourceAllocation gate', () => {
  it.each([
    ['gate off', {}, 404],
    ['gate on', DRA, 200],
  ] as const)('%s', async (_row, gates, status) => {
    const server = await serverWith([resourceClaimTemplateKind, resourceClaimKind], { featureGates: gates });
    expect((await call(server, 'GET', RCT)).status).toBe(status);
    expect((await call(server, 'GET', RC)).status).toBe(status);
    await server.close();
  });
});

describe('ResourceClaimTemplate validation', () => {
  const D = 'spec.spec.devices';
  const Q = `${D}.requests.0`;
  // [row, path, value, expected causes ([] = accepted)]
  const rows: [string, string, unknown, string[]][] = [
    ['a valid template', 'spec.metadata.annotations', { note: 'x' }, []],
    ['spec.metadata with a name', 'spec.metadata.name', 'n', ['spec.metadata.name FieldValueForbidden']],
    ['spec.metadata with a namespace', 'spec.metadata.namespace', 'ns', ['spec.metadata.namespace FieldValueForbidden']],
    ['spec.metadata with a uid', 'spec.metadata.uid', 'u', ['spec.metadata.uID FieldValueForbidden']],
    ['spec.metadata with finalizers', 'spec.metadata.finalizers', ['a/b'], ['spec.metadata.finalizers FieldValueForbidden']],
    ['spec.metadata with a bad label', 'spec.metadata.labels', { 'bad key!': 'v' }, ['spec.metadata.labels FieldValueInvalid']],
    ['no requests: nothing to allocate', `${D}.requests`, [], []],
    ['request name not a DNS label', `${Q}.name`, 'GPU', [`${Q}.name FieldValueInvalid`]],
    ['duplicate request names', `${D}.requests`, [claimSpec.devices.requests[0], claimSpec.devices.requests[0]], [`${D}.requests.1.name FieldValueDuplicate`]],
    ['deviceClassName missing', `${Q}.deviceClassName`, '', [`${Q}.deviceClassName FieldValueRequired`]],
    ['deviceClassName not a DNS subdomain', `${Q}.deviceClassName`, 'Bad_Class', [`${Q}.deviceClassName FieldValueInvalid`]],
    ['allocationMode All', `${Q}.allocationMode`, 'All', []],
    ['allocationMode All with a count', `${Q}`, { name: 'gpu', deviceClassName: 'c', allocationMode: 'All', count: 2 }, [`${Q}.count FieldValueInvalid`]],
    ['allocationMode unknown', `${Q}.allocationMode`, 'Some', [`${Q}.allocationMode FieldValueNotSupported`]],
    ['negative count', `${Q}.count`, -1, [`${Q}.count FieldValueInvalid`]],
    ['CEL selector', `${Q}.selectors`, [{ cel: { expression: 'device.driver == "x"' } }], []],
    ['selector without cel', `${Q}.selectors`, [{}], [`${Q}.selectors.0.cel FieldValueRequired`]],
    ['CEL selector with empty expression', `${Q}.selectors`, [{ cel: { expression: '' } }], [`${Q}.selectors.0.cel.expression FieldValueRequired`]],
    ['constraint on a known request', `${D}.constraints`, [{ requests: ['gpu'], matchAttribute: 'dra.example.com/numa' }], []],
    ['constraint on an unknown request', `${D}.constraints`, [{ requests: ['cpu'], matchAttribute: 'dra.example.com/numa' }], [`${D}.constraints.0.requests.0 FieldValueInvalid`]],
    ['constraint without matchAttribute', `${D}.constraints`, [{}], [`${D}.constraints.0.matchAttribute FieldValueRequired`]],
    ['matchAttribute without domain', `${D}.constraints`, [{ matchAttribute: 'numa' }], [`${D}.constraints.0.matchAttribute FieldValueRequired`]],
    ['opaque config', `${D}.config`, [{ opaque: { driver: 'dra.example.com', parameters: { a: 1 } } }], []],
    ['config without opaque', `${D}.config`, [{ requests: ['gpu'] }], [`${D}.config.0.opaque FieldValueRequired`]],
    ['opaque config without parameters', `${D}.config`, [{ opaque: { driver: 'dra.example.com' } }], [`${D}.config.0.opaque.parameters FieldValueRequired`]],
    ['opaque parameters not an object', `${D}.config`, [{ opaque: { driver: 'dra.example.com', parameters: [1] } }], [`${D}.config.0.opaque.parameters FieldValueInvalid`]],
    ['opaque config without driver', `${D}.config`, [{ opaque: { parameters: {} } }], [`${D}.config.0.opaque.driver FieldValueRequired`, `${D}.config.0.opaque.driver FieldValueInvalid`]],
  ];
  it.each(rows)('%s', async (_row, path, value, expected) => {
    const res = await call(t, 'POST', RCT, named(withChange(template, path, value)));
    if (!expected.length) expectCreated(res);
    else expect(causeKeys(res)).toEqual(expected.map(fieldPath));
  });

  it('defaults allocationMode to ExactCount with one device', async () => {
    const body = expectCreated(await call(t, 'POST', RCT, named(template)));
    expect(body.spec.spec.devices.requests).toEqual([{ name: 'gpu', deviceClassName: 'gpu.example.com', allocationMode: 'ExactCount', count: 1 }]);
    expect(body.spec.metadata).toEqual({ creationTimestamp: null, labels: { app: 'a' } });
  });

  it('drops adminAccess while the DRAAdminAccess gate is off, keeps it when on', async () => {
    const withAdmin = withChange(template, 'spec.spec.devices.requests.0.adminAccess', true);
    const off = expectCreated(await call(t, 'POST', RCT, named(withAdmin)));
    expect(off.spec.spec.devices.requests[0].adminAccess).toBeUndefined();
    const on = await serverWith([resourceClaimTemplateKind], { featureGates: { ...DRA, DRAAdminAccess: true } });
    const kept = expectCreated(await call(on, 'POST', RCT, named(withAdmin)));
    expect(kept.spec.spec.devices.requests[0].adminAccess).toBe(true);
    await on.close();
  });

  it('the spec is immutable; metadata may change', async () => {
    const created = expectCreated(await call(t, 'POST', RCT, named(template)));
    const url = `${RCT}/${created.metadata.name}`;
    const changed = await call(t, 'PUT', url, withChange(created, 'spec.spec.devices.requests.0.deviceClassName', 'other'));
    expect(causesOf(changed)).toEqual([{ reason: 'FieldValueInvalid', field: 'spec', message: expect.stringContaining('field is immutable') }]);
    const relabeled = await call(t, 'PUT', url, withChange(created, 'metadata.labels', { x: 'y' }));
    expect(relabeled.status).toBe(200);
  });

  it('delete answers the deleted object (seed: 200 with a ResourceClaimTemplate body)', async () => {
    const created = expectCreated(await call(t, 'POST', RCT, named(template)));
    const res = await call(t, 'DELETE', `${RCT}/${created.metadata.name}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: 'ResourceClaimTemplate', metadata: { name: created.metadata.name } });
  });
});

describe('ResourceClaim', () => {
  const allocation = {
    devices: { results: [{ request: 'gpu', driver: 'dra.example.com', pool: 'node-1', device: 'gpu-0' }] },
  };
  async function createClaim() {
    return expectCreated(await call(t, 'POST', RC, named(claim)));
  }

  it('validates its spec like a template', async () => {
    const res = await call(t, 'POST', RC, named(withChange(claim, 'spec.devices.requests.0.name', 'Bad')));
    expect(causeKeys(res)).toEqual(['spec.devices.requests[0].name FieldValueInvalid']);
  });

  it('a new claim is pending; status comes only through the status subresource', async () => {
    const c = await createClaim();
    expect(resourceClaimKind.table![0].cell(c, 0)).toBe('pending');
    const url = `${RC}/${c.metadata.name}`;
    const viaMain = await call(t, 'PUT', url, { ...c, status: { allocation } });
    expect(viaMain.body.status).toEqual({});
    const viaStatus = await call(t, 'PUT', `${url}/status`, { ...c, status: { allocation, reservedFor: [{ resource: 'pods', name: 'p', uid: 'u1' }] } });
    expect(viaStatus.status).toBe(200);
    expect(resourceClaimKind.table![0].cell(viaStatus.body, 0)).toBe('allocated,reserved');
  });

  const statusRows: [string, unknown, string[]][] = [
    ['reservedFor without allocation', { reservedFor: [{ resource: 'pods', name: 'p', uid: 'u' }] }, ['status.reservedFor FieldValueForbidden']],
    ['reservedFor entry without uid', { allocation, reservedFor: [{ resource: 'pods', name: 'p' }] }, ['status.reservedFor[0].uid FieldValueRequired']],
    ['duplicate reservedFor uid', { allocation, reservedFor: [{ resource: 'pods', name: 'p', uid: 'u' }, { resource: 'pods', name: 'q', uid: 'u' }] }, ['status.reservedFor[1].uid FieldValueDuplicate']],
    ['allocation for an unknown request', { allocation: withChange(allocation, 'devices.results.0.request', 'tpu') }, ['status.allocation.devices.results[0].request FieldValueInvalid']],
    ['allocation with a bad device name', { allocation: withChange(allocation, 'devices.results.0.device', 'GPU 0') }, ['status.allocation.devices.results[0].device FieldValueInvalid']],
  ];
  it.each(statusRows)('status: %s', async (_row, status, expected) => {
    const c = await createClaim();
    const res = await call(t, 'PUT', `${RC}/${c.metadata.name}/status`, { ...c, status });
    expect(causeKeys(res)).toEqual(expected);
  });

  it('an allocation cannot be changed once set', async () => {
    const c = await createClaim();
    const url = `${RC}/${c.metadata.name}/status`;
    const first = await call(t, 'PUT', url, { ...c, status: { allocation } });
    expect(first.status).toBe(200);
    const moved = await call(t, 'PUT', url, { ...first.body, status: { allocation: withChange(allocation, 'devices.results.0.device', 'gpu-1') } });
    expect(causeKeys(moved)).toEqual(['status.allocation FieldValueInvalid']);
  });

  it('device status is dropped while DRAResourceClaimDeviceStatus is off', async () => {
    const c = await createClaim();
    const devices = [{ driver: 'dra.example.com', pool: 'node-1', device: 'gpu-0', conditions: [] }];
    const res = await call(t, 'PUT', `${RC}/${c.metadata.name}/status`, { ...c, status: { allocation, devices } });
    expect(res.status).toBe(200);
    expect(res.body.status.devices).toBeUndefined();
  });

  it('the spec is immutable', async () => {
    const c = await createClaim();
    const res = await call(t, 'PUT', `${RC}/${c.metadata.name}`, withChange(c, 'spec.devices.requests.0.count', 2));
    expect(causeKeys(res)).toEqual(['spec FieldValueInvalid']);
  });
});
