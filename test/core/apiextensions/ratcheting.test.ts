/**
 * Writes of custom resources whose definition was tightened after they were stored
 * (CRDValidationRatcheting, beta and on by default): an update may keep the values the schema
 * now refuses, but not write new ones; the status subresource checks only the status; and the
 * scale subresource's paths are checked on every write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, inProcess, type Target } from '../../support/targets.ts';
import { causeKeys } from '../../support/validation.ts';
import { CRDS, eventually, installCRD } from './crd-support.ts';

const RATCHETS = '/apis/ex.com/v1/namespaces/default/ratchets';
const MERGE = { 'content-type': 'application/merge-patch+json' };

function ratchetCRD(): any {
  return {
    apiVersion: 'apiextensions.orch.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'ratchets.ex.com' },
    spec: {
      group: 'ex.com',
      scope: 'Namespaced',
      names: { plural: 'ratchets', kind: 'Ratchet' },
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          subresources: {
            status: {},
            scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', labelSelectorPath: '.status.selector' },
          },
          schema: {
            openAPIV3Schema: {
              type: 'object',
              properties: {
                spec: {
                  type: 'object',
                  properties: {
                    name: { type: 'string' },
                    other: { type: 'string' },
                    replicas: { type: 'integer' },
                    tags: { type: 'array', items: { type: 'string' } },
                  },
                },
                status: {
                  type: 'object',
                  properties: { replicas: { type: 'integer' }, selector: { type: 'string' }, note: { type: 'string' } },
                },
              },
            },
          },
        },
      ],
    },
  };
}

/** Adds maxLength 3 and format email to spec.name, and makes spec.tags a set. */
async function tighten(t: Target): Promise<void> {
  const crd = (await call(t, 'GET', `${CRDS}/ratchets.ex.com`)).body;
  const spec = crd.spec.versions[0].schema.openAPIV3Schema.properties.spec.properties;
  spec.name = { type: 'string', maxLength: 3, format: 'email' };
  spec.tags['x-kubernetes-list-type'] = 'set';
  expect((await call(t, 'PUT', `${CRDS}/ratchets.ex.com`, crd)).status).toBe(200);
  await eventually(
    () =>
      call(t, 'POST', `${RATCHETS}?dryRun=All`, {
        apiVersion: 'ex.com/v1',
        kind: 'Ratchet',
        metadata: { name: 'probe' },
        spec: { name: 'long-name' },
      }),
    (r) => r.status === 422,
    'the tightened schema served',
  );
}

async function storedThenTightened(gates?: string): Promise<Target> {
  const t = await inProcess(gates ? { featureGates: gates } : {});
  await installCRD(t, ratchetCRD());
  const created = await call(t, 'POST', RATCHETS, {
    apiVersion: 'ex.com/v1',
    kind: 'Ratchet',
    metadata: { name: 'r1' },
    spec: { name: 'a-very-long-name', other: 'x', tags: ['a', 'a'] },
  });
  expect(created.status).toBe(201);
  await tighten(t);
  return t;
}

