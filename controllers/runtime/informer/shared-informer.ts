/**
 * One cache per resource, shared by every controller that looks at it: the reflector feeds the
 * store, the store's changes go to every handler. A handler that subscribes late first gets the
 * cached objects as ADDED, so it never misses what is already there.
 */
import { Observable, Subject, type Subscription } from 'rxjs';
import type { Clock } from '../../../core/index.ts';
import type { ResourceType } from '../api/resources.ts';
import type { KubeObject } from '../api/types.ts';
import type { Client } from '../client/client.ts';
import { reflect, type ReflectorEvent, type ReflectorOptions } from './reflector.ts';
import { Store, type IndexFunc, type InformerEvent } from './store.ts';

export interface InformerOptions<T extends KubeObject> extends Omit<ReflectorOptions, 'clock'> {
  readonly indexers?: Readonly<Record<string, IndexFunc<T>>>;
}

export class SharedInformer<T extends KubeObject = KubeObject> {
  readonly store: Store<T>;
  private readonly changes = new Subject<InformerEvent<T>>();
  private subscription: Subscription | undefined;
  private synced = false;
  private readonly syncWaiters: (() => void)[] = [];
  /** The revision the cache is known to be complete at (last list, event or bookmark). */
  lastSyncResourceVersion = '';

  constructor(
    readonly client: Client,
    readonly type: ResourceType<T>,
    private readonly clock: Clock,
    private readonly opts: InformerOptions<T> = {},
  ) {
    this.store = new Store<T>(opts.indexers);
  }

  get running(): boolean {
    return this.subscription !== undefined;
  }

  start(): void {
    if (this.subscription) return;
    const { indexers: _indexers, ...reflectorOpts } = this.opts;
    this.subscription = reflect(this.client.resource(this.type), { ...reflectorOpts, clock: this.clock }).subscribe((ev) => this.apply(ev));
  }

  stop(): void {
    this.subscription?.unsubscribe();
    this.subscription = undefined;
  }

  hasSynced(): boolean {
    return this.synced;
  }

  /** Resolves once the cache has been filled from the server the first time. */
  waitForSync(): Promise<void> {
    if (this.synced) return Promise.resolve();
    return new Promise((resolve) => this.syncWaiters.push(resolve));
  }

  /** Every change from now on, after the objects already cached (as ADDED). */
  events(): Observable<InformerEvent<T>> {
    return new Observable<InformerEvent<T>>((sub) => {
      for (const object of this.store.list()) sub.next({ type: 'ADDED', object });
      return this.changes.subscribe(sub);
    });
  }

  /** Only the changes from now on. */
  get changes$(): Observable<InformerEvent<T>> {
    return this.changes.asObservable();
  }

  private apply(ev: ReflectorEvent<T>): void {
    switch (ev.type) {
      case 'SYNC': {
        const events = this.store.replace(ev.items);
        this.lastSyncResourceVersion = ev.resourceVersion;
        for (const e of events) this.changes.next(e);
        if (!this.synced) {
          this.synced = true;
          for (const w of this.syncWaiters.splice(0)) w();
        }
        return;
      }
      case 'BOOKMARK':
        this.lastSyncResourceVersion = ev.resourceVersion;
        return;
      case 'ADDED':
      case 'MODIFIED': {
        const e = this.store.upsert(ev.object);
        this.lastSyncResourceVersion = ev.object.metadata.resourceVersion ?? this.lastSyncResourceVersion;
        if (e) this.changes.next(e);
        return;
      }
      case 'DELETED': {
        const e = this.store.remove(ev.object);
        this.lastSyncResourceVersion = ev.object.metadata.resourceVersion ?? this.lastSyncResourceVersion;
        if (e) this.changes.next(e);
        return;
      }
    }
  }
}
