/**
 * Compaction of old revisions, as the real platform schedules it: every interval, up to the
 * revision that was current at the previous run, so history always covers one interval. After it
 * a watch from a compacted revision is refused (the API answers 410), and the data directory stays
 * the same size however long the same objects keep being rewritten.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompactedError } from '../../../core/index.ts';
import { EtcdBackend } from '../../../server/storage/etcd-backend.ts';
import { EtcdCompactor } from '../../../server/storage/etcd-compactor.ts';
import { EtcdClient } from '../../../server/storage/etcd-client.ts';
import { LmdbBackend } from '../../../server/storage/lmdb-backend.ts';
import { type EtcdProcess, etcdClient, startEtcd } from '../../support/etcd.ts';

const value =
  (name: string, fill = 'v') =>
  (rev: number) =>
    `{"metadata":{"name":"${name}","uid":"u","resourceVersion":"${rev}"},"data":"${fill}"}`;
const key = (i: number) => `/registry/configmaps/ns/c${i}`;

describe('data directory compaction', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'orch-compact-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('compacts on its cadence to the revision of the run before, then refuses watches from before it', async () => {
    const b = LmdbBackend.open({ dir: join(dir, 'cadence'), compactionIntervalMs: 100 });
    try {
      for (let i = 0; i < 5; i++) await b.create(key(i), value(`c${i}`));
      const before = await b.currentRevision();
      // The first run notes the revision; the second compacts to it.
      const deadline = Date.now() + 10_000;
      while (b.compactedRevision() < before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(b.compactedRevision()).toBe(before);
      expect(() => b.watch('/registry/', before - 1, () => undefined)).toThrow(CompactedError);
      // From the compacted revision on, history is still there.
      await b.create(key(9), value('c9'));
      const seen: number[] = [];
      b.watch('/registry/', before, (e) => seen.push(e.revision))();
      expect(seen).toEqual([before + 1]);
    } finally {
      await b.close();
    }
  });

  it('keeps the compacted revision across a restart', async () => {
    const path = join(dir, 'restart');
    const b = LmdbBackend.open({ dir: path });
    for (let i = 0; i < 5; i++) await b.create(key(i), value(`c${i}`));
    await b.compact(3);
    await b.close();
    const again = LmdbBackend.open({ dir: path });
    try {
      expect(again.compactedRevision()).toBe(3);
      expect(await again.currentRevision()).toBe(5);
      expect(() => again.watch('/registry/', 2, () => undefined)).toThrow(CompactedError);
    } finally {
      await again.close();
    }
  });

  it('stays the same size while the same objects are rewritten, round after round', async () => {
    const path = join(dir, 'bounded');
    const b = LmdbBackend.open({ dir: path });
    const fill = 'x'.repeat(2000);
    const sizes: number[] = [];
    try {
      const revs = new Map<number, number>();
      for (let i = 0; i < 50; i++) {
        const r = await b.create(key(i), value(`c${i}`, fill));
        if (r.ok) revs.set(i, r.revision);
      }
      for (let round = 0; round < 12; round++) {
        await Promise.all(
          [...revs].map(async ([i, rev]) => {
            const r = await b.update(key(i), rev, value(`c${i}`, fill));
            if (r.ok) revs.set(i, r.revision);
          }),
        );
        await b.compact(await b.currentRevision());
        sizes.push(statSync(join(path, 'lmdb', 'data.mdb')).size);
      }
    } finally {
      await b.close();
    }
    // LMDB reuses the pages compaction frees: after the first rounds the file no longer grows.
    expect(sizes[sizes.length - 1]).toBeLessThanOrEqual(sizes[3] * 1.25);
  });
});

describe('etcd compaction', () => {
  let etcd: EtcdProcess;
  beforeAll(async () => {
    etcd = await startEtcd();
  }, 30_000);
  afterAll(() => etcd?.stop());

  it('compacts to the revision of the run before; a watch from a compacted revision is told so', async () => {
    const b = new EtcdBackend({ servers: [etcd.url], compactionIntervalMs: 0 });
    const kv = new EtcdClient([etcd.url]);
    const compactor = new EtcdCompactor(kv, 3_600_000);
    try {
      for (let i = 0; i < 5; i++) await b.create(key(i), value(`c${i}`));
      const before = await b.currentRevision();
      await compactor.tick(); // notes the revision
      await b.create(key(5), value('c5'));
      await compactor.tick(); // compacts to the noted revision
      const err = await new Promise<Error>((resolve) => {
        b.watch('/registry/', 1, () => undefined, resolve);
      });
      expect(err).toBeInstanceOf(CompactedError);
      expect((err as CompactedError).compactedRevision).toBeGreaterThanOrEqual(before);
      // The server behind that watch cannot catch up: its etcd check fails until it restarts.
      expect(await b.healthy()).toBe(false);
      // Newer history is still there.
      const seen: string[] = [];
      const stop = b.watch('/registry/', before + 1, (e) => seen.push(e.key));
      const deadline = Date.now() + 5000;
      while (seen.length < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      stop();
      expect(seen).toEqual([key(5)]);
    } finally {
      compactor.close();
      kv.close();
      await b.close();
    }
  });

  it('compacts once per interval among replicas (compact_rev_key)', async () => {
    const [b1, b2] = [
      new EtcdBackend({ servers: [etcd.url], compactionIntervalMs: 0 }),
      new EtcdBackend({ servers: [etcd.url], compactionIntervalMs: 0 }),
    ];
    const [kv1, kv2] = [new EtcdClient([etcd.url]), new EtcdClient([etcd.url])];
    const [c1, c2] = [new EtcdCompactor(kv1, 3_600_000), new EtcdCompactor(kv2, 3_600_000)];
    const client = etcdClient(etcd.url);
    try {
      const version = async () => Number((await client.get('compact_rev_key').exec()).kvs[0]?.version ?? 0);
      await c1.tick();
      await c2.tick(); // sees c1's run: follows it instead of compacting
      const after = await version();
      await c1.tick();
      expect(await version()).toBe(after + 1);
    } finally {
      c1.close();
      c2.close();
      kv1.close();
      kv2.close();
      client.close();
      await Promise.all([b1.close(), b2.close()]);
    }
  });
});