describe('an object stored before its schema was tightened', () => {
  let t: Target;
  beforeAll(async () => {
    t = await storedThenTightened();
  });
  afterAll(() => t.close());

  it('is updated with its unchanged values kept', async () => {
    const patched = await call(t, 'PATCH', `${RATCHETS}/r1`, { spec: { other: 'y' } }, MERGE);
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.spec).toMatchObject({ name: 'a-very-long-name', other: 'y', tags: ['a', 'a'] });
  });

  it('is labelled', async () => {
    const labelled = await call(t, 'PATCH', `${RATCHETS}/r1`, { metadata: { labels: { team: 'a' } } }, MERGE);
    expect(labelled.status, JSON.stringify(labelled.body)).toBe(200);
  });

  it('cannot take a new value the schema refuses', async () => {
    const res = await call(t, 'PATCH', `${RATCHETS}/r1`, { spec: { name: 'another-long-name' } }, MERGE);
    expect(causeKeys(res)).toEqual(['spec.name FieldValueTooLong', 'spec.name FieldValueInvalid']);
    expect(res.body.details.causes[1].message).toBe(
      'Invalid value: "another-long-name": spec.name in body must be of type email: "another-long-name"',
    );
  });

  it('keeps duplicates a list already had, but a list without them gets none', async () => {
    expect((await call(t, 'PATCH', `${RATCHETS}/r1`, { spec: { tags: ['a', 'a', 'b'] } }, MERGE)).status).toBe(200);
    const fresh = await call(t, 'POST', RATCHETS, {
      apiVersion: 'ex.com/v1',
      kind: 'Ratchet',
      metadata: { name: 'r2' },
      spec: { tags: ['a'] },
    });
    expect(fresh.status).toBe(201);
    expect(causeKeys(await call(t, 'PATCH', `${RATCHETS}/r2`, { spec: { tags: ['a', 'a'] } }, MERGE))).toEqual([
      'spec.tags[1] FieldValueDuplicate',
    ]);
  });

  it('has its status written whatever its spec holds; the status is checked', async () => {
    expect((await call(t, 'PATCH', `${RATCHETS}/r1/status`, { status: { note: 'ok' } }, MERGE)).status).toBe(200);
    expect(causeKeys(await call(t, 'PATCH', `${RATCHETS}/r1/status`, { status: { note: 5 } }, MERGE))).toEqual([
      'status.note FieldValueTypeInvalid',
    ]);
  });
});

describe('without CRDValidationRatcheting', () => {
  let t: Target;
  beforeAll(async () => {
    t = await storedThenTightened('CRDValidationRatcheting=false');
  });
  afterAll(() => t.close());

  it('an update reports every value the schema refuses (list duplicates stay tolerated)', async () => {
    const res = await call(t, 'PATCH', `${RATCHETS}/r1`, { spec: { other: 'y' } }, MERGE);
    expect(causeKeys(res)).toEqual(['spec.name FieldValueTooLong', 'spec.name FieldValueInvalid']);
  });

  it('the status is still written', async () => {
    expect((await call(t, 'PATCH', `${RATCHETS}/r1/status`, { status: { note: 'ok' } }, MERGE)).status).toBe(200);
  });
});

describe('the scale subresource paths', () => {
  let t: Target;
  beforeAll(async () => {
    t = await inProcess();
    await installCRD(t, ratchetCRD());
    const created = await call(t, 'POST', RATCHETS, {
      apiVersion: 'ex.com/v1',
      kind: 'Ratchet',
      metadata: { name: 's1' },
      spec: { replicas: 1 },
    });
    expect(created.status).toBe(201);
  });
  afterAll(() => t.close());

  it.each([
    [-1, '.spec.replicas: Invalid value: -1: should be a non-negative integer'],
    [3000000000, '.spec.replicas: Invalid value: 3000000000: should be less than or equal to 2147483647'],
    [1.5, '.spec.replicas: Invalid value: 0: .spec.replicas accessor error: 1.5 is of the type float64, expected int64'],
  ])('refuse spec replicas %s on create and update', async (replicas, message) => {
    const body = { apiVersion: 'ex.com/v1', kind: 'Ratchet', metadata: { name: 'bad' }, spec: { replicas } };
    const created = await call(t, 'POST', `${RATCHETS}?dryRun=All`, body);
    expect(created.status).toBe(422);
    expect(created.body.message).toContain(message);
    const updated = await call(t, 'PATCH', `${RATCHETS}/s1?dryRun=All`, { spec: { replicas } }, MERGE);
    expect(updated.status).toBe(422);
    expect(updated.body.message).toContain(message);
  });

  it('refuse bad status replicas and a selector that is not a string through the status', async () => {
    const res = await call(t, 'PATCH', `${RATCHETS}/s1/status?dryRun=All`, { status: { replicas: -1 } }, MERGE);
    expect(res.body.message).toBe('Ratchet.ex.com "s1" is invalid: .status.replicas: Invalid value: -1: should be a non-negative integer');
    const sel = await call(t, 'PATCH', `${RATCHETS}/s1/status?dryRun=All`, { status: { selector: 5 } }, MERGE);
    expect(causeKeys(sel)).toEqual(['status.selector FieldValueTypeInvalid', '.status.selector FieldValueInvalid']);
    expect(sel.body.details.causes[1].message).toBe(
      'Invalid value: "": .status.selector accessor error: 5 is of the type int64, expected string',
    );
  });
});
