/**
 * In-memory backend. Writes are synchronous under the hood (events reach watchers before the
 * write's promise settles), which lets the store answer a write with no waiting at all.
 * It keeps no history of its own beyond what live watchers need: the store above it keeps the
 * window of history, so memory holds each value once.
 */
import {
  CompactedError,
  sortedRange,
  type BackendEvent,
  type KeyValue,
  type RangeResult,
  type StorageBackend,
  type Unsubscribe,
  type ValueProducer,
  type WriteResult,
} from './backend.ts';
import { WatcherSet } from './watchers.ts';

/**
 * A stored key. A class rather than an object literal: V8 moves literal sites whose objects all
 * survive straight into the old generation ("pretenuring"), and there, interleaved with the
 * request garbage of the same moment, they left the heap fragmented; instances of a class are
 * born young and promoted together with their values.
 */
class StoredKeyValue implements KeyValue {
  constructor(
    readonly key: string,
    readonly value: string,
    readonly modRevision: number,
    readonly createRevision: number,
  ) {}
}

export class MemoryBackend implements StorageBackend {
  readonly name = 'memory';
  readonly synchronousEvents: boolean = true;
  private readonly data = new Map<string, KeyValue>();
  private revision = 0;
  private readonly watchers = new WatcherSet();
  private closed = false;

  async currentRevision(): Promise<number> {
    return this.revision;
  }

  async get(key: string): Promise<KeyValue | undefined> {
    return this.data.get(key);
  }

  async range(prefix: string): Promise<RangeResult> {
    return { revision: this.revision, items: sortedRange(this.data, prefix) };
  }

  async create(key: string, value: ValueProducer): Promise<WriteResult> {
    return this.createSync(key, value);
  }

  async update(key: string, expectedModRevision: number, value: ValueProducer): Promise<WriteResult> {
    return this.updateSync(key, expectedModRevision, value);
  }

  async delete(key: string, expectedModRevision: number): Promise<WriteResult> {
    return this.deleteSync(key, expectedModRevision);
  }

  createSync(key: string, value: ValueProducer): WriteResult {
    this.assertOpen();
    const cur = this.data.get(key);
    if (cur) return { ok: false, current: cur };
    const revision = this.revision + 1;
    const kv = new StoredKeyValue(key, value(revision), revision, revision);
    this.revision = revision;
    this.data.set(key, kv);
    this.watchers.emit({ type: 'put', key, kv, prevKv: undefined, revision });
    return { ok: true, revision, kv };
  }

  updateSync(key: string, expectedModRevision: number, value: ValueProducer): WriteResult {
    this.assertOpen();
    const cur = this.data.get(key);
    if (!cur || cur.modRevision !== expectedModRevision) return { ok: false, current: cur };
    const revision = this.revision + 1;
    // The stored key string is reused: one copy per key, however often it is written.
    const kv = new StoredKeyValue(cur.key, value(revision), revision, cur.createRevision);
    this.revision = revision;
    this.data.set(key, kv);
    this.watchers.emit({ type: 'put', key, kv, prevKv: cur, revision });
    return { ok: true, revision, kv };
  }

  deleteSync(key: string, expectedModRevision: number): WriteResult {
    this.assertOpen();
    const cur = this.data.get(key);
    if (!cur || cur.modRevision !== expectedModRevision) return { ok: false, current: cur };
    const revision = this.revision + 1;
    this.revision = revision;
    this.data.delete(key);
    this.watchers.emit({ type: 'delete', key, kv: undefined, prevKv: cur, revision });
    return { ok: true, revision };
  }

  watch(prefix: string, afterRevision: number, onEvent: (e: BackendEvent) => void): Unsubscribe {
    // Only live events are kept; a watcher asking for older ones would miss them.
    if (afterRevision < this.revision) throw new CompactedError(this.revision);
    return this.watchers.add(prefix, onEvent);
  }

  async healthy(): Promise<boolean> {
    return !this.closed;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.watchers.clear();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('storage backend is closed');
  }
}
