/**
 * Controllers and the manager (docs/writing-a-controller.md, "The pieces" and "Controller
 * options"): keys from informer events, requeueAfter and backoff on the virtual clock, one key
 * never processed twice at once, owns/watches mapping, predicates, and a clean stop.
 */
import { describe, expect, it } from 'vitest';
import {
  annotationsChanged,
  and,
  CONFIG_MAPS,
  generationChanged,
  hasLabels,
  labelsChanged,
  NAMESPACES,
  not,
  or,
  type ConfigMap,
  type InformerEvent,
  type KubeObject,
  type Predicate,
  type ReconcileResult,
  type Reconciler,
} from '../../controllers/index.ts';
import { controllerEnvs } from '../support/controller-env.ts';

/** Counts reconciles per key and lets a test wait for the n-th. */
class Calls {
  readonly keys: string[] = [];
  private waiters: { key: string; n: number; resolve: () => void }[] = [];

  record(key: string): void {
    this.keys.push(key);
    this.waiters = this.waiters.filter((w) => {
      if (this.count(w.key) < w.n) return true;
      w.resolve();
      return false;
    });
  }

  count(key: string): number {
    return this.keys.filter((k) => k === key).length;
  }

  /** Resolves once `key` has been reconciled `n` times. */
  reach(key: string, n: number): Promise<void> {
    if (this.count(key) >= n) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ key, n, resolve }));
  }
}

const envs = controllerEnvs();

async function withController(
  reconcile: (key: string, calls: Calls) => ReturnType<Reconciler>,
  extra: {
    owns?: boolean;
    watchesNamespaces?: boolean;
    predicates?: Predicate<ConfigMap>[];
    concurrency?: number;
    forNamespaces?: boolean;
  } = {},
) {
  const calls = new Calls();
  const env = await envs.start({
    controllers: [
      (mgr) =>
        extra.forNamespaces
          ? mgr.createController({
              name: 'test',
              for: NAMESPACES,
              owns: extra.owns ? [CONFIG_MAPS] : [],
              rateLimit: { baseMs: 100, capMs: 10_000 },
              reconcile: (key) => {
                calls.record(key);
                return reconcile(key, calls);
              },
            })
          : mgr.createController<ConfigMap>({
              name: 'test',
              for: CONFIG_MAPS,
              predicates: extra.predicates ?? [],
              concurrency: extra.concurrency ?? 1,
              rateLimit: { baseMs: 100, capMs: 10_000 },
              watches: extra.watchesNamespaces
                ? [{ resource: NAMESPACES, map: (ns) => (ns.metadata.labels?.['watch-me'] ? [`${ns.metadata.name}/marker`] : []) }]
                : [],
              reconcile: (key) => {
                calls.record(key);
                return reconcile(key, calls);
              },
            }),
    ],
  });
  return { env, calls, cms: env.resource(CONFIG_MAPS, 'default') };
}

