/** PersistentVolumeClaim (core v1): spec validation, the immutable spec and storage growth, status, table. */
import { describe, expect, it } from 'vitest';
import { persistentVolumeClaimKind } from '../../../core/registry/kinds/persistentvolumeclaim.ts';
import { call, serverPerSuite } from '../../support/targets.ts';
import { causeKeys, causesOf, expectCreated, serverWith, withChange } from '../../support/validation.ts';

const PVCS = '/api/v1/namespaces/default/persistentvolumeclaims';
const TABLE = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };

const valid = {
  apiVersion: 'v1',
  kind: 'PersistentVolumeClaim',
  metadata: { name: 'data' },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, storageClassName: 'fast' },
};

describe('PersistentVolumeClaim validation (create)', () => {
  const t = serverPerSuite(() => serverWith([persistentVolumeClaimKind]));

  it.each([
    { rule: 'accessModes are required', path: 'spec.accessModes', value: undefined, causes: ['spec.accessModes FieldValueRequired'] },
    {
      rule: 'access modes are the four known ones',
      path: 'spec.accessModes',
      value: ['ReadWriteSometimes'],
      causes: ['spec.accessModes FieldValueNotSupported'],
    },
    {
      rule: 'ReadWriteOncePod stands alone',
      path: 'spec.accessModes',
      value: ['ReadWriteOncePod', 'ReadOnlyMany'],
      causes: ['spec.accessModes FieldValueForbidden'],
    },
    {
      rule: 'a storage request is required',
      path: 'spec.resources.requests',
      value: { cpu: '1' },
      causes: ['spec.resources[storage] FieldValueRequired'],
    },
    {
      rule: 'the storage request is positive',
      path: 'spec.resources.requests.storage',
      value: '0',
      causes: ['spec.resources[storage] FieldValueInvalid'],
    },
    {
      rule: 'volumeMode is Block or Filesystem',
      path: 'spec.volumeMode',
      value: 'Raw',
      causes: ['spec.volumeMode FieldValueNotSupported'],
    },
    {
      rule: 'storageClassName is a DNS subdomain',
      path: 'spec.storageClassName',
      value: 'Fast_SSD',
      causes: ['spec.storageClassName FieldValueInvalid'],
    },
    {
      rule: 'a data source has a kind and a name',
      path: 'spec.dataSource',
      value: { kind: 'VolumeSnapshot' },
      causes: ['spec.dataSource.name FieldValueRequired'],
    },
  ])('$rule', async ({ path, value, causes }) => {
    expect(causeKeys(await call(t, 'POST', PVCS, withChange(valid, path, value)))).toEqual(causes);
  });

  it('words the missing access mode as the real platform does', async () => {
    const [cause] = causesOf(await call(t, 'POST', PVCS, withChange(valid, 'spec.accessModes', [])));
    expect(cause.message).toBe('Required value: at least 1 access mode is required');
  });
});

describe('PersistentVolumeClaim lifecycle', () => {
  const t = serverPerSuite(() => serverWith([persistentVolumeClaimKind]));

  const current = async () => {
    const body = (await call(t, 'GET', `${PVCS}/data`)).body;
    delete body.metadata.resourceVersion;
    return body;
  };

  it('is created Pending with volumeMode Filesystem', async () => {
    const body = expectCreated(await call(t, 'POST', PVCS, valid));
    expect(body.spec.volumeMode).toBe('Filesystem');
    expect(body.status).toEqual({ phase: 'Pending' });
    expect(body.metadata.generation).toBeUndefined();
  });

  it.each([
    { path: 'spec.accessModes', value: ['ReadWriteMany'] },
    { path: 'spec.storageClassName', value: 'slow' },
    { path: 'spec.resources.requests.storage', value: '2Gi' }, // not bound yet
  ])('the spec is immutable: $path', async ({ path, value }) => {
    const r = await call(t, 'PUT', `${PVCS}/data`, withChange(await current(), path, value));
    expect(causeKeys(r)).toEqual(['spec FieldValueForbidden']);
    expect(r.body.details.causes[0].message).toBe(
      'Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims',
    );
  });

  it('the binder sets volumeName once, and status through /status', async () => {
    const named = await call(t, 'PUT', `${PVCS}/data`, withChange(await current(), 'spec.volumeName', 'pv-1'));
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    const again = await call(t, 'PUT', `${PVCS}/data`, withChange(await current(), 'spec.volumeName', 'pv-2'));
    expect(causeKeys(again)).toEqual(['spec FieldValueForbidden']);
    const cur = await current();
    const bound = await call(t, 'PUT', `${PVCS}/data/status`, {
      ...cur,
      status: { phase: 'Bound', accessModes: ['ReadWriteOnce'], capacity: { storage: '1Gi' } },
    });
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    expect(bound.body.status.phase).toBe('Bound');
  });

  it('a bound claim may grow, not shrink below its capacity', async () => {
    const grow = await call(t, 'PUT', `${PVCS}/data`, withChange(await current(), 'spec.resources.requests.storage', '5Gi'));
    expect(grow.status, JSON.stringify(grow.body)).toBe(200);
    expect(grow.body.spec.resources.requests.storage).toBe('5Gi');
    const shrink = await call(t, 'PUT', `${PVCS}/data`, withChange(await current(), 'spec.resources.requests.storage', '512Mi'));
    expect(causeKeys(shrink)).toEqual(['spec.resources.requests.storage FieldValueForbidden']);
  });

  it('the table shows Status, Volume, Capacity, Access Modes and StorageClass', async () => {
    const r = await call(t, 'GET', PVCS, undefined, TABLE);
    expect(r.body.columnDefinitions.map((c: any) => [c.name, c.priority])).toEqual([
      ['Name', 0],
      ['Status', 0],
      ['Volume', 0],
      ['Capacity', 0],
      ['Access Modes', 0],
      ['StorageClass', 0],
      ['VolumeAttributesClass', 0],
      ['Age', 0],
      ['VolumeMode', 1],
    ]);
    const cells = r.body.rows[0].cells;
    expect([...cells.slice(0, 7), cells[8]]).toEqual(['data', 'Bound', 'pv-1', '1Gi', 'RWO', 'fast', '<unset>', 'Filesystem']);
  });
});
