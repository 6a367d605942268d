/**
 * The watch cache on etcd's feed, where two things the memory backend never does happen: a
 * progress notification runs ahead of events still to come (etcd before 3.4.25 and 3.5.8 answers
 * a progress request from a watcher that is catching up), and a resource's feed falls behind a
 * compaction (a replica cut off from etcd), after which that resource lists afresh as the real
 * one does, and only that resource: the others keep their watches and their history.
 */
import { describe, expect, it } from 'vitest';
import { CompactedError } from '../../../core/index.ts';
import { VirtualClock } from '../../../core/util/index.ts';
import { Cache } from '../../../core/watch-cache/index.ts';
import { HandFedBackend, put } from './hand-fed-backend.ts';

const CM = '/registry/configmaps/';
const SECRETS = '/registry/secrets/';

const value = (name: string, v: string) => (rev: number) =>
  `{"metadata":{"name":"${name}","resourceVersion":"${rev}"},"data":{"v":"${v}"}}`;

async function started() {
  const backend = new HandFedBackend();
  const clock = new VirtualClock(0);
  const cache = new Cache({ backend, clock, historyWindowMs: 300_000 });
  const store = cache.register(CM, true);
  const secrets = cache.register(SECRETS, true);
  await cache.start();
  return { backend, clock, cache, store, secrets };
}

describe('the watch cache on etcd', () => {
  it('applies events that arrive after a progress notification past them', async () => {
    const { backend, cache, store } = await started();
    const created = await backend.create('/registry/configmaps/ns/late', value('late', '1'));
    if (!created.ok || !created.kv) throw new Error('create failed');
    backend.feed(CM).onProgress(created.revision + 1);
    backend.feed(CM).onEvent({ type: 'put', key: created.kv.key, kv: created.kv, prevKv: undefined, revision: created.revision });
    expect(store.get('ns/late')?.rv).toBe(created.revision);
    expect(store.feed.revision).toBe(created.revision + 1);
    cache.close();
  });

  it('lists afresh when the feed falls behind a compaction, telling watches, and watches on from the listing', async () => {
    const { backend, clock, cache, store } = await started();
    const seen: string[] = [];
    store.events$.subscribe((e) => seen.push(`${e.type} ${e.key}`));
    const relisted: number[] = [];
    store.feed.relisted$.subscribe((r) => relisted.push(r));
    // Written while the feed was cut off: the cache saw none of it.
    await backend.create('/registry/configmaps/ns/a', value('a', '1'));
    await backend.create('/registry/configmaps/ns/b', value('b', '1'));
    const revision = await backend.currentRevision();

    backend.feed(CM).onError(new CompactedError(revision));
    await clock.advance(1_000);

    expect(relisted).toEqual([revision]);
    expect(seen).toEqual(['ADDED ns/a', 'ADDED ns/b']);
    expect(store.get('ns/b')?.rv).toBe(revision);
    expect(store.feed.revision).toBe(revision);
    expect(store.feed.compactedRevision).toBe(revision);
    expect(backend.feeds.filter((f) => f.prefix === CM).map((f) => f.after)).toEqual([0, revision]);
    cache.close();
  });

  it('relists only the resource whose feed fell behind: another keeps its watch, history and compacted revision', async () => {
    const { backend, clock, cache, store, secrets } = await started();
    backend.feed(SECRETS).onEvent(put('secrets', 's', 1));
    const secretsRelisted: number[] = [];
    secrets.feed.relisted$.subscribe((r) => secretsRelisted.push(r));
    for (let i = 0; i < 3; i++) await backend.create(`/registry/configmaps/ns/c${i}`, value(`c${i}`, '1'));
    backend.feed(CM).onError(new CompactedError(3));
    await clock.advance(1_000);

    expect(store.feed.compactedRevision).toBe(await backend.currentRevision());
    expect(secretsRelisted).toEqual([]);
    expect(secrets.feed.compactedRevision).toBe(0);
    expect(secrets.eventsAfter(0).map((e) => e.rv)).toEqual([1]);
    expect(backend.feeds.filter((f) => f.prefix === SECRETS)).toHaveLength(1);
    expect(backend.feed(SECRETS).open).toBe(true);
    cache.close();
  });

  it('moves each resource’s oldest revision in history as the window passes its own events', async () => {
    const { backend, clock, cache, store, secrets } = await started();
    backend.feed(CM).onEvent(put('configmaps', 'a', 1));
    backend.feed(SECRETS).onEvent(put('secrets', 's', 2));
    await clock.advance(200_000);
    backend.feed(CM).onEvent(put('configmaps', 'b', 3));
    await clock.advance(150_000); // 1 and 2 are out of the window, 3 is not
    cache.prune();
    expect([store.feed.compactedRevision, secrets.feed.compactedRevision]).toEqual([1, 2]);
    expect(store.eventsAfter(0).map((e) => e.rv)).toEqual([3]);
    cache.close();
  });

  it('does not relist on a failure other than compaction', async () => {
    const { backend, clock, cache, store } = await started();
    const relisted: number[] = [];
    store.feed.relisted$.subscribe((r) => relisted.push(r));
    backend.feed(CM).onError(new Error('stream broke'));
    await clock.advance(10_000);
    expect(relisted).toEqual([]);
    cache.close();
  });
});
