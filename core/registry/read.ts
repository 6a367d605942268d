/**
 * get, list and watch, served from the watch cache with the real platform's resourceVersion
 * semantics: unset = consistent (latest), "0" = any, N = not older than N (waiting briefly for
 * a revision the server has not seen, then 504 "Too large resource version"), Exact = the
 * snapshot at N (410 once compacted). A paged list is a snapshot at one revision; its token
 * carries that revision and the last key, and the next page seeks to it.
 */
import { Observable } from 'rxjs';
import { StatusError, type Status } from '../errors/status-error.ts';
import type { FieldSelector } from '../selection/field-selector.ts';
import type { LabelSelector } from '../selection/label-selector.ts';
import type { ListedItem, StoreEvent, Version } from '../watch-cache/types.ts';
import { isObject, type JsonObject } from '../util/json.ts';
import { decodeContinue, encodeContinue } from './continue-token.ts';
import { parseResourceVersion, type ListOptions, type WatchOptions } from './read-options.ts';
import type { ResourceRegistry } from './resource-registry.ts';

export interface ReadConfig {
  /** How long a read for a revision the server has not reached waits before 504. */
  readonly tooLargeResourceVersionWaitMs: number;
  /** Period of BOOKMARK events to watchers that asked for them. */
  readonly bookmarkIntervalMs: number;
  /** Watches without timeoutSeconds end after a random time in [min, 2×min). */
  readonly minWatchTimeoutMs: number;
  /** Events queued for a slow watcher before it is closed. */
  readonly watchBufferSize: number;
}

/** How long before a watch's deadline it gets its last bookmark (the real cache watcher's 2 s). */
const PRE_TIMEOUT_BOOKMARK_MS = 2000;

export const DEFAULT_READ_CONFIG: ReadConfig = {
  tooLargeResourceVersionWaitMs: 3000,
  bookmarkIntervalMs: 60_000,
  minWatchTimeoutMs: 30 * 60_000,
  watchBufferSize: 1000,
};

export interface ListResult {
  readonly items: readonly string[];
  readonly resourceVersion: number;
  readonly continue?: string;
  readonly remainingItemCount?: number;
}

export type WatchMessage =
  | { readonly kind: 'event'; readonly type: 'ADDED' | 'MODIFIED' | 'DELETED'; readonly json: string; readonly shared?: StoreEvent }
  | { readonly kind: 'bookmark'; readonly rv: number; readonly initialEventsEnd: boolean }
  | { readonly kind: 'error'; readonly status: Status };

/** Selects objects by namespace, labels and fields. */
class Filter {
  constructor(
    private readonly reg: ResourceRegistry,
    readonly namespace: string,
    readonly labels: LabelSelector | undefined,
    readonly fields: FieldSelector | undefined,
  ) {}

  get selective(): boolean {
    return !!(this.labels && !this.labels.empty) || !!(this.fields && !this.fields.empty);
  }

  /** Cheap checks from the key alone (namespace, metadata.name). */
  keyMatches(namespace: string, name: string): boolean {
    if (this.namespace && this.reg.def.namespaced && namespace !== this.namespace) return false;
    const f = this.fields;
    if (f && !f.empty) {
      for (const r of f.requirements) {
        if (r.field === 'metadata.name' && (r.operator === '=') !== (name === r.value)) return false;
        if (r.field === 'metadata.namespace' && (r.operator === '=') !== (namespace === r.value)) return false;
      }
    }
    return true;
  }

  objectMatches(obj: () => JsonObject, labels: () => Record<string, string> | undefined): boolean {
    if (this.labels && !this.labels.empty && !this.labels.matches(labels())) return false;
    const f = this.fields;
    if (f && !f.empty && f.requirements.some((r) => r.field !== 'metadata.name' && r.field !== 'metadata.namespace')) {
      const o = obj();
      const selectors = this.reg.def.fieldSelectors ?? {};
      return f.matches((name) => {
        if (name === 'metadata.name') return str(meta(o).name);
        if (name === 'metadata.namespace') return str(meta(o).namespace);
        return selectors[name]?.(o);
      });
    }
    return true;
  }

