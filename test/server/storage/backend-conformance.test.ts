/**
 * The behaviours every storage backend owes the watch cache, run on each backend: memory, the
 * LMDB data directory and etcd. Revisions are one global counter; writes are guarded by create
 * and modification revisions; a range is sorted and at one revision; a watch delivers the events
 * after its start revision in order, with the previous value of a delete.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BackendEvent, StorageBackend } from '../../../core/index.ts';
import { type BackendKind, etcdKind, lmdbKind, memoryKind } from './backends.ts';

const KINDS: BackendKind[] = [memoryKind, lmdbKind, etcdKind()];

/** A stored object as the registry writes it: canonical JSON whose resourceVersion is the write's revision. */
function object(name: string, data = 'v'): (rev: number) => string {
  return (rev) =>
    `{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"${name}","namespace":"ns","uid":"uid-${name}","resourceVersion":"${rev}"},"data":{"k":"${data}"}}`;
}

const key = (name: string) => `/registry/configmaps/ns/${name}`;

function dataOf(value: string | undefined): unknown {
  return value === undefined ? undefined : (JSON.parse(value) as { data: { k: string } }).data.k;
}

function rvOf(value: string): string {
  return (JSON.parse(value) as { metadata: { resourceVersion: string } }).metadata.resourceVersion;
}

/** Collects a watch's events; `next(n)` waits until n have come. */
function collect(b: StorageBackend, prefix: string, after: number) {
  const events: BackendEvent[] = [];
  let wake: (() => void) | undefined;
  const stop = b.watch(prefix, after, (e) => {
    events.push(e);
    wake?.();
  });
  return {
    events,
    stop,
    async next(n: number): Promise<BackendEvent[]> {
      const deadline = Date.now() + 5000;
      while (events.length < n && Date.now() < deadline) await new Promise<void>((r) => (wake = r) && setTimeout(r, 50));
      return events.slice(0, n);
    },
  };
}

describe.each(KINDS)('$name backend', (kind) => {
  let b: StorageBackend;
  beforeAll(() => kind.setUp(), 30_000);
  afterAll(() => kind.tearDown());
  afterEach(async () => {
    if (b) await kind.dispose(b);
  });
  const make = async () => {
    b = await kind.make();
    return b;
  };

  it('gives every write the next revision and hands the producer that revision', async () => {
    await make();
    const base = await b.currentRevision();
    const r1 = await b.create(key('a'), object('a'));
    const r2 = await b.create(key('b'), object('b'));
    expect(r1.ok && r2.ok).toBe(true);
    if (!r1.ok || !r2.ok) return;
    expect(r1.revision).toBeGreaterThan(base);
    expect(r2.revision).toBeGreaterThan(r1.revision);
    expect(await b.currentRevision()).toBeGreaterThanOrEqual(r2.revision);
    const got = await b.get(key('a'));
    expect(got).toMatchObject({ key: key('a'), modRevision: r1.revision, createRevision: r1.revision });
    expect(rvOf(got!.value)).toBe(String(r1.revision));
  });

  it('creates only what is absent, answering with the current value', async () => {
    await make();
    const first = await b.create(key('a'), object('a', 'one'));
    const again = await b.create(key('a'), object('a', 'two'));
    expect(again.ok).toBe(false);
    if (again.ok || !first.ok) return;
    expect(again.current?.modRevision).toBe(first.revision);
    expect(dataOf(again.current?.value)).toBe('one');
  });

  it('updates and deletes only at the expected modification revision', async () => {
    await make();
    const c = await b.create(key('a'), object('a', 'one'));
    if (!c.ok) throw new Error('create failed');
    const stale = await b.update(key('a'), c.revision - 1, object('a', 'x'));
    expect(stale.ok).toBe(false);
    const u = await b.update(key('a'), c.revision, object('a', 'two'));
    expect(u.ok).toBe(true);
    if (!u.ok) return;
    const got = await b.get(key('a'));
    expect(got).toMatchObject({ modRevision: u.revision, createRevision: c.revision });
    expect(dataOf(got?.value)).toBe('two');
    expect(rvOf(got!.value)).toBe(String(u.revision));
    expect((await b.delete(key('a'), c.revision)).ok).toBe(false);
    const d = await b.delete(key('a'), u.revision);
    expect(d.ok).toBe(true);
    expect(await b.get(key('a'))).toBeUndefined();
    const missing = await b.update(key('a'), u.revision, object('a'));
    expect(missing).toEqual({ ok: false, current: undefined });
    expect(await b.delete(key('a'), u.revision)).toEqual({ ok: false, current: undefined });
  });

  it('ranges over a prefix in key order, at one revision', async () => {
    await make();
    for (const n of ['c', 'a', 'b']) await b.create(key(n), object(n));
    await b.create('/registry/secrets/ns/a', object('a'));
    await b.create('/registry/configmaps2/ns/z', object('z'));
    const r = await b.range('/registry/configmaps/');
    expect(r.items.map((i) => i.key)).toEqual([key('a'), key('b'), key('c')]);
    expect(r.revision).toBeGreaterThanOrEqual(Math.max(...r.items.map((i) => i.modRevision)));
  });

  it('watches live events under a prefix in revision order, a delete with its previous value', async () => {
    await make();
    const w = collect(b, '/registry/configmaps/', await b.currentRevision());
    const c = await b.create(key('a'), object('a', 'one'));
    await b.create('/registry/secrets/ns/s', object('s'));
    if (!c.ok) throw new Error('create failed');
    const u = await b.update(key('a'), c.revision, object('a', 'two'));
    if (!u.ok) throw new Error('update failed');
    const d = await b.delete(key('a'), u.revision);
    if (!d.ok) throw new Error('delete failed');
    const got = await w.next(3);
    w.stop();
    expect(got.map((e) => [e.type, e.revision])).toEqual([
      ['put', c.revision],
      ['put', u.revision],
      ['delete', d.revision],
    ]);
    expect(dataOf(got[1].kv?.value)).toBe('two');
    expect(rvOf(got[1].kv!.value)).toBe(String(u.revision));
    expect(got[2].prevKv?.modRevision).toBe(u.revision);
    expect(dataOf(got[2].prevKv?.value)).toBe('two');
  });

  it('replays history from a past revision, or refuses a compacted one', async () => {
    await make();
    const start = await b.currentRevision();
    const c = await b.create(key('a'), object('a'));
    await b.create(key('b'), object('b'));
    if (!kind.replays) {
      expect(() => b.watch('/registry/', start, () => undefined)).toThrow(/compacted/);
      return;
    }
    if (!c.ok) throw new Error('create failed');
    const u = await b.update(key('a'), c.revision, object('a', 'two'));
    if (!u.ok) throw new Error('update failed');
    await b.delete(key('a'), u.revision);
    const w = collect(b, '/registry/configmaps/', start);
    const got = await w.next(4);
    w.stop();
    expect(got.map((e) => [e.type, e.key])).toEqual([
      ['put', key('a')],
      ['put', key('b')],
      ['put', key('a')],
      ['delete', key('a')],
    ]);
    expect(got[0].revision).toBe(c.revision);
    // Superseded and removed values come back as they were written.
    expect(dataOf(got[0].kv?.value)).toBe('v');
    expect(dataOf(got[2].kv?.value)).toBe('two');
    expect(dataOf(got[3].prevKv?.value)).toBe('two');
  });

  it('answers health while open', async () => {
    await make();
    expect(await b.healthy()).toBe(true);
  });
});
