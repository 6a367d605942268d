/**
 * The watch cache on a backend whose events arrive asynchronously (etcd), one watch per resource:
 * an event handed over again after a reconnect is applied once; a progress notification moves
 * its own resource's revision with no event (writes elsewhere in a shared store), and only its
 * own; someone waiting for a revision makes the cache ask that resource's watch for progress,
 * again and again while they wait; and when a feed ends for good (history compacted past it),
 * nobody is left waiting for a revision that will not come.
 */
import { describe, expect, it } from 'vitest';
import { MemoryBackend } from '../../../core/index.ts';
import { VirtualClock } from '../../../core/util/index.ts';
import { Cache } from '../../../core/watch-cache/index.ts';
import { HandFedBackend, put } from './hand-fed-backend.ts';

const CM = '/registry/configmaps/';
const SECRETS = '/registry/secrets/';

async function started() {
  const backend = new HandFedBackend();
  const clock = new VirtualClock(0);
  const cache = new Cache({ backend, clock, historyWindowMs: 300_000 });
  const configmaps = cache.register(CM, true);
  const secrets = cache.register(SECRETS, true);
  await cache.start();
  return { backend, clock, cache, configmaps, secrets };
}

describe('the watch cache on an asynchronous feed', () => {
  it('watches each registered resource on its own, from the start-up listing', async () => {
    const { backend, cache } = await started();
    expect(backend.feeds.map((f) => [f.prefix, f.after])).toEqual([
      [CM, 0],
      [SECRETS, 0],
    ]);
    cache.close();
    expect(backend.feeds.every((f) => !f.open)).toBe(true);
  });

  it('applies an event handed over twice once', async () => {
    const { backend, cache, configmaps } = await started();
    const seen: number[] = [];
    configmaps.events$.subscribe((e) => seen.push(e.rv));
    const feed = backend.feed(CM);
    for (const [name, rev] of [
      ['a', 5],
      ['b', 6],
      ['b', 6],
      ['a', 5],
    ] as const)
      feed.onEvent(put('configmaps', name, rev));
    expect(seen).toEqual([5, 6]);
    expect(configmaps.feed.revision).toBe(6);
    cache.close();
  });

  it('dedups each resource on its own: an older revision on another resource is still new there', async () => {
    const { backend, cache, configmaps, secrets } = await started();
    backend.feed(CM).onEvent(put('configmaps', 'a', 9));
    backend.feed(SECRETS).onEvent(put('secrets', 's', 7));
    expect(secrets.get('ns/s')?.rv).toBe(7);
    expect([configmaps.feed.revision, secrets.feed.revision]).toEqual([9, 7]);
    expect(cache.revision).toBe(9);
    cache.close();
  });

  it('moves on a progress notification of its own watch only, releasing those waiting for the revision', async () => {
    const { backend, cache, configmaps, secrets } = await started();
    let released = false;
    void secrets.feed.waitFor(9)?.then(() => (released = true));
    backend.feed(CM).onProgress(9);
    await Promise.resolve();
    expect(released).toBe(false);
    expect(configmaps.feed.revision).toBe(9);
    backend.feed(SECRETS).onProgress(9);
    await Promise.resolve();
    expect(released).toBe(true);
    expect(secrets.feed.revision).toBe(9);
    backend.feed(SECRETS).onProgress(3); // an older notification changes nothing
    expect(secrets.feed.revision).toBe(9);
    cache.close();
  });

  it('asks the waited-for resource’s watch for progress, at once and every 100 ms until the wait ends', async () => {
    const { backend, clock, cache } = await started();
    const secrets = backend.feed(SECRETS);
    const wait = cache.registered.find((s) => s.prefix === SECRETS)!.feed.waitFor(20);
    expect(wait).toBeDefined();
    expect([backend.feed(CM).progressRequests, secrets.progressRequests]).toEqual([0, 1]);
    await clock.advance(250);
    expect(secrets.progressRequests).toBe(3);
    secrets.onProgress(20);
    await wait;
    await clock.advance(1_000);
    expect(secrets.progressRequests).toBe(3);
    expect(backend.feed(CM).progressRequests).toBe(0);
    cache.close();
  });

  it('leaves nobody waiting once a feed has failed for good', async () => {
    const { backend, cache, secrets } = await started();
    let released = false;
    void secrets.feed.waitFor(50)?.then(() => (released = true));
    backend.feed(SECRETS).onError(new Error('required revision has been compacted'));
    await Promise.resolve();
    expect(released).toBe(true);
    expect(secrets.feed.waitFor(60)).toBeUndefined();
    cache.close();
  });

  it('gives a resource registered after start its own listing and its own watch from that listing', async () => {
    const { backend, cache } = await started();
    const key = '/registry/widgets.example.com/ns/w1';
    const created = await backend.create(key, (rev) => `{"metadata":{"name":"w1","resourceVersion":"${rev}"}}`);
    if (!created.ok) throw new Error('create failed');
    const widgets = cache.register('/registry/widgets.example.com/', true);
    expect(widgets.feed.revision).toBe(0); // not listed yet: a read waits for it
    const ready = widgets.feed.waitFor(created.revision);
    await ready;
    expect(widgets.get('ns/w1')?.rv).toBe(created.revision);
    expect(backend.feed('/registry/widgets.example.com/').after).toBe(created.revision);
    const seen: string[] = [];
    widgets.events$.subscribe((e) => seen.push(`${e.type} ${e.key}`));
    backend.feed('/registry/widgets.example.com/').onEvent(put('widgets.example.com', 'w2', created.revision + 1));
    expect(seen).toEqual(['ADDED ns/w2']);
    cache.close();
  });
});