  versionMatches(item: ListedItem): boolean {
    if (!this.keyMatches(item.namespace, item.name)) return false;
    if (!this.selective) return true;
    let parsed: JsonObject | undefined;
    const obj = () => (parsed ??= JSON.parse(this.reg.viewOf(item.version)) as JsonObject);
    return this.objectMatches(obj, () => versionLabels(item.version, obj));
  }
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}
function meta(o: JsonObject): JsonObject {
  return isObject(o.metadata) ? o.metadata : {};
}
function versionLabels(v: Version, obj: () => JsonObject): Record<string, string> | undefined {
  if (v.labels === undefined) {
    const l = meta(obj()).labels;
    v.labels = isObject(l) ? (l as Record<string, string>) : null;
  }
  return v.labels ?? undefined;
}

/** Checks that a field selector only names fields the kind supports (else 400). */
export function checkFieldSelector(reg: ResourceRegistry, fs: FieldSelector | undefined): void {
  if (!fs) return;
  for (const r of fs.requirements) {
    // Every kind selects by name; only namespaced kinds by namespace (a cluster-scoped object has
    // no namespace field to select on, and the real server refuses the label for them).
    if (r.field === 'metadata.name' || (r.field === 'metadata.namespace' && reg.def.namespaced)) continue;
    if (!reg.def.fieldSelectors?.[r.field]) throw StatusError.badRequest(`field label not supported: ${r.field}`);
  }
}

/** Stored versions already known to parse. */
const readable = new WeakSet<Version>();

export class Reader {
  constructor(
    private readonly reg: ResourceRegistry,
    private readonly config: ReadConfig,
  ) {}

  /** This resource's cache: its revision, history and waiting are its own (one feed per resource). */
  private get cache() {
    return this.reg.store.feed;
  }

  /** Waits until the cache holds everything the backend has (a consistent read). */
  private fresh(): Promise<void> | undefined {
    // In-process backends deliver a write's events before it resolves: the cache is current.
    if (this.reg.deps.backend.synchronousEvents) return undefined;
    return this.reg.deps.backend.currentRevision().then((rev) => this.atLeast(rev));
  }

