/**
 * Pod (core/v1): spec validation, defaults and admission, update rules, status, field selectors,
 * the table, the `binding` subresource (docs/api-rules.md, "Subresources") and graceful deletion.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../../core/index.ts';
import { podKind } from '../../../core/registry/kinds/pod.ts';
import { pod } from '../../support/builders.ts';
import { call, inProcess, serverPerSuite, serverPerTest, watchEvents } from '../../support/targets.ts';
import { causeKeys, causesOf, expectCreated, serverWith, withChange } from '../../support/validation.ts';

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
  const t = serverPerSuite(() => serverWith([podKind]));

  const rows: { rule: string; path: string; value: unknown; causes: string[] }[] = [
    { rule: 'containers are required', path: 'spec.containers', value: [], causes: ['spec.containers FieldValueRequired'] },
    { rule: 'a container needs a name', path: 'spec.containers.0.name', value: '', causes: [`${C0}.name FieldValueRequired`] },
    { rule: 'container names are DNS labels', path: 'spec.containers.0.name', value: 'Nginx', causes: [`${C0}.name FieldValueInvalid`] },
    {
      rule: 'container names are unique across init and regular containers',
      path: 'spec.initContainers',
      value: [{ name: 'nginx', image: 'busybox' }],
      causes: [`${C0}.name FieldValueDuplicate`],
    },
    { rule: 'a container needs an image', path: 'spec.containers.0.image', value: undefined, causes: [`${C0}.image FieldValueRequired`] },
    {
      rule: 'containerPort is required',
      path: 'spec.containers.0.ports',
      value: [{ name: 'http' }],
      causes: [`${C0}.ports[0].containerPort FieldValueRequired`],
    },
    {
      rule: 'containerPort is in 1..65535',
      path: 'spec.containers.0.ports.0.containerPort',
      value: 70000,
      causes: [`${C0}.ports[0].containerPort FieldValueInvalid`],
    },
    {
      rule: 'protocol is TCP, UDP or SCTP',
      path: 'spec.containers.0.ports.0.protocol',
      value: 'HTTP',
      causes: [`${C0}.ports[0].protocol FieldValueNotSupported`],
    },
    {
      rule: 'port names are unique',
      path: 'spec.containers.0.ports',
      value: [
        { name: 'http', containerPort: 80 },
        { name: 'http', containerPort: 81 },
      ],
      causes: [`${C0}.ports[1].name FieldValueDuplicate`],
    },
    {
      rule: 'port names are IANA service names',
      path: 'spec.containers.0.ports.0.name',
      value: 'http_1',
      causes: [`${C0}.ports[0].name FieldValueInvalid`],
    },
    {
      rule: 'requests may not exceed limits',
      path: 'spec.containers.0.resources.requests.cpu',
      value: '1',
      causes: [`${C0}.resources.requests[cpu] FieldValueInvalid`],
    },
    // A pod's missing requests are its limits, so a bad limit is reported twice, as the real platform does.
    {
      rule: 'quantities may not be negative',
      path: 'spec.containers.0.resources.limits.memory',
      value: '-1',
      causes: [`${C0}.resources.limits[memory] FieldValueInvalid`, `${C0}.resources.requests[memory] FieldValueInvalid`],
    },
    {
      rule: 'resource names are standard or qualified',
      path: 'spec.containers.0.resources.requests.gpu',
      value: '1',
      causes: [`${C0}.resources.requests[gpu] FieldValueInvalid`],
    },
    {
      rule: 'a probe needs a handler',
      path: 'spec.containers.0.livenessProbe',
      value: { periodSeconds: 5 },
      causes: [`${C0}.livenessProbe FieldValueRequired`],
    },
    {
      rule: 'a probe has one handler',
      path: 'spec.containers.0.livenessProbe',
      value: { httpGet: { port: 80 }, tcpSocket: { port: 80 } },
      causes: [`${C0}.livenessProbe.tcpSocket FieldValueForbidden`],
    },
    {
      rule: 'liveness successThreshold must be 1',
      path: 'spec.containers.0.livenessProbe',
      value: { tcpSocket: { port: 80 }, successThreshold: 2 },
      causes: [`${C0}.livenessProbe.successThreshold FieldValueInvalid`],
    },
    {
      rule: 'probe periods are not negative',
      path: 'spec.containers.0.readinessProbe.periodSeconds',
      value: -1,
      causes: [`${C0}.readinessProbe.periodSeconds FieldValueInvalid`],
    },
    {
      rule: 'probe ports are numbers or names',
      path: 'spec.containers.0.readinessProbe.httpGet.port',
      value: 0,
      causes: [`${C0}.readinessProbe.httpGet.port FieldValueInvalid`],
    },
    {
      rule: 'restartPolicy is Always, OnFailure or Never',
      path: 'spec.restartPolicy',
      value: 'Sometimes',
      causes: ['spec.restartPolicy FieldValueNotSupported'],
    },
    { rule: 'dnsPolicy is one of four', path: 'spec.dnsPolicy', value: 'Google', causes: ['spec.dnsPolicy FieldValueNotSupported'] },
    { rule: 'dnsPolicy None needs dnsConfig', path: 'spec.dnsPolicy', value: 'None', causes: ['spec.dnsConfig FieldValueRequired'] },
    {
      rule: 'imagePullPolicy is Always, IfNotPresent or Never',
      path: 'spec.containers.0.imagePullPolicy',
      value: 'Sometimes',
      causes: [`${C0}.imagePullPolicy FieldValueNotSupported`],
    },
    {
      rule: 'terminationMessagePolicy is File or FallbackToLogsOnError',
      path: 'spec.containers.0.terminationMessagePolicy',
      value: 'Log',
      causes: [`${C0}.terminationMessagePolicy FieldValueInvalid`],
    },
    {
      rule: 'volume names are DNS labels',
      path: 'spec.volumes.0.name',
      value: 'Data',
      causes: ['spec.volumes[0].name FieldValueInvalid', `${C0}.volumeMounts[0].name FieldValueNotFound`],
    },
    {
      rule: 'volume names are unique',
      path: 'spec.volumes',
      value: [{ name: 'data' }, { name: 'data' }],
      causes: ['spec.volumes[1].name FieldValueDuplicate'],
    },
    {
      rule: 'a volume has one source',
      path: 'spec.volumes.0.configMap',
      value: { name: 'cm' },
      causes: ['spec.volumes[0].configMap FieldValueForbidden'],
    },
    {
      rule: 'a secret volume names its secret',
      path: 'spec.volumes.0',
      value: { name: 'data', secret: {} },
      causes: ['spec.volumes[0].secret.secretName FieldValueRequired'],
    },
    {
      rule: 'volumeMounts name a volume',
      path: 'spec.containers.0.volumeMounts.0.name',
      value: 'logs',
      causes: [`${C0}.volumeMounts[0].name FieldValueNotFound`],
    },
    {
      rule: 'mountPath is required',
      path: 'spec.containers.0.volumeMounts.0.mountPath',
      value: undefined,
      causes: [`${C0}.volumeMounts[0].mountPath FieldValueRequired`],
    },
    {
      rule: 'mountPaths are unique',
      path: 'spec.containers.0.volumeMounts',
      value: [
        { name: 'data', mountPath: '/data' },
        { name: 'data', mountPath: '/data' },
      ],
      causes: [`${C0}.volumeMounts[1].mountPath FieldValueInvalid`],
    },
    {
      rule: 'env names are valid',
      path: 'spec.containers.0.env',
      value: [{ name: '1VAR', value: 'x' }],
      causes: [`${C0}.env[0].name FieldValueInvalid`],
    },
    {
      rule: 'an env var has a name',
      path: 'spec.containers.0.env',
      value: [{ value: 'x' }],
      causes: [`${C0}.env[0].name FieldValueRequired`],
    },
    {
      rule: 'value and valueFrom are exclusive',
      path: 'spec.containers.0.env',
      value: [{ name: 'A', value: 'x', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }],
      causes: [`${C0}.env[0].valueFrom FieldValueInvalid`],
    },
    {
      rule: 'activeDeadlineSeconds is at least 1',
      path: 'spec.activeDeadlineSeconds',
      value: 0,
      causes: ['spec.activeDeadlineSeconds FieldValueInvalid'],
    },
    {
      rule: 'nodeSelector keys are label keys',
      path: 'spec.nodeSelector',
      value: { 'bad key': 'x' },
      causes: ['spec.nodeSelector FieldValueInvalid'],
    },
    { rule: 'hostname is a DNS label', path: 'spec.hostname', value: 'web.1', causes: ['spec.hostname FieldValueInvalid'] },
    {
      rule: 'regular containers have no restartPolicy',
      path: 'spec.containers.0.restartPolicy',
      value: 'Always',
      causes: [`${C0}.restartPolicy FieldValueForbidden`],
    },
    {
      rule: 'init containers restart only Always',
      path: 'spec.initContainers',
      value: [{ name: 'init', image: 'busybox', restartPolicy: 'Never' }],
      causes: ['spec.initContainers[0].restartPolicy FieldValueNotSupported'],
    },
    {
      rule: 'init containers without restartPolicy Always have no probes',
      path: 'spec.initContainers',
      value: [{ name: 'init', image: 'busybox', readinessProbe: { exec: { command: ['true'] } } }],
      causes: ['spec.initContainers[0].readinessProbe FieldValueForbidden'],
    },
    {
      rule: 'ephemeral containers are not set on create',
      path: 'spec.ephemeralContainers',
      value: [{ name: 'debug', image: 'busybox' }],
      causes: ['spec.ephemeralContainers FieldValueForbidden'],
    },
  ];

  it.each(rows)('$rule', async ({ path, value, causes }) => {
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
  const t = serverPerSuite(() => serverWith([podKind]));

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
    expect(c).toMatchObject({
      terminationMessagePath: '/dev/termination-log',
      terminationMessagePolicy: 'File',
      imagePullPolicy: 'IfNotPresent',
    });
    expect(body.status).toEqual({ phase: 'Pending', qosClass: 'Burstable' });
  });

  it('a volume without a source is an emptyDir; secret and configMap volumes get mode 0644', async () => {
    const pod = withChange(withChange(valid, 'metadata.name', 'vols'), 'spec.volumes', [
      { name: 'data' },
      { name: 's', secret: { secretName: 'x' } },
    ]);
    const body = expectCreated(await call(t, 'POST', PODS, pod));
    expect(body.spec.volumes).toEqual([
      { name: 'data', emptyDir: {} },
      { name: 's', secret: { secretName: 'x', defaultMode: 420 } },
    ]);
  });

  it.each([
    { qos: 'BestEffort', resources: {} },
    { qos: 'Burstable', resources: { requests: { memory: '64Mi' } } },
    { qos: 'Guaranteed', resources: { limits: { cpu: '1', memory: '1Gi' } } },
  ])('qosClass $qos', async ({ qos, resources }) => {
    const pod = withChange(withChange(valid, 'metadata.name', `qos-${qos.toLowerCase()}`), 'spec.containers.0.resources', resources);
    expect(expectCreated(await call(t, 'POST', PODS, pod)).status.qosClass).toBe(qos);
  });

  it('scheduling gates hold the pod with a PodScheduled=False condition', async () => {
    const pod = withChange(withChange(valid, 'metadata.name', 'gated'), 'spec.schedulingGates', [{ name: 'example.com/wait' }]);
    const body = expectCreated(await call(t, 'POST', PODS, pod));
    expect(body.status.conditions).toEqual([
      {
        type: 'PodScheduled',
        status: 'False',
        lastProbeTime: null,
        lastTransitionTime: null,
        reason: 'SchedulingGated',
        message: 'Scheduling is blocked due to non-empty scheduling gates',
      },
    ]);
  });
});

describe('Pod updates', () => {
  const t = serverPerSuite(() => serverWith([podKind]));
  beforeAll(async () => {
    expectCreated(await call(t, 'POST', PODS, withChange(valid, 'spec.activeDeadlineSeconds', 600)));
  });

  const current = async () => {
    const body = (await call(t, 'GET', `${PODS}/web`)).body;
    delete body.metadata.resourceVersion;
    return body;
  };

  it.each([
    { path: 'spec.containers.0.image', value: 'nginx:1.28' },
    { path: 'spec.activeDeadlineSeconds', value: 300 },
    { path: 'metadata.labels', value: { app: 'web', tier: 'front' } },
  ])('$path may change', async ({ path, value }) => {
    const r = await call(t, 'PUT', `${PODS}/web`, withChange(await current(), path, value));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });

  it('tolerations may be added, not changed', async () => {
    const cur = await current();
    const added = await call(t, 'PUT', `${PODS}/web`, {
      ...cur,
      spec: { ...cur.spec, tolerations: [...cur.spec.tolerations, { key: 'k', operator: 'Exists' }] },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const changed = await call(t, 'PUT', `${PODS}/web`, withChange(await current(), 'spec.tolerations.2.key', 'other'));
    expect(causeKeys(changed)).toContain('spec.tolerations FieldValueForbidden');
  });

  it.each([
    { path: 'spec.activeDeadlineSeconds', value: 900, causes: ['spec.activeDeadlineSeconds FieldValueInvalid'] },
    {
      path: 'spec.containers',
      value: [...valid.spec.containers, { name: 'extra', image: 'busybox' }],
      causes: ['spec.containers FieldValueForbidden'],
    },
    { path: 'spec.restartPolicy', value: 'Never', causes: ['spec FieldValueForbidden'] },
    { path: 'spec.containers.0.ports.0.containerPort', value: 8080, causes: ['spec FieldValueForbidden'] },
  ])('$path may not change that way', async ({ path, value, causes }) => {
    const r = await call(t, 'PUT', `${PODS}/web`, withChange(await current(), path, value));
    expect(causeKeys(r)).toEqual(causes);
    if (causes[0] === 'spec FieldValueForbidden') {
      expect(r.body.details.causes[0].message).toMatch(
        /^Forbidden: pod updates may not change fields other than `spec.containers\[\*\].image`,/,
      );
    }
  });

  it('status is written through /status: podIP and podIPs agree, and are IPs', async () => {
    const cur = await current();
    const r = await call(t, 'PUT', `${PODS}/web/status`, { ...cur, status: { ...cur.status, phase: 'Running', podIP: '10.244.0.7' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.status).toMatchObject({ phase: 'Running', podIP: '10.244.0.7', podIPs: [{ ip: '10.244.0.7' }] });
    const bad = await call(t, 'PUT', `${PODS}/web/status`, {
      ...r.body,
      status: { ...r.body.status, podIP: undefined, podIPs: [{ ip: 'ten' }] },
    });
    expect(causeKeys(bad)).toEqual(['status.podIPs[0] FieldValueInvalid']);
  });

  it('a DELETE removes the pod at once (no node agent to confirm a graceful stop)', async () => {
    const r = await call(t, 'DELETE', `${PODS}/web`);
    expect(r.status).toBe(200);
    expect((await call(t, 'GET', `${PODS}/web`)).status).toBe(404);
  });
});

describe('Pod field selectors and table', () => {
  const t = serverPerSuite(() => serverWith([podKind]));
  beforeAll(async () => {
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

  it.each([
    { selector: 'spec.nodeName=node-1', names: ['a'] },
    { selector: 'spec.nodeName=', names: ['b'] },
    { selector: 'status.phase=Pending', names: ['b'] },
    { selector: 'status.phase!=Pending', names: ['a'] },
    { selector: 'status.podIP=10.244.1.5', names: ['a'] },
    { selector: 'spec.restartPolicy=Always,spec.schedulerName=default-scheduler', names: ['a', 'b'] },
    { selector: 'spec.serviceAccountName=default', names: ['a', 'b'] },
    { selector: 'spec.hostNetwork=false', names: ['a', 'b'] },
  ])('fieldSelector $selector', async ({ selector, names }) => {
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
      api.fetch(
        new Request(`http://orch${path}`, {
          method,
          headers: { 'content-type': 'application/json' },
          ...(body ? { body: JSON.stringify(body) } : {}),
        }),
      );
    const P = '/api/v1/namespaces/default/pods';
    expect((await req('POST', P, { metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'i' }] } })).status).toBe(201);
    const bound = await req('POST', `${P}/p/binding`, {
      apiVersion: 'v1',
      kind: 'Binding',
      metadata: { name: 'p' },
      target: { kind: 'Node', name: 'node-1' },
    });
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

/*
 * Graceful deletion (docs/api-rules.md, "Deletion lifecycle"), as the real platform's registry
 * does it: a pod on a node is marked (deletionTimestamp = now + grace period,
 * deletionGracePeriodSeconds) and stays until its node confirms with a DELETE of period 0; later
 * DELETEs may only shorten the period; pods that never ran, or finished, are removed at once.
 * DELETE answers the Pod, not a Status.
 */
