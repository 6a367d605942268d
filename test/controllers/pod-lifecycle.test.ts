/**
 * The pod-lifecycle simulator, which plays scheduler and node (docs/architecture.md,
 * "Controllers"): it binds a pod to a simulated node, reports ContainerCreating, then Running and
 * Ready after the configured delay with the conditions, container states, IPs and times a node
 * reports; annotations make a pod fail or stay unready; a pod whose deletion has begun is stopped
 * and its deletion confirmed (docs/api-rules.md, "Deletion lifecycle": graceful deletion).
 */
import { describe, expect, it } from 'vitest';
import {
  podLifecycleSimulator,
  PODS,
  SIM_FAIL_ANNOTATION,
  SIM_NEVER_READY_ANNOTATION,
  type PodLifecycleOptions,
  type TestEnv,
} from '../../controllers/index.ts';
import { pod } from '../support/builders.ts';
import { controllerEnvs } from '../support/controller-env.ts';

const envs = controllerEnvs();

/** The simulator on an in-process server, and every request it sends but GETs, as `METHOD path`. */
async function start(opts: PodLifecycleOptions = {}): Promise<{ e: TestEnv; requests: string[] }> {
  const requests: string[] = [];
  const recording = (inner: (r: Request) => Promise<Response>) => (r: Request) => {
    if (r.method !== 'GET') requests.push(`${r.method} ${new URL(r.url).pathname}`);
    return inner(r);
  };
  return { e: await envs.behind(recording, { controllers: [podLifecycleSimulator(opts)] }), requests };
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
    await e.resource(PODS, 'default').create(pod('a', { containers: ['app', 'sidecar'] }));
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
    expect(running?.status?.containerStatuses?.[0]).toMatchObject({
      name: 'app',
      ready: true,
      started: true,
      restartCount: 0,
      image: 'example.com/app:1',
      state: { running: { startedAt: T2 } },
    });
    expect(running?.status?.containerStatuses?.[0].containerID).toMatch(/^containerd:\/\/[0-9a-f]{64}$/);
    expect(running?.status?.startTime).toBe(T0);
  });

  it.each<{ annotations: Record<string, string>; phase: string; ready: boolean }>([
    { annotations: {}, phase: 'Running', ready: true },
    { annotations: { [SIM_NEVER_READY_ANNOTATION]: 'true' }, phase: 'Running', ready: false },
    { annotations: { [SIM_FAIL_ANNOTATION]: 'true' }, phase: 'Failed', ready: false },
  ])('annotations $annotations: phase $phase, ready $ready', async ({ annotations, phase, ready }) => {
    const { e } = await start({ readyDelayMs: 0 });
    await e.resource(PODS, 'default').create(pod('a', { annotations }));
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
    await pods.create(pod('gated', { spec: { schedulingGates: [{ name: 'example.com/wait' }] } }));
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
    await pods.create(pod('a', { metadata: { finalizers: ['example.com/hold'] } }));
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
      await pods.create(pod('a', { spec: row.grace ? { terminationGracePeriodSeconds: row.grace } : {} }));
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
    const { env } = await envs.overHttp({ controllers: [podLifecycleSimulator({ readyDelayMs: 1000 })] });
    await env.resource(PODS, 'default').create(pod('a'));
    await env.waitFor(PODS, 'default/a', (p) => p?.status?.phase === 'Pending' && p.status.startTime !== undefined);
    await env.settle();
    await env.advance(1000);
    const ready = await env.waitFor(PODS, 'default/a', (p) => p?.status?.phase === 'Running');
    expect(ready?.status?.conditions?.find((c) => c.type === 'Ready')?.status).toBe('True');
  });
});