  /** Waits (briefly) for revision `rv`; 504 "Too large resource version" if it does not come. */
  private async atLeast(rv: number): Promise<void> {
    if (this.cache.revision >= rv) return;
    const wait = this.cache.waitFor(rv);
    if (wait) {
      let timer: { cancel(): void } | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = this.reg.deps.clock.setTimeout(resolve, this.config.tooLargeResourceVersionWaitMs, true);
      });
      await Promise.race([wait, timeout]);
      timer?.cancel();
    }
    if (this.cache.revision < rv) {
      const err = StatusError.timeout(`Too large resource version: ${rv}, current: ${this.cache.revision}`, 1);
      err.status.details!.causes = [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }];
      throw err;
    }
  }

  async get(namespace: string, name: string, resourceVersion: string | undefined): Promise<string> {
    const rv = parseResourceVersion(resourceVersion);
    if (!resourceVersion) {
      const wait = this.fresh();
      if (wait) await wait;
    } else if (rv > 0) await this.atLeast(rv);
    const v = this.reg.current(namespace, name);
    if (!v) throw StatusError.notFound(this.reg.gr, name);
    // A corrupt stored object is an error here, not garbage on the wire (checked once per version).
    if (!readable.has(v)) {
      this.reg.parse(v);
      readable.add(v);
    }
    return this.reg.viewOf(v);
  }

  async list(namespace: string, o: ListOptions): Promise<ListResult> {
    const filter = new Filter(this.reg, namespace, o.labelSelector, o.fieldSelector);
    checkFieldSelector(this.reg, o.fieldSelector);
    const rvText = o.resourceVersion ?? '';
    const match = o.resourceVersionMatch ?? '';
    const limit = o.limit !== undefined && o.limit > 0 ? Math.floor(o.limit) : 0;
    this.cache.prune();

    if (o.continue) {
      if (rvText && rvText !== '0') throw StatusError.badRequest('specifying resource version is not allowed when using continue');
      const token = decodeContinue(o.continue);
      let at = token.rv;
      const now = this.reg.deps.clock.now();
      const tooOld = token.issued !== undefined && now - token.issued > this.cache.historyWindowMs;
      if (at === -1) {
        await this.fresh();
        at = this.cache.revision;
      } else if (tooOld || at < this.cache.compactedRevision || at > this.cache.revision) {
        const err = StatusError.expired(
          'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.',
        );
        err.status.metadata.continue = encodeContinue({ rv: -1, after: token.after, issued: now });
        throw err;
      }
      return this.page(filter, at, token.after, limit, token.remaining, token.rv === -1 ? now : token.issued);
    }

    const rv = parseResourceVersion(rvText);
    if (!rvText) {
      // Most recent: consistent.
      await this.fresh();
      return this.page(filter, this.cache.revision, undefined, limit, undefined);
    }
    if (rvText === '0') {
      // Any: served from the cache, and (as the real platform's cache does) without paging.
      return this.page(filter, this.cache.revision, undefined, 0, undefined);
    }
    const exact = match === 'Exact' || (match === '' && limit > 0);
    if (exact) {
      if (rv > this.cache.revision) await this.atLeast(rv);
      if (rv < this.cache.compactedRevision) throw StatusError.expired('The resourceVersion for the provided list is too old.');
      return this.page(filter, rv, undefined, limit, undefined);
    }
    await this.atLeast(rv);
    return this.page(filter, this.cache.revision, undefined, limit, undefined);
  }

  /** One page of the snapshot at `at`, after key `after`. */
  private page(
    filter: Filter,
    at: number,
    after: string | undefined,
    limit: number,
    knownRemaining: number | undefined,
    issued: number = this.reg.deps.clock.now(),
  ): ListResult {
    const items: string[] = [];
    let lastKey: string | undefined;
    let more = false;
    const store = this.reg.store;
    const ns = this.reg.def.namespaced ? filter.namespace : '';
    const exactName = filter.fields?.exact('metadata.name');
    if (exactName !== undefined && (ns || !this.reg.def.namespaced)) {
      // metadata.name=x within a namespace: one lookup instead of a scan.
      const key = store.keyOf(ns, exactName);
      const v = store.get(key, at);
      if (v && (after === undefined || key > after)) {
        const item: ListedItem = { key, namespace: ns, name: exactName, version: v };
        if (filter.versionMatches(item)) items.push(this.reg.viewOf(v));
      }
      return { items, resourceVersion: at };
    }
    store.scan({ namespace: ns || undefined, after, atRevision: at }, (item) => {
      if (limit > 0 && items.length >= limit) {
        more = true;
        return false;
      }
      if (filter.versionMatches(item)) {
        items.push(this.reg.viewOf(item.version));
        lastKey = item.key;
      } else if (limit > 0) {
        lastKey = item.key;
      }
      return true;
    });
    if (!more || lastKey === undefined) return { items, resourceVersion: at };
    let remaining: number | undefined;
    if (!filter.selective) {
      if (knownRemaining !== undefined) {
        remaining = knownRemaining - items.length;
      } else if (after === undefined && at === this.cache.revision) {
        remaining = store.liveObjects(ns || undefined) - items.length;
      } else {
        remaining = 0;
        store.scan({ namespace: ns || undefined, after: lastKey, atRevision: at }, () => {
          remaining!++;
          return true;
        });
      }
      if (remaining < 0) remaining = 0;
    }
    return {
      items,
      resourceVersion: at,
      continue: encodeContinue({ rv: at, after: lastKey, issued, ...(remaining !== undefined ? { remaining } : {}) }),
      ...(remaining !== undefined && remaining > 0 ? { remainingItemCount: remaining } : {}),
    };
  }

  /**
   * A watch as an Observable of messages. Setup is synchronous once the start revision is known,
   * so the initial state and the live stream join with no gap and no duplicate.
   */
  watch(namespace: string, o: WatchOptions): Observable<WatchMessage> {
    const filter = new Filter(this.reg, namespace, o.labelSelector, o.fieldSelector);
    checkFieldSelector(this.reg, o.fieldSelector);
    const rvText = o.resourceVersion ?? '';
    const rv = parseResourceVersion(rvText);
    const clock = this.reg.deps.clock;
    const cache = this.cache;
    const config = this.config;

    return new Observable<WatchMessage>((sub) => {
      let closed = false;
      const cleanups: (() => void)[] = [];
      let lastRv = 0;

      // Versions sharing a store see each event in their own form (converted, defaulted); the
      // form is made once per registry and event.
      const viewOf = (ev: StoreEvent): string => {
        if (!this.reg.transformsOnRead) return ev.json;
        const views = (ev.views ??= new Map());
        let v = views.get(this.reg.viewKey);
        if (v === undefined) views.set(this.reg.viewKey, (v = this.reg.view(ev.json)));
        return v;
      };
      const emitEvent = (ev: StoreEvent) => {
        if (ev.rv <= lastRv) return;
        lastRv = ev.rv;
        const type = transition(filter, ev, this.reg.transformsOnRead ? (json) => this.reg.view(json) : undefined);
        if (!type) return;
        const json = viewOf(ev);
        // An event's encoded bytes are shared by every watcher of its apiVersion; an object
        // defaulted on read is this registry's own form (a changed definition reads it anew).
        const shared = json === ev.json || this.reg.def.storedAs ? ev : undefined;
        sub.next({ kind: 'event', type, json, ...(shared ? { shared } : {}) });
      };

      const start = async () => {
        // Start: with initial state (unset, "0", or sendInitialEvents=true), else exactly after a revision.
        const initial = o.sendInitialEvents === true || (o.sendInitialEvents === undefined && rv === 0);
        if (rv > 0 && o.sendInitialEvents === true) await this.atLeast(rv);
        else if (!rvText) await this.fresh();
        if (closed) return;
        cache.prune();
        let from: number;
        if (!initial && rv === 0) {
          // sendInitialEvents=false without a version: changes from now on.
          from = cache.revision;
          lastRv = from;
        } else if (initial) {
          from = cache.revision;
          const items: ListedItem[] = [];
          this.reg.store.scan({ namespace: this.reg.def.namespaced && namespace ? namespace : undefined, atRevision: from }, (item) => {
            if (filter.versionMatches(item)) items.push(item);
            return true;
          });
          for (const item of items) sub.next({ kind: 'event', type: 'ADDED', json: this.reg.viewOf(item.version) });
          lastRv = from;
          if (o.sendInitialEvents === true && o.allowWatchBookmarks) sub.next({ kind: 'bookmark', rv: from, initialEventsEnd: true });
        } else {
          from = rv;
          if (from < cache.compactedRevision) {
            sub.next({
              kind: 'error',
              status: StatusError.expired(`too old resource version: ${from} (${cache.compactedRevision})`).status,
            });
            sub.complete();
            return;
          }
          lastRv = from;
          for (const ev of this.reg.store.eventsAfter(from)) emitEvent(ev);
        }
        // When the store closes (server shutdown), the watch ends cleanly.
        const live = this.reg.store.events$.subscribe({ next: emitEvent, complete: () => sub.complete() });
        cleanups.push(() => live.unsubscribe());
        // The cache listed afresh (its feed fell behind a compaction): what this watch has not
        // seen is gone from history, so it ends with 410, and the client lists again.
        const relisted = cache.relisted$.subscribe((revision) => {
          sub.next({ kind: 'error', status: StatusError.expired(`too old resource version: ${lastRv} (${revision})`).status });
          sub.complete();
        });
        cleanups.push(() => relisted.unsubscribe());

        // timeoutSeconds=0 is no timeout given, as in the real handler: the server's own, with jitter.
        const timeoutMs = o.timeoutSeconds ? o.timeoutSeconds * 1000 : config.minWatchTimeoutMs * (1 + Math.random());
        const deadline = clock.now() + timeoutMs;

        if (o.allowWatchBookmarks) {
          const bookmark = () => {
            if (closed) return;
            if (cache.revision > lastRv) lastRv = cache.revision;
            sub.next({ kind: 'bookmark', rv: lastRv, initialEventsEnd: false });
          };
          // As the real cache watcher: every interval, and once 2 s before the watch's deadline, so a
          // client that resumes after the timeout starts from as new a revision as can be.
          const nextIn = (): number | undefined => {
            const now = clock.now();
            const at = Math.min(now + config.bookmarkIntervalMs, deadline - PRE_TIMEOUT_BOOKMARK_MS);
            return at <= now ? undefined : at - now;
          };
          const schedule = () => {
            const delay = nextIn();
            return delay === undefined ? undefined : clock.setTimeout(tick, delay);
          };
          const tick = () => {
            if (closed) return;
            bookmark();
            timer = schedule();
          };
          let timer = schedule();
          cleanups.push(() => timer?.cancel());
          // History is about to pass this watcher by: tell it the current revision first.
          const c = cache.compacted$.subscribe((compacted) => {
            if (lastRv < compacted || lastRv < cache.revision - 1) bookmark();
          });
          cleanups.push(() => c.unsubscribe());
        }

        // An open watch keeps a Node process alive, as its socket would over HTTP.
        const end = clock.setTimeout(() => sub.complete(), timeoutMs, true);
        cleanups.push(() => end.cancel());
      };

      start().catch((err: unknown) => {
        if (err instanceof StatusError) {
          sub.next({ kind: 'error', status: err.status });
          sub.complete();
        } else {
          sub.error(err);
        }
      });

      return () => {
        closed = true;
        for (const c of cleanups) c();
      };
    });
  }
}

