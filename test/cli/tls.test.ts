/**
 * orchctl against orch-apiserver over HTTPS (a self-signed serving certificate, client
 * certificates verified against a client CA, static tokens, RBAC), next to kubectl 1.32 with the
 * same arguments: --certificate-authority, --insecure-skip-tls-verify, --tls-server-name,
 * --client-certificate/--client-key, --token, and a kubeconfig with embedded *-data. Where a
 * connection fails the two print the same last line (kubectl logs its discovery retries before
 * it) and exit non-zero.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOrchctl } from '../../cli/index.ts';
import { createNodeIo } from '../../cli/node/index.ts';
import { type RunningServer, startServer } from '../../server/index.ts';
import { clientCertificate, selfSigned } from '../../server/x509.ts';
import { KUBECTL } from '../support/kubectl.ts';
import { TOKENS } from '../support/secured.ts';

const serving = selfSigned({ commonName: 'orch-apiserver' }, ['localhost'], ['127.0.0.1']);
/** A certificate for a name only: reached by address, it needs --tls-server-name. */
const named = selfSigned({ commonName: 'orch-named' }, ['orch.test'], []);
const otherCa = selfSigned({ commonName: 'someone-else' }, ['localhost'], ['127.0.0.1']);
const clientCa = selfSigned({ commonName: 'orch-client-ca' }, [], []);
const carol = clientCertificate(
  { commonName: 'carol', organizations: ['system:masters'] },
  { name: { commonName: 'orch-client-ca' }, keyPem: clientCa.keyPem },
);
const b64 = (s: string) => Buffer.from(s).toString('base64');

