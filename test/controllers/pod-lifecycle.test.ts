/**
 * Issue 7: the pod-lifecycle simulator (the node agent's stand-in) — binds a pod to a simulated
 * node, reports ContainerCreating, then Running and Ready after the configured delay with the
 * conditions, container states, IPs and times a node reports; annotations make a pod fail or
 * stay unready; a pod whose deletion has begun is stopped and its deletion confirmed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createApiServer, VirtualClock, type ApiServer } from '../../core/index.ts';
import { startServer, type RunningServer } from '../../server/index.ts';
import {
  createTestEnv,
  podLifecycleSimulator,
  PODS,
  SIM_FAIL_ANNOTATION,
  SIM_NEVER_READY_ANNOTATION,
  type Pod,
  type PodLifecycleOptions,
  type TestEnv,
} from '../../controllers/index.ts';

let env: TestEnv | undefined;
let server: RunningServer | undefined;
let api: ApiServer | undefined;
afterEach(async () => {
  await env?.stop();
  await server?.shutdown();
  await api?.close();
  env = server = api = undefined;
});

/** Every request the controllers send, as `METHOD path`. */
function recorded(): { fetch: (r: Request) => Promise<Response>; requests: string[]; api: ApiServer; clock: VirtualClock } {
  const clock = new VirtualClock();
  const inner = createApiServer({ clock });
  api = inner;
  const requests: string[] = [];
  return {
    clock,
    api: inner,
    requests,
    fetch(r) {
      const url = new URL(r.url);
      if (r.method !== 'GET') requests.push(`${r.method} ${url.pathname}`);
      return inner.fetch(r);
    },
  };
}

async function start(opts: PodLifecycleOptions = {}): Promise<{ e: TestEnv; requests: string[] }> {
  const rec = recorded();
  await rec.api.ready;
  env = await createTestEnv({ clock: rec.clock, connect: { fetch: rec.fetch, baseUrl: 'http://orch.test' }, controllers: [podLifecycleSimulator(opts)] });
  return { e: env, requests: rec.requests };
}

function pod(name: string, annotations?: Record<string, string>, containers = ['app']): Pod {
  return { metadata: { name, ...(annotations ? { annotations } : {}) }, spec: { containers: containers.map((c) => ({ name: c, image: `example.com/${c}:1` })) } };
}

const T0 = '2026-01-01T00:00:00Z';
const T2 = '2026-01-01T00:00:02Z';

