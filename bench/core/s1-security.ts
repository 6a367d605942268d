/**
 * S1: GET req/s over HTTP with RBAC and a bearer token ÷ with AlwaysAllow and anonymous (the
 * development default), same run, same load generator; decisions are cached, so the goal is ≥ 0.85.
 * S2: under a flood from one user at 10× the server's seats, another user's p99 latency ÷ its p99
 * without the flood (API Priority and Fairness keeps the flows apart): goal ≤ 3.
 */
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import { startServer, type RunningServer } from '../../server/index.ts';
import { fmt, type BenchResult } from './measure.ts';

const TOKENS = `reader-token,reader,1,readers
flood-token,flooder,2,readers
victim-token,victim,3,readers
root-token,root,0,system:masters
`;

interface Load {
  readonly rate: number;
  readonly p99: number;
  readonly non2xx: number;
}

/** autocannon in its own process; any answer counts (a flood is expected to see 429s). */
function load(url: string, seconds: number, connections: number, token?: string): Promise<Load> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [
        'node_modules/autocannon/autocannon.js',
        '-j',
        '-c',
        String(connections),
        '-d',
        String(seconds),
        ...(token ? ['-H', `authorization=Bearer ${token}`] : []),
        url,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
      (err, stdout) => {
        if (err) return reject(err);
        const r = JSON.parse(stdout) as { requests: { average: number }; latency: { p99: number }; non2xx: number };
        resolve({ rate: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx });
      },
    );
  });
}

const PATH = '/api/v1/namespaces/default/configmaps/bench';

async function prepare(server: RunningServer, token?: string): Promise<void> {
  const h: Record<string, string> = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const post = (path: string, body: unknown) => fetch(`${server.url}${path}`, { method: 'POST', headers: h, body: JSON.stringify(body) });
  const cm = await post('/api/v1/namespaces/default/configmaps', {
    metadata: { name: 'bench' },
    data: { greeting: 'hello', size: 'x'.repeat(200) },
  });
  if (cm.status !== 201) throw new Error(`S1: create failed ${cm.status}`);
  if (!token) return;
  const rb = await post('/apis/rbac.authorization.orch.io/v1/namespaces/default/rolebindings', {
    metadata: { name: 'readers' },
    subjects: [{ kind: 'Group', apiGroup: 'rbac.authorization.orch.io', name: 'readers' }],
    roleRef: { apiGroup: 'rbac.authorization.orch.io', kind: 'ClusterRole', name: 'view' },
  });
  if (rb.status !== 201) throw new Error(`S1: binding failed ${rb.status}`);
}

const ROUNDS = 3;

export async function s1(seconds = 3, connections = 16): Promise<BenchResult> {
  const open = await startServer({ port: 0, idleCompaction: false, security: { flowControl: {} } });
  const rbac = await startServer({
    port: 0,
    idleCompaction: false,
    security: { authentication: { tokens: TOKENS }, authorization: { modes: 'RBAC' }, flowControl: {} },
  });
  try {
    await prepare(open);
    await prepare(rbac, 'root-token');
    const openRates: number[] = [];
    const rbacRates: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      openRates.push((await load(`${open.url}${PATH}`, seconds, connections)).rate);
      const r = await load(`${rbac.url}${PATH}`, seconds, connections, 'reader-token');
      if (r.non2xx) throw new Error(`S1: ${r.non2xx} refused requests with RBAC`);
      rbacRates.push(r.rate);
    }
    const o = Math.max(...openRates);
    const r = Math.max(...rbacRates);
    const ratio = r / o;
    return {
      id: 'S1',
      title: 'GET req/s with RBAC and a bearer token ÷ AlwaysAllow and anonymous (autocannon)',
      ratio,
      goal: '≥ 0.85',
      met: ratio >= 0.85,
      details: {
        'RBAC req/s': fmt(r, 0),
        'AlwaysAllow req/s': fmt(o, 0),
        connections,
        'seconds per run': seconds,
        'runs of each (best counts)': ROUNDS,
      },
    };
  } finally {
    await open.shutdown();
    await rbac.shutdown();
  }
}

/**
 * S2's reference: the same quiet load, flood and victim against a bare node:http server that
 * answers every request with the object's bytes at once (no parsing of the path, no
 * authentication, no flow control). One event loop answers the 62 connections' requests in the
 * order it reads them, so its victim waits for the flood's requests around it; orch's flow
 * control orders them by fair queuing instead (seats held until the next turn), which is how it
 * can keep the victim's p99 below this server's.
 */
async function bareFloodRatio(seconds: number, floodConnections: number): Promise<{ ratio: number; quiet: number; loud: number }> {
  const body = Buffer.from(
    JSON.stringify({
      kind: 'ConfigMap',
      apiVersion: 'v1',
      metadata: { name: 'bench', namespace: 'default' },
      data: { greeting: 'hello', size: 'x'.repeat(200) },
    }),
  );
  const bare = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
  try {
    const address = bare.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${PATH}`;
    await load(url, 1, 2);
    const quiet = await load(url, seconds, 2);
    const flood = load(url, seconds + 2, floodConnections);
    await new Promise((r) => setTimeout(r, 1000));
    const loud = await load(url, seconds, 2);
    await flood;
    return { ratio: loud.p99 / Math.max(quiet.p99, 1), quiet: quiet.p99, loud: loud.p99 };
  } finally {
    await new Promise((r) => bare.close(r));
  }
}

export async function s2(seconds = 4): Promise<BenchResult> {
  // 4 + 2 seats: the flood keeps 60 requests in flight, 10× what the server runs at once.
  const seats = 6;
  const server = await startServer({
    port: 0,
    idleCompaction: false,
    security: {
      authentication: { tokens: TOKENS },
      authorization: { modes: 'RBAC' },
      flowControl: { maxRequestsInflight: 4, maxMutatingRequestsInflight: 2 },
    },
  });
  try {
    await prepare(server, 'root-token');
    const url = `${server.url}${PATH}`;
    await load(url, 1, 2, 'victim-token');
    const quiet = await load(url, seconds, 2, 'victim-token');
    const flood = load(url, seconds + 2, seats * 10, 'flood-token');
    await new Promise((r) => setTimeout(r, 1000));
    const loud = await load(url, seconds, 2, 'victim-token');
    const f = await flood;
    const ratio = loud.p99 / Math.max(quiet.p99, 1);
    const floor = await bareFloodRatio(seconds, seats * 10);
    return {
      id: 'S2',
      title: "another user's p99 under a flood at 10× capacity ÷ its p99 without (APF)",
      ratio,
      goal: '≤ 3',
      met: ratio <= 3,
      details: {
        'p99 without flood (ms)': quiet.p99,
        'p99 under flood (ms)': loud.p99,
        'victim req/s under flood': fmt(loud.rate, 0),
        'flood req/s': fmt(f.rate, 0),
        'flood answers 429': f.non2xx,
        'server seats': seats,
        'the same flood against a bare node:http server: p99 without → with (ms)': `${floor.quiet} → ${floor.loud}`,
        // Answering in the order requests are read, as any server without fair queuing does.
        'its ratio (one event loop answering in arrival order)': fmt(floor.ratio, 1),
      },
    };
  } finally {
    await server.shutdown();
  }
}
