/**
 * The IndexedDB storage backend (docs/architecture.md, "Browser"): the StorageBackend contract, row
 * by row, against the memory backend and the IndexedDB one alike; then what only IndexedDB does —
 * durability before acknowledgement, one transaction for many writes, one write at a time per key,
 * reopening.
 */
import { expect } from 'chai';
import { CompactedError, MemoryBackend, type BackendEvent, type StorageBackend, type WriteResult } from '../../core/storage/index.ts';
import { openDB } from 'idb';
import { IndexedDbBackend } from '../../worker/shared-worker/idb-backend.ts';
import { afterEach, describe, it } from './support/mocha.ts';

const P = '/registry/configmaps/';
const val = (tag: string) => (rev: number) => JSON.stringify({ tag, rv: String(rev) });
let dbSeq = 0;
const scratch = () => `orch-test-${Date.now()}-${++dbSeq}`;

function ok(r: WriteResult): number {
  if (!r.ok) throw new Error(`write failed, current: ${JSON.stringify(r.current)}`);
  return r.revision;
}

const BACKENDS: { name: string; make: () => Promise<StorageBackend> }[] = [
  { name: 'memory', make: async () => new MemoryBackend() },
  { name: 'indexeddb', make: () => IndexedDbBackend.open({ name: scratch() }) },
];

for (const { name, make } of BACKENDS) {
  describe(`the storage contract (${name})`, () => {
    let b: StorageBackend;
    afterEach(async () => {
      await b?.close();
    });

    it('create gives the next revision, and the value is produced with it', async () => {
      b = await make();
      const r1 = await b.create(`${P}a`, val('a'));
      const r2 = await b.create(`${P}b`, val('b'));
      expect(ok(r2)).to.equal(ok(r1) + 1);
      const kv = await b.get(`${P}b`);
      expect(kv).to.deep.equal({
        key: `${P}b`,
        value: JSON.stringify({ tag: 'b', rv: String(ok(r2)) }),
        modRevision: ok(r2),
        createRevision: ok(r2),
      });
      expect(await b.currentRevision()).to.equal(ok(r2));
    });

    // Each row: a guarded write against a key holding revision `rev` (or absent), and whether it succeeds.
    const guards: { name: string; write: (b: StorageBackend, rev: number) => Promise<WriteResult>; succeeds: boolean }[] = [
      { name: 'create of an existing key', write: (b) => b.create(`${P}k`, val('x')), succeeds: false },
      { name: 'update at the current revision', write: (b, rev) => b.update(`${P}k`, rev, val('x')), succeeds: true },
      { name: 'update at an older revision', write: (b, rev) => b.update(`${P}k`, rev - 1, val('x')), succeeds: false },
      { name: 'update of an absent key', write: (b) => b.update(`${P}absent`, 1, val('x')), succeeds: false },
      { name: 'delete at the current revision', write: (b, rev) => b.delete(`${P}k`, rev), succeeds: true },
      { name: 'delete at another revision', write: (b, rev) => b.delete(`${P}k`, rev + 5), succeeds: false },
      { name: 'delete of an absent key', write: (b) => b.delete(`${P}absent`, 1), succeeds: false },
    ];
    for (const { name: what, write, succeeds } of guards) {
      it(`${what} ${succeeds ? 'succeeds' : 'fails, answers the current value and takes no revision'}`, async () => {
        b = await make();
        await b.create(`${P}filler`, val('f'));
        const rev = ok(await b.create(`${P}k`, val('k')));
        const r = await write(b, rev);
        expect(r.ok).to.equal(succeeds);
        if (r.ok) {
          expect(r.revision).to.equal(rev + 1);
        } else {
          expect(r.current).to.deep.equal(what.includes('absent') ? undefined : await b.get(`${P}k`));
          expect(await b.currentRevision()).to.equal(rev);
        }
      });
    }

    it('an update keeps the create revision; a delete removes the key', async () => {
      b = await make();
      const c = ok(await b.create(`${P}k`, val('1')));
      const u = ok(await b.update(`${P}k`, c, val('2')));
      expect(await b.get(`${P}k`)).to.include({ createRevision: c, modRevision: u });
      ok(await b.delete(`${P}k`, u));
      expect(await b.get(`${P}k`)).to.equal(undefined);
    });

    it('range lists the keys under a prefix, sorted, at the current revision', async () => {
      b = await make();
      for (const k of ['c', 'a', 'b']) await b.create(`${P}${k}`, val(k));
      await b.create('/registry/namespaces/x', val('ns'));
      const r = await b.range(P);
      expect(r.items.map((i) => i.key)).to.deep.equal([`${P}a`, `${P}b`, `${P}c`]);
      expect(r.revision).to.equal(await b.currentRevision());
    });

    it('watch delivers every later event under its prefix, in revision order, with the previous value', async () => {
      b = await make();
      const start = ok(await b.create(`${P}k`, val('1')));
      const seen: BackendEvent[] = [];
      const stop = b.watch(P, start, (e) => seen.push(e));
      const u = ok(await b.update(`${P}k`, start, val('2')));
      await b.create('/registry/namespaces/other', val('elsewhere'));
      const d = ok(await b.delete(`${P}k`, u));
      stop();
      await b.create(`${P}after-stop`, val('x'));
      expect(seen.map((e) => [e.type, e.key, e.revision, e.prevKv?.modRevision])).to.deep.equal([
        ['put', `${P}k`, u, start],
        ['delete', `${P}k`, d, u],
      ]);
    });
  });
}