describe('pod-lifecycle simulator', () => {
  it('binds a new pod to a node through POST pods/{name}/binding, as the scheduler does', async () => {
    const { e, requests } = await start();
    await e.resource(PODS, 'default').create(pod('a'));
    await e.waitFor(PODS, 'default/a', (p) => p?.status?.startTime !== undefined);
    expect(requests).toContain('POST /api/v1/namespaces/default/pods/a/binding');
    // Where the server does not serve the binding, the pod is placed in status only.
    const placed = (await e.resource(PODS, 'default').get('a')).status;
    expect(placed?.hostIP).toBe('172.18.0.2');
    expect(placed?.conditions?.find((c) => c.type === 'PodScheduled')?.status).toBe('True');
  });

  it('reports ContainerCreating, then Running and Ready after the delay, as a node reports them', async () => {
    const { e } = await start({ readyDelayMs: 2000 });
    await e.resource(PODS, 'default').create(pod('a', undefined, ['app', 'sidecar']));
    const pending = await e.waitFor(PODS, 'default/a', (p) => p?.status?.startTime !== undefined);
    expect(pending?.status).toMatchObject({
      phase: 'Pending',
      startTime: T0,
      hostIP: '172.18.0.2',
      hostIPs: [{ ip: '172.18.0.2' }],
      podIP: '10.244.0.1',
      podIPs: [{ ip: '10.244.0.1' }],
      containerStatuses: [
        { name: 'app', ready: false, started: false, restartCount: 0, state: { waiting: { reason: 'ContainerCreating' } } },
        { name: 'sidecar', ready: false, started: false, restartCount: 0, state: { waiting: { reason: 'ContainerCreating' } } },
      ],
    });
    expect(pending?.status?.conditions?.map((c) => [c.type, c.status, c.reason, c.message])).toEqual([
      ['PodReadyToStartContainers', 'True', undefined, undefined],
      ['Initialized', 'True', undefined, undefined],
      ['Ready', 'False', 'ContainersNotReady', 'containers with unready status: [app sidecar]'],
      ['ContainersReady', 'False', 'ContainersNotReady', 'containers with unready status: [app sidecar]'],
      ['PodScheduled', 'True', undefined, undefined],
    ]);
    await e.settle();
    await e.advance(1999);
    await e.settle();
    expect((await e.resource(PODS, 'default').get('a')).status?.phase).toBe('Pending');
    await e.advance(1);
    const running = await e.waitFor(PODS, 'default/a', (p) => p?.status?.phase === 'Running');
    expect(running?.status?.conditions?.map((c) => [c.type, c.status, c.lastTransitionTime])).toEqual([
      ['PodReadyToStartContainers', 'True', T0],
      ['Initialized', 'True', T0],
      ['Ready', 'True', T2],
      ['ContainersReady', 'True', T2],
      ['PodScheduled', 'True', T0],
    ]);
    expect(running?.status?.containerStatuses?.[0]).toMatchObject({ name: 'app', ready: true, started: true, restartCount: 0, image: 'example.com/app:1', state: { running: { startedAt: T2 } } });
    expect(running?.status?.containerStatuses?.[0].containerID).toMatch(/^containerd:\/\/[0-9a-f]{64}$/);
    expect(running?.status?.startTime).toBe(T0);
  });

  it.each([
    [{}, 'Running', true],
    [{ [SIM_NEVER_READY_ANNOTATION]: 'true' }, 'Running', false],
    [{ [SIM_FAIL_ANNOTATION]: 'true' }, 'Failed', false],
  ])('annotations %j: phase %s, ready %s', async (annotations, phase, ready) => {
    const { e } = await start({ readyDelayMs: 0 });
    await e.resource(PODS, 'default').create(pod('a', annotations));
    const done = await e.waitFor(PODS, 'default/a', (p) => p?.status?.phase === phase);
    expect(done?.status?.conditions?.find((c) => c.type === 'Ready')?.status).toBe(ready ? 'True' : 'False');
    expect(done?.status?.containerStatuses?.[0].ready).toBe(ready);
  });

  it('follows an annotation set later: a ready pod made never-ready turns unready, and ready again without it', async () => {
    const { e } = await start({ readyDelayMs: 0 });
    const pods = e.resource(PODS, 'default');
    await pods.create(pod('a'));
    await e.waitFor(PODS, 'default/a', (p) => p?.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false);
    await pods.patch('a', { type: 'merge', patch: { metadata: { annotations: { [SIM_NEVER_READY_ANNOTATION]: 'true' } } } });
    await e.waitFor(PODS, 'default/a', (p) => p?.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'False') ?? false);
    await pods.patch('a', { type: 'merge', patch: { metadata: { annotations: null } } });
    await e.waitFor(PODS, 'default/a', (p) => p?.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false);
  });

  it('leaves a pod with scheduling gates unscheduled until they are removed', async () => {
    const { e } = await start({ readyDelayMs: 0 });
    const pods = e.resource(PODS, 'default');
    await pods.create({ ...pod('gated'), spec: { ...pod('gated').spec!, schedulingGates: [{ name: 'example.com/wait' }] } });
    await e.waitFor(PODS, 'default/gated', (p) => p !== undefined);
    await e.settle();
    expect((await pods.get('gated')).status?.phase).toBe('Pending');
    expect((await pods.get('gated')).status?.startTime).toBeUndefined();
    await pods.patch('gated', { type: 'merge', patch: { spec: { schedulingGates: null } } });
    await e.waitFor(PODS, 'default/gated', (p) => p?.status?.phase === 'Running');
  });

  it('spreads pods over the nodes in turn', async () => {
    const { e } = await start({ nodes: ['n1', 'n2'], readyDelayMs: 0 });
    for (const name of ['a', 'b', 'c']) await e.resource(PODS, 'default').create(pod(name));
    const pods = await e.waitForList(PODS, (l) => l.length === 3 && l.every((p) => p.status?.phase === 'Running'));
    expect(pods.map((p) => p.status?.hostIP).sort()).toEqual(['172.18.0.2', '172.18.0.2', '172.18.0.3']);
    expect(new Set(pods.map((p) => p.status?.podIP)).size).toBe(3);
  });

  it('stops a pod whose deletion has begun and confirms it with a DELETE of grace period 0', async () => {
    const { e, requests } = await start({ readyDelayMs: 0 });
    const pods = e.resource(PODS, 'default');
    await pods.create({ ...pod('a'), metadata: { name: 'a', finalizers: ['example.com/hold'] } });
    await e.waitFor(PODS, 'default/a', (p) => p?.status?.phase === 'Running');
    await pods.delete('a');
    const stopped = await e.waitFor(PODS, 'default/a', (p) => p?.status?.phase === 'Succeeded');
    expect(stopped?.status?.containerStatuses?.[0].state?.terminated).toMatchObject({ exitCode: 0, reason: 'Completed' });
    await e.settle();
    expect(requests.filter((r) => r === 'DELETE /api/v1/namespaces/default/pods/a')).toHaveLength(2);
    await pods.patch('a', { type: 'merge', patch: { metadata: { finalizers: null } } });
    await e.waitFor(PODS, 'default/a', (p) => p === undefined);
  });
});

