/**
 * The storage backend of the browser: IndexedDB through `idb`.
 *
 * The committed state is mirrored in memory, so guards are checked and revisions assigned
 * synchronously, as the memory backend does; IndexedDB is the durable copy. Writes are grouped
 * into transactions (group commit): while one transaction commits, the next writes gather into
 * the following one. A write is acknowledged — and its event reaches watchers — only once its
 * transaction has completed, so nothing acknowledged or watched is lost by a reload or a crash of
 * the tab, and no acknowledgement waits for more than the commit that made it durable.
 *
 * Each transaction appends its writes to a log as ONE record: in Chromium every `put` costs a
 * round trip to the storage process, so a record per key would make a batch as slow as its
 * size. When the log has grown, or writes pause, it is folded into the key store in bounded
 * steps (like etcd's WAL and snapshots); opening replays what is left of it over the key store.
 *
 * A key has at most one write in flight: a second write of the same key waits for the first to
 * commit and is then checked against the committed state. The registry retries a failed guard
 * on what the watch cache shows, so failing a guard against a not-yet-visible write would make
 * it spin.
 */
import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import {
  CompactedError,
  sortedRange,
  type BackendEvent,
  type KeyValue,
  type RangeResult,
  type StorageBackend,
  type ValueProducer,
  type WriteResult,
} from '../../core/index.ts';

export type Durability = 'strict' | 'relaxed' | 'default';

export interface IndexedDbOptions {
  /** Database name (one per origin by default). */
  readonly name?: string;
  /**
   * `strict` (default): a transaction completes once on disk. `relaxed` completes once handed to
   * the OS, which still survives a crash of the tab or browser but not of the machine.
   */
  readonly durability?: Durability;
  /** How many committed events stay replayable for a watch that starts in the past. */
  readonly historySize?: number;
}

/** What a snapshot holds: every key at one revision. */
export interface StoreContents {
  readonly revision: number;
  readonly items: readonly KeyValue[];
}

/** One write in the log: the key's new value, or none for a delete. */
interface LogEntry {
  readonly key: string;
  readonly kv?: KeyValue;
}

interface OrchDb extends DBSchema {
  kv: { key: string; value: KeyValue };
  /**
   * Keyed by the last revision of the transaction that wrote the record. A record is its entries
   * as JSON: Chromium's structured clone of ~30 small objects took longer than the JSON text and
   * its copy, and cost a third of the throughput (bench P8). Databases written before hold the
   * entries as an array, which is read alike.
   */
  log: { key: number; value: string | LogEntry[] };
  meta: { key: string; value: number };
}

const DEFAULT_NAME = 'orch';
const REVISION_KEY = 'revision';
/** Past this many logged writes, a fold step follows every commit. */
const FOLD_AT = 2000;
/** A fold step writes about this many keys (its transaction holds up the commits behind it). */
const FOLD_STEP = 500;
/** Writes pausing this long start folding the log. */
const FOLD_WHEN_IDLE_MS = 500;

interface PendingWrite {
  readonly event: BackendEvent;
  readonly resolve: (r: WriteResult) => void;
  readonly reject: (err: unknown) => void;
}

class Batch {
  readonly writes: PendingWrite[] = [];
  /** Settles (never rejects) once the batch is committed or has failed. */
  readonly settled: Promise<void>;
  settle!: () => void;
  constructor() {
    this.settled = new Promise((resolve) => {
      this.settle = resolve;
    });
  }
}

interface LoggedRecord {
  readonly revision: number;
  readonly keys: readonly string[];
}

interface Watcher {
  readonly prefix: string;
  readonly afterRevision: number;
  readonly onEvent: (e: BackendEvent) => void;
}

function openOrchDb(name: string): Promise<IDBPDatabase<OrchDb>> {
  return openDB<OrchDb>(name, 1, {
    upgrade(db) {
      db.createObjectStore('kv', { keyPath: 'key' });
      db.createObjectStore('log');
      db.createObjectStore('meta');
    },
  });
}

