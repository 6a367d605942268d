/**
 * The watch cache: one feed from the storage backend, applied in revision order to per-resource
 * stores, with a history window measured on the injected clock. All stores share one revision
 * (like etcd's), so a list's resourceVersion, a watch's start and a continue token mean the same
 * thing across resources.
 */
import { Subject } from 'rxjs';
import { type BackendEvent, CompactedError, type StorageBackend, type Unsubscribe } from '../storage/backend.ts';
import type { Clock, TimerHandle } from '../util/clock.ts';
import { ResourceStore } from './resource-store.ts';
import type { StoreEvent } from './types.ts';

export const REGISTRY_PREFIX = '/registry/';

const RELIST_MIN_DELAY_MS = 100;
const RELIST_MAX_DELAY_MS = 5_000;

interface Waiter {
  readonly rv: number;
  readonly resolve: () => void;
}

export interface CacheOptions {
  readonly backend: StorageBackend;
  readonly clock: Clock;
  /** How long events stay in history (default 5 minutes). */
  readonly historyWindowMs: number;
}

export class Cache {
  /** The latest revision applied. */
  revision = 0;
  /** The revision of the latest event applied (progress notifications move `revision` only). */
  private lastEventRevision = 0;
  /** Reads and watches need revision >= this; older ones are gone (410). */
  compactedRevision = 0;
  /** Emits the new compacted revision whenever history moves. */
  readonly compacted$ = new Subject<number>();
  /**
   * Emits the revision of a relist: the feed fell behind the backend's compaction, the cache
   * listed afresh, and its history starts there. Watches end (their clients' re-watches from
   * older revisions get 410), as the real watch cache terminates its watchers when it relists.
   */
  readonly relisted$ = new Subject<number>();
  private readonly stores = new Map<string, ResourceStore>();
  /** Every retained event in revision order (each knows its store). */
  private timeline: StoreEvent[] = [];
  private timelineHead = 0;
  private waiters: Waiter[] = [];
  private unwatch: Unsubscribe | undefined;
  private pruneTimer: TimerHandle | undefined;
  private closed = false;
  /**
   * The backend's feed ended (its history was compacted past this cache while it was cut off):
   * until a relist catches up, nothing advances the cache, so nobody waits for it.
   */
  private feedFailed = false;
  private relistDelayMs = RELIST_MIN_DELAY_MS;

  /** Event times count from here: small integers, which V8 keeps without a heap number each. */
  private readonly epoch: number;

  constructor(private readonly opts: CacheOptions) {
    this.epoch = opts.clock.now();
  }

  get clock(): Clock {
    return this.opts.clock;
  }

  get historyWindowMs(): number {
    return this.opts.historyWindowMs;
  }

  /** Registers the store of one resource (its key prefix, e.g. `/registry/configmaps/`). */
  register(prefix: string, namespaced: boolean): ResourceStore {
    let s = this.stores.get(prefix);
    if (!s) {
      s = new ResourceStore(prefix, namespaced);
      this.stores.set(prefix, s);
    }
    return s;
  }

  async start(): Promise<void> {
    const { revision, items } = await this.opts.backend.range(REGISTRY_PREFIX);
    for (const kv of items) this.route(kv.key)?.load(kv.key, kv.value, kv.modRevision);
    this.revision = revision;
    this.lastEventRevision = revision;
    this.compactedRevision = revision;
    this.watchFrom(revision);
    this.schedulePrune();
  }

  private watchFrom(revision: number): void {
    this.unwatch = this.opts.backend.watch(
      REGISTRY_PREFIX,
      revision,
      (e) => this.onEvent(e),
      (err) => this.onFeedFailed(err),
      (rev) => this.onProgress(rev),
    );
  }

  close(): void {
    this.closed = true;
    this.unwatch?.();
    this.pruneTimer?.cancel();
    for (const w of this.waiters) w.resolve();
    this.waiters = [];
    for (const s of this.stores.values()) s.close();
  }

  /** Resolves once the cache has applied `rv` (immediately if it has). */
  waitFor(rv: number): Promise<void> | undefined {
    if (this.revision >= rv || this.closed || this.feedFailed) return undefined;
    return new Promise((resolve) => this.waiters.push({ rv, resolve }));
  }

