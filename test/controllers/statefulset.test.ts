/**
 * The StatefulSet controller, as the real v1.32 controller behaves (docs/architecture.md,
 * "Controllers"): pod identity, OrderedReady and Parallel, rolling updates with partition and
 * maxUnavailable, ControllerRevisions, claim templates and their retention, status and scale.
 * In-process on a virtual clock (the pod simulator plays the node), and once over HTTP.
 */
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../core/index.ts';
import {
  CONTROLLER_REVISION_HASH_LABEL,
  CONTROLLER_REVISIONS,
  EVENTS,
  garbageCollector,
  goJson,
  hashRevision,
  PERSISTENT_VOLUME_CLAIMS,
  podLifecycleSimulator,
  PODS,
  revisionData,
  SIM_FAIL_ANNOTATION,
  SIM_NEVER_READY_ANNOTATION,
  STATEFUL_SETS,
  statefulSetController,
  type Pod,
  type StatefulSet,
  type StatefulSetControllerOptions,
  type TestEnv,
} from '../../controllers/index.ts';
import { statefulSet } from '../support/builders.ts';
import { controllerEnvs } from '../support/controller-env.ts';

const envs = controllerEnvs();

interface EnvOptions {
  readonly readyDelayMs?: number;
  readonly gates?: Record<string, boolean>;
  readonly sts?: StatefulSetControllerOptions;
  readonly gc?: boolean;
  readonly clock?: VirtualClock;
}

function start(o: EnvOptions = {}): Promise<TestEnv> {
  const gates = o.gates ?? {};
  return envs.start({
    ...(o.clock ? { clock: o.clock } : {}),
    server: { featureGates: gates },
    controllers: [
      statefulSetController({
        featureGates: {
          MaxUnavailableStatefulSet: gates.MaxUnavailableStatefulSet ?? false,
          StatefulSetAutoDeletePVC: gates.StatefulSetAutoDeletePVC ?? true,
        },
        ...o.sts,
      }),
      podLifecycleSimulator({ readyDelayMs: o.readyDelayMs ?? 0 }),
      ...(o.gc ? [garbageCollector({ resources: [STATEFUL_SETS, PODS, PERSISTENT_VOLUME_CLAIMS] })] : []),
    ],
  });
}

const ordinal = (p: Pod) => Number(/-(\d+)$/.exec(p.metadata.name ?? '')?.[1] ?? -1);
const byOrdinal = (a: Pod, b: Pod) => ordinal(a) - ordinal(b);

function podsOf(e: TestEnv, ns = 'default'): Pod[] {
  return e.manager.informer(PODS).store.byIndex('namespace', ns).sort(byOrdinal);
}
const names = (e: TestEnv) => podsOf(e).map((p) => p.metadata.name);
const isReady = (p: Pod) => p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;

/** Pod creations and deletions in the order the watch shows them. */
function journal(e: TestEnv): string[] {
  const out: string[] = [];
  e.manager.informer(PODS).changes$.subscribe((ev) => {
    if (ev.type === 'ADDED') out.push(`+${ev.object.metadata.name}`);
    if (ev.type === 'DELETED') out.push(`-${ev.object.metadata.name}`);
  });
  return out;
}

async function create(e: TestEnv, set: StatefulSet): Promise<StatefulSet> {
  return e.resource(STATEFUL_SETS, 'default').create(set);
}

const stsWhere = (e: TestEnv, name: string, p: (s: StatefulSet) => boolean) =>
  e.waitFor(STATEFUL_SETS, `default/${name}`, (s) => s !== undefined && p(s));

async function setTemplateImage(e: TestEnv, name: string, image: string): Promise<void> {
  await e
    .resource(STATEFUL_SETS, 'default')
    .patch(name, { type: 'strategic', patch: { spec: { template: { spec: { containers: [{ name: 'app', image }] } } } } });
}

/** Runs until everything is quiet, moving the clock `stepMs` at a time, at most `steps` times. */
async function runClock(e: TestEnv, stepMs: number, steps: number): Promise<void> {
  for (let i = 0; i < steps; i++) {
    await e.settle();
    await e.advance(stepMs);
  }
  await e.settle();
}