describe('the IndexedDB backend', () => {
  const opened: IndexedDbBackend[] = [];
  const open = async (name = scratch()) => {
    const b = await IndexedDbBackend.open({ name });
    opened.push(b);
    return { b, name };
  };
  afterEach(async () => {
    for (const b of opened.splice(0)) await b.close();
  });

  it('a write is in IndexedDB when it is acknowledged', async () => {
    const { b, name } = await open();
    const rev = ok(await b.create(`${P}durable`, val('d')));
    const stored = await IndexedDbBackend.read(name);
    expect(stored.revision).to.equal(rev);
    expect(stored.items.find((i) => i.key === `${P}durable`)).to.include({ modRevision: rev });
  });

  it('folding the log into the key store changes nothing a reader sees', async () => {
    const { b, name } = await open();
    const revs: number[] = [];
    for (let i = 0; i < 30; i++) revs.push(ok(await b.create(`${P}f${i}`, val(String(i)))));
    for (let i = 0; i < 10; i++) ok(await b.update(`${P}f${i}`, revs[i], val(`u${i}`)));
    for (let i = 20; i < 30; i++) ok(await b.delete(`${P}f${i}`, revs[i]));
    const before = await IndexedDbBackend.read(name);
    expect(b.logLength).to.equal(50);
    await b.fold();
    expect(b.logLength).to.equal(0);
    expect(await IndexedDbBackend.read(name)).to.deep.equal(before);
    expect(before.items.map((i) => i.key)).to.have.lengthOf(20);
    expect(before.revision).to.equal(await b.currentRevision());
  });

  it('writes made together share one transaction, each with its own revision', async () => {
    const { b } = await open();
    const before = b.commits;
    const revs = (await Promise.all(Array.from({ length: 50 }, (_, i) => b.create(`${P}n${i}`, val(String(i)))))).map(ok);
    expect(new Set(revs).size).to.equal(50);
    expect(Math.max(...revs) - Math.min(...revs)).to.equal(49);
    expect(b.commits - before).to.be.lessThan(50);
  });

  it('two writes of one key at the same revision: one wins, the other sees the winner', async () => {
    const { b } = await open();
    const rev = ok(await b.create(`${P}k`, val('0')));
    const [x, y] = await Promise.all([b.update(`${P}k`, rev, val('x')), b.update(`${P}k`, rev, val('y'))]);
    expect([x.ok, y.ok]).to.deep.equal([true, false]);
    if (!y.ok) expect(y.current).to.deep.equal(await b.get(`${P}k`));
  });

  it('reopening the database finds every key and the revision where they were', async () => {
    const { b, name } = await open();
    await b.create(`${P}a`, val('a'));
    const last = ok(await b.create(`${P}b`, val('b')));
    await b.close();
    const again = (await open(name)).b;
    expect(await again.currentRevision()).to.equal(last);
    expect((await again.range(P)).items.map((i) => i.key)).to.deep.equal([`${P}a`, `${P}b`]);
    expect(ok(await again.create(`${P}c`, val('c')))).to.equal(last + 1);
  });

  it('a log written as arrays of entries (before records were JSON text) is replayed alike', async () => {
    const { b, name } = await open();
    await b.create(`${P}kept`, val('k'));
    await b.close();
    const db = await openDB(name, 1);
    const kv = (key: string, rev: number) => ({ key, value: val(key)(rev), createRevision: rev, modRevision: rev });
    await db.put('log', [{ key: `${P}old-a`, kv: kv(`${P}old-a`, 2) }, { key: `${P}kept` }], 2);
    await db.put('log', [{ key: `${P}old-b`, kv: kv(`${P}old-b`, 3) }], 3);
    db.close();
    const again = (await open(name)).b;
    expect(await again.currentRevision()).to.equal(3);
    expect((await again.range(P)).items.map((i) => i.key)).to.deep.equal([`${P}old-a`, `${P}old-b`]);
  });

  it('replacing the contents moves the revision past every one used before', async () => {
    const { b, name } = await open();
    for (let i = 0; i < 5; i++) await b.create(`${P}x${i}`, val('x'));
    await b.close();
    await IndexedDbBackend.replace(name, { revision: 2, items: [{ key: `${P}only`, value: '{}', createRevision: 1, modRevision: 2 }] });
    const again = (await open(name)).b;
    expect(await again.currentRevision()).to.equal(6);
    expect((await again.range(P)).items.map((i) => i.key)).to.deep.equal([`${P}only`]);
  });

  it('a watch from a revision still in its history replays from there; one from before the database opened is compacted', async () => {
    const first = await open();
    await first.b.create(`${P}a`, val('a'));
    const opened = ok(await first.b.create(`${P}b`, val('b')));
    await first.b.close();
    const { b } = await open(first.name);
    const next = ok(await b.create(`${P}c`, val('c')));
    const replayed: number[] = [];
    b.watch(P, opened, (e) => replayed.push(e.revision))();
    expect(replayed).to.deep.equal([next]);
    expect(() => b.watch(P, opened - 1, () => undefined)).to.throw(CompactedError);
  });

  it('a database deleted from elsewhere makes the backend unhealthy, not silently wrong', async () => {
    const { b, name } = await open();
    await b.create(`${P}a`, val('a'));
    await IndexedDbBackend.destroy(name);
    expect(await b.healthy()).to.equal(false);
    let failure: unknown;
    try {
      await b.create(`${P}b`, val('b'));
    } catch (err) {
      failure = err;
    }
    expect(String(failure)).to.include('deleted or upgraded by another context');
  });
});