describe('controller', () => {
  it('reconciles the key of each object, once per burst of changes', async () => {
    const { calls, cms } = await withController(() => undefined);
    await cms.create({ metadata: { name: 'a' } });
    await cms.create({ metadata: { name: 'b' } });
    await calls.reach('default/a', 1);
    await calls.reach('default/b', 1);
    await cms.update({ metadata: { name: 'a' }, data: { k: '1' } });
    await calls.reach('default/a', 2);
    expect(calls.count('default/b')).toBe(1);
  });

  it('requeueAfter comes back after that much clock time, not before', async () => {
    const { env, calls, cms } = await withController((_k, c) => (c.keys.length === 1 ? { requeueAfter: 10_000 } : undefined));
    await cms.create({ metadata: { name: 'a' } });
    await calls.reach('default/a', 1);
    await env.advance(9_999);
    expect(calls.count('default/a')).toBe(1);
    await env.advance(1);
    await calls.reach('default/a', 2);
  });

  it('a failing reconcile is retried after a doubling backoff; success resets it', async () => {
    const failures = 3;
    const { env, calls, cms } = await withController((_k, c) => {
      if (c.keys.length <= failures) throw new Error(`failure ${c.keys.length}`);
      return undefined;
    });
    await cms.create({ metadata: { name: 'a' } });
    await calls.reach('default/a', 1);
    for (const { reconciled, delay } of [
      { reconciled: 1, delay: 100 },
      { reconciled: 2, delay: 200 },
      { reconciled: 3, delay: 400 },
    ]) {
      await env.advance(delay - 1);
      expect(calls.count('default/a')).toBe(reconciled);
      await env.advance(1);
      await calls.reach('default/a', reconciled + 1);
    }
    expect(env.errors.map((e) => (e.detail as Error).message)).toEqual(['failure 1', 'failure 2', 'failure 3']);
    expect(env.errors[0].message).toMatch(/test: reconciling default\/a failed/);
  });

  it('requeue: true retries after the backoff without an error', async () => {
    const { env, calls, cms } = await withController((_k, c): ReconcileResult | undefined =>
      c.keys.length === 1 ? { requeue: true } : undefined,
    );
    await cms.create({ metadata: { name: 'a' } });
    await calls.reach('default/a', 1);
    await env.advance(100);
    await calls.reach('default/a', 2);
    expect(env.errors).toEqual([]);
  });

  it('never processes one key in two workers at once, even with many workers', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let inFlight = 0;
    let maxInFlight = 0;
    const { env, calls, cms } = await withController(
      async (_k, c) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        if (c.keys.length === 1) await gate;
        inFlight--;
      },
      { concurrency: 4 },
    );
    await cms.create({ metadata: { name: 'a' } });
    await calls.reach('default/a', 1);
    for (const v of ['1', '2', '3']) await cms.update({ metadata: { name: 'a' }, data: { v } });
    await env.waitFor(CONFIG_MAPS, 'default/a', (o) => o?.data?.v === '3');
    expect(calls.count('default/a')).toBe(1); // still in the first reconcile
    release();
    await calls.reach('default/a', 2);
    expect(maxInFlight).toBe(1);
  });

  it('owns: events of an owned object queue its controlling owner', async () => {
    const { env, calls } = await withController(() => undefined, { forNamespaces: true, owns: true });
    const ns = await env.resource(NAMESPACES).create({ metadata: { name: 'team' } });
    await calls.reach('team', 1);
    const ref = { apiVersion: 'v1', kind: 'Namespace', name: 'team', uid: ns.metadata.uid! };
    await env.resource(CONFIG_MAPS, 'team').create({ metadata: { name: 'owned', ownerReferences: [{ ...ref, controller: true }] } });
    await calls.reach('team', 2);
    // A plain (non-controller) owner reference does not make the owner reconcile.
    await env.resource(CONFIG_MAPS, 'default').create({ metadata: { name: 'merely-owned', ownerReferences: [ref] } });
    await env.resource(CONFIG_MAPS, 'team').delete('owned');
    await calls.reach('team', 3);
    expect(calls.keys.filter((k) => k === 'team')).toHaveLength(3);
  });

  it("watches: any resource's events mapped to keys", async () => {
    const { env, calls } = await withController(() => undefined, { watchesNamespaces: true });
    await env.resource(NAMESPACES).create({ metadata: { name: 'x', labels: { 'watch-me': 'yes' } } });
    await calls.reach('x/marker', 1);
  });

  it("predicates filter the primary resource's events", async () => {
    const { calls, cms } = await withController(() => undefined, { predicates: [hasLabels({ app: 'web' })] });
    await cms.create({ metadata: { name: 'other' } });
    await cms.create({ metadata: { name: 'web', labels: { app: 'web' } } });
    await calls.reach('default/web', 1);
    // Leaving the set is seen (the old object matched).
    await cms.update({ metadata: { name: 'web', labels: { app: 'api' } } });
    await calls.reach('default/web', 2);
    expect(calls.count('default/other')).toBe(0);
  });

  it('stop waits for the reconcile in progress, then nothing runs and the watches close', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let finished = false;
    const { env, calls, cms } = await withController(async () => {
      await gate;
      finished = true;
    });
    await cms.create({ metadata: { name: 'a' } });
    await calls.reach('default/a', 1);
    const stopped = env.manager.stop();
    let stopDone = false;
    void stopped.then(() => (stopDone = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(stopDone).toBe(false);
    release();
    await stopped;
    expect(finished).toBe(true);
    expect(env.manager.informer(CONFIG_MAPS).running).toBe(false);
    await env.client.resource(CONFIG_MAPS, 'default').create({ metadata: { name: 'b' } });
    await env.advance(60_000);
    expect(calls.keys).toEqual(['default/a']);
  });
});