describe('StatefulSet pods: identity', () => {
  it('names pods <set>-<ordinal> for ordinals [start, start+replicas), labelled, owned, with hostname and subdomain', async () => {
    const e = await start();
    const set = await create(e, statefulSet('web', { replicas: 2, podManagementPolicy: 'Parallel', ordinals: { start: 5 } }));
    await stsWhere(e, 'web', (s) => s.status?.readyReplicas === 2);
    expect(names(e)).toEqual(['web-5', 'web-6']);
    const revision = (await e.resource(STATEFUL_SETS, 'default').get('web')).status?.updateRevision;
    const pod = podsOf(e)[0];
    expect(pod.metadata).toMatchObject({
      name: 'web-5',
      generateName: 'web-',
      labels: {
        app: 'web',
        'controller-revision-hash': revision,
        'statefulset.orchestrator.io/pod-name': 'web-5',
        'apps.orchestrator.io/pod-index': '5',
      },
      ownerReferences: [
        { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'web', uid: set.metadata.uid, controller: true, blockOwnerDeletion: true },
      ],
    });
    expect(pod.spec).toMatchObject({ hostname: 'web-5', subdomain: 'web' });
    expect(revision).toMatch(/^web-[bcdfghjklmnpqrstvwxz2456789]+$/);
  });

  it('adopts an orphan pod its selector matches (then replaces it: it has no revision)', async () => {
    const e = await start();
    const orphan = await e
      .resource(PODS, 'default')
      .create({ metadata: { name: 'web-0', labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx:1.27' }] } });
    const seen = journal(e);
    const set = await create(e, statefulSet('web', { replicas: 1 }));
    const adopted = await e.waitFor(
      PODS,
      'default/web-0',
      (p) => p !== undefined && p.metadata.uid === orphan.metadata.uid && !!p.metadata.ownerReferences?.length,
    );
    expect(adopted?.metadata.ownerReferences).toEqual([
      { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'web', uid: set.metadata.uid, controller: true, blockOwnerDeletion: true },
    ]);
    const replaced = await e.waitFor(PODS, 'default/web-0', (p) => p !== undefined && p.metadata.uid !== orphan.metadata.uid);
    expect(replaced?.metadata.labels?.['controller-revision-hash']).toMatch(/^web-/);
    expect(seen).toEqual(['-web-0', '+web-0']);
  });

  it('releases a pod whose labels stop matching its selector', async () => {
    const e = await start();
    await create(e, statefulSet('web', { replicas: 1 }));
    await stsWhere(e, 'web', (s) => s.status?.readyReplicas === 1);
    await e.settle();
    await e.resource(PODS, 'default').patch('web-0', { type: 'merge', patch: { metadata: { labels: { app: 'other' } } } });
    const released = await e.waitFor(PODS, 'default/web-0', (p) => p !== undefined && !p.metadata.ownerReferences?.length);
    expect(released?.metadata.labels?.app).toBe('other');
  });
});

describe('StatefulSet pods: podManagementPolicy', () => {
  it('OrderedReady creates web-0, web-1, web-2 one at a time, each once the one before is Running and Ready', async () => {
    const e = await start({ readyDelayMs: 1000 });
    await create(e, statefulSet('web', { replicas: 3 }));
    await e.waitFor(PODS, 'default/web-0', (p) => p !== undefined);
    await e.settle();
    expect(names(e)).toEqual(['web-0']);
    for (const { readyBefore, next } of [
      { readyBefore: 0, next: 'web-1' },
      { readyBefore: 1, next: 'web-2' },
    ]) {
      await e.advance(999);
      await e.settle();
      expect(podsOf(e).map(isReady)).toEqual([...Array(readyBefore).fill(true), false]);
      await e.advance(1);
      await e.waitFor(PODS, `default/${next}`, (p) => p !== undefined);
      await e.settle();
      expect(names(e)).toEqual([...Array(readyBefore + 1)].map((_, k) => `web-${k}`).concat(next));
    }
    await e.advance(1000);
    const done = await stsWhere(e, 'web', (s) => s.status?.readyReplicas === 3);
    expect(done?.status).toMatchObject({ replicas: 3, readyReplicas: 3, availableReplicas: 3, currentReplicas: 3, updatedReplicas: 3 });
  });

  it('OrderedReady waits minReadySeconds for a pod to be available before making the next', async () => {
    // The clock starts 300 ms past a second; pods are ready half a second after that second
    // (their start time is kept to the second), so web-0 is available from 10.0 s on.
    const second = Date.UTC(2026, 0, 1);
    const e = await start({ readyDelayMs: 500, clock: new VirtualClock(second + 300) });
    const at = (ms: number) => e.advance(second + ms - e.clock.now());
    await create(e, statefulSet('web', { replicas: 2, minReadySeconds: 10 }));
    await e.waitFor(PODS, 'default/web-0', (p) => p !== undefined);
    await e.settle();
    await at(500);
    const ready = await stsWhere(e, 'web', (s) => s.status?.readyReplicas === 1);
    expect(ready?.status).toMatchObject({ replicas: 1, readyReplicas: 1, availableReplicas: 0 });
    // The controller looks again minReadySeconds after its first pass (at 10.3 s).
    await at(10_299);
    await e.settle();
    expect(names(e)).toEqual(['web-0']);
    await at(10_300);
    await e.waitFor(PODS, 'default/web-1', (p) => p !== undefined);
    const one = await stsWhere(e, 'web', (s) => s.status?.availableReplicas === 1);
    expect(one?.status).toMatchObject({ replicas: 2, availableReplicas: 1 });
    await runClock(e, 5_000, 6);
    const all = await stsWhere(e, 'web', (s) => s.status?.availableReplicas === 2);
    expect(all?.status).toMatchObject({ replicas: 2, readyReplicas: 2, availableReplicas: 2 });
  });

  it('OrderedReady scales down in reverse order, one pod at a time', async () => {
    const e = await start();
    await create(e, statefulSet('web', { replicas: 3 }));
    await stsWhere(e, 'web', (s) => s.status?.readyReplicas === 3);
    const seen = journal(e);
    await e.resource(STATEFUL_SETS, 'default').patch('web', { type: 'merge', patch: { spec: { replicas: 0 } } });
    await stsWhere(e, 'web', (s) => s.status?.replicas === 0);
    expect(seen).toEqual(['-web-2', '-web-1', '-web-0']);
  });

  it.each([
    { policy: 'OrderedReady', expected: ['web-0'] },
    { policy: 'Parallel', expected: ['web-0', 'web-1', 'web-2'] },
  ])('$policy with pods that never become ready: makes $expected', async ({ policy, expected }) => {
    const e = await start();
    const set = statefulSet('web', { replicas: 3, podManagementPolicy: policy });
    set.spec!.template!.metadata = { ...set.spec!.template!.metadata, annotations: { [SIM_NEVER_READY_ANNOTATION]: 'true' } };
    await create(e, set);
    await e.waitFor(PODS, 'default/web-0', (p) => p?.status?.phase === 'Running');
    await runClock(e, 1000, 3);
    expect(names(e)).toEqual(expected);
    expect((await e.resource(STATEFUL_SETS, 'default').get('web')).status).toMatchObject({
      replicas: expected.length,
      availableReplicas: 0,
    });
  });

  it('Parallel scales down all condemned pods at once, without waiting for readiness', async () => {
    const e = await start();
    await create(e, statefulSet('web', { replicas: 4, podManagementPolicy: 'Parallel' }));
    await stsWhere(e, 'web', (s) => s.status?.readyReplicas === 4);
    await e
      .resource(PODS, 'default')
      .patch('web-1', { type: 'merge', patch: { metadata: { annotations: { [SIM_NEVER_READY_ANNOTATION]: 'true' } } } });
    await e.waitFor(PODS, 'default/web-1', (p) => p !== undefined && !isReady(p));
    await e.resource(STATEFUL_SETS, 'default').patch('web', { type: 'merge', patch: { spec: { replicas: 1 } } });
    await stsWhere(e, 'web', (s) => s.status?.replicas === 1);
    expect(names(e)).toEqual(['web-0']);
  });

  it('replaces a failed pod: deletes it and makes it again', async () => {
    const e = await start({ readyDelayMs: 1000 });
    await create(e, statefulSet('web', { replicas: 1 }));
    const first = await e.waitFor(PODS, 'default/web-0', (p) => p !== undefined);
    await e
      .resource(PODS, 'default')
      .patch('web-0', { type: 'merge', patch: { metadata: { annotations: { [SIM_FAIL_ANNOTATION]: 'true' } } } });
    await e.advance(1000);
    const second = await e.waitFor(PODS, 'default/web-0', (p) => p !== undefined && p.metadata.uid !== first?.metadata.uid);
    expect(second?.metadata.annotations?.[SIM_FAIL_ANNOTATION]).toBeUndefined();
    await e.advance(1000);
    await stsWhere(e, 'web', (s) => s.status?.readyReplicas === 1);
  });
});

describe('StatefulSet rolling update', () => {
  it('updates pods from the highest ordinal down, one at a time, each once the one before is ready again', async () => {
    const e = await start({ readyDelayMs: 1000 });
    await create(e, statefulSet('web', { replicas: 3, podManagementPolicy: 'Parallel' }));
    await e.waitForList(PODS, (l) => l.length === 3);
    await e.settle();
    await e.advance(1000);
    const before = await stsWhere(e, 'web', (s) => s.status?.readyReplicas === 3);
    const seen = journal(e);
    await setTemplateImage(e, 'web', 'nginx:1.28');
    const rolling = await stsWhere(e, 'web', (s) => s.status?.updateRevision !== before?.status?.updateRevision);
    expect(rolling?.status?.currentRevision).toBe(before?.status?.currentRevision);
    await runClock(e, 1000, 6);
    const after = await stsWhere(e, 'web', (s) => s.status?.currentRevision === s.status?.updateRevision && s.status?.readyReplicas === 3);
    expect(seen).toEqual(['-web-2', '+web-2', '-web-1', '+web-1', '-web-0', '+web-0']);
    expect(after?.status).toMatchObject({ replicas: 3, currentReplicas: 3, updatedReplicas: 3, observedGeneration: 2 });
    for (const p of podsOf(e)) {
      expect(p.spec?.containers?.[0].image).toBe('nginx:1.28');
      expect(p.metadata.labels?.['controller-revision-hash']).toBe(after?.status?.updateRevision);
    }
  });

  it('with partition 2, updates web-3 and web-2 and leaves web-0 and web-1 untouched', async () => {
    const e = await start();
    await create(e, statefulSet('web', { replicas: 4, updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 2 } } }));
    const before = await stsWhere(e, 'web', (s) => s.status?.readyReplicas === 4);
    const uids = podsOf(e).map((p) => p.metadata.uid);
    await setTemplateImage(e, 'web', 'nginx:1.28');
    const after = await stsWhere(e, 'web', (s) => s.status?.updatedReplicas === 2 && s.status.readyReplicas === 4);
    await e.settle();
    expect(podsOf(e).map((p) => p.spec?.containers?.[0].image)).toEqual(['nginx:1.27', 'nginx:1.27', 'nginx:1.28', 'nginx:1.28']);
    expect(
      podsOf(e)
        .map((p) => p.metadata.uid)
        .slice(0, 2),
    ).toEqual(uids.slice(0, 2));
    expect(after?.status).toMatchObject({ currentReplicas: 2, updatedReplicas: 2, currentRevision: before?.status?.currentRevision });
    expect(after?.status?.updateRevision).not.toBe(before?.status?.currentRevision);
  });

  it('OnDelete replaces nothing until a pod is deleted, which then comes back at the new revision', async () => {
    const e = await start();
    await create(e, statefulSet('web', { replicas: 2, updateStrategy: { type: 'OnDelete' } }));
    await stsWhere(e, 'web', (s) => s.status?.readyReplicas === 2);
    await setTemplateImage(e, 'web', 'nginx:1.28');
    await stsWhere(e, 'web', (s) => s.status?.observedGeneration === 2);
    await e.settle();
    expect(podsOf(e).map((p) => p.spec?.containers?.[0].image)).toEqual(['nginx:1.27', 'nginx:1.27']);
    await e.resource(PODS, 'default').delete('web-1');
    await e.waitFor(PODS, 'default/web-1', (p) => p?.spec?.containers?.[0].image === 'nginx:1.28');
  });

  it.each([
    { gate: true, firstMoves: ['-web-3', '-web-2', '+web-2', '+web-3'] },
    { gate: false, firstMoves: ['-web-3', '+web-3'] },
  ])('maxUnavailable 2 with MaxUnavailableStatefulSet=$gate: first moves $firstMoves', async ({ gate, firstMoves }) => {
    const e = await start({ readyDelayMs: 1000, gates: { MaxUnavailableStatefulSet: gate } });
    const created = await create(
      e,
      statefulSet('web', {
        replicas: 4,
        podManagementPolicy: 'Parallel',
        updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 2 } },
      }),
    );
    // Without the gate the server drops the field.
    expect(created.spec?.updateStrategy?.rollingUpdate?.maxUnavailable).toBe(gate ? 2 : undefined);
    await e.waitForList(PODS, (l) => l.length === 4);
    await e.settle();
    await e.advance(1000);
    await stsWhere(e, 'web', (s) => s.status?.readyReplicas === 4);
    const seen = journal(e);
    await setTemplateImage(e, 'web', 'nginx:1.28');
    await e.waitFor(PODS, 'default/web-3', (p) => p?.spec?.containers?.[0].image === 'nginx:1.28');
    await e.settle();
    expect([...seen].sort()).toEqual([...firstMoves].sort());
    await runClock(e, 1000, 6);
    await stsWhere(e, 'web', (s) => s.status?.updatedReplicas === 4 && s.status.readyReplicas === 4);
  });
});

