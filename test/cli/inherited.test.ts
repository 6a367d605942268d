/**
 * The inherited options that change behaviour: each row runs one command through a transport that
 * records the requests (and may answer for the server), and checks what went on the wire or what
 * was printed.
 */
import { describe, expect, it } from 'vitest';
import { type CliResponse, type Connection, fetchCliTransport, runOrchctl } from '../../cli/index.ts';
import { createNodeIo } from '../../cli/node/index.ts';
import type { ClientRequest } from '../../controllers/runtime/client/index.ts';
import { type ApiServer, createApiServer } from '../../core/index.ts';

interface Seen {
  connections: Connection[];
  requests: ClientRequest[];
}

const KUBECONFIG = `apiVersion: v1
kind: Config
clusters:
- name: a
  cluster: {server: http://cluster-a.example}
- name: b
  cluster: {server: http://cluster-b.example}
users:
- name: alice
  user: {token: alice-token}
- name: bob
  user: {username: bob, password: secret}
contexts:
- name: a
  context: {cluster: a, user: alice, namespace: team-a}
- name: b
  context: {cluster: b, user: bob}
current-context: a
`;

async function run(api: ApiServer, args: string[], answer?: (r: ClientRequest) => CliResponse | undefined) {
  const seen: Seen = { connections: [], requests: [] };
  let stdout = '';
  let stderr = '';
  const files = new Map([['/home/t/.orch/config', KUBECONFIG]]);
  const io = createNodeIo({
    env: { HOME: '/home/t' },
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    transport: (c) => {
      seen.connections.push(c);
      const inner = fetchCliTransport((r) => api.fetch(r));
      return async (r) => {
        seen.requests.push(r);
        return answer?.(r) ?? inner(r);
      };
    },
  });
  // The kubeconfig lives in memory: the Node Io reads files through these two.
  io.readFile = async (p) => {
    const t = files.get(p);
    if (t === undefined) throw new Error(`open ${p}: no such file or directory`);
    return t;
  };
  io.pathKind = async (p) => (files.has(p) ? 'file' : 'missing');
  const code = await runOrchctl(args, io);
  return { code, stdout, stderr, seen };
}

const header = (s: Seen, name: string) => s.requests.at(-1)?.headers[name];

