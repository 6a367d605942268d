/**
 * ResourceClaimTemplate and ResourceClaim (resource.orch.io/v1beta1): served only with the
 * DynamicResourceAllocation gate (docs/api-rules.md, "Feature gates"), validated as v1.32 does it.
 */
import { describe, expect, it } from 'vitest';
import { resourceClaimKind } from '../../../core/registry/kinds/resourceclaim.ts';
import { resourceClaimTemplateKind } from '../../../core/registry/kinds/resourceclaimtemplate.ts';
import { call, serverPerSuite } from '../../support/targets.ts';
import { causeKeys, causesOf, expectCreated, serverWith, withChange } from '../../support/validation.ts';

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

const t = serverPerSuite(() => serverWith([resourceClaimTemplateKind, resourceClaimKind], { featureGates: DRA }));

let seq = 0;
const named = <T>(body: T): T => withChange(body, 'metadata.name', `x-${++seq}`);

describe('served only with the DynamicResourceAllocation gate', () => {
  it.each([
    { rule: 'gate off', gates: {}, status: 404 },
    { rule: 'gate on', gates: DRA, status: 200 },
  ] as const)('$rule', async ({ gates, status }) => {
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
  const rows: { rule: string; path: string; value: unknown; expected: string[] }[] = [
    { rule: 'a valid template', path: 'spec.metadata.annotations', value: { note: 'x' }, expected: [] },
    { rule: 'spec.metadata with a name', path: 'spec.metadata.name', value: 'n', expected: ['spec.metadata.name FieldValueForbidden'] },
    {
      rule: 'spec.metadata with a namespace',
      path: 'spec.metadata.namespace',
      value: 'ns',
      expected: ['spec.metadata.namespace FieldValueForbidden'],
    },
    { rule: 'spec.metadata with a uid', path: 'spec.metadata.uid', value: 'u', expected: ['spec.metadata.uID FieldValueForbidden'] },
    {
      rule: 'spec.metadata with finalizers',
      path: 'spec.metadata.finalizers',
      value: ['a/b'],
      expected: ['spec.metadata.finalizers FieldValueForbidden'],
    },
    {
      rule: 'spec.metadata with a bad label',
      path: 'spec.metadata.labels',
      value: { 'bad key!': 'v' },
      expected: ['spec.metadata.labels FieldValueInvalid'],
    },
    { rule: 'no requests: nothing to allocate', path: `${D}.requests`, value: [], expected: [] },
    { rule: 'request name not a DNS label', path: `${Q}.name`, value: 'GPU', expected: [`${Q}.name FieldValueInvalid`] },
    {
      rule: 'duplicate request names',
      path: `${D}.requests`,
      value: [claimSpec.devices.requests[0], claimSpec.devices.requests[0]],
      expected: [`${D}.requests.1.name FieldValueDuplicate`],
    },
    { rule: 'deviceClassName missing', path: `${Q}.deviceClassName`, value: '', expected: [`${Q}.deviceClassName FieldValueRequired`] },
    {
      rule: 'deviceClassName not a DNS subdomain',
      path: `${Q}.deviceClassName`,
      value: 'Bad_Class',
      expected: [`${Q}.deviceClassName FieldValueInvalid`],
    },
    { rule: 'allocationMode All', path: `${Q}.allocationMode`, value: 'All', expected: [] },
    {
      rule: 'allocationMode All with a count',
      path: `${Q}`,
      value: { name: 'gpu', deviceClassName: 'c', allocationMode: 'All', count: 2 },
      expected: [`${Q}.count FieldValueInvalid`],
    },
    {
      rule: 'allocationMode unknown',
      path: `${Q}.allocationMode`,
      value: 'Some',
      expected: [`${Q}.allocationMode FieldValueNotSupported`],
    },
    { rule: 'negative count', path: `${Q}.count`, value: -1, expected: [`${Q}.count FieldValueInvalid`] },
    { rule: 'CEL selector', path: `${Q}.selectors`, value: [{ cel: { expression: 'device.driver == "x"' } }], expected: [] },
    { rule: 'selector without cel', path: `${Q}.selectors`, value: [{}], expected: [`${Q}.selectors.0.cel FieldValueRequired`] },
    {
      rule: 'CEL selector with empty expression',
      path: `${Q}.selectors`,
      value: [{ cel: { expression: '' } }],
      expected: [`${Q}.selectors.0.cel.expression FieldValueRequired`],
    },
    {
      rule: 'constraint on a known request',
      path: `${D}.constraints`,
      value: [{ requests: ['gpu'], matchAttribute: 'dra.example.com/numa' }],
      expected: [],
    },
    {
      rule: 'constraint on an unknown request',
      path: `${D}.constraints`,
      value: [{ requests: ['cpu'], matchAttribute: 'dra.example.com/numa' }],
      expected: [`${D}.constraints.0.requests.0 FieldValueInvalid`],
    },
    {
      rule: 'constraint without matchAttribute',
      path: `${D}.constraints`,
      value: [{}],
      expected: [`${D}.constraints.0.matchAttribute FieldValueRequired`],
    },
    {
      rule: 'matchAttribute without domain',
      path: `${D}.constraints`,
      value: [{ matchAttribute: 'numa' }],
      expected: [`${D}.constraints.0.matchAttribute FieldValueRequired`],
    },
    { rule: 'opaque config', path: `${D}.config`, value: [{ opaque: { driver: 'dra.example.com', parameters: { a: 1 } } }], expected: [] },
    {
      rule: 'config without opaque',
      path: `${D}.config`,
      value: [{ requests: ['gpu'] }],
      expected: [`${D}.config.0.opaque FieldValueRequired`],
    },
    {
      rule: 'opaque config without parameters',
      path: `${D}.config`,
      value: [{ opaque: { driver: 'dra.example.com' } }],
      expected: [`${D}.config.0.opaque.parameters FieldValueRequired`],
    },
    {
      rule: 'opaque parameters not an object',
      path: `${D}.config`,
      value: [{ opaque: { driver: 'dra.example.com', parameters: [1] } }],
      expected: [`${D}.config.0.opaque.parameters FieldValueInvalid`],
    },
    {
      rule: 'opaque config without driver',
      path: `${D}.config`,
      value: [{ opaque: { parameters: {} } }],
      expected: [`${D}.config.0.opaque.driver FieldValueRequired`, `${D}.config.0.opaque.driver FieldValueInvalid`],
    },
  ];
  it.each(rows)('$rule', async ({ path, value, expected }) => {
    const res = await call(t, 'POST', RCT, named(withChange(template, path, value)));
    if (!expected.length) expectCreated(res);
    else expect(causeKeys(res)).toEqual(expected.map(fieldPath));
  });

  it('defaults allocationMode to ExactCount with one device', async () => {
    const body = expectCreated(await call(t, 'POST', RCT, named(template)));
    expect(body.spec.spec.devices.requests).toEqual([
      { name: 'gpu', deviceClassName: 'gpu.example.com', allocationMode: 'ExactCount', count: 1 },
    ]);
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
    expect(causesOf(changed)).toEqual([
      { reason: 'FieldValueInvalid', field: 'spec', message: expect.stringContaining('field is immutable') },
    ]);
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
    const viaStatus = await call(t, 'PUT', `${url}/status`, {
      ...c,
      status: { allocation, reservedFor: [{ resource: 'pods', name: 'p', uid: 'u1' }] },
    });
    expect(viaStatus.status).toBe(200);
    expect(resourceClaimKind.table![0].cell(viaStatus.body, 0)).toBe('allocated,reserved');
  });

  const statusRows: { rule: string; status: unknown; expected: string[] }[] = [
    {
      rule: 'reservedFor without allocation',
      status: { reservedFor: [{ resource: 'pods', name: 'p', uid: 'u' }] },
      expected: ['status.reservedFor FieldValueForbidden'],
    },
    {
      rule: 'reservedFor entry without uid',
      status: { allocation, reservedFor: [{ resource: 'pods', name: 'p' }] },
      expected: ['status.reservedFor[0].uid FieldValueRequired'],
    },
    {
      rule: 'duplicate reservedFor uid',
      status: {
        allocation,
        reservedFor: [
          { resource: 'pods', name: 'p', uid: 'u' },
          { resource: 'pods', name: 'q', uid: 'u' },
        ],
      },
      expected: ['status.reservedFor[1].uid FieldValueDuplicate'],
    },
    {
      rule: 'allocation for an unknown request',
      status: { allocation: withChange(allocation, 'devices.results.0.request', 'tpu') },
      expected: ['status.allocation.devices.results[0].request FieldValueInvalid'],
    },
    {
      rule: 'allocation with a bad device name',
      status: { allocation: withChange(allocation, 'devices.results.0.device', 'GPU 0') },
      expected: ['status.allocation.devices.results[0].device FieldValueInvalid'],
    },
  ];
  it.each(statusRows)('status: $rule', async ({ status, expected }) => {
    const c = await createClaim();
    const res = await call(t, 'PUT', `${RC}/${c.metadata.name}/status`, { ...c, status });
    expect(causeKeys(res)).toEqual(expected);
  });

  it('an allocation cannot be changed once set', async () => {
    const c = await createClaim();
    const url = `${RC}/${c.metadata.name}/status`;
    const first = await call(t, 'PUT', url, { ...c, status: { allocation } });
    expect(first.status).toBe(200);
    const moved = await call(t, 'PUT', url, {
      ...first.body,
      status: { allocation: withChange(allocation, 'devices.results.0.device', 'gpu-1') },
    });
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
