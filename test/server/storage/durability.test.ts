/**
 * An acknowledged write survives kill -9: a child process creates objects on a data directory
 * and prints each one the moment it is acknowledged; the test kills it at a random point of the
 * burst, over and over on the same directory, and after each kill finds every acknowledged
 * object stored whole (its resourceVersion is its key's revision), and the revision moving on from
 * where it was, never reused. Fifty kills of the backend alone (it starts in milliseconds), and a
 * few of a whole API server, whose 201s are the acknowledgements.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LmdbBackend } from '../../../server/storage/lmdb-backend.ts';
import { bundleFixture } from './child-bundle.ts';

const KILL_POINTS = 50;
const API_KILL_POINTS = 3;
type Fixture = { file: string; remove(): void };
let backendChild: Fixture;
let apiChild: Fixture;

beforeAll(async () => {
  [backendChild, apiChild] = await Promise.all([bundleFixture('backend-burst'), bundleFixture('write-burst')]);
}, 60_000);
afterAll(() => {
  backendChild?.remove();
  apiChild?.remove();
});

interface Run {
  readonly acked: Map<string, number>;
}

/** Starts a writer, lets it write for `ms` after its first acknowledgement, then kills it with SIGKILL. */
async function burstThenKill(child: Fixture, dir: string, round: number, ms: number): Promise<Run> {
  const acked = new Map<string, number>();
  const proc: ChildProcess = spawn(process.execPath, [child.file, dir, `r${round}`], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  proc.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      let nl = out.indexOf('\n');
      while (nl >= 0) {
        const line = out.slice(0, nl);
        out = out.slice(nl + 1);
        const m = /^acked (\S+) (\d+)$/.exec(line);
        if (m) {
          if (!acked.size) setTimeout(() => resolve(), ms);
          acked.set(m[1], Number(m[2]));
        }
        nl = out.indexOf('\n');
      }
    });
    void exited.then(() => reject(new Error(`the writer exited before it was killed: ${err}`)));
  });
  proc.kill('SIGKILL');
  await exited; // reaped: its lock is now stale
  return { acked };
}

/** Kills a writer `points` times on one directory, checking after each kill. */
async function killRounds(child: Fixture, points: number, maxMs: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'orch-kill-'));
  try {
    let lastRevision = 0;
    for (let round = 0; round < points; round++) {
      const { acked } = await burstThenKill(child, dir, round, Math.floor(Math.random() * maxMs));
      const b = LmdbBackend.open({ dir });
      try {
        const items = new Map(
          (await b.range('/registry/configmaps/default/')).items.map((kv) => [kv.key.slice('/registry/configmaps/default/'.length), kv]),
        );
        for (const [name, rv] of acked) {
          const kv = items.get(name);
          expect(kv, `acknowledged ${name} is missing after kill ${round}`).toBeDefined();
          expect(kv!.modRevision).toBe(rv);
        }
        // Nothing half-written: every stored object parses and carries its own revision.
        for (const kv of items.values()) {
          const obj = JSON.parse(kv.value) as { metadata: { resourceVersion: string } };
          expect(obj.metadata.resourceVersion).toBe(String(kv.modRevision));
        }
        const revision = await b.currentRevision();
        expect(revision).toBeGreaterThanOrEqual(Math.max(lastRevision, ...acked.values()));
        lastRevision = revision;
      } finally {
        await b.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the data directory under kill -9', () => {
  it(
    `keeps every acknowledged write across ${KILL_POINTS} kills of the backend at random points of a write burst`,
    () => killRounds(backendChild, KILL_POINTS, 100),
    120_000,
  );

  it(
    `keeps every object answered 201 across ${API_KILL_POINTS} kills of an API server`,
    () => killRounds(apiChild, API_KILL_POINTS, 300),
    120_000,
  );

  it('refuses a second server on a locked directory with a clear error, and takes over a dead one', async () => {
    const d = mkdtempSync(join(tmpdir(), 'orch-lock-'));
    try {
      const first = LmdbBackend.open({ dir: d });
      expect(() => LmdbBackend.open({ dir: d })).toThrow(/data directory .* is in use by another orch-apiserver \(pid \d+\)/);
      await first.close();
      const again = LmdbBackend.open({ dir: d });
      await again.close();
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });
});
