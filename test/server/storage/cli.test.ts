/**
 * orch-apiserver's storage as a process: it says where its objects live at start, keeps them in
 * its data directory across kill -9, refuses a directory another server holds, and refuses an
 * encryption configuration it cannot honour, each with a clear error and exit code 1.
 * Runs the built command (`npm test` builds first).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requireBuilt } from '../../support/build.ts';

const BIN = 'bin/orch-apiserver.js';
let dir: string;
const children: ChildProcess[] = [];

beforeAll(() => {
  requireBuilt('dist/orch-apiserver.cjs');
  dir = mkdtempSync(join(tmpdir(), 'orch-cli-'));
});
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts the command; resolves with its URL and everything it printed, once it listens. */
function start(args: string[]): Promise<{ url: string; out: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [BIN, '--port=0', '--controllers=none', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m && out.includes('\ntry:')) {
        clearInterval(timer);
        resolve({ url: m[1], out, child });
      }
    }, 20);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`exited ${code}: ${out}`));
    });
  });
}

async function killed(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

describe('orch-apiserver storage', () => {
  it('prints its data directory, and keeps an object answered 201 across kill -9', async () => {
    const data = join(dir, 'data');
    const first = await start([`--data-dir=${data}`]);
    expect(first.out).toContain(`storage: data directory ${data}`);
    const res = await fetch(`${first.url}/api/v1/namespaces/default/configmaps`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ metadata: { name: 'kept' }, data: { k: 'v' } }),
    });
    expect(res.status).toBe(201);
    const rv = ((await res.json()) as { metadata: { resourceVersion: string } }).metadata.resourceVersion;
    await killed(first.child);
    const again = await start([`--data-dir=${data}`]);
    const got = await fetch(`${again.url}/api/v1/namespaces/default/configmaps/kept`);
    expect(got.status).toBe(200);
    expect(((await got.json()) as { metadata: { resourceVersion: string } }).metadata.resourceVersion).toBe(rv);
  });

  it('refuses a data directory another server holds', async () => {
    const data = join(dir, 'locked');
    await start([`--data-dir=${data}`]);
    const second = spawnSync(process.execPath, [BIN, '--port=0', `--data-dir=${data}`], { encoding: 'utf8' });
    expect(second.status).toBe(1);
    expect(second.stderr).toMatch(/Error: data directory .*locked is in use by another orch-apiserver \(pid \d+\)/);
  });

  it('refuses an encryption configuration it cannot honour', () => {
    const file = join(dir, 'enc.yaml');
    writeFileSync(
      file,
      'apiVersion: apiserver.config.k8s.io/v1\nkind: EncryptionConfiguration\nresources:\n  - resources: [secrets]\n    providers:\n      - secretbox:\n          keys:\n            - name: k\n              secret: AAAA\n',
    );
    const r = spawnSync(process.execPath, [BIN, '--port=0', `--data-dir=${join(dir, 'enc')}`, `--encryption-provider-config=${file}`], {
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    // secretbox takes a 32-byte key; `AAAA` is three bytes.
    expect(r.stderr).toContain('secretbox.keys[0].secret: key must be 32 bytes long, not 3');
  });
});
