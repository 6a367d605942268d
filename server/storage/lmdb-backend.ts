/**
 * The `--data-dir` backend: LMDB (through `lmdb`), a copy-on-write B-tree whose commits are atomic
 * and crash-safe without a log of our own. Four databases in one environment: `kv` (each key's
 * current value and revisions), `log` (every write by revision: its key and revisions, no value),
 * `hist` (a value superseded by an update or removed by a delete, under the revision that wrote
 * it) and `meta` (the compacted revision). A write is one transaction over them; a value is
 * written once when it is created and once more when it is superseded, so a store that is mostly
 * read costs its JSON once on disk (and in the file pages a restart maps in).
 *
 * The revision is the log's last key, so it moves with the data and is never reused, even after
 * kill -9. A write resolves only after its commit has been flushed to disk, and its event reaches
 * watchers before it resolves, in revision order: this process is the only writer (the directory
 * is locked), so the watch cache is current with every acknowledged write (`synchronousEvents`).
 *
 * Compaction runs on the real platform's cadence (every 5 minutes, to the revision that was
 * current at the previous run), so history covers at least one interval and the log, and with
 * it the file, stays bounded: LMDB reuses the pages compaction frees.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Database, open, type RootDatabase } from 'lmdb';
import {
  type BackendEvent,
  CompactedError,
  type KeyValue,
  type RangeResult,
  type StorageBackend,
  type Unsubscribe,
  type ValueProducer,
  WatcherSet,
  type WriteResult,
} from '../../core/storage/index.ts';
import { type DirLock, lockDirectory } from './dir-lock.ts';
import { prefixEnd } from './key-range.ts';
import { isDiskFull, storageFailed } from './storage-errors.ts';
import { IDENTITY, type ValueTransformer } from './value-transformer.ts';

/** A value as stored: the JSON text, or the bytes a transformer (encryption at rest) made of it. */
type Stored = string | Uint8Array;
/** A key's record: value, modification revision, creation revision. */
type StoredKv = [value: Stored, mod: number, create: number];
/** A log record. A put's value is in `kv` (or `hist` once superseded); a delete names the revision it removed. */
type LogRecord = [type: 'put', key: string, create: number] | [type: 'delete', key: string, create: number, removedMod: number];
/** A superseded value, under the revision that wrote it, with the revision that superseded it. */
type HistRecord = [value: Stored, supersededAt: number];

export interface LmdbBackendOptions {
  readonly dir: string;
  /** How often old revisions are compacted (default 5 minutes, as the real platform does). */
  readonly compactionIntervalMs?: number;
  readonly transformer?: ValueTransformer;
}

export const DEFAULT_COMPACTION_INTERVAL_MS = 5 * 60_000;
const COMPACT_BATCH = 10_000;

class StoredKeyValue implements KeyValue {
  constructor(
    readonly key: string,
    readonly value: string,
    readonly modRevision: number,
    readonly createRevision: number,
  ) {}
}

interface Outcome {
  readonly result: WriteResult;
  readonly event?: BackendEvent;
}

export class LmdbBackend implements StorageBackend {
  readonly name = 'data-dir';
  readonly synchronousEvents = true;
  private root!: RootDatabase;
  private kv!: Database<StoredKv, string>;
  private log!: Database<LogRecord, number>;
  private hist!: Database<HistRecord, number>;
  private meta!: Database<number, string>;
  /** No write has been made yet: the next full range is the start-up load. */
  private pristine = true;
  private readonly watchers = new WatcherSet();
  private readonly lock: DirLock;
  private readonly transformer: ValueTransformer;
  /** The last revision whose event was delivered (every write up to it is durable). */
  private revision: number;
  /**
   * The last revision handed to a write transaction. Transactions run one after another, so a
   * counter is enough; one whose commit fails leaves a gap, never a reused revision.
   */
  private assigned: number;
  /** Acknowledgements in revision order: each write's flush and event wait for the one before. */
  private ackChain: Promise<unknown> = Promise.resolve();
  private compactTimer: NodeJS.Timeout | undefined;
  /** The revision at the previous compaction tick: the next tick compacts up to it. */
  private compactCandidate = 0;
  private closed = false;