describe('StatefulSet ControllerRevisions', () => {
  it('records each template as a revision <set>-<hash> whose data is the template patch; a return renumbers the old one', async () => {
    const e = await start();
    const set = await create(e, statefulSet('web', { replicas: 1, annotations: { team: 'a' } }));
    const first = await stsWhere(e, 'web', (s) => s.status?.readyReplicas === 1);
    const [rev1] = (await e.resource(CONTROLLER_REVISIONS, 'default').list()).items;
    const hash = hashRevision(goJson(revisionData(set)), 0);
    expect(rev1.metadata).toMatchObject({
      name: `web-${hash}`,
      labels: { app: 'web', [CONTROLLER_REVISION_HASH_LABEL]: hash },
      annotations: { team: 'a' },
      ownerReferences: [{ kind: 'StatefulSet', name: 'web', uid: set.metadata.uid, controller: true, blockOwnerDeletion: true }],
    });
    expect(rev1.revision).toBe(1);
    expect(rev1.data).toEqual({
      spec: {
        template: { $patch: 'replace', ...set.spec?.template, metadata: { ...set.spec?.template?.metadata, creationTimestamp: null } },
      },
    });
    expect(first?.status).toMatchObject({ currentRevision: rev1.metadata.name, updateRevision: rev1.metadata.name, collisionCount: 0 });

    await setTemplateImage(e, 'web', 'nginx:1.28');
    const second = await stsWhere(e, 'web', (s) => s.status?.currentRevision !== rev1.metadata.name && s.status?.readyReplicas === 1);
    await setTemplateImage(e, 'web', 'nginx:1.27');
    const third = await stsWhere(e, 'web', (s) => s.status?.currentRevision === rev1.metadata.name && s.status?.readyReplicas === 1);
    await e.settle();
    const revisions = (await e.resource(CONTROLLER_REVISIONS, 'default').list()).items;
    expect(revisions.map((r) => [r.metadata.name, r.revision]).sort()).toEqual(
      [
        [rev1.metadata.name, 3],
        [second?.status?.updateRevision, 2],
      ].sort(),
    );
    expect(third?.status?.updateRevision).toBe(rev1.metadata.name);
  });

  it('keeps revisionHistoryLimit old revisions besides the live ones', async () => {
    const e = await start();
    await create(e, statefulSet('web', { replicas: 1, revisionHistoryLimit: 1 }));
    await stsWhere(e, 'web', (s) => s.status?.readyReplicas === 1);
    for (const image of ['nginx:1.28', 'nginx:1.29', 'nginx:1.30']) {
      await setTemplateImage(e, 'web', image);
      await e.waitFor(PODS, 'default/web-0', (p) => p?.spec?.containers?.[0].image === image && isReady(p));
      await e.settle();
    }
    const revisions = (await e.resource(CONTROLLER_REVISIONS, 'default').list()).items.map((r) => r.revision).sort();
    expect(revisions).toEqual([3, 4]);
  });

  it('counts a hash collision in status.collisionCount and names the revision with the new count', async () => {
    // The set is stored first with no controller running, so the colliding name can be taken before.
    const e = await envs.start({ controllers: [podLifecycleSimulator({ readyDelayMs: 0 })] });
    const set = await create(e, statefulSet('web', { replicas: 1 }));
    const taken = `web-${hashRevision(goJson(revisionData(set)), 0)}`;
    await e
      .resource(CONTROLLER_REVISIONS, 'default')
      .create({ metadata: { name: taken, labels: { other: 'x' } }, data: { something: 'else' }, revision: 1 });
    await e.manager.add(statefulSetController());
    const done = await stsWhere(e, 'web', (s) => s.status?.readyReplicas === 1);
    expect(done?.status?.collisionCount).toBe(1);
    expect(done?.status?.updateRevision).toBe(`web-${hashRevision(goJson(revisionData(set)), 1)}`);
  });
});