/** Everything in the database: the key store with the log replayed over it. */
async function load(db: IDBPDatabase<OrchDb>): Promise<{ contents: StoreContents; log: LoggedRecord[] }> {
  const tx = db.transaction(['kv', 'log', 'meta'], 'readonly');
  const logStore = tx.objectStore('log');
  const [items, records, revisions, stored] = await Promise.all([
    tx.objectStore('kv').getAll(),
    logStore.getAll(),
    logStore.getAllKeys(),
    tx.objectStore('meta').get(REVISION_KEY),
    tx.done,
  ]);
  const data = new Map(items.map((kv) => [kv.key, kv]));
  const log: LoggedRecord[] = [];
  records.forEach((record, i) => {
    const entries: LogEntry[] = typeof record === 'string' ? JSON.parse(record) : record;
    for (const e of entries) {
      if (e.kv) data.set(e.key, e.kv);
      else data.delete(e.key);
    }
    log.push({ revision: revisions[i], keys: entries.map((e) => e.key) });
  });
  let revision = Math.max(stored ?? 0, log.length ? log[log.length - 1].revision : 0);
  for (const kv of data.values()) revision = Math.max(revision, kv.modRevision);
  return { contents: { revision, items: [...data.values()] }, log };
}

export class IndexedDbBackend implements StorageBackend {
  readonly name = 'indexeddb';
  /** Write transactions committed so far (how well writes batch). */
  commits = 0;
  private readonly data = new Map<string, KeyValue>();
  private committed: number;
  private assigned: number;
  private collecting: Batch | undefined;
  private pumping: Promise<void> | undefined;
  private readonly keyBatch = new Map<string, Batch>();
  /** Log records not folded into the key store yet, oldest first. */
  private readonly log: LoggedRecord[];
  private logged: number;
  private foldWhenIdle = false;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private foldFailed = false;
  private readonly history: BackendEvent[] = [];
  /** Watches may start at this revision or later; older ones are compacted. */
  private historyFloor: number;
  private readonly watchers = new Set<Watcher>();
  private closed = false;
  private broken: Error | undefined;

  private constructor(
    private readonly db: IDBPDatabase<OrchDb>,
    loaded: { contents: StoreContents; log: LoggedRecord[] },
    private readonly durability: Durability,
    private readonly historySize: number,
  ) {
    for (const kv of loaded.contents.items) this.data.set(kv.key, kv);
    this.committed = loaded.contents.revision;
    this.assigned = loaded.contents.revision;
    this.historyFloor = loaded.contents.revision;
    this.log = loaded.log;
    this.logged = loaded.log.reduce((n, r) => n + r.keys.length, 0);
    // Another context deleting or upgrading the database: stop rather than block it.
    db.addEventListener('versionchange', () => {
      this.broken = new Error('the IndexedDB database was deleted or upgraded by another context');
      db.close();
    });
    this.scheduleIdleFold();
  }

  static async open(options: IndexedDbOptions = {}): Promise<IndexedDbBackend> {
    const db = await openOrchDb(options.name ?? DEFAULT_NAME);
    return new IndexedDbBackend(db, await load(db), options.durability ?? 'strict', options.historySize ?? 1000);
  }

  /**
   * Replaces everything in a (closed) database with `contents`. The revision moves past every
   * one used before (as etcd's restore with a revision bump does): a client's resourceVersion from
   * before then reads as compacted, so its watch fails with 410 and it lists again, instead of
   * carrying on from a version whose objects are gone without a DELETED event.
   */
  static async replace(name: string, contents: StoreContents): Promise<void> {
    const db = await openOrchDb(name);
    try {
      const before = (await load(db)).contents.revision;
      const top = contents.items.reduce((m, kv) => Math.max(m, kv.modRevision), 0);
      const tx = db.transaction(['kv', 'log', 'meta'], 'readwrite', { durability: 'strict' });
      const kv = tx.objectStore('kv');
      await Promise.all([kv.clear(), tx.objectStore('log').clear()]);
      await Promise.all([
        ...contents.items.map((item) => kv.put(item)),
        tx.objectStore('meta').put(Math.max(before, contents.revision, top) + 1, REVISION_KEY),
        tx.done,
      ]);
    } finally {
      db.close();
    }
  }

