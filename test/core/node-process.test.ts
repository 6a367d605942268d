/**
 * The core used in-process from a plain Node script, with nothing else keeping the process alive: a
 * request that waits on the server's clock (a read for a revision not reached yet, an open watch)
 * still gets its answer, as it would over a socket; the server's own timers (history pruning) never
 * keep the process from ending. Runs the built core (`npm test` builds first).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO, requireBuilt } from '../support/build.ts';

const CORE = join(REPO, 'dist/core/index.js');

function runScript(body: string): { status: number | null; stdout: string; stderr: string } {
  const script = `import { createApiServer } from ${JSON.stringify(pathToFileURL(CORE).href)};\n${body}`;
  return spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 });
}

describe('the core in a plain Node process', () => {
  beforeAll(() => requireBuilt('dist/core/index.js'));

  it('answers a read that waits for a revision not reached (504 Too large resource version), not exit mid-await', () => {
    const r = runScript(`
      const api = createApiServer({ read: { tooLargeResourceVersionWaitMs: 200 } });
      await api.ready;
      const res = await api.fetch(new Request('http://orch/api/v1/namespaces/default/configmaps?resourceVersion=99999999'));
      const status = await res.json();
      console.log(res.status, status.message);
    `);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^504 Too large resource version: 99999999/);
  });

  it('keeps the process alive while a watch is open, as its socket would, and lets it end with the watch', () => {
    const r = runScript(`
      const api = createApiServer();
      await api.ready;
      const res = await api.fetch(new Request('http://orch/api/v1/namespaces?watch=true&timeoutSeconds=1'));
      let text = '';
      const decoder = new TextDecoder();
      for await (const chunk of res.body) text += decoder.decode(chunk, { stream: true });
      const events = text.trim().split('\\n').map((l) => JSON.parse(l));
      console.log(events.length, events.every((e) => e.type === 'ADDED'));
    `);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe('4 true'); // the four namespaces that exist at start
  });

  it('ends when the script is done, though the server still holds history timers', () => {
    const r = runScript(`
      const api = createApiServer();
      await api.ready;
      const res = await api.fetch(new Request('http://orch/api/v1/namespaces/default/configmaps', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"metadata":{"name":"a"}}' }));
      console.log(res.status);
    `);
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe('201');
  });
});