describe('StatefulSet volume claims', () => {
  it('creates <claim>-<set>-<ordinal> from each template, labelled with the selector, and mounts it', async () => {
    const e = await start();
    await create(e, statefulSet('web', { replicas: 2, podManagementPolicy: 'Parallel', claims: ['data', 'logs'] }));
    await stsWhere(e, 'web', (s) => s.status?.readyReplicas === 2);
    const claims = (await e.resource(PERSISTENT_VOLUME_CLAIMS, 'default').list()).items;
    expect(claims.map((c) => c.metadata.name).sort()).toEqual(['data-web-0', 'data-web-1', 'logs-web-0', 'logs-web-1']);
    for (const c of claims) expect(c.metadata.labels).toEqual({ app: 'web' });
    expect(podsOf(e)[1].spec?.volumes?.filter((v) => v.persistentVolumeClaim)).toEqual([
      { name: 'data', persistentVolumeClaim: { claimName: 'data-web-1' } },
      { name: 'logs', persistentVolumeClaim: { claimName: 'logs-web-1' } },
    ]);
  });

  const owners = (e: TestEnv, name: string) =>
    e.manager
      .informer(PERSISTENT_VOLUME_CLAIMS)
      .store.get(`default/${name}`)
      ?.metadata.ownerReferences?.map((r) => `${r.kind}/${r.name}`) ?? [];

  // whenScaled Delete moves a scaled-away pod's claim to that pod by an update of the claim.
  it.each([
    { whenScaled: 'Retain', whenDeleted: 'Retain', inRange: [], scaledDown: [] },
    { whenScaled: 'Retain', whenDeleted: 'Delete', inRange: ['StatefulSet/web'], scaledDown: ['StatefulSet/web'] },
    { whenScaled: 'Delete', whenDeleted: 'Retain', inRange: [], scaledDown: ['Pod/web-1'] },
    { whenScaled: 'Delete', whenDeleted: 'Delete', inRange: ['StatefulSet/web'], scaledDown: ['Pod/web-1'] },
  ] as const)(
    'whenScaled $whenScaled, whenDeleted $whenDeleted: a claim is owned by $inRange, and $scaledDown once its pod is scaled away',
    async ({ whenScaled, whenDeleted, inRange, scaledDown }) => {
      const e = await start();
      await create(
        e,
        statefulSet('web', { replicas: 2, claims: ['data'], persistentVolumeClaimRetentionPolicy: { whenScaled, whenDeleted } }),
      );
      await stsWhere(e, 'web', (s) => s.status?.readyReplicas === 2);
      await e.settle();
      expect(owners(e, 'data-web-1')).toEqual(inRange);
      // Scaled to 1 while web-1 is kept by a finalizer, so its claim's owners can be seen before it goes.
      await e.resource(PODS, 'default').patch('web-1', { type: 'merge', patch: { metadata: { finalizers: ['example.com/hold'] } } });
      await e.resource(STATEFUL_SETS, 'default').patch('web', { type: 'merge', patch: { spec: { replicas: 1 } } });
      await e.waitFor(PODS, 'default/web-1', (p) => p?.metadata.deletionTimestamp !== undefined);
      await e.settle();
      expect(owners(e, 'data-web-1')).toEqual(scaledDown);
    },
  );

  it('whenScaled Delete: the claim of a scaled-away pod is garbage collected, and a new pod gets a fresh one', async () => {
    const e = await start({ gc: true });
    await create(
      e,
      statefulSet('web', {
        replicas: 2,
        claims: ['data'],
        persistentVolumeClaimRetentionPolicy: { whenScaled: 'Delete', whenDeleted: 'Retain' },
      }),
    );
    await stsWhere(e, 'web', (s) => s.status?.readyReplicas === 2);
    const old = await e.resource(PERSISTENT_VOLUME_CLAIMS, 'default').get('data-web-1');
    await e.resource(STATEFUL_SETS, 'default').patch('web', { type: 'merge', patch: { spec: { replicas: 1 } } });
    await e.waitFor(PERSISTENT_VOLUME_CLAIMS, 'default/data-web-1', (c) => c === undefined);
    expect(e.manager.informer(PERSISTENT_VOLUME_CLAIMS).store.get('default/data-web-0')).toBeDefined();
    await e.resource(STATEFUL_SETS, 'default').patch('web', { type: 'merge', patch: { spec: { replicas: 2 } } });
    const fresh = await e.waitFor(PERSISTENT_VOLUME_CLAIMS, 'default/data-web-1', (c) => c !== undefined);
    expect(fresh?.metadata.uid).not.toBe(old.metadata.uid);
    await stsWhere(e, 'web', (s) => s.status?.readyReplicas === 2);
  });

  it('whenDeleted Delete: deleting the set takes its claims along (garbage collector)', async () => {
    const e = await start({ gc: true });
    await create(
      e,
      statefulSet('web', {
        replicas: 2,
        podManagementPolicy: 'Parallel',
        claims: ['data'],
        persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Delete' },
      }),
    );
    await stsWhere(e, 'web', (s) => s.status?.readyReplicas === 2);
    await e.settle();
    await e.resource(STATEFUL_SETS, 'default').delete('web');
    await e.waitForList(PERSISTENT_VOLUME_CLAIMS, (l) => l.length === 0);
    await e.waitForList(PODS, (l) => l.length === 0);
  });

  it('without StatefulSetAutoDeletePVC, claims get no owners whatever the policy', async () => {
    const e = await start({ gates: { StatefulSetAutoDeletePVC: false } });
    await create(
      e,
      statefulSet('web', {
        replicas: 1,
        claims: ['data'],
        persistentVolumeClaimRetentionPolicy: { whenScaled: 'Delete', whenDeleted: 'Delete' },
      }),
    );
    await stsWhere(e, 'web', (s) => s.status?.readyReplicas === 1);
    await e.settle();
    expect(owners(e, 'data-web-0')).toEqual([]);
  });
});