  /** What a database holds, read without opening a backend on it (which would write to it). */
  static async read(name: string): Promise<StoreContents> {
    const db = await openOrchDb(name);
    try {
      const { contents } = await load(db);
      return { revision: contents.revision, items: [...contents.items].sort((a, b) => (a.key < b.key ? -1 : 1)) };
    } finally {
      db.close();
    }
  }

  static async destroy(name: string): Promise<void> {
    await deleteDB(name);
  }

  async currentRevision(): Promise<number> {
    return this.committed;
  }

  async get(key: string): Promise<KeyValue | undefined> {
    return this.data.get(key);
  }

  async range(prefix: string): Promise<RangeResult> {
    return { revision: this.committed, items: sortedRange(this.data, prefix) };
  }

  /** Every committed key, for a snapshot. */
  contents(): StoreContents {
    return { revision: this.committed, items: [...this.data.values()].sort((a, b) => (a.key < b.key ? -1 : 1)) };
  }

  /** Writes logged and not yet folded into the key store. */
  get logLength(): number {
    return this.logged;
  }

  create(key: string, value: ValueProducer): Promise<WriteResult> {
    return this.write(key, (cur) => (cur ? undefined : { put: value }));
  }

  update(key: string, expectedModRevision: number, value: ValueProducer): Promise<WriteResult> {
    return this.write(key, (cur) => (cur && cur.modRevision === expectedModRevision ? { put: value } : undefined));
  }

  delete(key: string, expectedModRevision: number): Promise<WriteResult> {
    return this.write(key, (cur) => (cur && cur.modRevision === expectedModRevision ? { put: undefined } : undefined));
  }

  watch(prefix: string, afterRevision: number, onEvent: (e: BackendEvent) => void): () => void {
    if (afterRevision < this.historyFloor) throw new CompactedError(this.historyFloor);
    for (const e of this.history) if (e.revision > afterRevision && e.key.startsWith(prefix)) onEvent(e);
    const w: Watcher = { prefix, afterRevision, onEvent };
    this.watchers.add(w);
    return () => this.watchers.delete(w);
  }

  async healthy(): Promise<boolean> {
    if (this.closed || this.broken) return false;
    try {
      await this.db.get('meta', REVISION_KEY);
      return true;
    } catch {
      return false;
    }
  }

  /** Folds the whole log into the key store now (it happens on its own when writes pause). */
  async fold(): Promise<void> {
    this.foldWhenIdle = true;
    this.kick();
    while (this.pumping) await this.pumping;
  }

  /** Lets every accepted write commit, then closes the database. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.idleTimer);
    while (this.pumping) await this.pumping;
    this.watchers.clear();
    this.db.close();
  }

  private async write(
    key: string,
    decide: (cur: KeyValue | undefined) => { put: ValueProducer | undefined } | undefined,
  ): Promise<WriteResult> {
    this.assertOpen();
    for (let b = this.keyBatch.get(key); b; b = this.keyBatch.get(key)) await b.settled;
    this.assertOpen();
    const cur = this.data.get(key);
    const decision = decide(cur);
    if (!decision) return { ok: false, current: cur };
    const revision = this.assigned + 1;
    // The producer runs before the revision is taken: if it throws, no revision is skipped.
    const kv: KeyValue | undefined = decision.put
      ? { key, value: decision.put(revision), modRevision: revision, createRevision: cur?.createRevision ?? revision }
      : undefined;
    this.assigned = revision;
    const event: BackendEvent = { type: kv ? 'put' : 'delete', key, kv, prevKv: cur, revision };
    if (!this.collecting) {
      this.collecting = new Batch();
      // Writes arriving in the same turn join this batch; the commit starts right after.
      this.kick();
    }
    const batch = this.collecting;
    this.keyBatch.set(key, batch);
    return new Promise<WriteResult>((resolve, reject) => batch.writes.push({ event, resolve, reject }));
  }

  private kick(): void {
    this.pumping ??= Promise.resolve().then(() => this.pump());
  }

  /** The one writer of the database: commits batches in order, and folds the log in between. */
  private async pump(): Promise<void> {
    for (;;) {
      if (this.collecting) {
        const batch = this.collecting;
        this.collecting = undefined;
        await this.commit(batch);
        if (this.logged >= FOLD_AT) await this.foldStep();
      } else if (this.foldWhenIdle && this.logged > 0 && !this.foldFailed && !this.broken) {
        await this.foldStep();
      } else {
        break;
      }
    }
    this.foldWhenIdle = false;
    this.pumping = undefined;
    this.scheduleIdleFold();
  }