const dir = mkdtempSync(join(tmpdir(), 'orchctl-tls-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const CA = file('ca.pem', serving.certPem);
const NAMED_CA = file('named-ca.pem', named.certPem);
const OTHER_CA = file('other-ca.pem', otherCa.certPem);
const CERT = file('carol.crt', carol.certPem);
const KEY = file('carol.key', carol.keyPem);

let server: RunningServer;
let namedServer: RunningServer;

function kubeconfig(name: string, url: string, cluster: Record<string, string>, user: Record<string, string>): string {
  const lines = (o: Record<string, string>) => Object.entries(o).map(([k, v]) => `    ${k}: ${v}`);
  return file(
    name,
    [
      'apiVersion: v1',
      'kind: Config',
      'clusters:',
      '- name: orch',
      '  cluster:',
      `    server: ${url}`,
      ...lines(cluster),
      'users:',
      '- name: u',
      `  user:${Object.keys(user).length ? '' : ' {}'}`,
      ...lines(user),
      'contexts:',
      '- name: orch',
      '  context: {cluster: orch, user: u, namespace: default}',
      'current-context: orch',
      '',
    ].join('\n'),
  );
}

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

async function orchctl(args: string[]): Promise<Result> {
  const cache = mkdtempSync(join(dir, 'cache-'));
  let stdout = '';
  let stderr = '';
  const io = createNodeIo({
    env: { HOME: dir },
    cwd: dir,
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
  });
  const code = await runOrchctl(['--cache-dir', cache, ...args], io);
  return { code, stdout, stderr };
}

/** Each run discovers afresh (a cache dir of its own), as orchctl does with its own. */
function kubectl(args: string[]): Promise<Result> {
  return new Promise((resolve) => {
    const cache = mkdtempSync(join(dir, 'cache-'));
    const child = execFile(KUBECTL, ['--cache-dir', cache, ...args], { encoding: 'utf8', timeout: 60_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
    // Without credentials kubectl asks for a username on stdin: it reads nothing.
    child.stdin?.end();
  });
}

/** The last line of stderr: kubectl logs each failed discovery attempt before its message. */
const lastLine = (r: Result) => ({ code: r.code, stdout: r.stdout, stderr: r.stderr.trimEnd().split('\n').at(-1) ?? '' });

beforeAll(async () => {
  if (!existsSync(KUBECTL)) throw new Error(`${KUBECTL} is missing: the kubectl interop tests run kubectl 1.32 from there`);
  const security = { authentication: { tokens: TOKENS, anonymous: false }, authorization: { modes: 'RBAC' as const }, flowControl: {} };
  server = await startServer({
    port: 0,
    host: '127.0.0.1',
    idleCompaction: false,
    tls: { certPem: serving.certPem, keyPem: serving.keyPem, clientCaPem: clientCa.certPem },
    security,
  });
  namedServer = await startServer({
    port: 0,
    host: '127.0.0.1',
    idleCompaction: false,
    tls: { certPem: named.certPem, keyPem: named.keyPem },
    security,
  });
});
afterAll(async () => {
  await server?.shutdown();
  await namedServer?.shutdown();
  rmSync(dir, { recursive: true, force: true });
});

describe('orchctl over TLS, as kubectl 1.32', () => {
  const bare = () => kubeconfig('bare', server.url, {}, {});
  const asRoot = ['--token', 'root-token'];
  const get = ['get', 'namespaces', 'default', '-o', 'name'];

  it.each<[string, () => string[]]>([
    ['--certificate-authority and --token', () => ['--kubeconfig', bare(), '--certificate-authority', CA, ...asRoot, ...get]],
    ['--insecure-skip-tls-verify', () => ['--kubeconfig', bare(), '--insecure-skip-tls-verify', ...asRoot, ...get]],
    [
      '--client-certificate and --client-key',
      () => ['--kubeconfig', bare(), '--certificate-authority', CA, '--client-certificate', CERT, '--client-key', KEY, ...get],
    ],
    [
      '--tls-server-name for a certificate naming another host',
      () => [
        '--kubeconfig',
        kubeconfig('named', namedServer.url, {}, {}),
        '--certificate-authority',
        NAMED_CA,
        '--tls-server-name',
        'orch.test',
        ...asRoot,
        ...get,
      ],
    ],
    [
      'a kubeconfig with certificate-authority-data, client-certificate-data and client-key-data',
      () => [
        '--kubeconfig',
        kubeconfig(
          'embedded',
          server.url,
          { 'certificate-authority-data': b64(serving.certPem) },
          { 'client-certificate-data': b64(carol.certPem), 'client-key-data': b64(carol.keyPem) },
        ),
        ...get,
      ],
    ],
    [
      'a kubeconfig with certificate-authority and token files',
      () => [
        '--kubeconfig',
        kubeconfig('files', server.url, { 'certificate-authority': CA }, { tokenFile: file('token', 'root-token\n') }),
        ...get,
      ],
    ],
  ])('connects with %s', async (_name, args) => {
    const o = await orchctl(args());
    expect(o).toEqual({ code: 0, stdout: 'namespace/default\n', stderr: '' });
    expect(o).toEqual(await kubectl(args()));
  });

  it.each<[string, () => string[]]>([
    ['no CA', () => ['--kubeconfig', bare(), ...asRoot, ...get]],
    ['the wrong CA', () => ['--kubeconfig', bare(), '--certificate-authority', OTHER_CA, ...asRoot, ...get]],
    [
      'a certificate for another name',
      () => ['--kubeconfig', kubeconfig('named-bad', namedServer.url, {}, {}), '--certificate-authority', NAMED_CA, ...asRoot, ...get],
    ],
    [
      '--tls-server-name the certificate does not name',
      () => ['--kubeconfig', bare(), '--certificate-authority', CA, '--tls-server-name', 'elsewhere.test', ...asRoot, ...get],
    ],
    ['a token the server does not know', () => ['--kubeconfig', bare(), '--certificate-authority', CA, '--token', 'nope', ...get]],
    ['a missing CA file', () => ['--kubeconfig', bare(), '--certificate-authority', join(dir, 'missing.pem'), ...asRoot, ...get]],
  ])('fails as kubectl does with %s', async (_name, args) => {
    const o = lastLine(await orchctl(args()));
    expect(o.code).not.toBe(0);
    expect(o).toEqual(lastLine(await kubectl(args())));
  });

  it('without credentials goes on anonymously, and the 401 of discovery reads as the real client words it', async () => {
    // kubectl would first ask for a username on stdin; orchctl does not prompt.
    expect(await orchctl(['--kubeconfig', bare(), '--certificate-authority', CA, ...get])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'error: You must be logged in to the server (the server has asked for the client to provide credentials)\n',
    });
  });
});
