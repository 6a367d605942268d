/**
 * P7: durable storage, against etcd (the store the real platform uses) on the same machine in the
 * same run, both syncing every write to disk.
 *  - creates/s through orch on a data directory, one client ÷ etcd puts/s, one client (goal ≥ 1.0);
 *  - creates/s through orch on etcd, 16 clients ÷ etcd puts/s, 16 clients (goal ≥ 0.5);
 *  - resident memory after a restart on a data directory holding 100,000 ConfigMaps ÷ their JSON
 *    bytes (goal ≤ 3), measured in a fresh process.
 * A client is a loop of requests, each waiting for the previous answer. Rates are the best of
 * three rounds.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CompareResult, CompareTarget, Etcd3 } from 'etcd3';
import { type ApiServer, createApiServer } from '../../core/index.ts';
import { EtcdBackend } from '../../server/storage/etcd-backend.ts';
import { prefixEnd } from '../../server/storage/key-range.ts';
import { LmdbBackend } from '../../server/storage/lmdb-backend.ts';
import { startEtcd } from '../../test/support/etcd.ts';
import { type BenchResult, bestRate, fmt } from '../core/measure.ts';

const OPS_PER_CLIENT = 150;
const ROUNDS = 3;
const createHeaders = { get: (n: string) => (n === 'content-type' ? 'application/json' : null) };
const enc = new TextEncoder();

/** The ConfigMap every create sends (~300 bytes stored, as P6's). */
function body(name: string): Uint8Array {
  return enc.encode(
    `{"metadata":{"name":"${name}","labels":{"app":"p7"}},"data":{"config.yaml":"replicas: 3\\nimage: registry.example/app:1.0\\nport: 8080\\n"}}`,
  );
}

/** The bytes orch would store for the same object. */
function storedValue(): string {
  return `{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"x","namespace":"default","uid":"7d8e3c1a-0000-4000-8000-000000000000","creationTimestamp":"2026-01-01T00:00:00Z","labels":{"app":"p7"}},"data":{"config.yaml":"replicas: 3\\nimage: registry.example/app:1.0\\nport: 8080\\n"}}`;
}

async function orchCreates(api: ApiServer, clients: number, tag: string): Promise<number> {
  const rate = await bestRate(clients * OPS_PER_CLIENT, ROUNDS, async (round) => {
    await Promise.all(
      Array.from({ length: clients }, async (_, c) => {
        for (let i = 0; i < OPS_PER_CLIENT; i++) {
          const b = body(`${tag}-${round + 1}-${c}-${i}`);
          const r = await api.handle({
            method: 'POST',
            url: new URL('http://orch/api/v1/namespaces/default/configmaps'),
            headers: createHeaders,
            readBody: async () => b,
          });
          if (r.status !== 201) throw new Error(`create answered ${r.status}`);
        }
      }),
    );
  });
  return rate.opsPerSecond;
}

async function etcdPuts(client: Etcd3, clients: number, tag: string): Promise<number> {
  const value = Buffer.from(storedValue());
  const rate = await bestRate(clients * OPS_PER_CLIENT, ROUNDS, async (round) => {
    await Promise.all(
      Array.from({ length: clients }, async (_, c) => {
        for (let i = 0; i < OPS_PER_CLIENT; i++) await client.put(`/raw/${tag}/${round + 1}/${c}/${i}`).value(value);
      }),
    );
  });
  return rate.opsPerSecond;
}

/**
 * What the real platform asks of etcd for each create, with no API server around it: a
 * transaction guarded on the key's absence, and one watch on the prefix that receives every write
 * with its value (the watch cache's feed). Reported beside the goal, to show how much of the gap to
 * a bare put is etcd's own work for a transaction and a watch on this machine.
 */
async function etcdCreatesWatched(client: Etcd3, clients: number, tag: string): Promise<number> {
  const value = Buffer.from(storedValue());
  const prefix = `/watched/${tag}/`;
  const stream = await client.watchClient.watch();
  let seen = 0;
  stream.on('data', (res: { events?: unknown[] }) => {
    seen += res.events?.length ?? 0;
  });
  stream.write({ create_request: { key: Buffer.from(prefix), range_end: Buffer.from(prefixEnd(prefix)), prev_kv: true } });
  try {
    const rate = await bestRate(clients * OPS_PER_CLIENT, ROUNDS, async (round) => {
      await Promise.all(
        Array.from({ length: clients }, async (_, c) => {
          for (let i = 0; i < OPS_PER_CLIENT; i++) {
            const key = Buffer.from(`${prefix}${round + 1}/${c}/${i}`);
            const res = await client.kv.txn({
              compare: [{ key, target: CompareTarget.Create, result: CompareResult.Equal, create_revision: 0 }],
              success: [{ request_put: { key, value } }],
            });
            if (!res.succeeded) throw new Error(`txn on ${key} failed`);
          }
        }),
      );
    });
    if (seen === 0) throw new Error('the watch saw no event');
    return rate.opsPerSecond;
  } finally {
    stream.cancel();
  }
}

