/**
 * A change as the store saw it. Its bytes are made once per media type (`encoded`) and shared by
 * every watcher that receives it. The texts are read through the versions, so an event in history
 * costs no copy of either object.
 */
import type { JsonObject } from '../util/json.ts';
import type { ResourceStore } from './resource-store.ts';
import type { Version } from './version.ts';

export type EventType = 'ADDED' | 'MODIFIED' | 'DELETED';

/** The key an event is about: the store entry's own strings. */
export interface EventKey {
  /** The key suffix: `<namespace>/<name>` or `<name>`. */
  readonly key: string;
  readonly namespace: string;
  readonly name: string;
}

/** What readers of an event fill on first use; most events in history are never read at all. */
interface EventMemo {
  encoded?: Map<string, Uint8Array>;
  views?: Map<string, string>;
  obj?: JsonObject;
  prevObj?: JsonObject;
}

export class StoreEvent {
  /**
   * One field for the four caches below: history holds two events per updated object, and four
   * empty fields each were ~5% of the memory an object costs (bench P6).
   */
  private memo?: EventMemo;

  /** Per media type, the encoded event (filled by codecs on first use). */
  get encoded(): Map<string, Uint8Array> | undefined {
    return this.memo?.encoded;
  }
  set encoded(m: Map<string, Uint8Array> | undefined) {
    (this.memo ??= {}).encoded = m;
  }

  /** The event's object as other versions serve it (versions sharing one storage), by apiVersion. */
  get views(): Map<string, string> | undefined {
    return this.memo?.views;
  }
  set views(m: Map<string, string> | undefined) {
    (this.memo ??= {}).views = m;
  }

  /** Parsed object, filled on first use (selectors). */
  get obj(): JsonObject | undefined {
    return this.memo?.obj;
  }
  set obj(o: JsonObject | undefined) {
    (this.memo ??= {}).obj = o;
  }

  /** Parsed previous object, filled on first use (selectors). */
  get prevObj(): JsonObject | undefined {
    return this.memo?.prevObj;
  }
  set prevObj(o: JsonObject | undefined) {
    (this.memo ??= {}).prevObj = o;
  }

  constructor(
    readonly rv: number,
    /** The store the event belongs to (history bookkeeping drops it there when it expires). */
    readonly owner: ResourceStore,
    private readonly at: EventKey,
    /** The version after the change; for DELETED, the last state's text carrying the deletion's revision. */
    private readonly after: Version | string,
    /** The version before the change (undefined for ADDED). */
    private readonly before: Version | undefined,
    /** When it happened, in ms since the store's epoch (small integers take no extra memory). */
    readonly time: number,
  ) {}

  /**
   * Read from what the event holds rather than kept (a field per event in history costs memory):
   * a deletion carries the last state's text, a change the version before it.
   */
  get type(): EventType {
    return typeof this.after === 'string' ? 'DELETED' : this.before ? 'MODIFIED' : 'ADDED';
  }

  get key(): string {
    return this.at.key;
  }

  get namespace(): string {
    return this.at.namespace;
  }

  get name(): string {
    return this.at.name;
  }

  /** The object after the change. */
  get json(): string {
    const a = this.after;
    return typeof a === 'string' ? a : a.json!;
  }

  /** The object before the change (undefined for ADDED). */
  get prevJson(): string | undefined {
    return this.before?.json ?? undefined;
  }
}
