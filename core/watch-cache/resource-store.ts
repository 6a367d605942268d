/**
 * The in-memory index of one resource: every key's versions within the history window, in key
 * order (a B-tree, so a page seeks to its start key), plus the resource's event log and live
 * event stream.
 */
import { type Observable, Subject } from 'rxjs';
import type { BackendEvent, KeyValue } from '../storage/backend.ts';
import { BTree } from '../util/btree.ts';
import { flatText } from '../util/json.ts';
import { setResourceVersion } from './json-rv.ts';
import { StoreEvent } from './store-event.ts';
import type { StoreFeed } from './store-feed.ts';
import type { ListedItem } from './types.ts';
import { Version } from './version.ts';

/**
 * A key and its versions, newest first along `Version.older` (no array: most keys have one or
 * two versions in history, and an array for them cost more than the versions' own fields). A
 * class for the reason `StoredKeyValue` is one (see the memory backend).
 */
class Entry {
  constructor(
    readonly key: string,
    readonly namespace: string,
    /** The newest version (a deleted one: the key is gone); undefined until the first is added. */
    public latest: Version | undefined,
  ) {}

  /** The name part of the key, made when asked (every entry keeping its own copy cost memory). */
  get name(): string {
    return this.namespace ? this.key.slice(this.namespace.length + 1) : this.key;
  }
}

/** How many compressed versions stand right after `v` in the chain (older than it). */
function chainBefore(v: Version): number {
  let n = 0;
  for (let o = v.older; o?.compressed; o = o.older) n++;
  return n;
}

export interface ScanOptions {
  /** Restrict to one namespace (namespaced resources). */
  readonly namespace?: string;
  /** Start strictly after this key suffix. */
  readonly after?: string;
  /** Read the state as of this revision. */
  readonly atRevision: number;
}

export class ResourceStore {
  // Keys are `namespace/name`: for nearly every kind ASCII names, where JavaScript's code-unit
  // order is etcd's byte order. A direct comparison beats both the library's general-purpose one
  // and compareStrings' surrogate check on this hottest of paths. Kinds whose names may be any
  // path segment (Events, RBAC) would list a name with a character beyond the BMP before one
  // with a character in U+E000..U+FFFF, the reverse of etcd: a list order, nothing else.
  private readonly tree = new BTree<string, Entry>(undefined, compareAsciiKeys);
  private log: StoreEvent[] = [];
  private logHead = 0;
  private readonly subject = new Subject<StoreEvent>();
  /** Live events, in revision order. */
  readonly events$: Observable<StoreEvent> = this.subject.asObservable();
  private liveCount = 0;
  private readonly namespaceCounts = new Map<string, number>();
  /**
   * How this resource's cache is fed, and how far it has got (revision, history start, waiting
   * for a revision): set by the cache that registers the store.
   */
  feed!: StoreFeed;

  constructor(
    readonly prefix: string,
    readonly namespaced: boolean,
  ) {}

  /** Loads an object present when the store started (no event: it predates history). */
  load(key: string, json: string, rv: number): void {
    const suffix = key.slice(this.prefix.length);
    const namespace = this.namespaceOf(suffix);
    this.tree.set(suffix, new Entry(suffix, namespace, new Version(rv, json)));
    this.count(namespace, 1);
  }

  apply(e: BackendEvent, time: number): StoreEvent {
    const suffix = e.key.slice(this.prefix.length);
    // A put with no previous value is most likely a new key (a create): it is added in one walk of
    // the tree, and looked up only when it was there after all.
    let entry = e.type === 'put' && !e.prevKv ? undefined : this.tree.get(suffix);
    if (!entry) {
      const fresh = new Entry(suffix, this.namespaceOf(suffix), undefined);
      entry = this.tree.setIfNotPresent(suffix, fresh) ? fresh : this.tree.get(suffix)!;
    }
    const last = entry.latest;
    const prev = last && !last.deleted ? last : undefined;
    let ev: StoreEvent;
    if (e.type === 'put') {
      const v = new Version(e.revision, e.kv!.value);
      v.older = last;
      entry.latest = v;
      if (prev) prev.supersede(v, chainBefore(prev));
      else this.count(entry.namespace, 1);
      ev = new StoreEvent(e.revision, this, entry, v, prev, time);
    } else {
      const tombstone = new Version(e.revision, null);
      tombstone.older = last;
      entry.latest = tombstone;
      if (prev) this.count(entry.namespace, -1);
      const base = prev?.json ?? e.prevKv?.value ?? '{}';
      ev = new StoreEvent(e.revision, this, entry, flatText(setResourceVersion(base, e.revision)), prev, time);
    }
    this.log.push(ev);
    this.subject.next(ev);
    return ev;
  }

