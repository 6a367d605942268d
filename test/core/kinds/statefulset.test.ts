/**
 * StatefulSet (apps/v1): validation as v1.32 does it, defaults, which spec fields may change, the
 * status and scale subresources (docs/api-rules.md, "Subresources"), and `maxUnavailable` behind
 * its feature gate (docs/api-rules.md, "Feature gates").
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { statefulSetKind } from '../../../core/registry/kinds/statefulset.ts';
import { call, serverPerSuite } from '../../support/targets.ts';
import { causeKeys, expectCreated, serverWith, withChange } from '../../support/validation.ts';

const STS = '/apis/apps/v1/namespaces/default/statefulsets';

const valid = {
  apiVersion: 'apps/v1',
  kind: 'StatefulSet',
  metadata: { name: 'web' },
  spec: {
    serviceName: 'web',
    selector: { matchLabels: { app: 'web' } },
    template: {
      metadata: { labels: { app: 'web' } },
      spec: {
        containers: [
          {
            name: 'nginx',
            image: 'nginx:1.27',
            ports: [{ name: 'http', containerPort: 80 }],
            volumeMounts: [{ name: 'data', mountPath: '/data' }],
          },
        ],
      },
    },
    volumeClaimTemplates: [
      { metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } },
    ],
  },
};

describe('StatefulSet validation (create)', () => {
  const t = serverPerSuite(() => serverWith([statefulSetKind]));

  const rows: { rule: string; path: string; value: unknown; causes: string[] }[] = [
    { rule: 'serviceName is required', path: 'spec.serviceName', value: undefined, causes: ['spec.serviceName FieldValueRequired'] },
    { rule: 'selector is required', path: 'spec.selector', value: undefined, causes: ['spec.selector FieldValueRequired'] },
    { rule: 'an empty selector is invalid', path: 'spec.selector', value: {}, causes: ['spec.selector FieldValueInvalid'] },
    {
      rule: 'the selector must match the template labels',
      path: 'spec.selector',
      value: { matchLabels: { app: 'other' } },
      causes: ['spec.template.metadata.labels FieldValueInvalid'],
    },
    {
      rule: 'selector expressions need values for In',
      path: 'spec.selector',
      value: { matchExpressions: [{ key: 'app', operator: 'In' }] },
      causes: ['spec.selector.matchExpressions[0].values FieldValueRequired'],
    },
    {
      rule: 'template restartPolicy may only be Always',
      path: 'spec.template.spec.restartPolicy',
      value: 'Never',
      causes: ['spec.template.spec.restartPolicy FieldValueNotSupported'],
    },
    {
      rule: 'template activeDeadlineSeconds is not supported',
      path: 'spec.template.spec.activeDeadlineSeconds',
      value: 10,
      causes: ['spec.template.spec.activeDeadlineSeconds FieldValueForbidden'],
    },
    { rule: 'replicas may not be negative', path: 'spec.replicas', value: -1, causes: ['spec.replicas FieldValueInvalid'] },
    {
      rule: 'minReadySeconds may not be negative',
      path: 'spec.minReadySeconds',
      value: -1,
      causes: ['spec.minReadySeconds FieldValueInvalid'],
    },
    {
      rule: 'podManagementPolicy is OrderedReady or Parallel',
      path: 'spec.podManagementPolicy',
      value: 'Sometimes',
      causes: ['spec.podManagementPolicy FieldValueInvalid'],
    },
    {
      rule: 'updateStrategy.type is RollingUpdate or OnDelete',
      path: 'spec.updateStrategy',
      value: { type: 'Blue' },
      causes: ['spec.updateStrategy FieldValueInvalid'],
    },
    {
      rule: 'rollingUpdate only with RollingUpdate',
      path: 'spec.updateStrategy',
      value: { type: 'OnDelete', rollingUpdate: { partition: 1 } },
      causes: ['spec.updateStrategy.rollingUpdate FieldValueInvalid'],
    },
    {
      rule: 'partition may not be negative',
      path: 'spec.updateStrategy',
      value: { type: 'RollingUpdate', rollingUpdate: { partition: -1 } },
      causes: ['spec.updateStrategy.rollingUpdate.partition FieldValueInvalid'],
    },
    {
      rule: 'whenDeleted is Retain or Delete',
      path: 'spec.persistentVolumeClaimRetentionPolicy',
      value: { whenDeleted: 'Keep' },
      causes: ['spec.persistentVolumeClaimRetentionPolicy.whenDeleted FieldValueNotSupported'],
    },
    {
      rule: 'whenScaled is Retain or Delete',
      path: 'spec.persistentVolumeClaimRetentionPolicy',
      value: { whenScaled: 'Keep' },
      causes: ['spec.persistentVolumeClaimRetentionPolicy.whenScaled FieldValueNotSupported'],
    },
    {
      rule: 'ordinals.start may not be negative',
      path: 'spec.ordinals',
      value: { start: -1 },
      causes: ['spec.ordinals.start FieldValueInvalid'],
    },
    {
      rule: 'each claim template needs a same-named volumeMount',
      path: 'spec.volumeClaimTemplates',
      value: [{ metadata: { name: 'logs' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
      causes: ['spec.volumeClaimTemplates[0].metadata.name FieldValueInvalid'],
    },
    {
      rule: 'names are DNS labels (pods are named after them)',
      path: 'metadata.name',
      value: 'web.v1',
      causes: ['metadata.name FieldValueInvalid'],
    },
    {
      rule: 'a container needs a name (schema)',
      path: 'spec.template.spec.containers.0.name',
      value: '',
      causes: ['spec.template.spec.containers[0].name FieldValueRequired'],
    },
  ];

  it.each(rows)('$rule', async ({ path, value, causes }) => {
    const r = await call(t, 'POST', STS, withChange(valid, path, value));
    expect(causeKeys(r)).toEqual(causes);
  });

  it('a valid StatefulSet is created (201)', async () => {
    const r = await call(t, 'POST', STS, withChange(valid, 'metadata.name', 'ok'));
    expectCreated(r);
  });
});

describe('StatefulSet defaults', () => {
  const t = serverPerSuite(() => serverWith([statefulSetKind]));

  it('fills every default of the kind and of its pod template', async () => {
    const body = expectCreated(await call(t, 'POST', STS, valid));
    expect(body.metadata.generation).toBe(1);
    expect(body.spec).toMatchObject({
      replicas: 1,
      podManagementPolicy: 'OrderedReady',
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0 } },
      revisionHistoryLimit: 10,
      persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Retain' },
    });
    expect(body.spec.minReadySeconds).toBeUndefined(); // 0, omitted like Go's omitempty
    expect(body.spec.updateStrategy.rollingUpdate.maxUnavailable).toBeUndefined();
    expect(body.spec.template.spec).toMatchObject({
      restartPolicy: 'Always',
      terminationGracePeriodSeconds: 30,
      dnsPolicy: 'ClusterFirst',
      securityContext: {},
      schedulerName: 'default-scheduler',
    });
    expect(body.spec.template.spec.containers[0]).toEqual({
      name: 'nginx',
      image: 'nginx:1.27',
      ports: [{ name: 'http', containerPort: 80, protocol: 'TCP' }],
      resources: {},
      volumeMounts: [{ name: 'data', mountPath: '/data' }],
      terminationMessagePath: '/dev/termination-log',
      terminationMessagePolicy: 'File',
      imagePullPolicy: 'IfNotPresent',
    });
    expect(body.spec.volumeClaimTemplates[0].spec.volumeMode).toBe('Filesystem');
    expect(body.spec.volumeClaimTemplates[0].status).toEqual({ phase: 'Pending' });
    expect(body.status).toEqual({ replicas: 0, availableReplicas: 0 });
    // Go's field order, not alphabetical or protobuf order.
    expect(Object.keys(body.spec)).toEqual([
      'replicas',
      'selector',
      'template',
      'volumeClaimTemplates',
      'serviceName',
      'podManagementPolicy',
      'updateStrategy',
      'revisionHistoryLimit',
      'persistentVolumeClaimRetentionPolicy',
    ]);
  });

  it.each([
    { image: 'nginx', policy: 'Always' },
    { image: 'nginx:latest', policy: 'Always' },
    { image: 'nginx:1.27', policy: 'IfNotPresent' },
    { image: 'registry:5000/nginx', policy: 'Always' },
    { image: 'nginx@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef', policy: 'IfNotPresent' },
  ])('imagePullPolicy for image $image is $policy', async ({ image, policy }) => {
    const name = `pull-${policy.toLowerCase()}-${Math.abs(image.length)}`;
    const sts = withChange(withChange(valid, 'metadata.name', name), 'spec.template.spec.containers.0.image', image);
    const body = expectCreated(await call(t, 'POST', STS, sts));
    expect(body.spec.template.spec.containers[0].imagePullPolicy).toBe(policy);
  });

  it('ordinals.start is 0 when ordinals is set', async () => {
    const body = expectCreated(await call(t, 'POST', STS, withChange(withChange(valid, 'metadata.name', 'ord'), 'spec.ordinals', {})));
    expect(body.spec.ordinals).toEqual({ start: 0 });
  });
});

describe('StatefulSet maxUnavailable and its feature gate', () => {
  const rolling = (v: unknown) => withChange(valid, 'spec.updateStrategy', { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: v } });

  it('is dropped on create while MaxUnavailableStatefulSet is off', async () => {
    const t = await serverWith([statefulSetKind]);
    const body = expectCreated(await call(t, 'POST', STS, rolling(0)));
    expect(body.spec.updateStrategy.rollingUpdate).toEqual({ partition: 0 });
    await t.close();
  });

  describe('with the gate on', () => {
    const t = serverPerSuite(() => serverWith([statefulSetKind], { featureGates: { MaxUnavailableStatefulSet: true } }));

    it('defaults to 1', async () => {
      const body = expectCreated(await call(t, 'POST', STS, valid));
      expect(body.spec.updateStrategy.rollingUpdate).toEqual({ partition: 0, maxUnavailable: 1 });
    });

    it.each([
      { maxUnavailable: 0, causes: ['spec.updateStrategy.rollingUpdate.maxUnavailable FieldValueInvalid'] },
      { maxUnavailable: '0%', causes: ['spec.updateStrategy.rollingUpdate.maxUnavailable FieldValueInvalid'] },
      { maxUnavailable: '150%', causes: ['spec.updateStrategy.rollingUpdate.maxUnavailable FieldValueInvalid'] },
      { maxUnavailable: 'half', causes: ['spec.updateStrategy.rollingUpdate.maxUnavailable FieldValueInvalid'] },
    ])('maxUnavailable $maxUnavailable is rejected', async ({ maxUnavailable, causes }) => {
      expect(causeKeys(await call(t, 'POST', STS, rolling(maxUnavailable)))).toEqual(causes);
    });

    it('accepts a percentage', async () => {
      const body = expectCreated(await call(t, 'POST', STS, withChange(rolling('50%'), 'metadata.name', 'pct')));
      expect(body.spec.updateStrategy.rollingUpdate.maxUnavailable).toBe('50%');
    });
  });
});

describe('StatefulSet updates', () => {
  const t = serverPerSuite(() => serverWith([statefulSetKind]));
  let created: any;
  beforeAll(async () => {
    created = expectCreated(await call(t, 'POST', STS, valid));
  });

  const put = (path: string, value: unknown) =>
    call(t, 'PUT', `${STS}/web`, withChange({ ...created, metadata: { ...created.metadata, resourceVersion: undefined } }, path, value));

  it.each([
    { path: 'spec.serviceName', value: 'other' },
    { path: 'spec.selector', value: { matchExpressions: [{ key: 'app', operator: 'Exists' }] } },
    { path: 'spec.podManagementPolicy', value: 'Parallel' },
    { path: 'spec.revisionHistoryLimit', value: 3 },
    { path: 'spec.volumeClaimTemplates.0.spec.resources.requests.storage', value: '2Gi' },
  ])('$path may not change', async ({ path, value }) => {
    const r = await put(path, value);
    expect(causeKeys(r)).toEqual(['spec FieldValueForbidden']);
    expect(r.body.details.causes[0].message).toBe(
      "Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden",
    );
  });

  it.each([
    { path: 'spec.replicas', value: 3 },
    { path: 'spec.minReadySeconds', value: 5 },
    { path: 'spec.ordinals', value: { start: 2 } },
    { path: 'spec.updateStrategy', value: { type: 'OnDelete' } },
    { path: 'spec.persistentVolumeClaimRetentionPolicy', value: { whenDeleted: 'Delete', whenScaled: 'Delete' } },
    { path: 'spec.template.spec.containers.0.image', value: 'nginx:1.28' },
  ])('$path may change, and moves generation', async ({ path, value }) => {
    const before = (await call(t, 'GET', `${STS}/web`)).body;
    const r = await put(path, value);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.metadata.generation).toBe(before.metadata.generation + 1);
  });

  it('status is written only through /status, and validated there', async () => {
    const cur = (await call(t, 'GET', `${STS}/web`)).body;
    const ignored = await call(t, 'PUT', `${STS}/web`, { ...cur, status: { replicas: 5 } });
    expect(ignored.status).toBe(200);
    expect(ignored.body.status.replicas).toBe(0);
    const generation = ignored.body.metadata.generation;

    const ok = await call(t, 'PUT', `${STS}/web/status`, {
      ...ignored.body,
      status: { replicas: 3, readyReplicas: 2, availableReplicas: 1, observedGeneration: generation },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.status).toEqual({ observedGeneration: generation, replicas: 3, readyReplicas: 2, availableReplicas: 1 });
    expect(ok.body.metadata.generation).toBe(generation);

    const bad = await call(t, 'PUT', `${STS}/web/status`, { ...ok.body, status: { replicas: 1, readyReplicas: 2, availableReplicas: -1 } });
    expect(causeKeys(bad).sort()).toEqual(['status.availableReplicas FieldValueInvalid', 'status.readyReplicas FieldValueInvalid']);
  });

  it('collisionCount may not be decremented', async () => {
    const cur = (await call(t, 'GET', `${STS}/web`)).body;
    const up = await call(t, 'PUT', `${STS}/web/status`, { ...cur, status: { ...cur.status, collisionCount: 2 } });
    expect(up.status).toBe(200);
    const down = await call(t, 'PUT', `${STS}/web/status`, { ...up.body, status: { ...up.body.status, collisionCount: 1 } });
    expect(causeKeys(down)).toEqual(['status.collisionCount FieldValueInvalid']);
  });
});

describe('StatefulSet scale subresource, table and discovery names', () => {
  const t = serverPerSuite(() => serverWith([statefulSetKind]));
  beforeAll(async () => {
    expectCreated(await call(t, 'POST', STS, withChange(valid, 'spec.replicas', 2)));
  });

  it('GET scale shows spec.replicas and the selector', async () => {
    const r = await call(t, 'GET', `${STS}/web/scale`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      kind: 'Scale',
      apiVersion: 'autoscaling/v1',
      spec: { replicas: 2 },
      status: { replicas: 0, selector: 'app=web' },
    });
  });

  it('PUT scale changes spec.replicas', async () => {
    const scale = (await call(t, 'GET', `${STS}/web/scale`)).body;
    const r = await call(t, 'PUT', `${STS}/web/scale`, { ...scale, spec: { replicas: 4 } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await call(t, 'GET', `${STS}/web`)).body.spec.replicas).toBe(4);
  });

  it('the table shows Ready as readyReplicas/spec.replicas, and wide Containers and Images', async () => {
    const r = await call(t, 'GET', STS, undefined, { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' });
    expect(r.body.columnDefinitions.map((c: any) => [c.name, c.priority])).toEqual([
      ['Name', 0],
      ['Ready', 0],
      ['Age', 0],
      ['Containers', 1],
      ['Images', 1],
    ]);
    expect(r.body.rows[0].cells.slice(0, 2)).toEqual(['web', '0/4']);
    expect(r.body.rows[0].cells.slice(3)).toEqual(['nginx', 'nginx:1.27']);
  });

  it('is found by its short name and category in discovery', async () => {
    const r = await call(t, 'GET', '/apis/apps/v1');
    const sts = r.body.resources.find((x: any) => x.name === 'statefulsets');
    expect(sts).toMatchObject({ kind: 'StatefulSet', namespaced: true, shortNames: ['sts'], categories: ['all'] });
    expect(r.body.resources.map((x: any) => x.name)).toEqual(expect.arrayContaining(['statefulsets/status', 'statefulsets/scale']));
  });
});
