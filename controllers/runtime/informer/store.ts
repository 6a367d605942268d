/**
 * An informer's cache: the objects of one resource by key, with indexes. Every change is
 * returned as the event it means to handlers (with the previous object for updates), so the cache
 * and what handlers see can never disagree.
 */
import { objectKey } from '../api/resources.ts';
import type { KubeObject } from '../api/types.ts';

export type IndexFunc<T extends KubeObject> = (obj: T) => readonly string[];

export interface InformerEvent<T extends KubeObject> {
  readonly type: 'ADDED' | 'MODIFIED' | 'DELETED';
  readonly object: T;
  /** The cached object before a MODIFIED. */
  readonly old?: T;
}

/** Index of objects by namespace. */
export const NAMESPACE_INDEX = 'namespace';
/** Index of objects by the uid of each of their owners. */
export const OWNER_INDEX = 'owner';

export const namespaceIndex: IndexFunc<KubeObject> = (obj) => [obj.metadata.namespace ?? ''];
export const ownerIndex: IndexFunc<KubeObject> = (obj) => (obj.metadata.ownerReferences ?? []).map((r) => r.uid);

export class Store<T extends KubeObject> {
  private readonly items = new Map<string, T>();
  private readonly indexers = new Map<string, IndexFunc<T>>();
  /** index name → value → keys */
  private readonly indices = new Map<string, Map<string, Set<string>>>();

  constructor(indexers: Readonly<Record<string, IndexFunc<T>>> = {}) {
    this.addIndexer(NAMESPACE_INDEX, namespaceIndex);
    this.addIndexer(OWNER_INDEX, ownerIndex);
    for (const [name, fn] of Object.entries(indexers)) this.addIndexer(name, fn);
  }

  /** Adds (or replaces) an index; existing objects are indexed at once. */
  addIndexer(name: string, fn: IndexFunc<T>): void {
    this.indexers.set(name, fn);
    const index = new Map<string, Set<string>>();
    this.indices.set(name, index);
    for (const [key, obj] of this.items) addToIndex(index, fn(obj), key);
  }

  get size(): number {
    return this.items.size;
  }

  get(key: string): T | undefined {
    return this.items.get(key);
  }

  list(): T[] {
    return [...this.items.values()];
  }

  keys(): string[] {
    return [...this.items.keys()];
  }

  /** Objects whose index `name` has `value` (e.g. `byIndex('namespace', 'default')`). */
  byIndex(name: string, value: string): T[] {
    const index = this.indices.get(name);
    if (!index) throw new Error(`index "${name}" does not exist`);
    return [...(index.get(value) ?? [])].map((k) => this.items.get(k)!);
  }

  /** Adds or replaces an object; undefined when nothing changed (same resourceVersion). */
  upsert(obj: T): InformerEvent<T> | undefined {
    const key = objectKey(obj);
    const old = this.items.get(key);
    if (old && old.metadata.resourceVersion === obj.metadata.resourceVersion && old.metadata.uid === obj.metadata.uid) return undefined;
    if (old) this.unindex(key, old);
    this.items.set(key, obj);
    this.index(key, obj);
    return old ? { type: 'MODIFIED', object: obj, old } : { type: 'ADDED', object: obj };
  }

  remove(obj: T): InformerEvent<T> | undefined {
    const key = objectKey(obj);
    const old = this.items.get(key);
    if (!old) return undefined;
    this.unindex(key, old);
    this.items.delete(key);
    return { type: 'DELETED', object: obj };
  }

  /** The whole content, after a (re)list: what changed, including what disappeared. */
  replace(objs: readonly T[]): InformerEvent<T>[] {
    const events: InformerEvent<T>[] = [];
    const fresh = new Set(objs.map(objectKey));
    const uids = new Map(objs.map((o) => [objectKey(o), o.metadata.uid]));
    for (const [key, old] of [...this.items]) {
      // Gone, or deleted and made again under the same name while we were not watching.
      if (!fresh.has(key) || uids.get(key) !== old.metadata.uid) {
        const ev = this.remove(old);
        if (ev) events.push(ev);
      }
    }
    for (const obj of objs) {
      const ev = this.upsert(obj);
      if (ev) events.push(ev);
    }
    return events;
  }

  private index(key: string, obj: T): void {
    for (const [name, fn] of this.indexers) addToIndex(this.indices.get(name)!, fn(obj), key);
  }

  private unindex(key: string, obj: T): void {
    for (const [name, fn] of this.indexers) {
      const index = this.indices.get(name)!;
      for (const v of fn(obj)) {
        const keys = index.get(v);
        keys?.delete(key);
        if (keys && keys.size === 0) index.delete(v);
      }
    }
  }
}

function addToIndex(index: Map<string, Set<string>>, values: readonly string[], key: string): void {
  for (const v of values) {
    let keys = index.get(v);
    if (!keys) index.set(v, (keys = new Set()));
    keys.add(key);
  }
}
