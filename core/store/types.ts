import type { JsonObject } from '../util/json.ts';

/** One version of one key, as the store keeps it: the object's canonical JSON. */
export interface Version {
  readonly rv: number;
  /** Canonical JSON of the object; null for a deletion (a tombstone kept while in history). */
  readonly json: string | null;
  /** Lazily parsed labels, for selectors (parsed once, kept with the version). */
  labels?: Record<string, string> | null;
}

export type EventType = 'ADDED' | 'MODIFIED' | 'DELETED';

/**
 * A change as the store saw it. Its bytes are made once per media type (`encoded`) and shared by
 * every watcher that receives it.
 */
export interface StoreEvent {
  readonly type: EventType;
  readonly rv: number;
  /** The store the event belongs to (history bookkeeping drops it there when it expires). */
  readonly owner: { forget(ev: StoreEvent): void };
  /** The key suffix (`<namespace>/<name>` or `<name>`), namespace and name: the entry's own strings. */
  readonly key: string;
  readonly namespace: string;
  readonly name: string;
  /** The object after the change; for DELETED its last state carrying the deletion's revision. */
  readonly json: string;
  /** The object before the change (undefined for ADDED). */
  readonly prevJson: string | undefined;
  readonly time: number;
  /** Per media type, the encoded event (filled by codecs on first use). */
  encoded?: Map<string, Uint8Array>;
  /** The event's object as other versions serve it (versions sharing one storage), by apiVersion. */
  views?: Map<string, string>;
  /** Parsed object and previous object, filled on first use (selectors). */
  obj?: JsonObject;
  prevObj?: JsonObject;
}

export interface ListedItem {
  readonly key: string;
  readonly namespace: string;
  readonly name: string;
  readonly version: Version;
}