describe('inherited options', () => {
  let api: ApiServer;
  const server = async () => {
    api ??= createApiServer();
    await api.ready;
    return api;
  };

  it.each<[string, string[], (r: Awaited<ReturnType<typeof run>>) => void]>([
    [
      'the kubeconfig current context: its cluster, user token and namespace',
      ['get', 'cm'],
      (r) => {
        expect(r.seen.connections[0]?.server).toBe('http://cluster-a.example');
        expect(header(r.seen, 'authorization')).toBe('Bearer alice-token');
        expect(r.seen.requests.at(-1)?.url.pathname).toBe('/api/v1/namespaces/team-a/configmaps');
      },
    ],
    [
      '--context: another context (basic auth, default namespace)',
      ['get', 'cm', '--context', 'b'],
      (r) => {
        expect(r.seen.connections[0]?.server).toBe('http://cluster-b.example');
        expect(header(r.seen, 'authorization')).toBe(`Basic ${btoa('bob:secret')}`);
        expect(r.seen.requests.at(-1)?.url.pathname).toBe('/api/v1/namespaces/default/configmaps');
      },
    ],
    [
      '--cluster and --user pick entries',
      ['get', 'cm', '--cluster', 'b', '--user', 'bob'],
      (r) => {
        expect(r.seen.connections[0]?.server).toBe('http://cluster-b.example');
        expect(header(r.seen, 'authorization')).toMatch(/^Basic /);
      },
    ],
    [
      '-s/--server',
      ['get', 'cm', '-s', 'http://elsewhere.example:8080'],
      (r) => expect(r.seen.connections[0]?.server).toBe('http://elsewhere.example:8080'),
    ],
    ['--token', ['get', 'cm', '--token', 'T0K'], (r) => expect(header(r.seen, 'authorization')).toBe('Bearer T0K')],
    [
      '--username and --password',
      ['get', 'cm', '--context', 'b', '--username', 'u', '--password', 'p'],
      (r) => expect(header(r.seen, 'authorization')).toBe(`Basic ${btoa('u:p')}`),
    ],
    [
      '-n/--namespace',
      ['get', 'cm', '-n', 'kube-x'],
      (r) => expect(r.seen.requests.at(-1)?.url.pathname).toBe('/api/v1/namespaces/kube-x/configmaps'),
    ],
    [
      '--as, --as-group (repeated), --as-uid',
      ['get', 'cm', '--as', 'jane', '--as-group', 'devs', '--as-group', 'ops', '--as-uid', '42'],
      (r) => {
        expect(header(r.seen, 'impersonate-user')).toBe('jane');
        expect(header(r.seen, 'impersonate-group')).toBe('devs, ops');
        expect(header(r.seen, 'impersonate-uid')).toBe('42');
      },
    ],
    ['--disable-compression', ['get', 'cm', '--disable-compression'], (r) => expect(header(r.seen, 'accept-encoding')).toBe('identity')],
    [
      '--certificate-authority, --insecure-skip-tls-verify, --tls-server-name reach the connection',
      ['get', 'cm', '--insecure-skip-tls-verify', '--tls-server-name', 'api.internal'],
      (r) => {
        expect(r.seen.connections[0]?.insecureSkipTlsVerify).toBe(true);
        expect(r.seen.connections[0]?.tlsServerName).toBe('api.internal');
      },
    ],
    [
      '-v=6 logs each request',
      ['get', 'cm', '-v=6'],
      (r) => expect(r.stderr).toMatch(/^I\d{4} [\d:.]+ orchctl\] GET http:\/\/cluster-a\.example\/api 200 OK in \d+ milliseconds\n/),
    ],
    ['-v 8 logs bodies too', ['patch', 'ns', 'default', '-p', '{}', '--v', '8'], (r) => expect(r.stderr).toContain('Request Body: {}')],
    [
      'accepted and without effect here: --cache-dir, --profile, --match-server-version, --log-flush-frequency, storage-driver options',
      [
        'get',
        'cm',
        '--cache-dir',
        '/tmp/c',
        '--profile',
        'none',
        '--profile-output',
        'p.pprof',
        '--match-server-version',
        '--log-flush-frequency',
        '5s',
        '--default-not-ready-toleration-seconds',
        '300',
        '--default-unreachable-toleration-seconds',
        '300',
        '--storage-driver-db',
        'x',
        '--storage-driver-table',
        'stats',
      ],
      (r) => expect(r.code).toBe(0),
    ],
  ])('%s', async (_name, args, check) => {
    check(await run(await server(), args));
  });

  it('--version prints the client version', async () => {
    const r = await run(await server(), ['--version']);
    expect(r.stdout).toBe('Client Version: v1.32.0\n');
  });

  it('--warnings-as-errors: a server warning is printed, then fails the command', async () => {
    const warn = (r: ClientRequest): CliResponse | undefined =>
      r.url.pathname.endsWith('/configmaps')
        ? new Response('{"kind":"ConfigMapList","apiVersion":"v1","metadata":{},"items":[]}', {
            headers: { warning: '299 - "this is deprecated"', 'content-type': 'application/json' },
          })
        : undefined;
    const plain = await run(await server(), ['get', 'cm', '-o', 'name'], warn);
    expect(plain).toMatchObject({ code: 0, stderr: 'Warning: this is deprecated\n' });
    const strict = await run(await server(), ['get', 'cm', '-o', 'name', '--warnings-as-errors'], warn);
    expect(strict).toMatchObject({ code: 1, stderr: 'Warning: this is deprecated\nerror: 1 warning received\n' });
  });

  it('--request-timeout: a server that does not answer in time', async () => {
    const never = (r: ClientRequest): CliResponse | undefined => {
      if (!r.url.pathname.endsWith('/configmaps')) return undefined;
      return new Promise<never>((_resolve, reject) =>
        r.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      ) as never;
    };
    const r = await run(await server(), ['get', 'cm', '--request-timeout=200ms'], never);
    expect(r).toMatchObject({
      code: 1,
      stderr: 'Unable to connect to the server: net/http: request canceled (Client.Timeout exceeded while awaiting headers)\n',
    });
  });

  it('a refused connection: the real client words it', async () => {
    let stderr = '';
    const io = createNodeIo({
      env: { HOME: '/nonexistent' },
      stdout: () => undefined,
      stderr: (t) => {
        stderr += t;
      },
    });
    expect(await runOrchctl(['get', 'cm', '-s', 'http://127.0.0.1:1'], io)).toBe(1);
    expect(stderr).toBe('The connection to the server 127.0.0.1:1 was refused - did you specify the right host or port?\n');
  });
});
