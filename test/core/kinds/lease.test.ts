/**
 * Lease (coordination.orch.io/v1): validation as v1.32 does it, create by PUT, the Holder column,
 * the coordinated-election fields behind their gate, the real platform's group spelling, and the
 * protobuf field numbers of LeaseSpec.
 */
import { describe, expect, it } from 'vitest';
import { encodeMessage } from '../../../core/codecs/protobuf/index.ts';
import { Lease } from '../../../core/registry/types/coordination-v1.ts';
import type { JsonObject } from '../../../core/util/json.ts';
import { call, inProcess, serverPerSuite } from '../../support/targets.ts';
import { causeKeys, expectCreated, withChange } from '../../support/validation.ts';

const LEASES = '/apis/coordination.orch.io/v1/namespaces/default/leases';
const TABLE = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };

const valid = {
  apiVersion: 'coordination.orch.io/v1',
  kind: 'Lease',
  metadata: { name: 'orch-controller-manager' },
  spec: { holderIdentity: 'replica-a', leaseDurationSeconds: 15, leaseTransitions: 0 },
};

describe('Lease validation', () => {
  const t = serverPerSuite(() => inProcess({ featureGates: { CoordinatedLeaderElection: true } }));

  const invalid: { rule: string; path: string; value: unknown; causes: string[] }[] = [
    {
      rule: 'leaseDurationSeconds is positive',
      path: 'spec.leaseDurationSeconds',
      value: 0,
      causes: ['spec.leaseDurationSeconds FieldValueInvalid'],
    },
    {
      rule: 'leaseTransitions is not negative',
      path: 'spec.leaseTransitions',
      value: -1,
      causes: ['spec.leaseTransitions FieldValueInvalid'],
    },
    {
      rule: 'an unqualified strategy is one the platform defines',
      path: 'spec.strategy',
      value: 'Newest',
      causes: ['spec.strategy.strategy FieldValueNotSupported'],
    },
    {
      rule: 'a qualified strategy is a qualified name',
      path: 'spec.strategy',
      value: 'example.com/bad name',
      causes: ['spec.strategy.strategy FieldValueInvalid'],
    },
    {
      rule: 'preferredHolder needs a strategy',
      path: 'spec.preferredHolder',
      value: 'replica-b',
      causes: ['spec.preferredHolder FieldValueForbidden'],
    },
    { rule: 'the name is a DNS subdomain', path: 'metadata.name', value: 'Not_A_Name', causes: ['metadata.name FieldValueInvalid'] },
  ];

  it.each(invalid)('$rule', async ({ path, value, causes }) => {
    expect(causeKeys(await call(t, 'POST', LEASES, withChange(valid, path, value)))).toEqual(causes);
  });

  const accepted: { rule: string; spec: JsonObject }[] = [
    { rule: 'an empty spec', spec: {} },
    { rule: 'times in microseconds', spec: { acquireTime: '2024-01-01T00:00:00.123456Z', renewTime: '2024-01-01T00:00:10.000001Z' } },
    { rule: 'the defined strategy with a preferred holder', spec: { strategy: 'OldestEmulationVersion', preferredHolder: 'replica-b' } },
    { rule: 'a domain-qualified strategy', spec: { strategy: 'example.com/round-robin' } },
  ];

  it.each(accepted)('accepts $rule', async ({ rule, spec }) => {
    const name = rule.replace(/[^a-z]+/g, '-');
    const created = expectCreated(await call(t, 'POST', LEASES, { ...valid, metadata: { name }, spec }));
    expect(created.spec).toEqual(spec);
  });

  it('validates updates by the same rules', async () => {
    const created = expectCreated(await call(t, 'POST', LEASES, { ...valid, metadata: { name: 'renewed' } }));
    const update = withChange(created, 'spec.leaseDurationSeconds', -5);
    expect(causeKeys(await call(t, 'PUT', `${LEASES}/renewed`, update))).toEqual(['spec.leaseDurationSeconds FieldValueInvalid']);
  });
});

describe('Lease serving', () => {
  const t = serverPerSuite(() => inProcess());

  it('is created by a PUT, as candidates write the lease whether or not it exists yet', async () => {
    const res = await call(t, 'PUT', `${LEASES}/by-put`, { ...valid, metadata: { name: 'by-put' } });
    expect(res.status).toBe(201);
    expect(res.body.spec.holderIdentity).toBe('replica-a');
  });

  it('drops strategy and preferredHolder while CoordinatedLeaderElection is off', async () => {
    const spec = { ...valid.spec, strategy: 'OldestEmulationVersion', preferredHolder: 'replica-b' };
    const created = expectCreated(await call(t, 'POST', LEASES, { ...valid, metadata: { name: 'gated' }, spec }));
    expect(created.spec).toEqual(valid.spec);
  });

  it('shows the holder in its table', async () => {
    expectCreated(await call(t, 'POST', LEASES, { ...valid, metadata: { name: 'held' } }));
    await call(t, 'PUT', `${LEASES}/unheld`, { ...valid, metadata: { name: 'unheld' }, spec: {} });
    const table = await call(t, 'GET', LEASES, undefined, TABLE);
    expect(table.body.columnDefinitions.map((c: { name: string }) => c.name)).toEqual(['Name', 'Holder', 'Age']);
    const rows = new Map(table.body.rows.map((r: { cells: unknown[] }) => [r.cells[0], r.cells[1]]));
    expect(rows.get('held')).toBe('replica-a');
    expect(rows.get('unheld')).toBe('');
  });

  it('answers on the real platform’s spelling of the group too', async () => {
    const res = await call(t, 'GET', '/apis/coordination.k8s.io/v1/namespaces/default/leases');
    expect(res.status).toBe(200);
    expect(res.body.kind).toBe('LeaseList');
  });

  it('is in discovery as a namespaced resource with its verbs', async () => {
    const res = await call(t, 'GET', '/apis/coordination.orch.io/v1');
    const leases = res.body.resources.find((r: { name: string }) => r.name === 'leases');
    expect(leases).toMatchObject({ kind: 'Lease', namespaced: true, singularName: 'lease' });
    expect([...leases.verbs].sort()).toEqual(['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch']);
  });

  it('is in OpenAPI v3 under its group-version', async () => {
    const res = await call(t, 'GET', '/openapi/v3/apis/coordination.orch.io/v1');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.components.schemas)).toContain('io.orch.api.coordination.v1.Lease');
  });
});

describe('Lease protobuf', () => {
  it('writes LeaseSpec with the real field numbers (holderIdentity 1, leaseDurationSeconds 2) as spec, field 2', () => {
    const bytes = encodeMessage({ metadata: {}, spec: { holderIdentity: 'h', leaseDurationSeconds: 15 } }, Lease);
    // spec: tag 2/LEN, 5 bytes: holderIdentity tag 1/LEN "h", leaseDurationSeconds tag 2/VARINT 15.
    expect([...bytes.subarray(bytes.length - 7)]).toEqual([0x12, 5, 0x0a, 1, 0x68, 0x10, 15]);
  });
});