  private scheduleIdleFold(): void {
    clearTimeout(this.idleTimer);
    if (this.closed || this.logged === 0) return;
    this.idleTimer = setTimeout(() => {
      this.foldWhenIdle = true;
      this.kick();
    }, FOLD_WHEN_IDLE_MS);
  }

  private async commit(batch: Batch): Promise<void> {
    const last = batch.writes[batch.writes.length - 1].event.revision;
    const entries: LogEntry[] = batch.writes.map(({ event }) => (event.kv ? { key: event.key, kv: event.kv } : { key: event.key }));
    try {
      if (this.broken) throw this.broken;
      const tx = this.db.transaction('log', 'readwrite', { durability: this.durability });
      await Promise.all([tx.store.put(JSON.stringify(entries), last), tx.done]);
    } catch (err) {
      this.release(batch);
      const failure = new Error(`storage write failed: ${err instanceof Error ? err.message : String(err)}`);
      for (const w of batch.writes) w.reject(failure);
      batch.settle();
      return;
    }
    this.commits++;
    this.log.push({ revision: last, keys: entries.map((e) => e.key) });
    this.logged += entries.length;
    for (const { event } of batch.writes) {
      if (event.kv) this.data.set(event.key, event.kv);
      else this.data.delete(event.key);
    }
    this.committed = last;
    this.release(batch);
    for (const w of batch.writes) {
      this.remember(w.event);
      this.emit(w.event);
    }
    for (const w of batch.writes) w.resolve({ ok: true, revision: w.event.revision, ...(w.event.kv ? { kv: w.event.kv } : {}) });
    batch.settle();
  }

  /**
   * Folds the oldest log records (about FOLD_STEP writes) into the key store. Each key they
   * touched is written as it is now; a later record touching it again is replayed over that on
   * open, so the key ends as its last write either way. Runs only between commits (the mirror is
   * then exactly what is committed).
   */
  private async foldStep(): Promise<void> {
    const records: LoggedRecord[] = [];
    let n = 0;
    while (n < FOLD_STEP && records.length < this.log.length) {
      const r = this.log[records.length];
      records.push(r);
      n += r.keys.length;
    }
    if (!records.length) return;
    const keys = new Set(records.flatMap((r) => r.keys));
    const first = records[0].revision;
    const last = records[records.length - 1].revision;
    try {
      const tx = this.db.transaction(['kv', 'log', 'meta'], 'readwrite', { durability: this.durability });
      const kv = tx.objectStore('kv');
      const ops: Promise<unknown>[] = [...keys].map((k) => {
        const v = this.data.get(k);
        return v ? kv.put(v) : kv.delete(k);
      });
      ops.push(tx.objectStore('log').delete(IDBKeyRange.bound(first, last)), tx.objectStore('meta').put(last, REVISION_KEY));
      await Promise.all([...ops, tx.done]);
    } catch (err) {
      // Not fatal: the log stays and is replayed on open. Do not retry in a loop.
      this.foldFailed = true;
      console.error('orch: folding the storage log failed', err);
      return;
    }
    this.log.splice(0, records.length);
    this.logged -= n;
  }

  private release(batch: Batch): void {
    for (const { event } of batch.writes) if (this.keyBatch.get(event.key) === batch) this.keyBatch.delete(event.key);
  }

  private remember(e: BackendEvent): void {
    this.history.push(e);
    if (this.history.length > this.historySize) this.historyFloor = this.history.shift()!.revision;
  }

  private emit(e: BackendEvent): void {
    for (const w of this.watchers) {
      if (e.revision <= w.afterRevision || !e.key.startsWith(w.prefix)) continue;
      try {
        w.onEvent(e);
      } catch (err) {
        // One watcher's bug must not keep the event from the others.
        console.error('orch: storage watcher failed', err);
      }
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('storage backend is closed');
    if (this.broken) throw this.broken;
  }
}