  /** Drops history older than the window, moving the compacted revision. */
  prune(): void {
    const limit = this.now() - this.opts.historyWindowMs;
    const tl = this.timeline;
    let moved = false;
    while (this.timelineHead < tl.length && tl[this.timelineHead].time < limit) {
      const event = tl[this.timelineHead];
      tl[this.timelineHead++] = undefined as unknown as StoreEvent;
      event.owner.forget(event);
      this.compactedRevision = event.rv;
      moved = true;
    }
    if (this.timelineHead > 1024 && this.timelineHead * 2 > tl.length) {
      this.timeline = tl.slice(this.timelineHead);
      this.timelineHead = 0;
    }
    if (moved) this.compacted$.next(this.compactedRevision);
  }

  private onEvent(e: BackendEvent): void {
    // A backend fed by a stream (etcd) may hand over an event again after reconnecting. Only
    // events count here: a progress notification may have run ahead of events still coming.
    if (e.revision <= this.lastEventRevision) return;
    this.lastEventRevision = e.revision;
    const store = this.route(e.key);
    if (store) {
      this.timeline.push(store.apply(e, this.now()));
    }
    if (e.revision > this.revision) this.advance(e.revision);
    const head = this.timeline[this.timelineHead];
    if (head && head.time < this.now() - this.opts.historyWindowMs) this.prune();
  }

  private onFeedFailed(err: Error): void {
    this.feedFailed = true;
    for (const w of this.waiters) w.resolve();
    this.waiters = [];
    if (err instanceof CompactedError) this.scheduleRelist();
  }

  private scheduleRelist(): void {
    if (this.closed) return;
    this.opts.clock.setTimeout(() => void this.relist(), this.relistDelayMs);
  }

  /**
   * Lists the backend afresh after its feed fell behind a compaction: open watches end, each
   * store is brought to the listing (its subscribers see what changed, as ADDED, MODIFIED and
   * DELETED events), history restarts at the listing's revision, and the feed resumes from it.
   */
  private async relist(): Promise<void> {
    if (this.closed) return;
    this.unwatch?.();
    let listing: Awaited<ReturnType<StorageBackend['range']>>;
    try {
      listing = await this.opts.backend.range(REGISTRY_PREFIX);
    } catch {
      this.relistDelayMs = Math.min(RELIST_MAX_DELAY_MS, this.relistDelayMs * 2);
      this.scheduleRelist();
      return;
    }
    if (this.closed) return;
    this.relistDelayMs = RELIST_MIN_DELAY_MS;
    const { revision, items } = listing;
    this.relisted$.next(revision);
    const listed = new Map<ResourceStore, Map<string, (typeof items)[number]>>();
    for (const kv of items) {
      const store = this.route(kv.key);
      if (!store) continue;
      let m = listed.get(store);
      if (!m) listed.set(store, (m = new Map()));
      m.set(kv.key, kv);
    }
    // The differences, applied in revision order (a delete's own revision is unknown: the listing's).
    const changes: BackendEvent[] = [];
    for (const store of this.stores.values()) changes.push(...store.differences(listed.get(store) ?? new Map(), revision));
    changes.sort((a, b) => a.revision - b.revision);
    const now = this.now();
    for (const e of changes) this.timeline.push(this.route(e.key)!.apply(e, now));
    this.revision = Math.max(this.revision, revision);
    this.lastEventRevision = revision;
    // History restarts here: nothing before the listing can be replayed.
    for (let i = this.timelineHead; i < this.timeline.length; i++) this.timeline[i].owner.forget(this.timeline[i]);
    this.timeline = [];
    this.timelineHead = 0;
    this.compactedRevision = revision;
    this.compacted$.next(revision);
    this.feedFailed = false;
    this.watchFrom(revision);
  }

  /** Nothing under the prefix changed up to `rev` (writes elsewhere in a shared store). */
  private onProgress(rev: number): void {
    if (rev > this.revision) this.advance(rev);
  }

  private advance(rev: number): void {
    this.revision = rev;
    if (this.waiters.length) {
      const ready = this.waiters.filter((w) => w.rv <= this.revision);
      if (ready.length) {
        this.waiters = this.waiters.filter((w) => w.rv > this.revision);
        for (const w of ready) w.resolve();
      }
    }
  }

  /**
   * Now, in ms since the epoch of this cache. Math.floor because a difference of two large
   * numbers is a heap number in V8 even when whole, and a field that once held one boxes every
   * event's time; floor hands back a small integer (up to 24 days, then still correct, boxed).
   */
  private now(): number {
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
