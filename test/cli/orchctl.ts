/**
 * Running orchctl in a test: the same `runOrchctl` the bin runs, against orch-apiserver over HTTP
 * (a real server on a free port, found through a kubeconfig) or against an in-process server
 * (createApiServer, reached through its fetch). Output is collected; files live in a temp dir.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { fetchCliTransport, runOrchctl } from '../../cli/index.ts';
import { createNodeIo } from '../../cli/node/index.ts';
import { type ApiServer, createApiServer } from '../../core/index.ts';
import { type RunningServer, startServer } from '../../server/index.ts';

export interface Result {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface Orchctl {
  (args: readonly string[], opts?: { stdin?: string; env?: Record<string, string>; interrupt?: AbortSignal }): Promise<Result>;
  /** The temporary directory (kubeconfig, files for -f). */
  readonly dir: string;
  /** Writes a file in the temporary directory and answers its path. */
  file(name: string, text: string): string;
  /** The server's own fetch, to check what is stored without going through orchctl. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  readonly kubeconfig: string;
}

export type Target = 'http' | 'in-process';
export const TARGETS: readonly Target[] = ['http', 'in-process'];

function kubeconfigText(server: string): string {
  return [
    'apiVersion: v1',
    'kind: Config',
    'clusters:',
    '- name: orch',
    '  cluster:',
    `    server: ${server}`,
    'users:',
    '- name: orch',
    '  user: {}',
    'contexts:',
    '- name: orch',
    '  context: {cluster: orch, user: orch, namespace: default}',
    'current-context: orch',
    '',
  ].join('\n');
}

/** An orchctl bound to a fresh server of the given kind for the tests of the suite. */
export function orchctlPerSuite(target: Target): Orchctl {
  let server: RunningServer | undefined;
  let api: ApiServer | undefined;
  let dir = '';
  let kubeconfig = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'orchctl-test-'));
    kubeconfig = join(dir, 'kubeconfig');
    if (target === 'http') {
      server = await startServer({ port: 0, host: '127.0.0.1', idleCompaction: false });
      api = server.api;
      writeFileSync(kubeconfig, kubeconfigText(server.url));
    } else {
      api = createApiServer();
      await api.ready;
      writeFileSync(kubeconfig, kubeconfigText('http://orch.in-process'));
    }
  });
  afterAll(async () => {
    await server?.shutdown();
    if (!server) await api?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const run = (async (args, opts = {}) => {
    let stdout = '';
    let stderr = '';
    const io = createNodeIo({
      env: { HOME: dir, KUBECONFIG: kubeconfig, ...opts.env },
      cwd: dir,
      stdout: (t) => {
        stdout += t;
      },
      stderr: (t) => {
        stderr += t;
      },
      stdin: opts.stdin ?? '',
      interrupt: opts.interrupt,
      ...(target === 'in-process' ? { transport: () => fetchCliTransport((r) => api!.fetch(r)) } : {}),
    });
    const code = await runOrchctl(args, io);
    return { code, stdout, stderr };
  }) as Orchctl;
  Object.defineProperties(run, {
    dir: { get: () => dir },
    kubeconfig: { get: () => kubeconfig },
  });
  run.file = (name, text) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  run.fetch = (path, init) => api!.fetch(new Request(`http://orch${path}`, init));
  return run;
}

/** JSON body of a GET through the server's own fetch (undefined on 404). */
export async function stored(orchctl: Orchctl, path: string): Promise<Record<string, unknown> | undefined> {
  const res = await orchctl.fetch(path);
  if (res.status === 404) return undefined;
  return (await res.json()) as Record<string, unknown>;
}

export async function createConfigMap(orchctl: Orchctl, name: string, data: Record<string, string>, namespace = 'default'): Promise<void> {
  const res = await orchctl.fetch(`/api/v1/namespaces/${namespace}/configmaps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ metadata: { name }, data }),
  });
  if (res.status !== 201) throw new Error(`creating configmap ${name}: ${res.status} ${await res.text()}`);
}