export async function p7(): Promise<BenchResult[]> {
  const etcd = await startEtcd();
  const dir = mkdtempSync(join(tmpdir(), 'p7-'));
  const raw = new Etcd3({ hosts: etcd.url.replace('http://', '') });
  try {
    const dataDirApi = createApiServer({ storage: LmdbBackend.open({ dir: join(dir, 'one-client') }) });
    await dataDirApi.ready;
    const dataDir1 = await orchCreates(dataDirApi, 1, 'dd');
    await dataDirApi.close();
    const etcd1 = await etcdPuts(raw, 1, 'one');

    const etcdApi = createApiServer({ storage: new EtcdBackend({ servers: [etcd.url], compactionIntervalMs: 0 }) });
    await etcdApi.ready;
    const orch16 = await orchCreates(etcdApi, 16, 'e16');
    await etcdApi.close();
    const etcd16 = await etcdPuts(raw, 16, 'sixteen');
    const watched16 = await etcdCreatesWatched(raw, 16, 'watched');

    const memory = restartMemory(join(dir, 'restart'));
    const r1 = dataDir1 / etcd1;
    const r16 = orch16 / etcd16;
    const rm = memory.rssBytes / memory.jsonBytes;
    return [
      {
        id: 'P7',
        title: 'durable creates/s, one client: orch on a data directory ÷ etcd puts/s',
        ratio: r1,
        goal: '≥ 1.0',
        met: r1 >= 1,
        details: { 'orch --data-dir creates/s': fmt(dataDir1, 0), 'etcd puts/s': fmt(etcd1, 0) },
      },
      {
        id: 'P7',
        title: 'creates/s through orch on etcd ÷ etcd puts/s, 16 clients',
        ratio: r16,
        goal: '≥ 0.5',
        met: r16 >= 0.5,
        details: {
          'orch on etcd creates/s': fmt(orch16, 0),
          'etcd puts/s': fmt(etcd16, 0),
          'etcd guarded creates/s with a watch on the prefix (the storage work alone)': fmt(watched16, 0),
          'orch ÷ that': fmt(orch16 / watched16, 2),
        },
      },
      {
        id: 'P7',
        title: `resident memory after a restart with ${memory.count.toLocaleString('en-US')} ConfigMaps on disk ÷ their JSON bytes`,
        ratio: rm,
        goal: '≤ 3',
        met: rm <= 3,
        details: {
          'resident MiB added by opening the store and loading the cache': fmt(memory.rssBytes / 2 ** 20, 1),
          'of which file pages of the data directory mapped in': fmt(memory.fileBytes / 2 ** 20, 1),
          'live heap ÷ JSON': fmt(memory.heapUsedBytes / memory.jsonBytes, 2),
          'JSON MiB': fmt(memory.jsonBytes / 2 ** 20, 1),
          'seconds to restart (open and load)': fmt(memory.startMs / 1000, 2),
        },
      },
    ];
  } finally {
    raw.close();
    await etcd.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

interface RestartMemory {
  readonly count: number;
  readonly rssBytes: number;
  readonly fileBytes: number;
  readonly heapUsedBytes: number;
  readonly jsonBytes: number;
  readonly startMs: number;
}

/** Fills a data directory in one process, then restarts on it in another and measures that one. */
function restartMemory(dataDir: string, count = 100_000): RestartMemory {
  const child = fileURLToPath(new URL('./p7-restart-child.js', import.meta.url));
  execFileSync(process.execPath, ['--expose-gc', child, 'fill', dataDir, String(count)], { stdio: 'inherit' });
  const out = execFileSync(process.execPath, ['--expose-gc', child, 'restart', dataDir], { encoding: 'utf8' });
  return JSON.parse(out) as RestartMemory;
}
