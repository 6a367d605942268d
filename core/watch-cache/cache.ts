/**
 * The watch cache: per-resource stores, each fed by its own backend watch of its prefix (see
 * `store-feed.ts`), with one history window measured on the injected clock. Revisions are the
 * backend's (like etcd's, one sequence for all resources), so a list's resourceVersion, a watch's
 * start and a continue token mean the same thing across resources; how far each resource's cache
 * has got, and how far back its history goes, is its own.
 */
import type { StorageBackend } from '../storage/backend.ts';
import type { Clock, TimerHandle } from '../util/clock.ts';
import { ResourceStore } from './resource-store.ts';
import { type FeedHost, StoreFeed } from './store-feed.ts';
import type { StoreEvent } from './types.ts';

export const REGISTRY_PREFIX = '/registry/';

export interface CacheOptions {
  readonly backend: StorageBackend;
  readonly clock: Clock;
  /** How long events stay in history (default 5 minutes). */
  readonly historyWindowMs: number;
}

export class Cache implements FeedHost {
  /** The highest revision any resource's cache has reached (a store at it is at its latest state). */
  revision = 0;
  readonly sharedRevision: boolean;
  private readonly stores = new Map<string, ResourceStore>();
  /**
   * Every retained event in arrival order (each knows its store). Arrival times never go back, so
   * the events older than the window are always at the head, whichever resources they are of.
   */
  private timeline: StoreEvent[] = [];
  private timelineHead = 0;
  /** Feeds with someone waiting: where the revision is shared, any feed's progress is theirs too. */
  private readonly waitingFeeds = new Set<StoreFeed>();
  private pruneTimer: TimerHandle | undefined;
  private closed = false;
  /** The start-up listing is loaded: a store registered from now on lists its own prefix. */
  private running = false;

  /** Event times count from here: small integers, which V8 keeps without a heap number each. */
  private readonly epoch: number;

  constructor(private readonly opts: CacheOptions) {
    this.epoch = opts.clock.now();
    // In-process backends (memory, data directory, IndexedDB) deliver every prefix's events in one
    // revision order, and cannot be asked for progress: any resource's revision is all of theirs.
    // etcd's watches are separate streams, each answering for its own resource.
    this.sharedRevision = opts.backend.synchronousEvents === true || !opts.backend.requestProgress;
  }

  get backend(): StorageBackend {
    return this.opts.backend;
  }

  get clock(): Clock {
    return this.opts.clock;
  }

  get historyWindowMs(): number {
    return this.opts.historyWindowMs;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /**
   * Registers the store of one resource (its key prefix, e.g. `/registry/configmaps/`). One
   * registered after start (a custom resource whose definition became established) lists its
   * prefix and watches on from that listing by itself.
   */
  register(prefix: string, namespaced: boolean, stored = true): ResourceStore {
    let s = this.stores.get(prefix);
    if (!s) {
      s = new ResourceStore(prefix, namespaced);
      s.feed = new StoreFeed(this, s, stored);
      this.stores.set(prefix, s);
      if (this.running && !this.closed) void s.feed.listAndWatch();
    }
    return s;
  }

  /** The stores registered so far. */
  get registered(): readonly ResourceStore[] {
    return [...this.stores.values()];
  }

  /**
   * Loads every registered store from one listing of the whole registry (one read of the backend
   * at one revision, however many resources), and starts each store's watch from its revision.
   */
  async start(): Promise<void> {
    const { revision, items } = await this.opts.backend.range(REGISTRY_PREFIX);
    for (const kv of items) this.route(kv.key)?.load(kv.key, kv.value, kv.modRevision);
    this.revision = Math.max(this.revision, revision);
    this.running = true;
    for (const s of this.stores.values()) s.feed.startAt(revision);
    this.schedulePrune();
  }

  close(): void {
    this.closed = true;
    this.pruneTimer?.cancel();
    this.waitingFeeds.clear();
    for (const s of this.stores.values()) s.feed.close();
  }

  /** Drops history older than the window, moving each resource's compacted revision. */
  prune(): void {
    const limit = this.now() - this.opts.historyWindowMs;
    const tl = this.timeline;
    let moved: Set<StoreFeed> | undefined;
    while (this.timelineHead < tl.length && tl[this.timelineHead].time < limit) {
      const event = tl[this.timelineHead];
      tl[this.timelineHead++] = undefined as unknown as StoreEvent;
      const store = event.owner;
      store.forget(event);
      if (event.rv > store.feed.compactedRevision) {
        store.feed.compactedRevision = event.rv;
        (moved ??= new Set()).add(store.feed);
      }
    }
    if (this.timelineHead > 1024 && this.timelineHead * 2 > tl.length) {
      this.timeline = tl.slice(this.timelineHead);
      this.timelineHead = 0;
    }
    if (moved) for (const feed of moved) feed.compacted$.next(feed.compactedRevision);
  }

  record(ev: StoreEvent): void {
    this.timeline.push(ev);
    const head = this.timeline[this.timelineHead];
    if (head.time < ev.time - this.opts.historyWindowMs) this.prune();
  }

  reached(rev: number): void {
    if (rev <= this.revision) return;
    this.revision = rev;
    if (this.sharedRevision && this.waitingFeeds.size) for (const feed of [...this.waitingFeeds]) feed.release();
  }

  waiting(feed: StoreFeed, waits: boolean): void {
    if (waits) this.waitingFeeds.add(feed);
    else this.waitingFeeds.delete(feed);
  }

  restartHistory(store: ResourceStore, applied: readonly StoreEvent[]): void {
    const kept: StoreEvent[] = [];
    for (let i = this.timelineHead; i < this.timeline.length; i++) {
      const ev = this.timeline[i];
      if (ev.owner === store) store.forget(ev);
      else kept.push(ev);
    }
    for (const ev of applied) store.forget(ev);
    this.timeline = kept;
    this.timelineHead = 0;
  }

  /**
   * Now, in ms since the epoch of this cache. Math.floor because a difference of two large
   * numbers is a heap number in V8 even when whole, and a field that once held one boxes every
   * event's time; floor hands back a small integer (up to 24 days, then still correct, boxed).
   */
  now(): number {
    return Math.floor(this.opts.clock.now() - this.epoch);
  }

  private route(key: string): ResourceStore | undefined {
    const end = key.indexOf('/', REGISTRY_PREFIX.length);
    if (end < 0) return undefined;
    return this.stores.get(key.slice(0, end + 1));
  }

  /** History also moves when nothing is written: check on a timer of the injected clock. */
  private schedulePrune(): void {
    if (this.closed) return;
    const every = Math.max(1000, Math.floor(this.opts.historyWindowMs / 10));
    this.pruneTimer = this.opts.clock.setTimeout(() => {
      this.prune();
      this.schedulePrune();
    }, every);
  }
}