  static open(options: LmdbBackendOptions): LmdbBackend {
    mkdirSync(options.dir, { recursive: true });
    const lock = lockDirectory(options.dir);
    try {
      return new LmdbBackend(options, lock);
    } catch (err) {
      lock.release();
      throw err;
    }
  }

  private constructor(
    readonly options: LmdbBackendOptions,
    lock: DirLock,
  ) {
    this.lock = lock;
    this.transformer = options.transformer ?? IDENTITY;
    this.openEnvironment();
    let last = 0;
    for (const k of this.log.getKeys({ reverse: true, limit: 1 })) last = k;
    // A log compacted to its end keeps the revision in meta.
    this.revision = Math.max(last, this.meta.get('revision') ?? 0);
    this.assigned = this.revision;
    this.compactCandidate = this.revision;
    const every = options.compactionIntervalMs ?? DEFAULT_COMPACTION_INTERVAL_MS;
    this.compactTimer = setInterval(() => void this.compactTick(), every);
    this.compactTimer.unref();
  }

  private openEnvironment(): void {
    this.root = open({ path: join(this.options.dir, 'lmdb'), maxDbs: 4, compression: false });
    this.kv = this.root.openDB<StoredKv, string>('kv', { encoding: 'msgpack' });
    this.log = this.root.openDB<LogRecord, number>('log', { encoding: 'msgpack' });
    this.hist = this.root.openDB<HistRecord, number>('hist', { encoding: 'msgpack' });
    this.meta = this.root.openDB<number, string>('meta', { encoding: 'msgpack' });
  }

  /** The directory this backend keeps its files in. */
  get dir(): string {
    return this.options.dir;
  }

  /** Revisions at or below this one are gone from the log. */
  compactedRevision(): number {
    return this.meta.get('compacted') ?? 0;
  }

  async currentRevision(): Promise<number> {
    return this.revision;
  }

  async get(key: string): Promise<KeyValue | undefined> {
    const rec = this.kv.get(key);
    return rec && this.toKv(key, rec);
  }

  async range(prefix: string): Promise<RangeResult> {
    const items: KeyValue[] = [];
    for (const { key, value } of this.kv.getRange({ start: prefix, end: prefixEnd(prefix) })) items.push(this.toKv(key, value));
    if (this.pristine && items.length > 1000) {
      // The start-up load read every page of the file, and a mapped page once read stays in this
      // process's resident memory: reopening unmaps them (the values are copies in the heap now),
      // and later writes map in only the few pages they touch. Before any write, nothing is in flight.
      this.pristine = false;
      await this.root.close();
      this.openEnvironment();
    }
    return { revision: this.revision, items };
  }

  create(key: string, value: ValueProducer): Promise<WriteResult> {
    return this.write(() => {
      const cur = this.kv.get(key);
      if (cur) return { result: { ok: false, current: this.toKv(key, cur) } };
      const revision = ++this.assigned;
      const kv = new StoredKeyValue(key, value(revision), revision, revision);
      this.kv.putSync(key, [this.transformer.toStorage(key, key, kv.value), revision, revision]);
      this.log.putSync(revision, ['put', key, revision]);
      return { result: { ok: true, revision, kv }, event: { type: 'put', key, kv, prevKv: undefined, revision } };
    });
  }

  update(key: string, expectedModRevision: number, value: ValueProducer): Promise<WriteResult> {
    return this.write(() => {
      const cur = this.kv.get(key);
      if (!cur || cur[1] !== expectedModRevision) return { result: { ok: false, current: cur && this.toKv(key, cur) } };
      const revision = ++this.assigned;
      const kv = new StoredKeyValue(key, value(revision), revision, cur[2]);
      this.kv.putSync(key, [this.transformer.toStorage(key, key, kv.value), revision, cur[2]]);
      this.hist.putSync(cur[1], [cur[0], revision]);
      this.log.putSync(revision, ['put', key, cur[2]]);
      return { result: { ok: true, revision, kv }, event: { type: 'put', key, kv, prevKv: this.toKv(key, cur), revision } };
    });
  }

