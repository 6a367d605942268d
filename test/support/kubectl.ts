/**
 * Running the real kubectl 1.32 against a test server, with a temporary kubeconfig and cache dir.
 * kubectl is expected at /usr/bin/kubectl; without it the interop tests fail, saying so.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startServer, type RunningServer, type StartOptions } from '../../server/index.ts';

export const KUBECTL = '/usr/bin/kubectl';

/**
 * orch-apiserver on a free port for the tests of the file (or of the `describe` this is called
 * in), and kubectl pointed at it. Both answers stand for the ones the running tests have.
 */
export function kubectlPerSuite(options: Omit<StartOptions, 'port'> = {}): { readonly kubectl: Kubectl; readonly server: RunningServer } {
  let current: { server: RunningServer; kubectl: Kubectl } | undefined;
  beforeAll(async () => {
    if (!existsSync(KUBECTL)) throw new Error(`${KUBECTL} is missing: the kubectl interop tests run kubectl 1.32 from there`);
    const server = await startServer({ ...options, port: 0 });
    current = { server, kubectl: kubectlFor(server.url) };
  });
  afterAll(async () => {
    await current?.server.shutdown();
    current = undefined;
  });
  const now = () => {
    if (!current) throw new Error('no server: it is started before the suite and shut down after it');
    return current;
  };
  const kubectl = ((...args: string[]) => now().kubectl(...args)) as Kubectl;
  kubectl.result = (args, input) => now().kubectl.result(args, input);
  kubectl.spawn = (args) => now().kubectl.spawn(args);
  kubectl.file = (name, text) => now().kubectl.file(name, text);
  Object.defineProperty(kubectl, 'dir', { get: () => now().kubectl.dir });
  return {
    kubectl,
    get server() {
      return now().server;
    },
  };
}

/**
 * Always asynchronous: the server under test usually runs in the test's own process, and a
 * synchronous child would block the event loop that has to answer it.
 */
export interface Kubectl {
  (...args: string[]): Promise<string>;
  /** Runs kubectl and returns its exit code and both outputs (for expected failures). */
  result(args: string[], input?: string): Promise<{ code: number; stdout: string; stderr: string }>;
  /** Starts kubectl in the background (e.g. `get -w`). */
  spawn(args: string[]): ReturnType<typeof execFile>;
  readonly dir: string;
  /** Writes a file into the temporary directory and answers its path (for `-f`). */
  file(name: string, text: string): string;
}

export function kubectlFor(serverUrl: string): Kubectl {
  const dir = mkdtempSync(join(tmpdir(), 'orch-kubectl-'));
  const kubeconfig = join(dir, 'kubeconfig');
  writeFileSync(
    kubeconfig,
    [
      'apiVersion: v1',
      'kind: Config',
      'clusters:',
      '- name: orch',
      '  cluster:',
      `    server: ${serverUrl}`,
      'users:',
      '- name: orch',
      '  user: {}',
      'contexts:',
      '- name: orch',
      '  context: {cluster: orch, user: orch, namespace: default}',
      'current-context: orch',
      '',
    ].join('\n'),
  );
  const base = ['--kubeconfig', kubeconfig, '--cache-dir', join(dir, 'cache')];
  const result = (args: string[], input?: string) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(KUBECTL, [...base, ...args], { encoding: 'utf8', timeout: 60_000 }, (err, stdout, stderr) => {
        const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 1) : 0;
        resolve({ code, stdout, stderr });
      });
      if (input !== undefined) child.stdin!.end(input);
      else child.stdin!.end();
    });
  const run = (async (...args: string[]) => {
    const r = await result(args);
    if (r.code !== 0) throw new Error(`kubectl ${args.join(' ')} failed (${r.code}): ${r.stderr}${r.stdout}`);
    return r.stdout;
  }) as Kubectl;
  run.result = result;
  run.spawn = (args) => execFile(KUBECTL, [...base, ...args], { encoding: 'utf8' });
  (run as { dir: string }).dir = dir;
  run.file = (name, text) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  return run;
}
