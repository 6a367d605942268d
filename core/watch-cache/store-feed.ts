/**
 * The feed of one resource's store, as the real platform gives each resource a cacher of its own:
 * its own backend watch of the resource's prefix, its own dedup of events (a stream may hand one
 * over again after reconnecting), its own revision reached (moved by its events and by progress
 * notifications of its watch), its own oldest revision still in history, and its own relist when
 * its watch falls behind a compaction. A consistent read waits on the resource's feed, which asks
 * its watch for progress while anyone waits, so a resource nobody writes to catches up too.
 */
import { Subject } from 'rxjs';
import { type BackendEvent, CompactedError, type RangeResult, type StorageBackend, type Unsubscribe } from '../storage/backend.ts';
import type { Clock, TimerHandle } from '../util/clock.ts';
import type { ResourceStore } from './resource-store.ts';
import type { StoreEvent } from './types.ts';

const RELIST_MIN_DELAY_MS = 100;
const RELIST_MAX_DELAY_MS = 5_000;
/** While someone waits, progress is asked for again this often (the real progress requester's period). */
const PROGRESS_REQUEST_PERIOD_MS = 100;
const MAX_QUICK_RELISTS = 3;

interface Waiter {
  readonly rv: number;
  readonly resolve: () => void;
}

/** What a feed needs of the cache that holds it: the shared clock, history timeline and revision. */
export interface FeedHost {
  readonly backend: StorageBackend;
  readonly clock: Clock;
  readonly historyWindowMs: number;
  /**
   * The backend delivers every prefix's events in one revision order (an in-process one): a
   * revision any feed has reached, every feed has.
   */
  readonly sharedRevision: boolean;
  /** The highest revision any feed has reached. */
  readonly revision: number;
  readonly isClosed: boolean;
  /** Now, in the cache's time (ms since its epoch). */
  now(): number;
  /** Appends an applied event to the history timeline. */
  record(ev: StoreEvent): void;
  /** A feed reached `rev`. */
  reached(rev: number): void;
  /** A feed has someone waiting (or no longer has). */
  waiting(feed: StoreFeed, waits: boolean): void;
  /** Drops a store's history from the timeline (after a relist), then these events of it too. */
  restartHistory(store: ResourceStore, applied: readonly StoreEvent[]): void;
  prune(): void;
}

export class StoreFeed {
  /** Reads and watches need revision >= this; older ones are gone (410). */
  compactedRevision = 0;
  /** Emits the new compacted revision whenever this resource's history moves. */
  readonly compacted$ = new Subject<number>();
  /**
   * Emits the revision of a relist: the feed fell behind the backend's compaction, the store
   * listed afresh, and its history starts there. Watches of the resource end (their clients'
   * re-watches from older revisions get 410), as the real watch cache terminates its watchers.
   */
  readonly relisted$ = new Subject<number>();
  /** The revision reached by this feed's events and progress notifications. */
  private reached = 0;
  /** The revision of the latest event applied (progress notifications move `reached` only). */
  private lastEventRevision = 0;
  /** The store holds a listing and the feed watches on from it. */
  private listed = false;
  /**
   * The watch ended (its history was compacted past this feed while it was cut off): until a
   * relist catches up, nothing advances the store, so nobody waits for it.
   */
  private failed = false;
  private waiters: Waiter[] = [];
  private unwatch: Unsubscribe | undefined;
  private progressTimer: TimerHandle | undefined;
  private relistDelayMs = RELIST_MIN_DELAY_MS;
  /** Relists in a row because the backend refused a watch from the listing just made. */
  private quickRelists = 0;

  constructor(
    private readonly host: FeedHost,
    readonly store: ResourceStore,
    /**
     * Whether anything is ever stored under the prefix. A kind that is only answered (the access
     * reviews) has nothing to watch: the real platform gives it no cacher, and no etcd watch.
     */
    readonly stored = true,
  ) {}

  get prefix(): string {
    return this.store.prefix;
  }

  /**
   * The revision this resource's cache has reached. On a backend that delivers all prefixes'
   * events in one order, every store is at the latest revision any has seen.
   */
  get revision(): number {
    if (!this.stored) return this.host.revision; // nothing to wait for
    if (!this.listed) return 0;
    return this.host.sharedRevision ? this.host.revision : this.reached;
  }

  get historyWindowMs(): number {
    return this.host.historyWindowMs;
  }

  /** Drops history older than the window (shared by all resources: one timeline). */
  prune(): void {
    this.host.prune();
  }

  /** Resolves once this resource's cache has reached `rv` (undefined if it has). */
  waitFor(rv: number): Promise<void> | undefined {
    if (this.revision >= rv || this.host.isClosed || this.failed) return undefined;
    const p = new Promise<void>((resolve) => this.waiters.push({ rv, resolve }));
    if (this.waiters.length === 1) this.host.waiting(this, true);
    this.askProgress();
    return p;
  }

  /**
   * Starts from a listing the store has loaded: history begins there, the watch goes on from it.
   * The store counts as current only once the watch has started (a backend may refuse the
   * revision); events the watch replays at once may take it past the listing.
   */
  startAt(revision: number): void {
    this.lastEventRevision = revision;
    this.reached = revision;
    this.compactedRevision = revision;
    this.watchPrefix(revision);
    this.listed = true;
    this.host.reached(this.reached);
    this.release();
  }

