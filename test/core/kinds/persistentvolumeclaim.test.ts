/** PersistentVolumeClaim (core v1): spec validation, the immutable spec and storage growth, status, table. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { persistentVolumeClaimKind } from '../../../core/registry/kinds/persistentvolumeclaim.ts';
import { call, causeKeys, causesOf, expectCreated, serverWith, withChange, type Target } from './support.ts';

const PVCS = '/api/v1/namespaces/default/persistentvolumeclaims';
const TABLE = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };

const valid = {
  apiVersion: 'v1',
  kind: 'PersistentVolumeClaim',
  metadata: { name: 'data' },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, storageClassName: 'fast' },
};

describe('PersistentVolumeClaim validation (create)', () => {
  let t: Target;
  beforeAll(async () => {
    t = await serverWith([persistentVolumeClaimKind]);
  });
  afterAll(() => t.close());

  it.each([
    ['accessModes are required', 'spec.accessModes', undefined, ['spec.accessModes FieldValueRequired']],
    ['access modes are the four known ones', 'spec.accessModes', ['ReadWriteSometimes'], ['spec.accessModes FieldValueNotSupported']],
    ['ReadWriteOncePod stands alone', 'spec.accessModes', ['ReadWriteOncePod', 'ReadOnlyMany'], ['spec.accessModes FieldValueForbidden']],
    ['a storage request is required', 'spec.resources.requests', { cpu: '1' }, ['spec.resources[storage] FieldValueRequired']],
    ['the storage request is positive', 'spec.resources.requests.storage', '0', ['spec.resources[storage] FieldValueInvalid']],
    ['volumeMode is Block or Filesystem', 'spec.volumeMode', 'Raw', ['spec.volumeMode FieldValueNotSupported']],
    ['storageClassName is a DNS subdomain', 'spec.storageClassName', 'Fast_SSD', ['spec.storageClassName FieldValueInvalid']],
    ['a data source has a kind and a name', 'spec.dataSource', { kind: 'VolumeSnapshot' }, ['spec.dataSource.name FieldValueRequired']],
  ])('%s', async (_rule, path, value, causes) => {
    expect(causeKeys(await call(t, 'POST', PVCS, withChange(valid, path, value)))).toEqual(causes);
  });

  it('words the missing access mode as the real platform does', async () => {
    const [cause] = causesOf(await call(t, 'POST', PVCS, withChange(valid, 'spec.accessModes', [])));
    expect(cause.message).toBe('Required value: at least 1 access mode is required');
  });
});

describe('PersistentVolumeClaim lifecycle', () => {
  let t: Target;
  beforeAll(async () => {
    t = await serverWith([persistentVolumeClaimKind]);
  });
  afterAll(() => t.close());

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
    ['spec.accessModes', ['ReadWriteMany']],
    ['spec.storageClassName', 'slow'],
    ['spec.resources.requests.storage', '2Gi'], // not bound yet
  ])('the spec is immutable: %s', async (path, value) => {
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
    const bound = await call(t, 'PUT', `${PVCS}/data/status`, { ...cur, status: { phase: 'Bound', accessModes: ['ReadWriteOnce'], capacity: { storage: '1Gi' } } });
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
