/**
 * The backends the storage tests run on, each made fresh for a test and closed after it: memory,
 * the LMDB data directory (in a temporary directory) and etcd (a real etcd the suite starts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryBackend, type StorageBackend } from '../../../core/index.ts';
import { EtcdBackend } from '../../../server/storage/etcd-backend.ts';
import { LmdbBackend } from '../../../server/storage/lmdb-backend.ts';
import { type EtcdProcess, startEtcd } from '../../support/etcd.ts';

export interface BackendKind {
  readonly name: string;
  /** Watches replay history from a past revision (not memory, which keeps no history). */
  readonly replays: boolean;
  /** Suite set-up (etcd starts once per file). */
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  make(): Promise<StorageBackend>;
  /** Closes a backend made by `make` and removes what it left. */
  dispose(b: StorageBackend): Promise<void>;
}

let prefixes = 0;

export const memoryKind: BackendKind = {
  name: 'memory',
  replays: false,
  setUp: async () => undefined,
  tearDown: async () => undefined,
  make: async () => new MemoryBackend(),
  dispose: (b) => b.close(),
};

export const lmdbKind: BackendKind = {
  name: 'data-dir',
  replays: true,
  setUp: async () => undefined,
  tearDown: async () => undefined,
  make: async () => LmdbBackend.open({ dir: mkdtempSync(join(tmpdir(), 'orch-lmdb-')) }),
  async dispose(b) {
    await b.close();
    rmSync((b as LmdbBackend).dir, { recursive: true, force: true });
  },
};

export function etcdKind(): BackendKind & { etcd(): EtcdProcess } {
  let etcd: EtcdProcess | undefined;
  return {
    name: 'etcd',
    replays: true,
    async setUp() {
      etcd = await startEtcd();
    },
    async tearDown() {
      await etcd?.stop();
    },
    // Each test gets its own prefix in the one etcd, so tests see only their own keys.
    make: async () => new EtcdBackend({ servers: [etcd!.url], prefix: `/t${++prefixes}`, compactionIntervalMs: 0, requestTimeoutMs: 3000 }),
    dispose: (b) => b.close(),
    etcd: () => etcd!,
  };
}