  /** A store registered after the cache started: its own listing of its prefix, then its watch. */
  async listAndWatch(): Promise<void> {
    let listing: RangeResult;
    try {
      listing = await this.host.backend.range(this.prefix);
    } catch {
      this.retryLater(() => void this.listAndWatch());
      return;
    }
    if (this.host.isClosed) return;
    this.relistDelayMs = RELIST_MIN_DELAY_MS;
    for (const kv of listing.items) this.store.load(kv.key, kv.value, kv.modRevision);
    try {
      this.startAt(listing.revision);
      this.quickRelists = 0;
    } catch (err) {
      this.onWatchRefused(err as Error);
    }
  }

  /**
   * The backend refused to watch from a listing's revision: one that keeps no history (memory)
   * does when a write came between the listing and the watch. Listing again at once catches up
   * (a few times; then after the usual delay, as for any failed feed).
   */
  private onWatchRefused(err: Error): void {
    if (err instanceof CompactedError && this.quickRelists < MAX_QUICK_RELISTS) {
      this.quickRelists++;
      void this.relist();
      return;
    }
    this.onFailed(err);
  }

  /** Throws what the backend's watch throws (a start revision it no longer has). */
  private watchPrefix(revision: number): void {
    if (!this.stored) return;
    this.unwatch = this.host.backend.watch(
      this.prefix,
      revision,
      (e) => this.onEvent(e),
      (err) => this.onFailed(err),
      (rev) => this.onProgress(rev),
    );
  }

  close(): void {
    this.unwatch?.();
    this.unwatch = undefined;
    this.progressTimer?.cancel();
    this.progressTimer = undefined;
    for (const w of this.waiters) w.resolve();
    this.waiters = [];
    this.store.close();
  }

  private onEvent(e: BackendEvent): void {
    // A backend fed by a stream (etcd) may hand over an event again after reconnecting. Only
    // events count here: a progress notification may have run ahead of events still coming.
    if (e.revision <= this.lastEventRevision) return;
    this.lastEventRevision = e.revision;
    this.host.record(this.store.apply(e, this.host.now()));
    if (e.revision > this.reached) this.advance(e.revision);
  }

  /** Nothing under the prefix changed up to `rev` (writes elsewhere in a shared store). */
  private onProgress(rev: number): void {
    if (rev > this.reached) this.advance(rev);
  }

  private advance(rev: number): void {
    this.reached = rev;
    this.host.reached(rev);
    if (this.waiters.length) this.release();
  }

  /** Resolves those waiting for a revision reached (called by the host when its revision moves). */
  release(): void {
    if (!this.waiters.length) return;
    const at = this.revision;
    const ready = this.waiters.filter((w) => w.rv <= at);
    if (!ready.length) return;
    this.waiters = this.waiters.filter((w) => w.rv > at);
    if (!this.waiters.length) this.host.waiting(this, false);
    for (const w of ready) w.resolve();
  }

  /**
   * Asks the backend for progress on this feed's watch, and again every period while anyone
   * waits (a request made while the watch reconnects goes unanswered), as the real cacher's
   * progress requester does.
   */
  private askProgress(): void {
    const backend = this.host.backend;
    if (!backend.requestProgress || this.progressTimer || this.host.isClosed) return;
    backend.requestProgress(this.prefix);
    this.progressTimer = this.host.clock.setTimeout(() => {
      this.progressTimer = undefined;
      if (this.waiters.length) this.askProgress();
    }, PROGRESS_REQUEST_PERIOD_MS);
  }

  private onFailed(err: Error): void {
    this.failed = true;
    for (const w of this.waiters) w.resolve();
    if (this.waiters.length) this.host.waiting(this, false);
    this.waiters = [];
    if (err instanceof CompactedError) this.retryLater(() => void this.relist());
  }

  private retryLater(fn: () => void): void {
    if (this.host.isClosed) return;
    this.host.clock.setTimeout(fn, this.relistDelayMs);
    this.relistDelayMs = Math.min(RELIST_MAX_DELAY_MS, this.relistDelayMs * 2);
  }

  /**
   * Lists the resource afresh after its watch fell behind a compaction: its open watches end,
   * the store is brought to the listing (its subscribers see what changed, as ADDED, MODIFIED
   * and DELETED events), its history restarts at the listing's revision, and it watches on.
   */
  private async relist(): Promise<void> {
    if (this.host.isClosed) return;
    this.unwatch?.();
    this.unwatch = undefined;
    let listing: RangeResult;
    try {
      listing = await this.host.backend.range(this.prefix);
    } catch {
      this.retryLater(() => void this.relist());
      return;
    }
    if (this.host.isClosed) return;
    this.relistDelayMs = RELIST_MIN_DELAY_MS;
    const { revision, items } = listing;
    this.relisted$.next(revision);
    const listed = new Map(items.map((kv) => [kv.key, kv]));
    // The differences, applied in revision order (a delete's own revision is unknown: the listing's).
    const changes = this.store.differences(listed, revision).sort((a, b) => a.revision - b.revision);
    const now = this.host.now();
    const applied = changes.map((e) => this.store.apply(e, now));
    // History restarts here: nothing before the listing can be replayed.
    this.host.restartHistory(this.store, applied);
    this.failed = false;
    this.lastEventRevision = revision;
    this.compactedRevision = revision;
    this.compacted$.next(revision);
    if (revision > this.reached) this.reached = revision;
    try {
      this.watchPrefix(revision);
      this.quickRelists = 0;
    } catch (err) {
      // Not current until a watch starts: reads wait for the next listing.
      this.listed = false;
      this.onWatchRefused(err as Error);
      return;
    }
    this.listed = true;
    this.host.reached(this.reached);
    this.release();
  }
}
