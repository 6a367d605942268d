/**
 * `scale` and `status` take every patch type the main resource takes: JSON merge, strategic
 * merge, JSON patch and server-side apply (YAML/JSON, and CBOR with its gate). Through `scale` the
 * patch is of the autoscaling/v1 Scale and only the replicas change; the parent's managedFields
 * record the writer with `subresource: scale` (apply: as the owner of `spec.replicas`, taking it
 * from other owners only by force, as the real platform's ScaleHandler maps ownership). Through
 * `status` the entries carry `subresource: status` (docs/api-rules.md, "Subresources" and
 * "Server-side apply and field ownership").
 */
import { encode } from 'cbor-x';
import { beforeEach, describe, expect, it } from 'vitest';
import { call, inProcess, serverPerTest } from '../support/targets.ts';

const SS = '/apis/apps/v1/namespaces/default/statefulsets';
const template = { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } };
const web = {
  apiVersion: 'apps/v1',
  kind: 'StatefulSet',
  metadata: { name: 'web' },
  spec: { serviceName: 'web', replicas: 1, selector: { matchLabels: { app: 'web' } }, template },
};
const scaleConfig = (replicas: number) => ({
  apiVersion: 'autoscaling/v1',
  kind: 'Scale',
  metadata: { name: 'web', namespace: 'default' },
  spec: { replicas },
});

const t = serverPerTest(() => inProcess({ featureGates: 'CBORServingAndStorage=true' }));
beforeEach(async () => {
  // Created by apply, so that `apply_test` owns spec.replicas to begin with.
  expect((await patch('', 'application/apply-patch+yaml', web, 'apply_test')).status).toBe(201);
});

