/**
 * kubectl 1.32 against orch-apiserver over TLS: with a client certificate (CN/O, credential ID) and with a bearer
 * token; `auth whoami`, `auth can-i` (and `--list`, matching the rules), `create token`.
 */
import { execFile } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../server/index.ts';
import { clientCertificate, selfSigned } from '../../../server/x509.ts';
import { bindRole, TOKENS } from '../../support/secured.ts';
import { KUBECTL } from '../../support/kubectl.ts';

const serving = selfSigned({ commonName: 'orch-apiserver' }, ['localhost'], ['127.0.0.1']);
const clientCa = selfSigned({ commonName: 'orch-client-ca' }, [], []);
const carol = clientCertificate(
  { commonName: 'carol', organizations: ['system:masters'] },
  { name: { commonName: 'orch-client-ca' }, keyPem: clientCa.keyPem },
);

let server: RunningServer;
const dir = mkdtempSync(join(tmpdir(), 'orch-tls-'));
const b64 = (s: string) => Buffer.from(s).toString('base64');

function kubeconfig(name: string, user: Record<string, string>): string {
  const path = join(dir, name);
  const userLines = Object.entries(user).map(([k, v]) => `    ${k}: ${v}`);
  writeFileSync(
    path,
    [
      'apiVersion: v1',
      'kind: Config',
      'clusters:',
      '- name: orch',
      '  cluster:',
      `    server: ${server.url}`,
      `    certificate-authority-data: ${b64(serving.certPem)}`,
      'users:',
      '- name: u',
      '  user:',
      ...userLines,
      'contexts:',
      '- name: orch',
      '  context: {cluster: orch, user: u, namespace: default}',
      'current-context: orch',
      '',
    ].join('\n'),
  );
  return path;
}

function kubectl(config: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      KUBECTL,
      ['--kubeconfig', config, '--cache-dir', join(dir, 'cache'), ...args],
      { encoding: 'utf8', timeout: 60_000 },
      (err, stdout, stderr) => {
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

let asCarol: string;
let asAlice: string;
let asNobody: string;

beforeAll(async () => {
  if (!existsSync(KUBECTL)) throw new Error(`${KUBECTL} is missing: the kubectl interop tests run kubectl 1.32 from there`);
  server = await startServer({
    port: 0,
    tls: { certPem: serving.certPem, keyPem: serving.keyPem, clientCaPem: clientCa.certPem },
    security: { authentication: { tokens: TOKENS, anonymous: false }, authorization: { modes: 'RBAC' }, flowControl: {} },
  });
  asCarol = kubeconfig('carol', { 'client-certificate-data': b64(carol.certPem), 'client-key-data': b64(carol.keyPem) });
  asAlice = kubeconfig('alice', { token: 'alice-token' });
  asNobody = kubeconfig('nobody', { token: 'not-a-token' });
});
afterAll(() => server?.shutdown());

describe('kubectl over TLS', () => {
  it('authenticates with a client certificate: CN is the user, O the groups', async () => {
    const who = await kubectl(asCarol, 'auth', 'whoami', '-o', 'json');
    expect(who.stderr).toBe('');
    const credentialId = `X509SHA256=${createHash('sha256').update(new X509Certificate(carol.certPem).raw).digest('hex')}`;
    expect(JSON.parse(who.stdout).status.userInfo).toEqual({
      username: 'carol',
      groups: ['system:masters', 'system:authenticated'],
      extra: { 'authentication.orchestrator.io/credential-id': [credentialId] },
    });
    const ns = await kubectl(asCarol, 'get', 'namespaces', '-o', 'name');
    expect(ns.stdout).toContain('namespace/default');
  });

  it('authenticates with a bearer token, and refuses one it does not know', async () => {
    const who = await kubectl(asAlice, 'auth', 'whoami', '-o', 'jsonpath={.status.userInfo.username}');
    expect(who.stdout).toBe('alice');
    const bad = await kubectl(asNobody, 'get', 'configmaps');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('Unauthorized');
  });

  it('auth can-i answers from the rules, and --list lists them', async () => {
    const binding = join(dir, 'binding.json');
    writeFileSync(binding, JSON.stringify(bindRole('alice', 'view', 'default')));
    expect((await kubectl(asCarol, 'apply', '-f', binding)).code).toBe(0);
    expect((await kubectl(asAlice, 'auth', 'can-i', 'list', 'configmaps')).stdout.trim()).toBe('yes');
    const no = await kubectl(asAlice, 'auth', 'can-i', 'create', 'configmaps');
    expect(no.stdout.trim()).toBe('no');
    expect(no.code).toBe(1);
    expect((await kubectl(asAlice, 'auth', 'can-i', 'list', 'configmaps', '-n', 'kube-system')).stdout.trim()).toBe('no');
    const list = await kubectl(asAlice, 'auth', 'can-i', '--list');
    expect(list.code).toBe(0);
    const lines = list.stdout.split('\n');
    expect(lines[0]).toMatch(/^Resources\s+Non-Resource URLs\s+Resource Names\s+Verbs$/);
    expect(lines.some((l) => /^configmaps\s+\[\]\s+\[\]\s+\[get list watch\]$/.test(l))).toBe(true);
    expect(lines.some((l) => /^selfsubjectaccessreviews\.authorization\.orch\.io\s+\[\]\s+\[\]\s+\[create\]$/.test(l))).toBe(true);
    expect(lines.some((l) => /^\s+\[\/api\/\*\]\s+\[\]\s+\[get\]$/.test(l))).toBe(true);
    const denied = await kubectl(asAlice, 'delete', 'configmap', 'nothing');
    expect(denied.stderr).toContain(
      'configmaps "nothing" is forbidden: User "alice" cannot delete resource "configmaps" in API group "" in the namespace "default"',
    );
  });

  it('create token makes a ServiceAccount token that authenticates', async () => {
    expect((await kubectl(asCarol, 'create', 'serviceaccount', 'robot')).code).toBe(0);
    const token = (await kubectl(asCarol, 'create', 'token', 'robot')).stdout.trim();
    expect(token.split('.')).toHaveLength(3);
    const who = await kubectl(kubeconfig('robot', { token }), 'auth', 'whoami', '-o', 'jsonpath={.status.userInfo.username}');
    expect(who.stdout).toBe('system:serviceaccount:default:robot');
  });
});
