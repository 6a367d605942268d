/**
 * The orch-apiserver command as a process: --help, a start-up error, serving, and graceful
 * shutdown on SIGTERM (readyz fails during --shutdown-delay-duration, open watches end, exit 0).
 * Runs the built command (README, "orch-apiserver"; `npm test` builds first).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requireBuilt } from '../support/build.ts';

const BIN = 'bin/orch-apiserver.js';
let child: ChildProcess | undefined;

afterEach(() => {
  child?.kill('SIGKILL');
  child = undefined;
});

function startProcess(args: string[]): Promise<{ url: string; out: () => string }> {
  // Memory storage: the command's default data directory is for people, not for tests.
  child = spawn(process.execPath, [BIN, '--storage=memory', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /listening on (https?:\/\/\S+)/.exec(out);
      if (m) {
        clearInterval(timer);
        resolve({ url: m[1], out: () => out });
      }
    }, 20);
    child!.on('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`exited ${code}: ${out}`));
    });
  });
}

describe('orch-apiserver process', () => {
  beforeAll(() => requireBuilt('dist/orch-apiserver.cjs'));

  it('--help documents the flags', () => {
    const r = spawnSync(process.execPath, [BIN, '--help'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    for (const flag of [
      '--port',
      '--bind-address',
      '--feature-gates',
      '--runtime-config',
      '--shutdown-delay-duration',
      '--livez-grace-period',
    ]) {
      expect(r.stdout).toContain(flag);
    }
  });

  it('an unknown feature gate fails at start with a clear message and exit 1', () => {
    const r = spawnSync(process.execPath, [BIN, '--port=0', '--feature-gates=Bogus=true'], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('unrecognized feature gate: Bogus');
  });

  it('a GA gate set false fails at start', () => {
    const r = spawnSync(process.execPath, [BIN, '--port=0', '--feature-gates=WatchBookmark=false'], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('feature is locked to true');
  });

  it('serves HTTPS on --secure-port, with a self-signed certificate made in the data directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'orch-process-tls-'));
    try {
      const { url } = await startProcess(['--secure-port=0', `--data-dir=${dir}`]);
      expect(url).toMatch(/^https:/);
      const status = await new Promise<number | undefined>((resolve, reject) =>
        get(`${url}/readyz`, { rejectUnauthorized: false }, (res) => {
          res.resume();
          resolve(res.statusCode);
        }).on('error', reject),
      );
      expect(status).toBe(200);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prints its URL and a kubectl line, serves, and shuts down gracefully on SIGTERM', async () => {
    const { url, out } = await startProcess(['--port=0', '--shutdown-delay-duration=600ms']);
    expect(out()).toContain(`kubectl --server ${url}`);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const watch = await fetch(`${url}/api/v1/namespaces/default/configmaps?watch=1`);
    const reader = watch.body!.getReader();
    const exited = new Promise<number | null>((resolve) => child!.on('exit', resolve));
    child!.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 150));
    // During the delay the server still answers, but is not ready.
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(500);
    expect(await ready.text()).toContain('[-]shutdown failed');
    expect((await fetch(`${url}/livez`)).status).toBe(200);
    // Then the watch ends cleanly and the process exits 0.
    let ended = false;
    for (;;) {
      const { done } = await reader.read().catch(() => ({ done: true }));
      if (done) {
        ended = true;
        break;
      }
    }
    expect(ended).toBe(true);
    expect(await exited).toBe(0);
  });
});