async function patch(sub: string, contentType: string, body: unknown, manager: string, extra = ''): Promise<{ status: number; body: any }> {
  const res = await t.request(`${SS}/web${sub}?fieldManager=${manager}${extra}`, {
    method: 'PATCH',
    headers: { 'content-type': contentType },
    body: body instanceof Uint8Array ? (body as BodyInit) : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

async function stored(): Promise<any> {
  return (await call(t, 'GET', `${SS}/web`)).body;
}

/** The managedFields entry a write through `subresource` by `manager` leaves, owning `fieldsV1`. */
function entry(manager: string, operation: string, subresource: string, fieldsV1: object) {
  return { manager, operation, apiVersion: 'apps/v1', time: expect.any(String), fieldsType: 'FieldsV1', fieldsV1, subresource };
}

/** Who owns `spec.replicas`, as `manager operation subresource`. */
function replicasOwners(obj: any): string[] {
  return (obj.metadata.managedFields as any[])
    .filter((e) => e.fieldsV1?.['f:spec']?.['f:replicas'] !== undefined)
    .map((e) => `${e.manager} ${e.operation} ${e.subresource ?? ''}`.trim());
}

const SCALE_PATCHES: readonly { type: string; contentType: string; body: (replicas: number) => unknown; operation: string }[] = [
  { type: 'merge', contentType: 'application/merge-patch+json', body: (n) => ({ spec: { replicas: n } }), operation: 'Update' },
  {
    type: 'strategic',
    contentType: 'application/strategic-merge-patch+json',
    body: (n) => ({ spec: { replicas: n } }),
    operation: 'Update',
  },
  {
    type: 'JSON patch',
    contentType: 'application/json-patch+json',
    body: (n) => [{ op: 'replace', path: '/spec/replicas', value: n }],
    operation: 'Update',
  },
  { type: 'apply (YAML/JSON)', contentType: 'application/apply-patch+yaml', body: scaleConfig, operation: 'Apply' },
  {
    type: 'apply (CBOR)',
    contentType: 'application/apply-patch+cbor',
    body: (n) => new Uint8Array(encode(scaleConfig(n))),
    operation: 'Apply',
  },
];

describe('patching scale', () => {
  it.each(SCALE_PATCHES)(
    '$type: answers the Scale; the parent has the replicas and an entry for the writer with subresource scale',
    async ({ contentType, body, operation }) => {
      // Apply takes the field from `apply_test` only by force.
      const r = await patch('/scale', contentType, body(3), 'scaler', operation === 'Apply' ? '&force=true' : '');
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        kind: 'Scale',
        apiVersion: 'autoscaling/v1',
        metadata: { name: 'web', namespace: 'default' },
        spec: { replicas: 3 },
      });
      expect(r.body.metadata.managedFields).toBeUndefined();
      const obj = await stored();
      expect(obj.spec.replicas).toBe(3);
      expect(obj.metadata.managedFields).toContainEqual(entry('scaler', operation, 'scale', { 'f:spec': { 'f:replicas': {} } }));
      expect(replicasOwners(obj)).toEqual([`scaler ${operation} scale`]);
      // The rest of what apply_test applied stays its own.
      expect(obj.metadata.managedFields.find((e: any) => e.manager === 'apply_test').fieldsV1['f:spec']['f:serviceName']).toEqual({});
    },
  );

  it('an unknown patch type is 415 naming the ones there are', async () => {
    const r = await patch('/scale', 'application/x-unknown', {}, 'm');
    expect(r.status).toBe(415);
    expect(r.body.message).toMatch(/application\/merge-patch\+json, .*application\/json-patch\+json.*application\/apply-patch\+yaml/);
  });
});

describe("ownership of the replicas through scale (the real platform's scale_test sequence)", () => {
  it('update takes it, apply conflicts unless forced, applying the same value shares it', async () => {
    expect(replicasOwners(await stored())).toEqual(['apply_test Apply']);

    expect((await patch('/scale', 'application/merge-patch+json', { spec: { replicas: 5 } }, 'scale_test')).status).toBe(200);
    expect(replicasOwners(await stored())).toEqual(['scale_test Update scale']);

    // Re-applying the parent conflicts over the replicas; forced, apply_test owns them again.
    const conflict = await patch('', 'application/apply-patch+yaml', web, 'apply_test');
    expect(conflict.status).toBe(409);
    // The other manager is named with the subresource it wrote through, as the real printManager names it.
    expect(conflict.body.message).toBe(
      'Apply failed with 1 conflict: conflict with "scale_test" with subresource "scale" using apps/v1: .spec.replicas',
    );
    expect(conflict.body.details.causes[0].message).toBe('conflict with "scale_test" with subresource "scale" using apps/v1');
    expect((await patch('', 'application/apply-patch+yaml', web, 'apply_test', '&force=true')).status).toBe(200);
    expect(replicasOwners(await stored())).toEqual(['apply_test Apply']);

    // An apply of a Scale with another count conflicts with apply_test; forced, it alone owns them.
    const scaleConflict = await patch('/scale', 'application/apply-patch+yaml', scaleConfig(17), 'apply_scale');
    expect(scaleConflict.status).toBe(409);
    expect(scaleConflict.body.message).toBe('Apply failed with 1 conflict: conflict with "apply_test": .spec.replicas');
    expect((await patch('/scale', 'application/apply-patch+yaml', scaleConfig(17), 'apply_scale', '&force=true')).status).toBe(200);
    let obj = await stored();
    expect(obj.spec.replicas).toBe(17);
    expect(replicasOwners(obj)).toEqual(['apply_scale Apply scale']);

    // A PUT of the Scale replaces them.
    const put = await call(t, 'PUT', `${SS}/web/scale?fieldManager=replace_test`, { ...scaleConfig(7) });
    expect(put.status).toBe(200);
    expect(replicasOwners(await stored())).toEqual(['replace_test Update scale']);

    // Applying the count it has shares the field.
    expect((await patch('/scale', 'application/apply-patch+yaml', scaleConfig(7), 'co_owning_test')).status).toBe(200);
    obj = await stored();
    expect(replicasOwners(obj).sort()).toEqual(['co_owning_test Apply scale', 'replace_test Update scale']);

    // Scaling again makes the scaler the only owner.
    expect((await patch('/scale', 'application/merge-patch+json', { spec: { replicas: 5 } }, 'scale_test')).status).toBe(200);
    expect(replicasOwners(await stored())).toEqual(['scale_test Update scale']);
  });

  it('a patch of the Scale status changes nothing', async () => {
    const before = await stored();
    expect((await patch('/scale', 'application/merge-patch+json', { status: { replicas: 42 } }, 'scale_test')).status).toBe(200);
    const after = await stored();
    expect(after.spec.replicas).toBe(1);
    expect(after.metadata.resourceVersion).toBe(before.metadata.resourceVersion);
    expect(replicasOwners(after)).toEqual(['apply_test Apply']);
  });

  it('an applied Scale of another kind is refused', async () => {
    const r = await patch('/scale', 'application/apply-patch+yaml', web, 'm');
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('invalid object type: apps/v1, Kind=StatefulSet');
  });
});

const STATUS_PATCHES: readonly { type: string; contentType: string; body: unknown; operation: string }[] = [
  { type: 'merge', contentType: 'application/merge-patch+json', body: { status: { replicas: 2 } }, operation: 'Update' },
  { type: 'strategic', contentType: 'application/strategic-merge-patch+json', body: { status: { replicas: 2 } }, operation: 'Update' },
  {
    type: 'JSON patch',
    contentType: 'application/json-patch+json',
    body: [{ op: 'add', path: '/status/replicas', value: 2 }],
    operation: 'Update',
  },
  {
    type: 'apply (YAML/JSON)',
    contentType: 'application/apply-patch+yaml',
    body: { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'web' }, status: { replicas: 2 } },
    operation: 'Apply',
  },
  {
    type: 'apply (CBOR)',
    contentType: 'application/apply-patch+cbor',
    body: new Uint8Array(encode({ apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'web' }, status: { replicas: 2 } })),
    operation: 'Apply',
  },
];

describe('patching status', () => {
  it.each(STATUS_PATCHES)(
    '$type: the status changes, the spec does not; the entry carries subresource status',
    async ({ contentType, body, operation }) => {
      const r = await patch('/status', contentType, body, 'status_writer');
      expect(r.status).toBe(200);
      expect(r.body.status.replicas).toBe(2);
      const obj = await stored();
      expect(obj.spec.replicas).toBe(1);
      expect(obj.metadata.managedFields).toContainEqual(entry('status_writer', operation, 'status', { 'f:status': { 'f:replicas': {} } }));
    },
  );
});