describe('StatefulSet status, scale and events', () => {
  it('scaling through /scale works end to end; the scale view shows the status', async () => {
    const e = await start();
    await create(e, statefulSet('web', { replicas: 1 }));
    await stsWhere(e, 'web', (s) => s.status?.readyReplicas === 1);
    const path = '/apis/apps/v1/namespaces/default/statefulsets/web/scale';
    const scale = await e.client.requestJson<{ spec: { replicas: number } }>('GET', path);
    await e.client.requestJson('PUT', path, { body: JSON.stringify({ ...scale, spec: { replicas: 3 } }), contentType: 'application/json' });
    const scaled = await stsWhere(e, 'web', (s) => s.status?.readyReplicas === 3);
    expect(scaled?.status).toMatchObject({ replicas: 3, availableReplicas: 3, observedGeneration: 2 });
    expect(await e.client.requestJson('GET', path)).toMatchObject({ spec: { replicas: 3 }, status: { replicas: 3, selector: 'app=web' } });
  });

  it('records SuccessfulCreate and SuccessfulDelete events on the set, worded as the real controller', async () => {
    const e = await start();
    const set = await create(e, statefulSet('web', { replicas: 1, claims: ['data'] }));
    await stsWhere(e, 'web', (s) => s.status?.readyReplicas === 1);
    await e.resource(STATEFUL_SETS, 'default').patch('web', { type: 'merge', patch: { spec: { replicas: 0 } } });
    await stsWhere(e, 'web', (s) => s.status?.replicas === 0);
    await e.manager.whenIdle();
    const events = await e.waitForList(EVENTS, (l) => l.length >= 3);
    expect(events.map((ev) => [ev.type, ev.reason, ev.note, ev.reportingController, ev.regarding?.uid])).toEqual(
      expect.arrayContaining([
        [
          'Normal',
          'SuccessfulCreate',
          'create Claim data-web-0 Pod web-0 in StatefulSet web success',
          'statefulset-controller',
          set.metadata.uid,
        ],
        ['Normal', 'SuccessfulCreate', 'create Pod web-0 in StatefulSet web successful', 'statefulset-controller', set.metadata.uid],
        ['Normal', 'SuccessfulDelete', 'delete Pod web-0 in StatefulSet web successful', 'statefulset-controller', set.metadata.uid],
      ]),
    );
  });

  it('keeps every status field true while pods come and go (and writes none of its own conditions)', async () => {
    const e = await start({ readyDelayMs: 1000 });
    await create(e, statefulSet('web', { replicas: 2, podManagementPolicy: 'Parallel' }));
    const starting = await stsWhere(e, 'web', (s) => s.status?.replicas === 2);
    expect(starting?.status).toMatchObject({
      observedGeneration: 1,
      replicas: 2,
      availableReplicas: 0,
      currentReplicas: 2,
      updatedReplicas: 2,
      collisionCount: 0,
    });
    expect(starting?.status?.readyReplicas ?? 0).toBe(0);
    expect(starting?.status?.conditions).toBeUndefined();
    await e.advance(1000);
    const ready = await stsWhere(e, 'web', (s) => s.status?.readyReplicas === 2);
    expect(ready?.status).toMatchObject({ replicas: 2, readyReplicas: 2, availableReplicas: 2 });
  });
});

describe('StatefulSet controller against orch-apiserver over HTTP', () => {
  it('creates ordered pods and reports them ready', async () => {
    const { env: e } = await envs.overHttp({ controllers: [statefulSetController(), podLifecycleSimulator({ readyDelayMs: 1000 })] });
    await create(e, statefulSet('web', { replicas: 2 }));
    await e.waitFor(PODS, 'default/web-0', (p) => p !== undefined);
    await e.settle();
    expect(names(e)).toEqual(['web-0']);
    await e.advance(1000);
    await e.waitFor(PODS, 'default/web-1', (p) => p !== undefined);
    await e.advance(1000);
    const done = await stsWhere(e, 'web', (s) => s.status?.readyReplicas === 2);
    expect(done?.status).toMatchObject({ replicas: 2, availableReplicas: 2 });
  });
});
