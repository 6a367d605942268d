/**
 * A controller: informer events become keys in a work queue, workers hand each key to the
 * reconciler. Events of the primary resource queue the object's own key; events of owned objects
 * queue their controlling owner's key; `watches` map any other object to keys.
 */
import type { Subscription } from 'rxjs';
import type { Clock } from '../../../core/index.ts';
import { groupOf, keyOf, objectKey, type ResourceType } from '../api/resources.ts';
import type { KubeObject } from '../api/types.ts';
import type { SharedInformer } from '../informer/shared-informer.ts';
import type { InformerEvent } from '../informer/store.ts';
import type { Logger } from '../util/logger.ts';
import type { RateLimiterOptions } from '../workqueue/rate-limiter.ts';
import { WorkQueue } from '../workqueue/workqueue.ts';
import type { Predicate } from './predicates.ts';

export interface ReconcileResult {
  /** Try again after the key's backoff (as after a failure, without the error). */
  readonly requeue?: boolean;
  /** Try again after this many milliseconds of clock time; the backoff starts over. */
  readonly requeueAfter?: number;
}

/** Brings the world in line with the object named by `key` (`namespace/name` or `name`). Throwing retries with backoff. */
export type Reconciler = (key: string) => Promise<ReconcileResult | void> | ReconcileResult | void;

export interface WatchSpec {
  readonly resource: ResourceType;
  /** The keys of the primary objects an event of this object concerns. */
  readonly map: (obj: KubeObject) => readonly string[];
  readonly predicates?: readonly Predicate[];
}

export interface ControllerOptions<T extends KubeObject> {
  readonly name: string;
  /** The primary resource: its events queue its own keys. */
  readonly for: ResourceType<T>;
  readonly reconcile: Reconciler;
  /** Resources whose objects name a `for` object as their controller (ownerReference with `controller: true`). */
  readonly owns?: readonly ResourceType[];
  readonly watches?: readonly WatchSpec[];
  /** Filters on the primary resource's events. */
  readonly predicates?: readonly Predicate<T>[];
  /** Workers (default 1); one key is never processed by two at once. */
  readonly concurrency?: number;
  readonly rateLimit?: RateLimiterOptions;
}

export interface ControllerDeps {
  readonly clock: Clock;
  readonly logger: Logger;
  informer<O extends KubeObject>(type: ResourceType<O>): SharedInformer<O>;
}

/** Something the manager starts and stops: a controller, or a component like the garbage collector. */
export interface Runnable {
  readonly name: string;
  /** Resolves once running (caches synced, workers started). */
  start(): Promise<void>;
  /** Resolves once stopped (work in progress finished). */
  stop(): Promise<void>;
  /** Nothing to do right now (queued or in progress); delayed retries do not count. */
  isIdle?(): boolean;
  /** Resolves once idle. */
  whenIdle?(): Promise<void>;
}

/**
 * `n` workers taking keys from `queue` until it shuts down. A result's `requeueAfter` queues the
 * key again after that delay, `requeue` (or a failure, when `onError` says so) after its backoff;
 * otherwise the key's backoff is forgotten.
 */
export function startWorkers<K>(
  queue: WorkQueue<K>,
  n: number,
  handle: (key: K) => Promise<ReconcileResult | void> | ReconcileResult | void,
  onError: (key: K, err: unknown) => boolean,
): Promise<void>[] {
  const work = async () => {
    for (;;) {
      const key = await queue.get();
      if (key === undefined) return;
      try {
        const result = await handle(key);
        if (result?.requeueAfter !== undefined && result.requeueAfter > 0) {
          queue.forget(key);
          queue.addAfter(key, result.requeueAfter);
        } else if (result?.requeue) {
          queue.addRateLimited(key);
        } else {
          queue.forget(key);
        }
      } catch (err) {
        if (onError(key, err)) queue.addRateLimited(key);
      } finally {
        queue.done(key);
      }
    }
  };
  return Array.from({ length: Math.max(1, n) }, work);
}

/** The keys of `owner` objects that control `obj`. */
export function controllerKeys(owner: ResourceType, obj: KubeObject): string[] {
  const ref = obj.metadata.ownerReferences?.find(
    (r) => r.controller === true && r.kind === owner.kind && groupOf(r.apiVersion) === owner.group,
  );
  if (!ref) return [];
  return [owner.namespaced ? keyOf(obj.metadata.namespace ?? '', ref.name) : ref.name];
}

export class Controller<T extends KubeObject = KubeObject> implements Runnable {
  readonly queue: WorkQueue<string>;
  readonly name: string;
  private readonly subscriptions: Subscription[] = [];
  private workers: Promise<void>[] = [];
  private running = false;

  constructor(
    readonly opts: ControllerOptions<T>,
    private readonly deps: ControllerDeps,
  ) {
    this.name = opts.name;
    this.queue = new WorkQueue<string>({ clock: deps.clock, ...opts.rateLimit });
  }

  /** The primary resource's shared informer (its cache is what reconcilers should read). */
  get informer(): SharedInformer<T> {
    return this.deps.informer(this.opts.for);
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    const informers: SharedInformer<KubeObject>[] = [];
    const watch = <O extends KubeObject>(
      type: ResourceType<O>,
      predicates: readonly Predicate<O>[],
      keys: (ev: InformerEvent<O>) => readonly string[],
    ) => {
      const inf = this.deps.informer(type);
      informers.push(inf as unknown as SharedInformer<KubeObject>);
      this.subscriptions.push(
        inf.events().subscribe((ev) => {
          if (!predicates.every((p) => p(ev))) return;
          for (const k of keys(ev)) this.queue.add(k);
        }),
      );
    };
    const both = (ev: InformerEvent<KubeObject>, f: (o: KubeObject) => readonly string[]) => [
      ...new Set([...f(ev.object), ...(ev.old ? f(ev.old) : [])]),
    ];

    watch(this.opts.for, this.opts.predicates ?? [], (ev) => [objectKey(ev.object)]);
    for (const owned of this.opts.owns ?? []) watch(owned, [], (ev) => both(ev, (o) => controllerKeys(this.opts.for, o)));
    for (const w of this.opts.watches ?? []) watch(w.resource, w.predicates ?? [], (ev) => both(ev, w.map));

    await Promise.all(informers.map((i) => i.waitForSync()));
    if (!this.running) return;
    this.workers = startWorkers(
      this.queue,
      this.opts.concurrency ?? 1,
      (key) => this.opts.reconcile(key),
      (key, err) => {
        if (this.running) this.deps.logger.error(`${this.name}: reconciling ${key} failed; retrying after backoff`, err);
        return this.running;
      },
    );
  }

  isIdle(): boolean {
    return this.queue.isIdle;
  }

  whenIdle(): Promise<void> {
    return this.queue.whenIdle();
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    for (const s of this.subscriptions.splice(0)) s.unsubscribe();
    await this.queue.shutDownWithDrain();
    await Promise.all(this.workers);
  }
}