/** What a watcher with this filter sees of an event: an object entering or leaving the selection is ADDED or DELETED. */
function transition(filter: Filter, ev: StoreEvent, view?: (json: string) => string): 'ADDED' | 'MODIFIED' | 'DELETED' | undefined {
  if (!filter.keyMatches(ev.namespace, ev.name)) return undefined;
  if (!filter.selective) return ev.type;
  // Parsed forms are cached on the event only for the storage version (others convert first).
  const now = view ? () => JSON.parse(view(ev.json)) as JsonObject : () => (ev.obj ??= JSON.parse(ev.json) as JsonObject);
  const before = view ? () => JSON.parse(view(ev.prevJson!)) as JsonObject : () => (ev.prevObj ??= JSON.parse(ev.prevJson!) as JsonObject);
  const labelsOf = (o: JsonObject) => {
    const l = meta(o).labels;
    return isObject(l) ? (l as Record<string, string>) : undefined;
  };
  const matchesNow = ev.type !== 'DELETED' && filter.objectMatches(now, () => labelsOf(now()));
  const matchedBefore = ev.prevJson !== undefined && filter.objectMatches(before, () => labelsOf(before()));
  if (ev.type === 'DELETED') return matchedBefore ? 'DELETED' : undefined;
  if (matchesNow && matchedBefore) return 'MODIFIED';
  if (matchesNow) return 'ADDED';
  if (matchedBefore) return 'DELETED';
  return undefined;
}
