/**
 * The watch cache on a backend whose events arrive asynchronously (etcd): an event handed over
 * again after a reconnect is applied once; a progress notification moves the cache's revision
 * with no event (writes elsewhere in a shared store); and when the feed ends for good (history
 * compacted past the cache), nobody is left waiting for a revision that will not come.
 */
import { describe, expect, it } from 'vitest';
import { type BackendEvent, MemoryBackend, type StorageBackend, type Unsubscribe } from '../../../core/index.ts';
import { Cache } from '../../../core/watch-cache/index.ts';
import { VirtualClock } from '../../../core/util/index.ts';

/** A memory backend whose watch feed the test drives by hand. */
class HandFedBackend extends MemoryBackend implements StorageBackend {
  onEvent: (e: BackendEvent) => void = () => undefined;
  onError: (err: Error) => void = () => undefined;
  onProgress: (rev: number) => void = () => undefined;
  override watch(
    _prefix: string,
    _after: number,
    onEvent: (e: BackendEvent) => void,
    onError?: (err: Error) => void,
    onProgress?: (rev: number) => void,
  ): Unsubscribe {
    this.onEvent = onEvent;
    this.onError = onError ?? (() => undefined);
    this.onProgress = onProgress ?? (() => undefined);
    return () => undefined;
  }
}

const put = (name: string, revision: number): BackendEvent => {
  const key = `/registry/configmaps/ns/${name}`;
  return {
    type: 'put',
    key,
    kv: { key, value: `{"metadata":{"name":"${name}"}}`, modRevision: revision, createRevision: revision },
    prevKv: undefined,
    revision,
  };
};

async function started() {
  const backend = new HandFedBackend();
  const cache = new Cache({ backend, clock: new VirtualClock(0), historyWindowMs: 300_000 });
  const store = cache.register('/registry/configmaps/', true);
  await cache.start();
  return { backend, cache, store };
}

describe('the watch cache on an asynchronous feed', () => {
  it('applies an event handed over twice once', async () => {
    const { backend, cache, store } = await started();
    const seen: number[] = [];
    store.events$.subscribe((e) => seen.push(e.rv));
    backend.onEvent(put('a', 5));
    backend.onEvent(put('b', 6));
    backend.onEvent(put('b', 6));
    backend.onEvent(put('a', 5));
    expect(seen).toEqual([5, 6]);
    expect(cache.revision).toBe(6);
    cache.close();
  });

  it('moves on a progress notification, releasing those waiting for the revision', async () => {
    const { backend, cache } = await started();
    let released = false;
    void cache.waitFor(9)?.then(() => (released = true));
    backend.onProgress(9);
    await Promise.resolve();
    expect(released).toBe(true);
    expect(cache.revision).toBe(9);
    backend.onProgress(3); // an older notification changes nothing
    expect(cache.revision).toBe(9);
    cache.close();
  });

  it('leaves nobody waiting once the feed has failed for good', async () => {
    const { backend, cache } = await started();
    let released = false;
    void cache.waitFor(50)?.then(() => (released = true));
    backend.onError(new Error('required revision has been compacted'));
    await Promise.resolve();
    expect(released).toBe(true);
    expect(cache.waitFor(60)).toBeUndefined();
    cache.close();
  });
});
