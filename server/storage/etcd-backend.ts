/**
 * The etcd backend: objects live in etcd v3 as the real platform lays them out
 * (`<prefix>/<resource>/<namespace>/<name>`), an object's resourceVersion is its key's
 * mod_revision, and every write is one transaction guarded on the key's create or mod revision
 * (optimistic concurrency: of two writers at the same revision, exactly one wins). Several API
 * servers may share one etcd: each sees the others' writes through its watch.
 *
 * As the real platform does, the stored object carries no resourceVersion (it would be stale the
 * moment it is written); it is put back from mod_revision on every read.
 */
import { StatusError } from '../../core/errors/index.ts';
import type {
  BackendEvent,
  KeyValue,
  RangeResult,
  StorageBackend,
  Unsubscribe,
  ValueProducer,
  WriteResult,
} from '../../core/storage/index.ts';
import { EtcdCompactor } from './etcd-compactor.ts';
import { EtcdKeyLayout } from './etcd-key-layout.ts';
import {
  CompareResult,
  CompareTarget,
  EventType,
  int64,
  type KeyValueMessage,
  type ResponseHeaderMessage,
  type WatchResponseMessage,
} from './etcd-kv-proto.ts';
import { EtcdCallError, EtcdClient, GrpcCode } from './etcd-client.ts';
import { DEFAULT_ETCD_PREFIX, DEFAULT_REQUEST_TIMEOUT_MS, type EtcdBackendOptions } from './etcd-options.ts';
import { EtcdWatch } from './etcd-watch.ts';
import { prefixEnd } from './key-range.ts';
import { insertResourceVersion, stripResourceVersion } from './resource-version-text.ts';
import { messageOf, storageFailed, storageTimeout, storageUnavailable } from './storage-errors.ts';
import { IDENTITY, type ValueTransformer } from './value-transformer.ts';

const PAGE = 1000;

class EtcdKeyValue implements KeyValue {
  constructor(
    readonly key: string,
    readonly value: string,
    readonly modRevision: number,
    readonly createRevision: number,
  ) {}
}

export class EtcdBackend implements StorageBackend {
  readonly name = 'etcd';
  readonly healthCheckName = 'etcd';
  /** Reads, writes, compaction and watches (see etcd-client.ts for why not the etcd3 client). */
  private readonly kv: EtcdClient;
  private readonly layout: EtcdKeyLayout;
  private readonly timeoutMs: number;
  private readonly transformer: ValueTransformer;
  /** The open watches by the prefix they watch (the watch cache has one per resource). */
  private readonly watches = new Map<string, Set<EtcdWatch>>();
  private readonly compactor: EtcdCompactor | undefined;
  private closed = false;
  /**
   * The prefixes whose watch fell behind a compaction: unhealthy until the watch cache has listed
   * that resource afresh and watches it again (a new watch of the prefix).
   */
  private readonly watchesLost = new Map<string, Error>();

  constructor(readonly options: EtcdBackendOptions) {
    this.layout = new EtcdKeyLayout((options.prefix ?? DEFAULT_ETCD_PREFIX).replace(/\/+$/, ''));
    this.timeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    this.transformer = options.transformer ?? IDENTITY;
    // The scheme stays: https servers are spoken to in TLS (with the system's CAs unless given one).
    this.kv = new EtcdClient(options.servers, options.tls ?? {});
    const interval = options.compactionIntervalMs ?? 5 * 60_000;
    if (interval > 0) this.compactor = new EtcdCompactor(this.kv, interval, this.timeoutMs);
  }

  /** The etcd key of a core key (`/registry/statefulsets.apps/ns/name` → `<prefix>/statefulsets/ns/name`). */
  etcdKey(key: string): string {
    return this.layout.toEtcd(key);
  }

  coreKey(etcdKey: string): string {
    return this.layout.toCore(etcdKey);
  }

  async currentRevision(): Promise<number> {
    // The revision of the whole store, as the real platform reads it for a consistent list (the
    // resource's cache waiting for it asks its own watch for progress: `requestProgress`).
    const res = await this.call(() =>
      this.kv.range({ key: Buffer.from(this.etcdKey('/registry/')), limit: 1, keys_only: true }, this.timeoutMs),
    );
    return revisionOf(res.header);
  }

