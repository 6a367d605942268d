/**
 * The watch cache on etcd's feed, where two things the memory backend never does happen: a
 * progress notification runs ahead of events still to come (etcd before 3.4.25 and 3.5.8 answers
 * a progress request from a watcher that is catching up), and the feed falls behind a compaction
 * (a replica cut off from etcd), after which the cache lists afresh as the real one does.
 */
import { describe, expect, it } from 'vitest';
import { type BackendEvent, CompactedError, MemoryBackend, type StorageBackend, type Unsubscribe } from '../../../core/index.ts';
import { VirtualClock } from '../../../core/util/index.ts';
import { Cache } from '../../../core/watch-cache/index.ts';

/** A memory backend whose watch feed the test drives by hand (each watch replaces the last). */
class HandFedBackend extends MemoryBackend implements StorageBackend {
  watches: number[] = [];
  onEvent: (e: BackendEvent) => void = () => undefined;
  onError: (err: Error) => void = () => undefined;
  onProgress: (rev: number) => void = () => undefined;
  override watch(
    _prefix: string,
    after: number,
    onEvent: (e: BackendEvent) => void,
    onError?: (err: Error) => void,
    onProgress?: (rev: number) => void,
  ): Unsubscribe {
    this.watches.push(after);
    this.onEvent = onEvent;
    this.onError = onError ?? (() => undefined);
    this.onProgress = onProgress ?? (() => undefined);
    return () => undefined;
  }
}

const value = (name: string, v: string) => (rev: number) =>
  `{"metadata":{"name":"${name}","resourceVersion":"${rev}"},"data":{"v":"${v}"}}`;

async function started() {
  const backend = new HandFedBackend();
  const clock = new VirtualClock(0);
  const cache = new Cache({ backend, clock, historyWindowMs: 300_000 });
  const store = cache.register('/registry/configmaps/', true);
  await cache.start();
  return { backend, clock, cache, store };
}

describe('the watch cache on etcd', () => {
  it('applies events that arrive after a progress notification past them', async () => {
    const { backend, cache, store } = await started();
    const created = await backend.create('/registry/configmaps/ns/late', value('late', '1'));
    if (!created.ok || !created.kv) throw new Error('create failed');
    backend.onProgress(created.revision + 1);
    backend.onEvent({ type: 'put', key: created.kv.key, kv: created.kv, prevKv: undefined, revision: created.revision });
    expect(store.get('ns/late')?.rv).toBe(created.revision);
    expect(cache.revision).toBe(created.revision + 1);
    cache.close();
  });

  it('lists afresh when the feed falls behind a compaction, telling watches, and watches on from the listing', async () => {
    const { backend, clock, cache, store } = await started();
    const seen: string[] = [];
    store.events$.subscribe((e) => seen.push(`${e.type} ${e.key}`));
    const relisted: number[] = [];
    cache.relisted$.subscribe((r) => relisted.push(r));
    // Written while the feed was cut off: the cache saw none of it.
    await backend.create('/registry/configmaps/ns/a', value('a', '1'));
    await backend.create('/registry/configmaps/ns/b', value('b', '1'));
    const revision = await backend.currentRevision();

    backend.onError(new CompactedError(revision));
    await clock.advance(1_000);

    expect(relisted).toEqual([revision]);
    expect(seen).toEqual(['ADDED ns/a', 'ADDED ns/b']);
    expect(store.get('ns/b')?.rv).toBe(revision);
    expect(cache.revision).toBe(revision);
    expect(cache.compactedRevision).toBe(revision);
    expect(backend.watches).toEqual([0, revision]);
    cache.close();
  });

  it('does not relist on a failure other than compaction', async () => {
    const { backend, clock, cache } = await started();
    const relisted: number[] = [];
    cache.relisted$.subscribe((r) => relisted.push(r));
    backend.onError(new Error('stream broke'));
    await clock.advance(10_000);
    expect(relisted).toEqual([]);
    cache.close();
  });
});
