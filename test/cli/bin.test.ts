/**
 * `node bin/orchctl.js` as a user runs it (the bundle `npm run build` makes): output, exit codes,
 * stdin, and the V8 code cache written beside the bundle after a run.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../server/index.ts';
import { REPO, requireBuilt } from '../support/build.ts';

let server: RunningServer;
let dir = '';

beforeAll(async () => {
  requireBuilt('dist/orchctl.cjs', 'dist/orchctl-core.cjs');
  server = await startServer({ port: 0, host: '127.0.0.1', idleCompaction: false });
  dir = mkdtempSync(join(tmpdir(), 'orchctl-bin-'));
  writeFileSync(
    join(dir, 'config'),
    `apiVersion: v1\nkind: Config\nclusters:\n- name: t\n  cluster: {server: ${server.url}}\nusers:\n- name: t\n  user: {}\ncontexts:\n- name: t\n  context: {cluster: t, user: t, namespace: default}\ncurrent-context: t\n`,
  );
});

afterAll(async () => {
  await server?.shutdown();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function orchctl(args: string[], stdin = '', nodeArgs: string[] = []): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [...nodeArgs, join(REPO, 'bin/orchctl.js'), ...args],
      { env: { ...process.env, HOME: dir, KUBECONFIG: join(dir, 'config') }, encoding: 'utf8', timeout: 60_000 },
      (err, stdout, stderr) => resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(stdin);
  });
}

describe('bin/orchctl.js', { timeout: 60_000 }, () => {
  it('creates from stdin, gets, patches, and exits 0', async () => {
    const manifest = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: from-bin\ndata:\n  a: "1"\n';
    expect(await orchctl(['create', '-f', '-'], manifest)).toEqual({ code: 0, stdout: 'configmap/from-bin created\n', stderr: '' });
    expect((await orchctl(['get', 'configmaps'])).stdout).toMatch(/^NAME +DATA +AGE\nfrom-bin +1 +\d+s\n$/);
    expect((await orchctl(['patch', 'cm', 'from-bin', '-p', '{"data":{"b":"2"}}'])).stdout).toBe('configmap/from-bin patched\n');
    expect((await orchctl(['patch', '--local', '-f', '-', '-p', '{"data":{"c":"3"}}', '-o', 'jsonpath={.data}'], manifest)).stdout).toBe(
      '{"a":"1","c":"3"}',
    );
  });

  it('exits 1 with the message on a failure', async () => {
    expect(await orchctl(['get', 'cm', 'nope'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error from server (NotFound): configmaps "nope" not found\n',
    });
    expect(await orchctl(['patch', 'cm', 'x', '--nope'])).toEqual({
      code: 1,
      stdout: '',
      stderr: "Error: unknown flag: --nope\nSee 'orchctl patch --help' for usage.\n",
    });
  });

  it('loads node:child_process only for a command that starts a process (commander asks for it at its top)', async () => {
    // Node's own record of the built-in modules it loaded, read as the process ends.
    const report = join(dir, 'loaded-builtins.cjs');
    writeFileSync(
      report,
      "process.on('exit', () => process.stderr.write(process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).join('\\n')));",
    );
    for (const args of [
      ['get', 'configmaps'],
      ['version', '--client'],
    ]) {
      const { code, stderr } = await orchctl(args, '', ['--require', report]);
      expect(code).toBe(0);
      expect(stderr).toContain('NativeModule fs'); // the record is there
      expect(stderr).not.toContain('NativeModule child_process');
    }
  });

  it('keeps a V8 code cache beside the bundle, and its discovery in the cache dir', async () => {
    await orchctl(['version', '--client']);
    expect(readdirSync(join(REPO, 'dist')).some((f) => f.startsWith('orchctl.cjs.') && f.endsWith('.code-cache'))).toBe(true);
    expect(existsSync(join(dir, '.orch/cache/discovery', new URL(server.url).host.replace(':', '_'), 'resources.json'))).toBe(true);
  });
});