  /** Progress on the watches of one prefix: each is its own stream, which etcd answers on its own. */
  requestProgress(prefix: string): void {
    const set = this.watches.get(prefix);
    if (set) for (const w of set) w.requestProgress();
  }

  /** The prefix of each watch this backend has open (each its own etcd watch stream). */
  get watchedPrefixes(): string[] {
    return [...this.watches].flatMap(([prefix, set]) => Array.from(set, () => prefix));
  }

  async get(key: string): Promise<KeyValue | undefined> {
    const res = await this.call(() => this.kv.range({ key: Buffer.from(this.etcdKey(key)) }, this.timeoutMs));
    const kv = res.kvs[0];
    return kv && this.toKv(kv);
  }

  async range(prefix: string): Promise<RangeResult> {
    const start = this.etcdKey(prefix);
    const end = Buffer.from(prefixEnd(start));
    const items: KeyValue[] = [];
    let revision = 0;
    let from = Buffer.from(start);
    // Pages at one revision: one answer for a large store would pass gRPC's message limit.
    for (;;) {
      const res = await this.call(() =>
        this.kv.range({ key: from, range_end: end, limit: PAGE, ...(revision ? { revision } : {}) }, this.timeoutMs),
      );
      if (!revision) revision = revisionOf(res.header);
      for (const kv of res.kvs) items.push(this.toKv(kv));
      if (!res.more || !res.kvs.length) break;
      from = Buffer.concat([res.kvs[res.kvs.length - 1].key, Buffer.from([0])]);
    }
    return { revision, items };
  }

  async create(key: string, value: ValueProducer): Promise<WriteResult> {
    const text = value(0);
    return this.guardedPut(key, CompareTarget.CREATE, 0, text);
  }

  async update(key: string, expectedModRevision: number, value: ValueProducer): Promise<WriteResult> {
    const text = value(expectedModRevision);
    return this.guardedPut(key, CompareTarget.MOD, expectedModRevision, text);
  }

  async delete(key: string, expectedModRevision: number): Promise<WriteResult> {
    const k = Buffer.from(this.etcdKey(key));
    const res = await this.call(() =>
      this.kv.txn(
        {
          compare: [{ key: k, target: CompareTarget.MOD, result: CompareResult.EQUAL, mod_revision: expectedModRevision }],
          success: [{ request_delete_range: { key: k } }],
          failure: [{ request_range: { key: k } }],
        },
        this.timeoutMs,
      ),
    );
    if (!res.succeeded) return { ok: false, current: this.currentOf(res.responses[0]?.response_range?.kvs) };
    return { ok: true, revision: revisionOf(res.header) };
  }

  watch(
    prefix: string,
    afterRevision: number,
    onEvent: (e: BackendEvent) => void,
    onError?: (err: Error) => void,
    onProgress?: (revision: number) => void,
  ): Unsubscribe {
    const start = this.etcdKey(prefix);
    // Watching the prefix again (after listing it afresh) is what a lost watch waited for.
    this.watchesLost.delete(prefix);
    const w = new EtcdWatch(this.kv, Buffer.from(start), Buffer.from(prefixEnd(start)), afterRevision, {
      onResponse: (res) => this.deliver(res, onEvent),
      onProgress: (rev) => onProgress?.(rev),
      onError: (err) => {
        this.watchesLost.set(prefix, err);
        onError?.(err);
      },
    });
    let set = this.watches.get(prefix);
    if (!set) this.watches.set(prefix, (set = new Set()));
    set.add(w);
    return () => {
      w.close();
      set.delete(w);
      if (set.size === 0 && this.watches.get(prefix) === set) this.watches.delete(prefix);
    };
  }