describe('the watch cache on an in-process backend (one order of events for all resources)', () => {
  it.each([
    ['synchronous (memory, data directory)', () => new MemoryBackend()],
    // IndexedDB's: events in revision order before the write resolves, without saying so, and no progress to ask for.
    ['in order, not declared synchronous (IndexedDB)', () => Object.assign(new MemoryBackend(), { synchronousEvents: false })],
  ])('%s: holds every resource at the latest revision any has seen, releasing a wait on a quiet one', async (_, make) => {
    const backend = make();
    const cache = new Cache({ backend, clock: new VirtualClock(0), historyWindowMs: 300_000 });
    const configmaps = cache.register(CM, true);
    const secrets = cache.register(SECRETS, true);
    await cache.start();
    const next = (await backend.currentRevision()) + 1;
    let released = false;
    void secrets.feed.waitFor(next)?.then(() => (released = true));
    // A configmap's event reached the cache: a secret written before it would have, too.
    const res = await backend.create('/registry/configmaps/ns/a', () => '{"metadata":{"name":"a"}}');
    expect(res.ok && res.revision).toBe(next);
    await Promise.resolve();
    expect(released).toBe(true);
    expect([configmaps.feed.revision, secrets.feed.revision]).toEqual([next, next]);
    expect(secrets.feed.compactedRevision).toBe(0);
    cache.close();
  });
});

/** A memory backend on which a write lands between a listing and the watch that follows it. */
class WriteAfterListing extends MemoryBackend {
  sneaked = 0;
  override async range(prefix: string) {
    const listing = await super.range(prefix);
    if (prefix !== '/registry/' && this.sneaked++ === 0) this.createSync(`${prefix}ns/sneaky`, () => '{"metadata":{"name":"sneaky"}}');
    return listing;
  }
}

describe('a resource registered after start on a backend without history', () => {
  it('lists again at once when a write came between its listing and its watch, missing nothing', async () => {
    const backend = new WriteAfterListing();
    const cache = new Cache({ backend, clock: new VirtualClock(0), historyWindowMs: 300_000 });
    cache.register(CM, true);
    await cache.start();
    await backend.create('/registry/widgets.example.com/ns/first', () => '{"metadata":{"name":"first"}}');
    const widgets = cache.register('/registry/widgets.example.com/', true);
    const current = await backend.currentRevision();
    await widgets.feed.waitFor(current);
    expect(widgets.feed.revision).toBe(await backend.currentRevision()); // the sneaky write's
    expect(backend.sneaked).toBe(2); // listed twice
    expect(['ns/first', 'ns/sneaky'].map((k) => widgets.get(k) !== undefined)).toEqual([true, true]);
    // And it follows the writes after.
    await backend.create('/registry/widgets.example.com/ns/after', () => '{"metadata":{"name":"after"}}');
    expect(widgets.get('ns/after')).toBeDefined();
    cache.close();
  });
});
