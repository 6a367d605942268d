/**
 * bin/orch-apiserver.js compiles the bundle with a V8 code cache kept beside it. The cache is
 * only an accelerator: missing or corrupt, the server starts all the same and writes a good one
 * once serving; a good one is used as is (V8 rejecting it would make the loader write it again).
 * Runs a copy of the built command in a temporary folder, so the real cache is never touched.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requireBuilt } from '../support/build.ts';

let dir = '';
let child: ChildProcess | undefined;

beforeAll(() => {
  requireBuilt('dist/orch-apiserver.cjs');
  dir = mkdtempSync(join(tmpdir(), 'orch-code-cache-'));
  mkdirSync(join(dir, 'bin'));
  mkdirSync(join(dir, 'dist'));
  for (const f of ['orch-apiserver.js', 'package.json']) copyFileSync(join('bin', f), join(dir, 'bin', f));
  copyFileSync('dist/orch-apiserver.cjs', join(dir, 'dist/orch-apiserver.cjs'));
});
afterEach(() => {
  child?.kill('SIGKILL');
  child = undefined;
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const cacheFile = () => join(dir, 'dist', `orch-apiserver.cjs.${process.versions.v8}.v8-cache`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts the copy; resolves once /readyz answers 200. */
async function serve(): Promise<void> {
  child = spawn(process.execPath, [join(dir, 'bin/orch-apiserver.js'), '--port=0', '--controllers=none', '--storage=memory'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  for (let i = 0; i < 500; i++) {
    const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
    if (url) {
      const res = await fetch(`${url}/readyz`).catch(() => undefined);
      if (res?.status === 200) return;
    }
    if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}: ${out}`);
    await sleep(20);
  }
  throw new Error(`not ready: ${out}`);
}

/** Waits (up to 5 s) for the cache file to satisfy `ok`. */
async function cacheBecomes(ok: (bytes: Buffer | undefined) => boolean): Promise<boolean> {
  for (let i = 0; i < 250; i++) {
    const bytes = existsSync(cacheFile()) ? readFileSync(cacheFile()) : undefined;
    if (ok(bytes)) return true;
    await sleep(20);
  }
  return false;
}

describe('the launcher’s code cache', () => {
  it('none yet: the server starts and writes one once serving', async () => {
    rmSync(cacheFile(), { force: true });
    await serve();
    expect(await cacheBecomes((b) => b !== undefined && b.length > 10_000)).toBe(true);
  });

  it('a good one is used as it is (not written again)', async () => {
    const before = statSync(cacheFile()).mtimeMs;
    await serve();
    await sleep(1500); // the launcher writes 500 ms after serving, if at all
    expect(statSync(cacheFile()).mtimeMs).toBe(before);
  });

  it('a corrupt one is ignored (the server starts from source) and replaced', async () => {
    const garbage = Buffer.alloc(50_000, 7);
    writeFileSync(cacheFile(), garbage);
    await serve();
    expect(await cacheBecomes((b) => b !== undefined && !b.equals(garbage))).toBe(true);
    expect(readdirSync(join(dir, 'dist')).filter((f) => f.includes('.v8-cache.'))).toEqual([]); // no temporary left
  });
});