  async healthy(): Promise<boolean> {
    if (this.closed || this.watchesLost.size) return false;
    try {
      await this.call(() => this.kv.range({ key: Buffer.from('health') }, Math.min(this.timeoutMs, 2_000)));
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.compactor?.close();
    for (const set of this.watches.values()) for (const w of set) w.close();
    this.watches.clear();
    this.kv.close();
  }

  private async guardedPut(key: string, target: number, expected: number, text: string): Promise<WriteResult> {
    const etcdKey = this.etcdKey(key);
    const k = Buffer.from(etcdKey);
    const bare = stripResourceVersion(text);
    const stored = this.transformer.toStorage(key, etcdKey, bare);
    const creating = target === CompareTarget.CREATE;
    const compare = creating
      ? { key: k, target, result: CompareResult.EQUAL, create_revision: 0 }
      : { key: k, target, result: CompareResult.EQUAL, mod_revision: expected };
    const res = await this.call(() =>
      this.kv.txn(
        {
          compare: [compare],
          // A create has no previous value to ask for; an update's tells the key's create revision.
          success: [{ request_put: { key: k, value: Buffer.from(stored), prev_kv: !creating } }],
          failure: [{ request_range: { key: k } }],
        },
        this.timeoutMs,
      ),
    );
    if (!res.succeeded) return { ok: false, current: this.currentOf(res.responses[0]?.response_range?.kvs) };
    const revision = revisionOf(res.header);
    const prev = res.responses[0]?.response_put?.prev_kv;
    const createRevision = prev ? int64(prev.create_revision) : revision;
    return {
      ok: true,
      revision,
      kv: new EtcdKeyValue(key, insertResourceVersion(bare, revision), revision, createRevision),
    };
  }

  private deliver(res: WatchResponseMessage, onEvent: (e: BackendEvent) => void): void {
    for (const ev of res.events) {
      if (!ev.kv) continue; // etcd sends every event with its key-value
      const key = this.coreKey(utf8(ev.kv.key));
      const revision = int64(ev.kv.mod_revision);
      const prevKv = ev.prev_kv ? this.toKv(ev.prev_kv) : undefined;
      if (ev.type === EventType.DELETE) onEvent({ type: 'delete', key, kv: undefined, prevKv, revision });
      else onEvent({ type: 'put', key, kv: this.toKv(ev.kv), prevKv, revision });
    }
  }

  private currentOf(kvs: readonly KeyValueMessage[] | undefined): KeyValue | undefined {
    const kv = kvs?.[0];
    return kv && this.toKv(kv);
  }

  private toKv(kv: KeyValueMessage): KeyValue {
    return this.keyValue(utf8(kv.key), kv.value, int64(kv.mod_revision), int64(kv.create_revision));
  }

  private keyValue(etcdKey: string, value: Uint8Array, mod: number, created: number): KeyValue {
    const key = this.coreKey(etcdKey);
    const text = this.transformer.fromStorage(key, etcdKey, value);
    return new EtcdKeyValue(key, insertResourceVersion(text, mod), mod, created);
  }

  /** Runs a request, turning etcd's failures into the Status errors clients get. */
  private async call<T>(fn: () => Promise<T>): Promise<T> {
    if (this.closed) throw storageFailed(this.name, new Error('storage backend is closed'));
    try {
      return await fn();
    } catch (err) {
      throw toStatus(err);
    }
  }
}

/** protobufjs decodes bytes as Buffers in Node; anything else is copied into one. */
function utf8(bytes: Uint8Array): string {
  return (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)).toString();
}

function revisionOf(header: ResponseHeaderMessage | undefined): number {
  return int64(header?.revision);
}

function toStatus(err: unknown): StatusError {
  if (err instanceof StatusError) return err;
  if (err instanceof EtcdCallError) {
    if (err.code === GrpcCode.DEADLINE_EXCEEDED) return storageTimeout('etcd');
    if (err.code === GrpcCode.UNAVAILABLE) return storageUnavailable('etcd', err);
  }
  const msg = messageOf(err);
  if (/deadline exceeded|timed out/i.test(msg)) return storageTimeout('etcd');
  if (/unavailable|ECONNREFUSED|No connection established|connect/i.test(msg)) return storageUnavailable('etcd', err);
  return storageFailed('etcd', err);
}