describe('pod-lifecycle simulator: containers that take time to stop', () => {
  // A pod on a node deleted with its grace period; stopDelayMs is how long its containers take.
  const rows: { what: string; stopDelayMs: number; grace?: number; goneAfterMs: number }[] = [
    { what: 'stop at once by default', stopDelayMs: 0, goneAfterMs: 0 },
    { what: 'stay Terminating for the stop delay', stopDelayMs: 3000, goneAfterMs: 3000 },
    { what: 'never outlast the grace period', stopDelayMs: 60_000, grace: 5, goneAfterMs: 5000 },
  ];
  for (const row of rows) {
    it(`deleted pods ${row.what}`, async () => {
      const { e } = await start({ readyDelayMs: 0, stopDelayMs: row.stopDelayMs });
      const pods = e.resource(PODS, 'default');
      await pods.create({ ...pod('a'), spec: { ...pod('a').spec!, ...(row.grace ? { terminationGracePeriodSeconds: row.grace } : {}) } });
      await e.waitFor(PODS, 'default/a', (p) => p?.status?.phase === 'Running');
      await pods.delete('a');
      await e.settle();
      if (row.goneAfterMs > 0) {
        await e.advance(row.goneAfterMs - 1000);
        await e.settle();
        const terminating = await pods.get('a');
        expect(terminating.metadata.deletionTimestamp).toBeDefined();
        expect(terminating.status?.phase).toBe('Running');
        await e.advance(1000);
      }
      await e.waitFor(PODS, 'default/a', (p) => p === undefined);
    });
  }
});

describe('pod-lifecycle simulator against orch-apiserver over HTTP', () => {
  it('makes a pod Running and Ready after the delay', async () => {
    const clock = new VirtualClock();
    server = await startServer({ port: 0, clock });
    env = await createTestEnv({ clock, connect: { fetch: (r) => fetch(r), baseUrl: server.url }, controllers: [podLifecycleSimulator({ readyDelayMs: 1000 })] });
    await env.resource(PODS, 'default').create(pod('a'));
    await env.waitFor(PODS, 'default/a', (p) => p?.status?.phase === 'Pending' && p.status.startTime !== undefined);
    await env.settle();
    await env.advance(1000);
    const ready = await env.waitFor(PODS, 'default/a', (p) => p?.status?.phase === 'Running');
    expect(ready?.status?.conditions?.find((c) => c.type === 'Ready')?.status).toBe('True');
  });
});
