/**
 * `npm start` (scripts/start.js) builds the playground and serves the build, the site that
 * works offline: the page and the Service Worker it answers are the built files, the Service
 * Worker with the list of files it caches (the dev server's caches none). It builds into a
 * temporary folder, so the playground/dist other runs use is left alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let outDir = '';
let child: ChildProcess | undefined;
let output = '';

/** Resolves with the URL `npm start` prints, once it has. */
function printedUrl(c: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    c.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      const url = /orch playground: (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve(url);
    });
    c.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    c.once('exit', (code) => reject(new Error(`npm start exited ${code} before printing its URL:\n${output}`)));
  });
}

function exited(c: ChildProcess): Promise<void> {
  return c.exitCode !== null || c.signalCode !== null ? Promise.resolve() : new Promise((resolve) => c.once('exit', () => resolve()));
}

beforeAll(() => {
  outDir = mkdtempSync(join(tmpdir(), 'orch-start-'));
});
afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGKILL');
    await exited(child);
  }
  rmSync(outDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('builds the playground, serves the build on the printed URL, and stops on SIGTERM', async () => {
    child = spawn(process.execPath, ['scripts/start.js', '--out-dir', outDir], {
      env: { ...process.env, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const url = await printedUrl(child);

    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(readFileSync(join(outDir, 'index.html'), 'utf8'));

    const sw = await fetch(new URL('sw.js', url));
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    const swText = await sw.text();
    expect(swText).toBe(readFileSync(join(outDir, 'sw.js'), 'utf8'));
    // The built Service Worker lists what it caches for offline use: every file of the build.
    const built = [
      'index.html',
      'orch-worker.js',
      ...readdirSync(join(outDir, 'assets'))
        .filter((f) => !f.endsWith('.map'))
        .map((f) => `assets/${f}`),
    ];
    for (const file of built) expect(swText).toContain(file);

    const worker = await fetch(new URL('orch-worker.js', url));
    expect(await worker.text()).toBe(readFileSync(join(outDir, 'orch-worker.js'), 'utf8'));

    child.kill('SIGTERM');
    await exited(child);
    await expect(fetch(url)).rejects.toThrow();
  });
});
