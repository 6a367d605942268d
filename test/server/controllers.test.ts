/**
 * Issue 7: orch-apiserver runs the controllers like a small cluster — `--controllers` picks them
 * (default all; '' or 'none' for none; '*' and '-name' as kube-controller-manager takes them;
 * unknown names are a start-up error), `--pod-ready-delay` paces the pod simulator, and they stop
 * with the server. Over HTTP, on the real clock: a StatefulSet gets ready pods, a deleted
 * namespace goes, the garbage collector takes a set's pods along, a pod gets its claim.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../core/index.ts';
import { CONTROLLER_NAMES, DEFAULT_CONTROLLERS, HELP, parseFlags, startServer, type RunningServer } from '../../server/index.ts';
import { CONFIG_MAPS, createTestEnv, FLOW_SCHEMAS, NAMESPACES, PODS, RESOURCE_CLAIM_TEMPLATES, RESOURCE_CLAIMS, STATEFUL_SETS, type TestEnv } from '../../controllers/index.ts';
import { statefulSet } from '../controllers/support/workloads.ts';

let server: RunningServer | undefined;
let watcher: TestEnv | undefined;
afterEach(async () => {
  await watcher?.stop();
  await server?.shutdown();
  server = undefined;
  watcher = undefined;
});

describe('--controllers and --pod-ready-delay', () => {
  it('default: every controller, pods ready after 2s, deleted pods stop in 1s', () => {
    expect(parseFlags([])).toMatchObject({ controllers: ['namespace', 'garbage-collector', 'statefulset', 'pod-lifecycle', 'resource-claim', 'flowcontrol'], podReadyDelayMs: 2000, podStopDelayMs: 1000 });
    expect(DEFAULT_CONTROLLERS).toEqual(['namespace', 'garbage-collector', 'statefulset', 'pod-lifecycle', 'resource-claim', 'flowcontrol']);
    expect(CONTROLLER_NAMES).toEqual(DEFAULT_CONTROLLERS);
  });

  it.each([
    [['--controllers='], []],
    [['--controllers=none'], []],
    [['--controllers', 'statefulset,pod-lifecycle'], ['statefulset', 'pod-lifecycle']],
    [['--controllers=pod-lifecycle,namespace'], ['namespace', 'pod-lifecycle']],
    [['--controllers=*,-resource-claim,-namespace'], ['garbage-collector', 'statefulset', 'pod-lifecycle', 'flowcontrol']],
    [['--controllers=*,flowcontrol'], ['namespace', 'garbage-collector', 'statefulset', 'pod-lifecycle', 'resource-claim', 'flowcontrol']],
  ])('%j runs %j', (argv, names) => {
    expect(parseFlags(argv).controllers).toEqual(names);
  });

  it.each([
    [['--controllers=statefulset,replicaset'], 'invalid argument "statefulset,replicaset" for "--controllers" flag: "replicaset" is not in the list of known controllers'],
    [['--controllers=-nope'], '"nope" is not in the list of known controllers'],
    [['--pod-ready-delay=soon'], 'invalid argument "soon" for "--pod-ready-delay" flag'],
    [['--pod-stop-delay=later'], 'invalid argument "later" for "--pod-stop-delay" flag'],
  ])('%j fails at start-up: %s', (argv, message) => {
    expect(() => parseFlags(argv)).toThrow(message);
  });

  it('takes the delay as a Go duration', () => {
    expect(parseFlags(['--pod-ready-delay=1m30s']).podReadyDelayMs).toBe(90_000);
    expect(parseFlags(['--pod-ready-delay', '0']).podReadyDelayMs).toBe(0);
    expect(parseFlags(['--pod-stop-delay=2500ms']).podStopDelayMs).toBe(2500);
    expect(parseFlags(['--pod-stop-delay', '0s']).podStopDelayMs).toBe(0);
  });

  it('--help documents both flags', () => {
    expect(HELP).toContain('--controllers strings');
    expect(HELP).toContain('--pod-ready-delay duration');
    expect(HELP).toContain('--pod-stop-delay duration');
    for (const name of CONTROLLER_NAMES) expect(HELP).toContain(name);
  });
});

describe('orch-apiserver with controllers, over HTTP', () => {
  async function serve(controllers: readonly (typeof CONTROLLER_NAMES)[number][], featureGates: Record<string, boolean> = {}): Promise<TestEnv> {
    server = await startServer({ port: 0, controllers, podReadyDelayMs: 0, featureGates });
    // Only watches (its own clock paces nothing the test waits for).
    watcher = await createTestEnv({ clock: new VirtualClock(), connect: { fetch: (r) => fetch(r), baseUrl: server.url } });
    return watcher;
  }

  it('runs none unless asked (startServer), and says which it runs', async () => {
    server = await startServer({ port: 0 });
    expect(server.controllers).toBeUndefined();
    await server.shutdown();
    server = await startServer({ port: 0, controllers: ['statefulset', 'resource-claim'] });
    expect(server.controllers?.names).toEqual(['statefulset']);
    expect(server.controllers?.skipped).toEqual([{ name: 'resource-claim', reason: 'feature gate DynamicResourceAllocation is off' }]);
  });

  it('a StatefulSet gets ready pods; deleting it takes them along (garbage collector)', async () => {
    const w = await serve(['garbage-collector', 'statefulset', 'pod-lifecycle']);
    await w.resource(STATEFUL_SETS, 'default').create(statefulSet('web', { replicas: 2 }));
    await w.waitFor(STATEFUL_SETS, 'default/web', (s) => s?.status?.readyReplicas === 2);
    await w.resource(STATEFUL_SETS, 'default').delete('web');
    await w.waitForList(PODS, (l) => l.length === 0);
  });

  it('a deleted pod shows Terminating until its containers have stopped, then goes', async () => {
    server = await startServer({ port: 0, controllers: ['pod-lifecycle'], podReadyDelayMs: 0, podStopDelayMs: 400 });
    watcher = await createTestEnv({ clock: new VirtualClock(), connect: { fetch: (r) => fetch(r), baseUrl: server.url } });
    const pods = watcher.resource(PODS, 'default');
    await pods.create({ metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'i' }] } });
    await watcher.waitFor(PODS, 'default/p', (p) => p?.status?.phase === 'Running');
    await pods.delete('p');
    const terminating = await pods.get('p');
    expect(terminating.metadata.deletionGracePeriodSeconds).toBe(30);
    await watcher.waitFor(PODS, 'default/p', (p) => p === undefined);
  });

  it('kubectl delete namespace finishes: the namespace is emptied and goes', async () => {
    const w = await serve(['namespace']);
    await w.resource(NAMESPACES).create({ metadata: { name: 'doomed' } });
    await w.resource(CONFIG_MAPS, 'doomed').create({ metadata: { name: 'c' } });
    await w.resource(NAMESPACES).delete('doomed');
    await w.waitFor(NAMESPACES, 'doomed', (n) => n === undefined);
  });

  it('flowcontrol marks a FlowSchema whose priority level is missing as Dangling', async () => {
    const w = await serve(['flowcontrol']);
    await w.resource(FLOW_SCHEMAS).create({
      metadata: { name: 'orphaned' },
      spec: { priorityLevelConfiguration: { name: 'nowhere' }, rules: [] },
    });
    const fs = await w.waitFor(FLOW_SCHEMAS, 'orphaned', (f) => (f?.status?.conditions ?? []).length > 0);
    expect(fs?.status?.conditions?.[0]).toMatchObject({ type: 'Dangling', status: 'True', reason: 'NotFound' });
  });

  it('a pod naming a claim template gets its claim (DynamicResourceAllocation on)', async () => {
    const w = await serve(['resource-claim'], { DynamicResourceAllocation: true });
    await w.resource(RESOURCE_CLAIM_TEMPLATES, 'default').create({
      metadata: { name: 'gpu' },
      spec: { spec: { devices: { requests: [{ name: 'gpu', deviceClassName: 'gpu.example.com' }] } } },
    });
    await w.resource(PODS, 'default').create({ metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'i' }], resourceClaims: [{ name: 'gpu', resourceClaimTemplateName: 'gpu' }] } });
    const [claim] = await w.waitForList(RESOURCE_CLAIMS, (l) => l.length === 1);
    expect(claim.metadata.generateName).toBe('p-gpu-');
  });

  it('stops the controllers on shutdown', async () => {
    await serve(['statefulset']);
    const manager = server!.controllers!.manager;
    expect(manager.running).toBe(true);
    await watcher?.stop();
    watcher = undefined;
    await server!.shutdown();
    expect(manager.running).toBe(false);
  });
});