  /**
   * What turns this store's current objects into `listed` (a fresh listing of its keys, by full
   * key), as backend events: puts at their own revisions, deletes at the listing's revision.
   */
  differences(listed: ReadonlyMap<string, KeyValue>, listRevision: number): BackendEvent[] {
    const out: BackendEvent[] = [];
    for (const [suffix, entry] of this.tree.entries('')) {
      const cur = versionAt(entry, undefined);
      if (!cur) continue;
      const key = this.prefix + suffix;
      const kv = listed.get(key);
      if (!kv) out.push({ type: 'delete', key, kv: undefined, prevKv: undefined, revision: listRevision });
      else if (kv.modRevision !== cur.rv) out.push({ type: 'put', key, kv, prevKv: undefined, revision: kv.modRevision });
    }
    for (const [key, kv] of listed) {
      const entry = this.tree.get(key.slice(this.prefix.length));
      if (!entry || !versionAt(entry, undefined)) out.push({ type: 'put', key, kv, prevKv: undefined, revision: kv.modRevision });
    }
    return out;
  }

  /** Forgets an event that left the history window, and versions no snapshot can need any more. */
  forget(ev: StoreEvent): void {
    if (this.log[this.logHead] === ev) {
      this.log[this.logHead++] = undefined as unknown as StoreEvent;
      if (this.logHead > 1024 && this.logHead * 2 > this.log.length) {
        this.log = this.log.slice(this.logHead);
        this.logHead = 0;
      }
    }
    const entry = this.tree.get(ev.key);
    if (!entry) return;
    // Versions older than the event's are needed by no snapshot any more.
    let v = entry.latest;
    while (v && v.rv !== ev.rv) v = v.older;
    if (v) v.older = undefined;
    const latest = entry.latest;
    if (latest?.deleted && !latest.older) this.tree.delete(ev.key);
  }

  get(suffix: string, atRevision?: number): Version | undefined {
    const entry = this.tree.get(suffix);
    if (!entry) return undefined;
    return versionAt(entry, atRevision);
  }

  /** Items in key order at a revision, starting after a key; stops when `visit` returns false. */
  scan(opts: ScanOptions, visit: (item: ListedItem) => boolean): void {
    const nsPrefix = this.namespaced && opts.namespace ? `${opts.namespace}/` : '';
    let start = opts.after !== undefined ? opts.after : nsPrefix;
    if (nsPrefix && start < nsPrefix) start = nsPrefix;
    for (const [key, entry] of this.tree.entries(start)) {
      if (opts.after !== undefined && key <= opts.after) continue;
      if (nsPrefix && !key.startsWith(nsPrefix)) break;
      const v = versionAt(entry, opts.atRevision);
      if (!v) continue;
      if (!visit({ key, namespace: entry.namespace, name: entry.name, version: v })) return;
    }
  }

  /** Number of live objects now (in a namespace, or all). O(1). */
  liveObjects(namespace?: string): number {
    return namespace ? (this.namespaceCounts.get(namespace) ?? 0) : this.liveCount;
  }

  /** Events with revision > rv still in history, in order. */
  eventsAfter(rv: number): StoreEvent[] {
    const log = this.log;
    // Binary search over the retained part of the log.
    let lo = this.logHead;
    let hi = log.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (log[mid].rv <= rv) lo = mid + 1;
      else hi = mid;
    }
    return log.slice(lo);
  }

  /** Ends the live stream: every watch of this resource completes. */
  close(): void {
    this.subject.complete();
  }

  keyOf(namespace: string, name: string): string {
    return this.namespaced ? `${namespace}/${name}` : name;
  }

  /** One string per namespace name, shared by every entry in it. */
  private readonly namespaceNames = new Map<string, string>();

  private namespaceOf(suffix: string): string {
    if (!this.namespaced) return '';
    const ns = suffix.slice(0, suffix.indexOf('/'));
    let interned = this.namespaceNames.get(ns);
    if (interned === undefined) {
      interned = flatText(`${ns}`);
      this.namespaceNames.set(interned, interned);
    }
    return interned;
  }

  private count(namespace: string, delta: number): void {
    this.liveCount += delta;
    if (namespace) this.namespaceCounts.set(namespace, (this.namespaceCounts.get(namespace) ?? 0) + delta);
  }
}

function versionAt(entry: Entry, atRevision: number | undefined): Version | undefined {
  if (atRevision === undefined) {
    const v = entry.latest;
    return v?.deleted ? undefined : v;
  }
  for (let v = entry.latest; v; v = v.older) {
    if (v.rv <= atRevision) return v.deleted ? undefined : v;
  }
  return undefined;
}

function compareAsciiKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
