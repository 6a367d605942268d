/**
 * The storage backend: a revisioned key-value store in the manner of etcd. Every write gets the
 * next value of one global, monotonic revision; writes are guarded (create-if-absent, update and
 * delete only at an expected modification revision); an event feed replays from a revision.
 *
 * Values are strings (the object's JSON). A value is produced by a callback that receives the
 * revision the write will get, so a backend that knows it in advance (memory, IndexedDB, data
 * dir) stores the final bytes, with `metadata.resourceVersion` already right, once.
 */

export interface KeyValue {
  readonly key: string;
  readonly value: string;
  /** Revision of the last write of this key. */
  readonly modRevision: number;
  /** Revision at which this key was created. */
  readonly createRevision: number;
}

export type ValueProducer = (revision: number) => string;

export type WriteResult =
  | { readonly ok: true; readonly revision: number; readonly kv?: KeyValue }
  /** The guard failed; `current` is the key's present value (undefined if absent). */
  | { readonly ok: false; readonly current: KeyValue | undefined };

export interface BackendEvent {
  readonly type: 'put' | 'delete';
  readonly key: string;
  /** For put: the new value; for delete: undefined. */
  readonly kv: KeyValue | undefined;
  /** The previous value (absent on a create). */
  readonly prevKv: KeyValue | undefined;
  readonly revision: number;
}

export interface RangeResult {
  readonly revision: number;
  readonly items: readonly KeyValue[];
}

export type Unsubscribe = () => void;

export interface StorageBackend {
  /** For diagnostics and health output ("memory", "indexeddb", "etcd", "data-dir"). */
  readonly name: string;
  /**
   * True when a write's events reach watchers before the write resolves (in-process backends):
   * the watch cache is then always current and a consistent read needs no round trip.
   */
  readonly synchronousEvents?: boolean;
  /** The name of its `/livez` and `/readyz` check (default "store"; etcd's is "etcd", as the real platform's). */
  readonly healthCheckName?: string;
  /** The revision of the latest write (0 when empty). */
  currentRevision(): Promise<number>;
  get(key: string): Promise<KeyValue | undefined>;
  /** Every key with the prefix at the current revision, sorted by key. */
  range(prefix: string): Promise<RangeResult>;
  create(key: string, value: ValueProducer): Promise<WriteResult>;
  update(key: string, expectedModRevision: number, value: ValueProducer): Promise<WriteResult>;
  delete(key: string, expectedModRevision: number): Promise<WriteResult>;
  /**
   * Delivers every event with revision > `afterRevision` for keys under the prefix, in revision
   * order, then live events. Throws (or calls `onError`) when that history is compacted. A backend
   * shared with other writers may call `onProgress` to say nothing under the prefix changed up to
   * a revision (a consistent read waits for the cache to reach the store's revision).
   */
  watch(
    prefix: string,
    afterRevision: number,
    onEvent: (e: BackendEvent) => void,
    onError?: (err: Error) => void,
    onProgress?: (revision: number) => void,
  ): Unsubscribe;
  /**
   * Asks the watches of `prefix` for a progress notification (a backend calling `onProgress`).
   * The watch cache asks while a read waits for one resource's cache to reach a revision: a
   * resource nobody writes to gets there only this way. A backend without it must deliver the
   * events of all its watches in one revision order (in-process backends do): the watch cache
   * then takes a revision any resource has reached as every resource's.
   */
  requestProgress?(prefix: string): void;
  /** A cheap liveness probe for the `store` health check. */
  healthy(): Promise<boolean>;
  close(): Promise<void>;
}

export class CompactedError extends Error {
  constructor(readonly compactedRevision: number) {
    super(`required revision has been compacted (compacted at ${compactedRevision})`);
  }
}

/** The keys under a prefix, sorted by key: how a backend that keeps its keys in a Map answers `range`. */
export function sortedRange(data: ReadonlyMap<string, KeyValue>, prefix: string): KeyValue[] {
  const items: KeyValue[] = [];
  for (const [k, v] of data) if (k.startsWith(prefix)) items.push(v);
  return items.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