describe('predicates', () => {
  const obj = (meta: Partial<KubeObject['metadata']>): KubeObject => ({ metadata: { name: 'x', ...meta } });
  const modified = (old: Partial<KubeObject['metadata']>, now: Partial<KubeObject['metadata']>): InformerEvent<KubeObject> => ({
    type: 'MODIFIED',
    old: obj(old),
    object: obj(now),
  });

  it.each<{ name: string; predicate: Predicate; event: InformerEvent<KubeObject>; want: boolean }>([
    {
      name: 'generationChanged: generation moved',
      predicate: generationChanged,
      event: modified({ generation: 1 }, { generation: 2 }),
      want: true,
    },
    {
      name: 'generationChanged: only metadata changed',
      predicate: generationChanged,
      event: modified({ generation: 1 }, { generation: 1, labels: { a: 'b' } }),
      want: false,
    },
    {
      name: 'generationChanged: creation always passes',
      predicate: generationChanged,
      event: { type: 'ADDED', object: obj({}) },
      want: true,
    },
    {
      name: 'generationChanged: deletion always passes',
      predicate: generationChanged,
      event: { type: 'DELETED', object: obj({}) },
      want: true,
    },
    { name: 'labelsChanged: a label added', predicate: labelsChanged, event: modified({}, { labels: { a: 'b' } }), want: true },
    {
      name: 'labelsChanged: same labels',
      predicate: labelsChanged,
      event: modified({ labels: { a: 'b' } }, { labels: { a: 'b' }, annotations: { n: 'm' } }),
      want: false,
    },
    {
      name: 'annotationsChanged: a value changed',
      predicate: annotationsChanged,
      event: modified({ annotations: { n: '1' } }, { annotations: { n: '2' } }),
      want: true,
    },
    {
      name: 'hasLabels: matches now',
      predicate: hasLabels({ app: 'web' }),
      event: { type: 'ADDED', object: obj({ labels: { app: 'web' } }) },
      want: true,
    },
    {
      name: 'hasLabels: matched before only',
      predicate: hasLabels({ app: 'web' }),
      event: modified({ labels: { app: 'web' } }, {}),
      want: true,
    },
    {
      name: 'hasLabels: never matched',
      predicate: hasLabels({ app: 'web' }),
      event: modified({ labels: { app: 'api' } }, {}),
      want: false,
    },
    {
      name: 'hasLabels: key only',
      predicate: hasLabels({ tier: undefined }),
      event: { type: 'ADDED', object: obj({ labels: { tier: 'x' } }) },
      want: true,
    },
    { name: 'and', predicate: and(labelsChanged, hasLabels({ a: 'b' })), event: modified({}, { labels: { a: 'b' } }), want: true },
    { name: 'or', predicate: or(generationChanged, labelsChanged), event: modified({ generation: 1 }, { generation: 1 }), want: false },
    { name: 'not', predicate: not(labelsChanged), event: modified({}, { labels: { a: 'b' } }), want: false },
  ])('$name → $want', ({ predicate, event, want }) => {
    expect(predicate(event)).toBe(want);
  });
});