describe('Pod graceful deletion', () => {
  const START = Date.UTC(2026, 0, 1, 12, 0, 0);
  const at = (seconds: number) => new Date(START + seconds * 1000).toISOString().replace('.000Z', 'Z');
  let clock: VirtualClock;
  const t = serverPerTest(async () => {
    clock = new VirtualClock(START);
    return inProcess({ clock });
  });

  // What the first DELETE does, by the pod and the request's gracePeriodSeconds.
  const first: {
    what: string;
    spec: Record<string, unknown>;
    status?: Record<string, unknown>;
    query?: string;
    kept: boolean;
    period?: number;
  }[] = [
    { what: 'a scheduled pod gets its default 30 s', spec: { nodeName: 'node-1' }, kept: true, period: 30 },
    {
      what: 'a scheduled pod gets its own terminationGracePeriodSeconds',
      spec: { nodeName: 'node-1', terminationGracePeriodSeconds: 10 },
      kept: true,
      period: 10,
    },
    {
      what: 'the request’s gracePeriodSeconds wins over the pod’s',
      spec: { nodeName: 'node-1', terminationGracePeriodSeconds: 10 },
      query: '?gracePeriodSeconds=5',
      kept: true,
      period: 5,
    },
    {
      what: 'gracePeriodSeconds=0 removes a scheduled pod at once (force)',
      spec: { nodeName: 'node-1' },
      query: '?gracePeriodSeconds=0',
      kept: false,
    },
    { what: 'a negative period counts as 1 s', spec: { nodeName: 'node-1' }, query: '?gracePeriodSeconds=-3', kept: true, period: 1 },
    { what: 'a pod never scheduled is removed at once', spec: {}, kept: false },
    { what: 'a pod that succeeded is removed at once', spec: { nodeName: 'node-1' }, status: { phase: 'Succeeded' }, kept: false },
    { what: 'a pod that failed is removed at once', spec: { nodeName: 'node-1' }, status: { phase: 'Failed' }, kept: false },
  ];

  for (const row of first) {
    it(row.what, async () => {
      expect((await call(t, 'POST', PODS, pod('p', { spec: row.spec }))).status).toBe(201);
      if (row.status)
        expect(
          (await call(t, 'PATCH', `${PODS}/p/status`, { status: row.status }, { 'content-type': 'application/merge-patch+json' })).status,
        ).toBe(200);
      const del = await call(t, 'DELETE', `${PODS}/p${row.query ?? ''}`);
      expect(del.status).toBe(200);
      expect(del.body.kind).toBe('Pod');
      const after = await call(t, 'GET', `${PODS}/p`);
      if (row.kept) {
        expect(after.status).toBe(200);
        expect(after.body.metadata.deletionGracePeriodSeconds).toBe(row.period);
        expect(after.body.metadata.deletionTimestamp).toBe(at(row.period!));
        expect(del.body.metadata.deletionTimestamp).toBe(at(row.period!));
      } else {
        expect(after.status).toBe(404);
        // The answer is the pod as it was removed: marked with period 0.
        expect(del.body.metadata.deletionGracePeriodSeconds).toBe(0);
      }
    });
  }

  // A second DELETE of a pod marked with 30 s, 10 s after the first.
  const second: { what: string; query: string; period: number; deadline: number; gone?: boolean }[] = [
    { what: 'without a period changes nothing (already pending)', query: '', period: 30, deadline: 30 },
    { what: 'with a longer period changes nothing', query: '?gracePeriodSeconds=60', period: 30, deadline: 30 },
    { what: 'with the same period changes nothing', query: '?gracePeriodSeconds=30', period: 30, deadline: 30 },
    { what: 'with a shorter period moves the deadline back by the difference', query: '?gracePeriodSeconds=25', period: 25, deadline: 25 },
    {
      what: 'with a period already run out keeps 1 s from now, for the node to confirm',
      query: '?gracePeriodSeconds=5',
      period: 1,
      deadline: 10,
    },
    { what: 'with period 0 removes it (the node’s confirmation)', query: '?gracePeriodSeconds=0', period: 0, deadline: 10, gone: true },
  ];

  for (const row of second) {
    it(`a second DELETE ${row.what}`, async () => {
      await call(t, 'POST', PODS, pod('p', { spec: { nodeName: 'node-1' } }));
      const marked = await call(t, 'DELETE', `${PODS}/p`);
      await clock.advance(10_000);
      const again = await call(t, 'DELETE', `${PODS}/p${row.query}`);
      expect(again.status).toBe(200);
      expect(again.body.metadata.deletionGracePeriodSeconds).toBe(row.period);
      expect(again.body.metadata.deletionTimestamp).toBe(at(row.deadline));
      const after = await call(t, 'GET', `${PODS}/p`);
      if (row.gone) expect(after.status).toBe(404);
      else if (row.period === 30) expect(after.body.metadata.resourceVersion).toBe(marked.body.metadata.resourceVersion);
      else expect(after.body.metadata.deletionGracePeriodSeconds).toBe(row.period);
    });
  }

  it('watchers see the pod marked, then deleted', async () => {
    await call(t, 'POST', PODS, pod('p', { spec: { nodeName: 'node-1' } }));
    const list = await call(t, 'GET', PODS);
    const res = await t.request(`${PODS}?watch=true&resourceVersion=${list.body.metadata.resourceVersion}`);
    const events = watchEvents(res);
    await call(t, 'DELETE', `${PODS}/p`);
    const marked = (await events.next()).value!;
    expect(marked.type).toBe('MODIFIED');
    expect(marked.object.metadata).toMatchObject({ deletionGracePeriodSeconds: 30, deletionTimestamp: at(30) });
    await call(t, 'DELETE', `${PODS}/p?gracePeriodSeconds=0`);
    expect((await events.next()).value!.type).toBe('MODIFIED');
    const gone = (await events.next()).value!;
    expect(gone.type).toBe('DELETED');
    await events.return(undefined);
  });

  it('a finalizer keeps a pod after its node confirmed; removing the finalizer then removes it', async () => {
    await call(t, 'POST', PODS, pod('p', { spec: { nodeName: 'node-1' }, metadata: { finalizers: ['example.com/keep'] } }));
    await call(t, 'DELETE', `${PODS}/p`);
    // The finalizer goes while the grace period runs: the pod still waits for its node.
    const patch = { metadata: { finalizers: null } };
    expect((await call(t, 'PATCH', `${PODS}/p`, patch, { 'content-type': 'application/merge-patch+json' })).status).toBe(200);
    expect((await call(t, 'GET', `${PODS}/p`)).status).toBe(200);
    // The node confirms: gone.
    expect((await call(t, 'DELETE', `${PODS}/p?gracePeriodSeconds=0`)).status).toBe(200);
    expect((await call(t, 'GET', `${PODS}/p`)).status).toBe(404);

    // Finalizer still there when the node confirms: kept (period 0) until it goes.
    await call(t, 'POST', PODS, pod('q', { spec: { nodeName: 'node-1' }, metadata: { finalizers: ['example.com/keep'] } }));
    await call(t, 'DELETE', `${PODS}/q`);
    const confirmed = await call(t, 'DELETE', `${PODS}/q?gracePeriodSeconds=0`);
    expect(confirmed.body.metadata.deletionGracePeriodSeconds).toBe(0);
    expect((await call(t, 'GET', `${PODS}/q`)).status).toBe(200);
    await call(t, 'PATCH', `${PODS}/q`, patch, { 'content-type': 'application/merge-patch+json' });
    expect((await call(t, 'GET', `${PODS}/q`)).status).toBe(404);
  });

  it('dryRun answers the marked pod and stores nothing', async () => {
    const created = await call(t, 'POST', PODS, pod('p', { spec: { nodeName: 'node-1' } }));
    const dry = await call(t, 'DELETE', `${PODS}/p?dryRun=All`);
    expect(dry.status).toBe(200);
    expect(dry.body.metadata.deletionGracePeriodSeconds).toBe(30);
    const after = await call(t, 'GET', `${PODS}/p`);
    expect(after.body.metadata.deletionTimestamp).toBeUndefined();
    expect(after.body.metadata.resourceVersion).toBe(created.body.metadata.resourceVersion);
  });

  it('kinds without graceful deletion ignore gracePeriodSeconds: a ConfigMap goes at once', async () => {
    await call(t, 'POST', '/api/v1/namespaces/default/configmaps', { metadata: { name: 'c' } });
    const del = await call(t, 'DELETE', '/api/v1/namespaces/default/configmaps/c?gracePeriodSeconds=30');
    expect(del.status).toBe(200);
    expect(del.body.kind).toBe('Status');
    expect((await call(t, 'GET', '/api/v1/namespaces/default/configmaps/c')).status).toBe(404);
  });
});