  delete(key: string, expectedModRevision: number): Promise<WriteResult> {
    return this.write(() => {
      const cur = this.kv.get(key);
      if (!cur || cur[1] !== expectedModRevision) return { result: { ok: false, current: cur && this.toKv(key, cur) } };
      const revision = ++this.assigned;
      this.kv.removeSync(key);
      this.hist.putSync(cur[1], [cur[0], revision]);
      this.log.putSync(revision, ['delete', key, cur[2], cur[1]]);
      return { result: { ok: true, revision }, event: { type: 'delete', key, kv: undefined, prevKv: this.toKv(key, cur), revision } };
    });
  }

  watch(prefix: string, afterRevision: number, onEvent: (e: BackendEvent) => void): Unsubscribe {
    const compacted = this.compactedRevision();
    if (afterRevision < compacted) throw new CompactedError(compacted);
    // Replay from the log, then go live: both happen in this turn, so nothing falls between.
    if (afterRevision < this.revision) {
      for (const { key, value } of this.log.getRange({ start: afterRevision + 1, end: this.revision + 1 })) {
        if (value[1].startsWith(prefix)) onEvent(this.replayed(key, value));
      }
    }
    return this.watchers.add(prefix, onEvent);
  }

  async healthy(): Promise<boolean> {
    return !this.closed;
  }

  /** Drops history up to `revision` (at most the current one); watches from before it get 410. */
  async compact(revision: number): Promise<void> {
    const target = Math.min(revision, this.revision);
    let from = this.compactedRevision();
    while (from < target && !this.closed) {
      const upTo = Math.min(target, from + COMPACT_BATCH);
      const start = from + 1;
      await this.root.transaction(() => {
        for (const k of this.log.getKeys({ start, end: upTo + 1 })) this.log.removeSync(k);
        // A superseded value is history until the write that superseded it is compacted too.
        for (const { key, value } of this.hist.getRange({ end: upTo + 1 })) if (value[1] <= upTo) this.hist.removeSync(key);
        this.meta.putSync('compacted', upTo);
        this.meta.putSync('revision', Math.max(upTo, this.meta.get('revision') ?? 0));
      });
      from = upTo;
    }
    await this.root.flushed;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.compactTimer) clearInterval(this.compactTimer);
    this.watchers.clear();
    await this.ackChain;
    await this.root.close();
    this.lock.release();
  }

  private async compactTick(): Promise<void> {
    const target = this.compactCandidate;
    this.compactCandidate = this.revision;
    if (target > this.compactedRevision()) await this.compact(target).catch(() => undefined);
  }

  private toKv(key: string, rec: StoredKv): KeyValue {
    return new StoredKeyValue(key, this.transformer.fromStorage(key, key, rec[0]), rec[1], rec[2]);
  }

  /** A logged write as the event it was, its values from `kv` or `hist`. */
  private replayed(revision: number, rec: LogRecord): BackendEvent {
    const key = rec[1];
    const read = (mod: number): string => {
      const cur = this.kv.get(key);
      const stored = cur && cur[1] === mod ? cur[0] : this.hist.get(mod)?.[0];
      return stored === undefined ? '' : this.transformer.fromStorage(key, key, stored);
    };
    if (rec[0] === 'put')
      return { type: 'put', key, kv: new StoredKeyValue(key, read(revision), revision, rec[2]), prevKv: undefined, revision };
    return { type: 'delete', key, kv: undefined, prevKv: new StoredKeyValue(key, read(rec[3]), rec[3], rec[2]), revision };
  }

  private write(body: () => Outcome): Promise<WriteResult> {
    this.pristine = false;
    if (this.closed) return Promise.reject(storageFailed(this.name, new Error('storage backend is closed')));
    const committed = this.root.transaction(body);
    const acked = this.ackChain
      .then(() => committed)
      .then(async (out) => {
        if (!out.event) return out.result;
        await this.root.flushed;
        this.revision = out.event.revision;
        this.watchers.emit(out.event);
        return out.result;
      });
    this.ackChain = acked.catch(() => undefined);
    return acked.catch((err: unknown) => {
      throw storageFailed(this.name, isDiskFull(err) ? new Error(`no space left on device writing to ${this.dir}`) : err);
    });
  }
}
