/** Pod (core v1): spec validation, defaults and admission, update rules, status, field selectors, table. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podKind } from '../../../core/registry/kinds/pod.ts';
import { call, causeKeys, causesOf, expectCreated, serverWith, withChange, type Target } from './support.ts';

const PODS = '/api/v1/namespaces/default/pods';
const C0 = 'spec.containers[0]';

const valid = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web', labels: { app: 'web' } },
  spec: {
    volumes: [{ name: 'data', emptyDir: {} }],
    containers: [
      {
        name: 'nginx',
        image: 'nginx:1.27',
        ports: [{ name: 'http', containerPort: 80 }],
        volumeMounts: [{ name: 'data', mountPath: '/data' }],
        resources: { requests: { cpu: '100m' }, limits: { cpu: '500m', memory: '128Mi' } },
        readinessProbe: { httpGet: { port: 'http' } },
      },
    ],
  },
};

describe('Pod validation (create)', () => {
  let t: Target;
  beforeAll(async () => {
    t = await serverWith([podKind]);
  });
  afterAll(() => t.close());

  const rows: [string, string, unknown, string[]][] = [
    ['containers are required', 'spec.containers', [], ['spec.containers FieldValueRequired']],
    ['a container needs a name', 'spec.containers.0.name', '', [`${C0}.name FieldValueRequired`]],
    ['container names are DNS labels', 'spec.containers.0.name', 'Nginx', [`${C0}.name FieldValueInvalid`]],
    ['container names are unique across init and regular containers', 'spec.initContainers', [{ name: 'nginx', image: 'busybox' }], [`${C0}.name FieldValueDuplicate`]],
    ['a container needs an image', 'spec.containers.0.image', undefined, [`${C0}.image FieldValueRequired`]],
    ['containerPort is required', 'spec.containers.0.ports', [{ name: 'http' }], [`${C0}.ports[0].containerPort FieldValueRequired`]],
    ['containerPort is in 1..65535', 'spec.containers.0.ports.0.containerPort', 70000, [`${C0}.ports[0].containerPort FieldValueInvalid`]],
    ['protocol is TCP, UDP or SCTP', 'spec.containers.0.ports.0.protocol', 'HTTP', [`${C0}.ports[0].protocol FieldValueNotSupported`]],
    [
      'port names are unique',
      'spec.containers.0.ports',
      [{ name: 'http', containerPort: 80 }, { name: 'http', containerPort: 81 }],
      [`${C0}.ports[1].name FieldValueDuplicate`],
    ],
    ['port names are IANA service names', 'spec.containers.0.ports.0.name', 'http_1', [`${C0}.ports[0].name FieldValueInvalid`]],
    ['requests may not exceed limits', 'spec.containers.0.resources.requests.cpu', '1', [`${C0}.resources.requests[cpu] FieldValueInvalid`]],
    // A pod's missing requests are its limits, so a bad limit is reported twice, as the real platform does.
    [
      'quantities may not be negative',
      'spec.containers.0.resources.limits.memory',
      '-1',
      [`${C0}.resources.limits[memory] FieldValueInvalid`, `${C0}.resources.requests[memory] FieldValueInvalid`],
    ],
    ['resource names are standard or qualified', 'spec.containers.0.resources.requests.gpu', '1', [`${C0}.resources.requests[gpu] FieldValueInvalid`]],
    ['a probe needs a handler', 'spec.containers.0.livenessProbe', { periodSeconds: 5 }, [`${C0}.livenessProbe FieldValueRequired`]],
    [
      'a probe has one handler',
      'spec.containers.0.livenessProbe',
      { httpGet: { port: 80 }, tcpSocket: { port: 80 } },
      [`${C0}.livenessProbe.tcpSocket FieldValueForbidden`],
    ],
    ['liveness successThreshold must be 1', 'spec.containers.0.livenessProbe', { tcpSocket: { port: 80 }, successThreshold: 2 }, [`${C0}.livenessProbe.successThreshold FieldValueInvalid`]],
    ['probe periods are not negative', 'spec.containers.0.readinessProbe.periodSeconds', -1, [`${C0}.readinessProbe.periodSeconds FieldValueInvalid`]],
    ['probe ports are numbers or names', 'spec.containers.0.readinessProbe.httpGet.port', 0, [`${C0}.readinessProbe.httpGet.port FieldValueInvalid`]],
    ['restartPolicy is Always, OnFailure or Never', 'spec.restartPolicy', 'Sometimes', ['spec.restartPolicy FieldValueNotSupported']],
    ['dnsPolicy is one of four', 'spec.dnsPolicy', 'Google', ['spec.dnsPolicy FieldValueNotSupported']],
    ['dnsPolicy None needs dnsConfig', 'spec.dnsPolicy', 'None', ['spec.dnsConfig FieldValueRequired']],
    ['imagePullPolicy is Always, IfNotPresent or Never', 'spec.containers.0.imagePullPolicy', 'Sometimes', [`${C0}.imagePullPolicy FieldValueNotSupported`]],
    ['terminationMessagePolicy is File or FallbackToLogsOnError', 'spec.containers.0.terminationMessagePolicy', 'Log', [`${C0}.terminationMessagePolicy FieldValueInvalid`]],
    ['volume names are DNS labels', 'spec.volumes.0.name', 'Data', ['spec.volumes[0].name FieldValueInvalid', `${C0}.volumeMounts[0].name FieldValueNotFound`]],
    ['volume names are unique', 'spec.volumes', [{ name: 'data' }, { name: 'data' }], ['spec.volumes[1].name FieldValueDuplicate']],
    ['a volume has one source', 'spec.volumes.0.configMap', { name: 'cm' }, ['spec.volumes[0].configMap FieldValueForbidden']],
    ['a secret volume names its secret', 'spec.volumes.0', { name: 'data', secret: {} }, ['spec.volumes[0].secret.secretName FieldValueRequired']],
    ['volumeMounts name a volume', 'spec.containers.0.volumeMounts.0.name', 'logs', [`${C0}.volumeMounts[0].name FieldValueNotFound`]],
    ['mountPath is required', 'spec.containers.0.volumeMounts.0.mountPath', undefined, [`${C0}.volumeMounts[0].mountPath FieldValueRequired`]],
    [
      'mountPaths are unique',
      'spec.containers.0.volumeMounts',
      [{ name: 'data', mountPath: '/data' }, { name: 'data', mountPath: '/data' }],
      [`${C0}.volumeMounts[1].mountPath FieldValueInvalid`],
    ],
    ['env names are valid', 'spec.containers.0.env', [{ name: '1VAR', value: 'x' }], [`${C0}.env[0].name FieldValueInvalid`]],
    ['an env var has a name', 'spec.containers.0.env', [{ value: 'x' }], [`${C0}.env[0].name FieldValueRequired`]],
    [
      'value and valueFrom are exclusive',
      'spec.containers.0.env',
      [{ name: 'A', value: 'x', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }],
      [`${C0}.env[0].valueFrom FieldValueInvalid`],
    ],
    ['activeDeadlineSeconds is at least 1', 'spec.activeDeadlineSeconds', 0, ['spec.activeDeadlineSeconds FieldValueInvalid']],
    ['nodeSelector keys are label keys', 'spec.nodeSelector', { 'bad key': 'x' }, ['spec.nodeSelector FieldValueInvalid']],
    ['hostname is a DNS label', 'spec.hostname', 'web.1', ['spec.hostname FieldValueInvalid']],
    ['regular containers have no restartPolicy', 'spec.containers.0.restartPolicy', 'Always', [`${C0}.restartPolicy FieldValueForbidden`]],
    ['init containers restart only Always', 'spec.initContainers', [{ name: 'init', image: 'busybox', restartPolicy: 'Never' }], ['spec.initContainers[0].restartPolicy FieldValueNotSupported']],
    [
      'init containers without restartPolicy Always have no probes',
      'spec.initContainers',
      [{ name: 'init', image: 'busybox', readinessProbe: { exec: { command: ['true'] } } }],
      ['spec.initContainers[0].readinessProbe FieldValueForbidden'],
    ],
    [
      'ephemeral containers are not set on create',
      'spec.ephemeralContainers',
      [{ name: 'debug', image: 'busybox' }],
      ['spec.ephemeralContainers FieldValueForbidden'],
    ],
  ];

  it.each(rows)('%s', async (_rule, path, value, causes) => {
    expect(causeKeys(await call(t, 'POST', PODS, withChange(valid, path, value)))).toEqual(causes);
  });

  it('words causes as the real platform does', async () => {
    const causes = causesOf(await call(t, 'POST', PODS, withChange(valid, 'spec.containers.0.resources.requests.cpu', '1')));
    expect(causes[0].message).toBe('Invalid value: "1": must be less than or equal to cpu limit of 500m');
    const rp = causesOf(await call(t, 'POST', PODS, withChange(valid, 'spec.restartPolicy', 'Sometimes')));
    expect(rp[0].message).toBe('Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"');
  });
});

describe('Pod defaults, admission and initial status', () => {
  let t: Target;
  beforeAll(async () => {
    t = await serverWith([podKind]);
  });
  afterAll(() => t.close());

  it('fills the spec defaults the real platform shows', async () => {
    const body = expectCreated(await call(t, 'POST', PODS, valid));
    expect(body.metadata.generation).toBeUndefined(); // pods have no generation in v1.32
    expect(body.spec).toMatchObject({
      restartPolicy: 'Always',
      terminationGracePeriodSeconds: 30,
      dnsPolicy: 'ClusterFirst',
      serviceAccountName: 'default',
      serviceAccount: 'default',
      securityContext: {},
      schedulerName: 'default-scheduler',
      tolerations: [
        { key: 'node.orchestrator.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
        { key: 'node.orchestrator.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
      ],
      priority: 0,
      enableServiceLinks: true,
      preemptionPolicy: 'PreemptLowerPriority',
    });
    const c = body.spec.containers[0];
    expect(c.ports).toEqual([{ name: 'http', containerPort: 80, protocol: 'TCP' }]);
    expect(c.resources.requests).toEqual({ cpu: '100m', memory: '128Mi' }); // missing requests come from limits
    expect(c.readinessProbe).toEqual({
      httpGet: { path: '/', port: 'http', scheme: 'HTTP' },
      timeoutSeconds: 1,
      periodSeconds: 10,
      successThreshold: 1,
      failureThreshold: 3,
    });
    expect(c).toMatchObject({ terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File', imagePullPolicy: 'IfNotPresent' });
    expect(body.status).toEqual({ phase: 'Pending', qosClass: 'Burstable' });
  });

  it('a volume without a source is an emptyDir; secret and configMap volumes get mode 0644', async () => {
    const pod = withChange(withChange(valid, 'metadata.name', 'vols'), 'spec.volumes', [{ name: 'data' }, { name: 's', secret: { secretName: 'x' } }]);
    const body = expectCreated(await call(t, 'POST', PODS, pod));
    expect(body.spec.volumes).toEqual([{ name: 'data', emptyDir: {} }, { name: 's', secret: { secretName: 'x', defaultMode: 420 } }]);
  });

  it.each([
    ['BestEffort', {}],
    ['Burstable', { requests: { memory: '64Mi' } }],
    ['Guaranteed', { limits: { cpu: '1', memory: '1Gi' } }],
  ])('qosClass %s', async (qos, resources) => {
    const pod = withChange(withChange(valid, 'metadata.name', `qos-${qos.toLowerCase()}`), 'spec.containers.0.resources', resources);
    expect(expectCreated(await call(t, 'POST', PODS, pod)).status.qosClass).toBe(qos);
  });

  it('scheduling gates hold the pod with a PodScheduled=False condition', async () => {
    const pod = withChange(withChange(valid, 'metadata.name', 'gated'), 'spec.schedulingGates', [{ name: 'example.com/wait' }]);
    const body = expectCreated(await call(t, 'POST', PODS, pod));
    expect(body.status.conditions).toEqual([
      { type: 'PodScheduled', status: 'False', lastProbeTime: null, lastTransitionTime: null, reason: 'SchedulingGated', message: 'Scheduling is blocked due to non-empty scheduling gates' },
    ]);
  });
});

describe('Pod updates', () => {
  let t: Target;
  beforeAll(async () => {
    t = await serverWith([podKind]);
    expectCreated(await call(t, 'POST', PODS, withChange(valid, 'spec.activeDeadlineSeconds', 600)));
  });
  afterAll(() => t.close());

  const current = async () => {
    const body = (await call(t, 'GET', `${PODS}/web`)).body;
    delete body.metadata.resourceVersion;
    return body;
  };

  it.each([
    ['spec.containers.0.image', 'nginx:1.28'],
    ['spec.activeDeadlineSeconds', 300],
    ['metadata.labels', { app: 'web', tier: 'front' }],
  ])('%s may change', async (path, value) => {
    const r = await call(t, 'PUT', `${PODS}/web`, withChange(await current(), path, value));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });

  it('tolerations may be added, not changed', async () => {
    const cur = await current();
    const added = await call(t, 'PUT', `${PODS}/web`, { ...cur, spec: { ...cur.spec, tolerations: [...cur.spec.tolerations, { key: 'k', operator: 'Exists' }] } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const changed = await call(t, 'PUT', `${PODS}/web`, withChange(await current(), 'spec.tolerations.2.key', 'other'));
    expect(causeKeys(changed)).toContain('spec.tolerations FieldValueForbidden');
  });

  it.each([
    ['spec.activeDeadlineSeconds', 900, ['spec.activeDeadlineSeconds FieldValueInvalid']],
    ['spec.containers', [...valid.spec.containers, { name: 'extra', image: 'busybox' }], ['spec.containers FieldValueForbidden']],
    ['spec.restartPolicy', 'Never', ['spec FieldValueForbidden']],
    ['spec.containers.0.ports.0.containerPort', 8080, ['spec FieldValueForbidden']],
  ])('%s may not change that way', async (path, value, causes) => {
    const r = await call(t, 'PUT', `${PODS}/web`, withChange(await current(), path, value));
    expect(causeKeys(r)).toEqual(causes);
    if (causes[0] === 'spec FieldValueForbidden') {
      expect(r.body.details.causes[0].message).toMatch(/^Forbidden: pod updates may not change fields other than `spec.containers\[\*\].image`,/);
    }
  });

  it('status is written through /status: podIP and podIPs agree, and are IPs', async () => {
    const cur = await current();
    const r = await call(t, 'PUT', `${PODS}/web/status`, { ...cur, status: { ...cur.status, phase: 'Running', podIP: '10.244.0.7' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.status).toMatchObject({ phase: 'Running', podIP: '10.244.0.7', podIPs: [{ ip: '10.244.0.7' }] });
    const bad = await call(t, 'PUT', `${PODS}/web/status`, { ...r.body, status: { ...r.body.status, podIP: undefined, podIPs: [{ ip: 'ten' }] } });
    expect(causeKeys(bad)).toEqual(['status.podIPs[0] FieldValueInvalid']);
  });

  it('a DELETE removes the pod at once (no node agent to confirm a graceful stop)', async () => {
    const r = await call(t, 'DELETE', `${PODS}/web`);
    expect(r.status).toBe(200);
    expect((await call(t, 'GET', `${PODS}/web`)).status).toBe(404);
  });
});

describe('Pod field selectors and table', () => {
  let t: Target;
  beforeAll(async () => {
    t = await serverWith([podKind]);
    const a = expectCreated(await call(t, 'POST', PODS, withChange(withChange(valid, 'metadata.name', 'a'), 'spec.nodeName', 'node-1')));
    expectCreated(await call(t, 'POST', PODS, withChange(valid, 'metadata.name', 'b')));
    const status = {
      ...a.status,
      phase: 'Running',
      podIP: '10.244.1.5',
      conditions: [{ type: 'Ready', status: 'True' }],
      containerStatuses: [
        {
          name: 'nginx',
          ready: true,
          restartCount: 2,
          image: 'nginx:1.27',
          imageID: '',
          state: { running: { startedAt: '2024-01-01T00:00:00Z' } },
          lastState: { terminated: { exitCode: 1, finishedAt: a.metadata.creationTimestamp } },
        },
      ],
    };
    const r = await call(t, 'PUT', `${PODS}/a/status`, { ...a, status });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });
  afterAll(() => t.close());

  it.each([
    ['spec.nodeName=node-1', ['a']],
    ['spec.nodeName=', ['b']],
    ['status.phase=Pending', ['b']],
    ['status.phase!=Pending', ['a']],
    ['status.podIP=10.244.1.5', ['a']],
    ['spec.restartPolicy=Always,spec.schedulerName=default-scheduler', ['a', 'b']],
    ['spec.serviceAccountName=default', ['a', 'b']],
    ['spec.hostNetwork=false', ['a', 'b']],
  ])('fieldSelector %s', async (selector, names) => {
    const r = await call(t, 'GET', `${PODS}?fieldSelector=${encodeURIComponent(selector)}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.items.map((p: any) => p.metadata.name)).toEqual(names);
  });

  it('the table shows Ready, Status, Restarts, Age and wide IP, Node', async () => {
    const r = await call(t, 'GET', PODS, undefined, { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' });
    expect(r.body.columnDefinitions.map((c: any) => [c.name, c.priority])).toEqual([
      ['Name', 0],
      ['Ready', 0],
      ['Status', 0],
      ['Restarts', 0],
      ['Age', 0],
      ['IP', 1],
      ['Node', 1],
      ['Nominated Node', 1],
      ['Readiness Gates', 1],
    ]);
    const [a, b] = r.body.rows.map((row: any) => row.cells);
    expect([a[0], a[1], a[2], a[5], a[6], a[7], a[8]]).toEqual(['a', '1/1', 'Running', '10.244.1.5', 'node-1', '<none>', '<none>']);
    expect(a[3]).toMatch(/^2 \(\d+s ago\)$/);
    expect([b[0], b[1], b[2], b[3], b[5], b[6]]).toEqual(['b', '0/1', 'Pending', '0', '<none>', '<none>']);
  });
});

describe('pods/binding (what a scheduler POSTs)', () => {
  it('binds once: 201 Success, spec.nodeName and PodScheduled set; a second binding is 409', async () => {
    const { createApiServer } = await import('../../../core/index.ts');
    const api = createApiServer();
    await api.ready;
    const req = (method: string, path: string, body?: unknown) =>
      api.fetch(new Request(`http://orch${path}`, { method, headers: { 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) }));
    const P = '/api/v1/namespaces/default/pods';
    expect((await req('POST', P, { metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'i' }] } })).status).toBe(201);
    const bound = await req('POST', `${P}/p/binding`, { apiVersion: 'v1', kind: 'Binding', metadata: { name: 'p' }, target: { kind: 'Node', name: 'node-1' } });
    expect(bound.status).toBe(201);
    expect(await bound.json()).toEqual({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 });
    const pod = await (await req('GET', `${P}/p`)).json();
    expect(pod.spec.nodeName).toBe('node-1');
    expect(pod.status.conditions).toContainEqual(expect.objectContaining({ type: 'PodScheduled', status: 'True' }));
    const again = await req('POST', `${P}/p/binding`, { metadata: { name: 'p' }, target: { kind: 'Node', name: 'node-2' } });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toContain('pod p is already assigned to node "node-1"');
    const wrong = await req('POST', `${P}/p/binding`, { metadata: { name: 'p' }, target: { kind: 'Pod', name: 'x' } });
    expect(wrong.status).toBe(422);
    const get = await req('GET', `${P}/p/binding`);
    expect(get.status).toBe(405);
    await api.close();
  });
});
