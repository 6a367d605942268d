/**
 * Live collections for the UI, kept by the controller runtime's informer loop (`reflect`: list,
 * watch from the list's resourceVersion, resume a dropped watch from the last version seen, list
 * again on 410 Gone) and its cache, over the page's `fetch`.
 */
import { compareStrings, realClock } from '../../../core/util/index.ts';
import { reflect, Store, type KubeObject, type ResourceType } from '../../../controllers/runtime/index.ts';
import { client } from './client.ts';
import { toStatus, type ApiStatus } from './http.ts';

/** A change the watch delivered (not the state a list or relist brought). */
export interface WatchEvent<T extends KubeObject = KubeObject> {
  readonly type: 'ADDED' | 'MODIFIED' | 'DELETED';
  readonly object: T;
}

export interface LiveListener<T extends KubeObject> {
  /** The whole collection, after every change. */
  onItems(items: T[]): void;
  /** Each change as it arrives (not the initial list). */
  onEvent?(e: WatchEvent<T>): void;
  /** A failure (shown as the Status it is); the loop retries after a pause. */
  onError?(status: ApiStatus): void;
}

/** Retries back off from 0.5 s to 15 s (a kind that is not served is asked rarely). */
const BACKOFF = { initialMs: 500, capMs: 15_000 };

function keyOf(o: KubeObject): string {
  return `${o.metadata.namespace ?? ''}/${o.metadata.name ?? ''}`;
}

/**
 * Keeps `listener` up to date with the objects of `type` in `namespace` (every namespace when it
 * is empty) until the returned stop is called.
 */
export function live<T extends KubeObject>(type: ResourceType<T>, namespace: string, listener: LiveListener<T>): () => void {
  const cache = new Store<T>();
  const publish = () => listener.onItems(cache.list().sort((a, b) => compareStrings(keyOf(a), keyOf(b))));
  const subscription = reflect(client.resource(type, namespace || undefined), {
    clock: realClock,
    backoff: BACKOFF,
    onTrace: (t) => {
      if (t.kind === 'error') listener.onError?.(toStatus(t.error));
    },
  }).subscribe((ev) => {
    switch (ev.type) {
      case 'SYNC':
        cache.replace(ev.items);
        publish();
        return;
      case 'BOOKMARK':
        return;
      default:
        if (ev.type === 'DELETED') cache.remove(ev.object);
        else cache.upsert(ev.object);
        listener.onEvent?.({ type: ev.type, object: ev.object });
        publish();
    }
  });
  return () => subscription.unsubscribe();
}
