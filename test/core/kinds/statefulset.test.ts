/** StatefulSet (apps/v1): the seed's field table, v1.32 validation, defaults, immutability, subresources. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statefulSetKind } from '../../../core/registry/kinds/statefulset.ts';
import { call, causeKeys, expectCreated, serverWith, withChange, type Target } from './support.ts';

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
      spec: { containers: [{ name: 'nginx', image: 'nginx:1.27', ports: [{ name: 'http', containerPort: 80 }], volumeMounts: [{ name: 'data', mountPath: '/data' }] }] },
    },
    volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
  },
};

describe('StatefulSet validation (create)', () => {
  let t: Target;
  beforeAll(async () => {
    t = await serverWith([statefulSetKind]);
  });
  afterAll(() => t.close());

  const rows: [string, string, unknown, string[]][] = [
    ['serviceName is required', 'spec.serviceName', undefined, ['spec.serviceName FieldValueRequired']],
    ['selector is required', 'spec.selector', undefined, ['spec.selector FieldValueRequired']],
    ['an empty selector is invalid', 'spec.selector', {}, ['spec.selector FieldValueInvalid']],
    ['the selector must match the template labels', 'spec.selector', { matchLabels: { app: 'other' } }, ['spec.template.metadata.labels FieldValueInvalid']],
    [
      'selector expressions need values for In',
      'spec.selector',
      { matchExpressions: [{ key: 'app', operator: 'In' }] },
      ['spec.selector.matchExpressions[0].values FieldValueRequired'],
    ],
    ['template restartPolicy may only be Always', 'spec.template.spec.restartPolicy', 'Never', ['spec.template.spec.restartPolicy FieldValueNotSupported']],
    [
      'template activeDeadlineSeconds is not supported',
      'spec.template.spec.activeDeadlineSeconds',
      10,
      ['spec.template.spec.activeDeadlineSeconds FieldValueForbidden'],
    ],
    ['replicas may not be negative', 'spec.replicas', -1, ['spec.replicas FieldValueInvalid']],
    ['minReadySeconds may not be negative', 'spec.minReadySeconds', -1, ['spec.minReadySeconds FieldValueInvalid']],
    ['podManagementPolicy is OrderedReady or Parallel', 'spec.podManagementPolicy', 'Sometimes', ['spec.podManagementPolicy FieldValueInvalid']],
    ['updateStrategy.type is RollingUpdate or OnDelete', 'spec.updateStrategy', { type: 'Blue' }, ['spec.updateStrategy FieldValueInvalid']],
    [
      'rollingUpdate only with RollingUpdate',
      'spec.updateStrategy',
      { type: 'OnDelete', rollingUpdate: { partition: 1 } },
      ['spec.updateStrategy.rollingUpdate FieldValueInvalid'],
    ],
    [
      'partition may not be negative',
      'spec.updateStrategy',
      { type: 'RollingUpdate', rollingUpdate: { partition: -1 } },
      ['spec.updateStrategy.rollingUpdate.partition FieldValueInvalid'],
    ],
    [
      'whenDeleted is Retain or Delete',
      'spec.persistentVolumeClaimRetentionPolicy',
      { whenDeleted: 'Keep' },
      ['spec.persistentVolumeClaimRetentionPolicy.whenDeleted FieldValueNotSupported'],
    ],
    [
      'whenScaled is Retain or Delete',
      'spec.persistentVolumeClaimRetentionPolicy',
      { whenScaled: 'Keep' },
      ['spec.persistentVolumeClaimRetentionPolicy.whenScaled FieldValueNotSupported'],
    ],
    ['ordinals.start may not be negative', 'spec.ordinals', { start: -1 }, ['spec.ordinals.start FieldValueInvalid']],
    [
      'each claim template needs a same-named volumeMount',
      'spec.volumeClaimTemplates',
      [{ metadata: { name: 'logs' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
      ['spec.volumeClaimTemplates[0].metadata.name FieldValueInvalid'],
    ],
    ['names are DNS labels (pods are named after them)', 'metadata.name', 'web.v1', ['metadata.name FieldValueInvalid']],
    ['a container needs a name (schema)', 'spec.template.spec.containers.0.name', '', ['spec.template.spec.containers[0].name FieldValueRequired']],
  ];

  it.each(rows)('%s', async (_rule, path, value, causes) => {
    const r = await call(t, 'POST', STS, withChange(valid, path, value));
    expect(causeKeys(r)).toEqual(causes);
  });

  it('a valid StatefulSet is created (201)', async () => {
    const r = await call(t, 'POST', STS, withChange(valid, 'metadata.name', 'ok'));
    expectCreated(r);
  });
});

describe('StatefulSet defaults', () => {
  let t: Target;
  beforeAll(async () => {
    t = await serverWith([statefulSetKind]);
  });
  afterAll(() => t.close());

  it('fills every default of the seed table and the pod template defaults', async () => {
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
    ['nginx', 'Always'],
    ['nginx:latest', 'Always'],
    ['nginx:1.27', 'IfNotPresent'],
    ['registry:5000/nginx', 'Always'],
    ['nginx@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef', 'IfNotPresent'],
  ])('imagePullPolicy for image %s is %s', async (image, policy) => {
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
    let t: Target;
    beforeAll(async () => {
      t = await serverWith([statefulSetKind], { featureGates: { MaxUnavailableStatefulSet: true } });
    });
    afterAll(() => t.close());

    it('defaults to 1', async () => {
      const body = expectCreated(await call(t, 'POST', STS, valid));
      expect(body.spec.updateStrategy.rollingUpdate).toEqual({ partition: 0, maxUnavailable: 1 });
    });

    it.each([
      [0, ['spec.updateStrategy.rollingUpdate.maxUnavailable FieldValueInvalid']],
      ['0%', ['spec.updateStrategy.rollingUpdate.maxUnavailable FieldValueInvalid']],
      ['150%', ['spec.updateStrategy.rollingUpdate.maxUnavailable FieldValueInvalid']],
      ['half', ['spec.updateStrategy.rollingUpdate.maxUnavailable FieldValueInvalid']],
    ])('maxUnavailable %s is rejected', async (v, causes) => {
      expect(causeKeys(await call(t, 'POST', STS, rolling(v)))).toEqual(causes);
    });

    it('accepts a percentage', async () => {
      const body = expectCreated(await call(t, 'POST', STS, withChange(rolling('50%'), 'metadata.name', 'pct')));
      expect(body.spec.updateStrategy.rollingUpdate.maxUnavailable).toBe('50%');
    });
  });
});

describe('StatefulSet updates', () => {
  let t: Target;
  let created: any;
  beforeAll(async () => {
    t = await serverWith([statefulSetKind]);
    created = expectCreated(await call(t, 'POST', STS, valid));
  });
  afterAll(() => t.close());

  const put = (path: string, value: unknown) => call(t, 'PUT', `${STS}/web`, withChange({ ...created, metadata: { ...created.metadata, resourceVersion: undefined } }, path, value));

  it.each([
    ['spec.serviceName', 'other'],
    ['spec.selector', { matchExpressions: [{ key: 'app', operator: 'Exists' }] }],
    ['spec.podManagementPolicy', 'Parallel'],
    ['spec.revisionHistoryLimit', 3],
    ['spec.volumeClaimTemplates.0.spec.resources.requests.storage', '2Gi'],
  ])('%s may not change', async (path, value) => {
    const r = await put(path, value);
    expect(causeKeys(r)).toEqual(['spec FieldValueForbidden']);
    expect(r.body.details.causes[0].message).toBe(
      "Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden",
    );
  });

  it.each([
    ['spec.replicas', 3],
    ['spec.minReadySeconds', 5],
    ['spec.ordinals', { start: 2 }],
    ['spec.updateStrategy', { type: 'OnDelete' }],
    ['spec.persistentVolumeClaimRetentionPolicy', { whenDeleted: 'Delete', whenScaled: 'Delete' }],
    ['spec.template.spec.containers.0.image', 'nginx:1.28'],
  ])('%s may change, and moves generation', async (path, value) => {
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

    const ok = await call(t, 'PUT', `${STS}/web/status`, { ...ignored.body, status: { replicas: 3, readyReplicas: 2, availableReplicas: 1, observedGeneration: generation } });
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
  let t: Target;
  beforeAll(async () => {
    t = await serverWith([statefulSetKind]);
    expectCreated(await call(t, 'POST', STS, withChange(valid, 'spec.replicas', 2)));
  });
  afterAll(() => t.close());

  it('GET scale shows spec.replicas and the selector', async () => {
    const r = await call(t, 'GET', `${STS}/web/scale`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ kind: 'Scale', apiVersion: 'autoscaling/v1', spec: { replicas: 2 }, status: { replicas: 0, selector: 'app=web' } });
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
