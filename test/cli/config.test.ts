/**
 * Kubeconfig files: where orchctl looks ($KUBECONFIG's list, else ~/.orch/config, else
 * ~/.kube/config), how several merge, and what the `config` commands write.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runOrchctl } from '../../cli/index.ts';
import { createNodeIo } from '../../cli/node/index.ts';

let home = '';
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'orchctl-config-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const config = (context: string, server: string, namespace = 'default') =>
  `apiVersion: v1\nkind: Config\nclusters:\n- name: ${context}\n  cluster: {server: '${server}'}\nusers:\n- name: ${context}\n  user: {token: secret-${context}}\ncontexts:\n- name: ${context}\n  context: {cluster: ${context}, user: ${context}, namespace: ${namespace}}\ncurrent-context: ${context}\n`;

function write(path: string, text: string): string {
  const full = join(home, path);
  mkdirSync(join(full, '..'), { recursive: true });
  writeFileSync(full, text);
  return full;
}

async function run(args: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const io = createNodeIo({
    env: { HOME: home, ...env },
    cwd: home,
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
  });
  return { code: await runOrchctl(args, io), stdout, stderr };
}

describe('which kubeconfig', () => {
  it.each<[string, () => Record<string, string>, string]>([
    [
      '~/.orch/config by default',
      () => {
        write('.orch/config', config('orch', 'http://orch.example'));
        write('.kube/config', config('kube', 'http://kube.example'));
        return {};
      },
      'orch',
    ],
    [
      '~/.kube/config when there is no ~/.orch/config',
      () => {
        write('.kube/config', config('kube', 'http://kube.example'));
        return {};
      },
      'kube',
    ],
    [
      '$KUBECONFIG, the first file setting current-context winning',
      () => ({ KUBECONFIG: `${write('a', config('a', 'http://a.example'))}:${write('b', config('b', 'http://b.example'))}` }),
      'a',
    ],
  ])('%s', async (_name, setup, current) => {
    const env = setup();
    expect(await run(['config', 'current-context'], env)).toEqual({ code: 0, stdout: `${current}\n`, stderr: '' });
  });

  it('merges the files of $KUBECONFIG: every context is there', async () => {
    const env = { KUBECONFIG: `${write('a', config('a', 'http://a.example'))}:${write('b', config('b', 'http://b.example', 'team-b'))}` };
    expect((await run(['config', 'get-contexts'], env)).stdout).toBe(
      'CURRENT   NAME   CLUSTER   AUTHINFO   NAMESPACE\n*         a      a         a          default\n          b      b         b          team-b\n',
    );
  });

  it('--kubeconfig alone, and a missing one is an error', async () => {
    const file = write('explicit', config('x', 'http://x.example'));
    expect((await run(['config', 'current-context', '--kubeconfig', file])).stdout).toBe('x\n');
    expect((await run(['config', 'current-context', '--kubeconfig', join(home, 'missing')])).code).toBe(1);
  });
});

describe('config commands', () => {
  it('view hides secrets unless --raw; --minify keeps the current context only', async () => {
    const env = { KUBECONFIG: `${write('a', config('a', 'http://a.example'))}:${write('b', config('b', 'http://b.example'))}` };
    const view = load((await run(['config', 'view'], env)).stdout) as { users: { user: { token: string } }[]; contexts: unknown[] };
    expect(view.users[0]!.user.token).toBe('REDACTED');
    expect(view.contexts).toHaveLength(2);
    const raw = load((await run(['config', 'view', '--raw', '--minify'], env)).stdout) as {
      users: { user: { token: string } }[];
      contexts: unknown[];
    };
    expect(raw.users).toEqual([{ name: 'a', user: { token: 'secret-a' } }]);
    expect(raw.contexts).toHaveLength(1);
  });

  it('set-cluster, set-credentials, set-context, use-context write ~/.orch/config in the real format', async () => {
    expect((await run(['config', 'set-cluster', 'dev', '--server', 'http://127.0.0.1:8080'])).stdout).toBe('Cluster "dev" set.\n');
    expect((await run(['config', 'set-credentials', 'me', '--token', 't0k'])).stdout).toBe('User "me" set.\n');
    expect((await run(['config', 'set-context', 'dev', '--cluster', 'dev', '--user', 'me', '--namespace', 'work'])).stdout).toBe(
      'Context "dev" created.\n',
    );
    expect((await run(['config', 'set-context', 'dev', '--namespace', 'play'])).stdout).toBe('Context "dev" modified.\n');
    expect((await run(['config', 'use-context', 'dev'])).stdout).toBe('Switched to context "dev".\n');
    expect(await run(['config', 'use-context', 'nope'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'error: no context exists with the name: "nope"\n',
    });
    expect(load(readFileSync(join(home, '.orch/config'), 'utf8'))).toEqual({
      apiVersion: 'v1',
      kind: 'Config',
      preferences: {},
      clusters: [{ name: 'dev', cluster: { server: 'http://127.0.0.1:8080' } }],
      users: [{ name: 'me', user: { token: 't0k' } }],
      contexts: [{ name: 'dev', context: { cluster: 'dev', user: 'me', namespace: 'play' } }],
      'current-context': 'dev',
    });
  });
});
