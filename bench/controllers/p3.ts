/**
 * P3, start-up and a StatefulSet at scale. In one run, on this machine:
 *
 *   1. etcd 3.4 (Debian's etcd-server): process start to its first successful put (the floor of
 *      what any controller test against a real API server pays before the server even starts);
 *   2. the controller test harness (`createTestEnv` with the StatefulSet controller and the pod
 *      simulator): call to ready, in-process;
 *   3. orch-apiserver as a process with every controller: start to `/readyz` answering 200 (and to
 *      its controllers started, which /readyz does not wait for, as the real API server's does not
 *      wait for the controller manager), and beside it a bare `node:http` server: start to its
 *      first answer (the floor of any Node process);
 *
 * P3 = (2) ÷ (1), and (3) ÷ (1) beside it; goal ≤ 0.20. Also (3) ÷ the bare server, goal ≤ 1.3.
 * Each is the median of several rounds.
 *
 *   4. a StatefulSet of 100 replicas, Parallel, pods ready at once, on the virtual clock: wall
 *      time from create to all 100 ready (status.readyReplicas = 100), and the requests made.
 *
 * `p3()` returns the figures (the shape `bench/run.ts` collects) and writes
 * test-results/bench-p3.json. Run it with `npm run bench -- P3`. Options (environment): P3_ROUNDS
 * (default 5), P3_REPLICAS (default 100).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createApiServer, VirtualClock } from '../../core/index.ts';
import { createTestEnv, podLifecycleSimulator, STATEFUL_SETS, statefulSetController, type StatefulSet } from '../../controllers/index.ts';

const ROUNDS = Number(process.env.P3_ROUNDS ?? 5);
const REPLICAS = Number(process.env.P3_REPLICAS ?? 100);
const GOAL = 0.2;
const NODE_FLOOR_GOAL = 1.3;

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

/** Collects this process's garbage (the bench runs with --expose-gc) and lets the machine go quiet. */
async function settle(): Promise<void> {
  (globalThis as { gc?: () => void }).gc?.();
  await sleep(300);
}

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
  });
}

function ensureEtcd(): void {
  if (spawnSync('sh', ['-c', 'command -v etcd'], { stdio: 'ignore' }).status === 0) return;
  console.log('etcd not found: installing etcd-server with apt-get');
  const steps = [
    ['apt-get', ['update', '-qq']],
    ['apt-get', ['install', '-y', '-qq', 'etcd-server']],
  ] as const;
  for (const [cmd, args] of steps) {
    const r = spawnSync(cmd, [...args], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status})`);
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((res) => {
    if (child.exitCode !== null) return res();
    child.once('exit', () => res());
    child.kill('SIGKILL');
  });
}

/** etcd on free, non-default ports, from spawn to the first put its HTTP gateway accepts. */
async function etcdRound(): Promise<number> {
  const [client, peer] = [await freePort(), await freePort()];
  const dir = mkdtempSync(join(tmpdir(), 'p3-etcd-'));
  const clientUrl = `http://127.0.0.1:${client}`;
  const peerUrl = `http://127.0.0.1:${peer}`;
  const t0 = performance.now();
  const child = spawn(
    'etcd',
    [
      '--name=p3',
      `--data-dir=${dir}`,
      `--listen-client-urls=${clientUrl}`,
      `--advertise-client-urls=${clientUrl}`,
      `--listen-peer-urls=${peerUrl}`,
      `--initial-advertise-peer-urls=${peerUrl}`,
      `--initial-cluster=p3=${peerUrl}`,
      '--log-level=error',
    ],
    { stdio: 'ignore' },
  );
  const body = JSON.stringify({ key: Buffer.from('p3').toString('base64'), value: Buffer.from('ready').toString('base64') });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`etcd exited with ${child.exitCode}`);
      try {
        const res = await fetch(`${clientUrl}/v3/kv/put`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
        if (res.ok) return performance.now() - t0;
        await res.body?.cancel();
      } catch {
        // not listening yet
      }
      await sleep(5);
    }
  } finally {
    await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The controller test harness, from the call to a running manager on a ready server. */
async function harnessRound(): Promise<number> {
  const t0 = performance.now();
  const env = await createTestEnv({ controllers: [statefulSetController(), podLifecycleSimulator({ readyDelayMs: 0 })] });
  const t = performance.now() - t0;
  await env.stop();
  return t;
}

/**
 * The floor of any server written for Node: a `node:http` server that answers every request with
 * 200, from spawn to its first answer. Nothing a Node program does can start faster than this.
 */
const BARE_NODE_SERVER = "require('node:http').createServer((q, r) => r.end('ok')).listen(Number(process.argv[1]), '127.0.0.1')";

/**
 * The environment of the Node processes measured. This machine sets NODE_EXTRA_CA_CERTS (a CA
 * bundle for its npm registry proxy), which Node 20 parses before running any JavaScript: ~70 ms
 * for every Node process, `node -e 0` included (measured: 100 ms with it, 25 ms without).
 * orch-apiserver makes no TLS connection of its own, so its figure is taken without it, as on a
 * machine without that proxy; the figure with it is reported beside.
 */
const WITHOUT_EXTRA_CA: NodeJS.ProcessEnv = { ...process.env, NODE_EXTRA_CA_CERTS: undefined };

interface ProcessTimes {
  /** Spawn to /readyz answering 200. */
  readonly ready: number;
  /** Spawn to the "controllers:" line orch-apiserver prints once they run (undefined for others). */
  readonly controllers?: number;
}

/** orch-apiserver (every controller) as a process, from spawn to /readyz 200 and to its controllers running. */
async function serverRound(entry: string, env: NodeJS.ProcessEnv = WITHOUT_EXTRA_CA): Promise<ProcessTimes> {
  return processRound([entry, '--storage=memory'], env);
}

/** A bare `node:http` server as a process, from spawn to its first 200. */
async function bareNodeRound(): Promise<number> {
  return (await processRound(['-e', BARE_NODE_SERVER], WITHOUT_EXTRA_CA)).ready;
}

/** `node <args> --port=N` (or `node -e <script> N`), from spawn to /readyz answering 200. */
async function processRound(args: readonly string[], env: NodeJS.ProcessEnv): Promise<ProcessTimes> {
  const port = await freePort();
  const t0 = performance.now();
  const argv = args[0] === '-e' ? [...args, String(port)] : [...args, `--port=${port}`];
  const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'ignore'], env });
  let controllers: number | undefined;
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (controllers === undefined && out.includes('\ncontrollers:')) controllers = performance.now() - t0;
  });
  try {
    let ready: number | undefined;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      if (ready === undefined) {
        try {
          const res = await fetch(`http://127.0.0.1:${port}/readyz`);
          await res.body?.cancel();
          if (res.status === 200) ready = performance.now() - t0;
        } catch {
          // not listening yet
        }
      }
      if (ready !== undefined && (args[0] === '-e' || controllers !== undefined)) return { ready, controllers };
      await sleep(ready === undefined ? 5 : 1);
    }
  } finally {
    await stop(child);
  }
}

function statefulSet(replicas: number): StatefulSet {
  return {
    metadata: { name: 'web' },
    spec: {
      replicas,
      podManagementPolicy: 'Parallel',
      serviceName: 'web',
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx:1.27' }] } },
    },
  };
}

/** 100 replicas to all ready on the virtual clock: wall time and every request by verb and resource. */
async function scaleRun(): Promise<{ wallMs: number; requests: Record<string, number>; total: number }> {
  const clock = new VirtualClock();
  const api = createApiServer({ clock });
  await api.ready;
  const requests: Record<string, number> = {};
  let counting = false;
  const fetch = (r: Request) => {
    if (counting) {
      const url = new URL(r.url);
      const watch = url.searchParams.get('watch') === 'true';
      const parts = url.pathname.split('/').filter(Boolean);
      const nsAt = parts.indexOf('namespaces');
      const resource =
        nsAt >= 0
          ? parts
              .slice(nsAt + 2)
              .filter((_, i) => i !== 1)
              .join('/')
          : parts[parts.length - 1];
      const key = `${watch ? 'WATCH' : r.method} ${resource}`;
      requests[key] = (requests[key] ?? 0) + 1;
    }
    return api.fetch(r);
  };
  const env = await createTestEnv({
    clock,
    connect: { fetch, baseUrl: 'http://orch.bench' },
    controllers: [statefulSetController(), podLifecycleSimulator({ readyDelayMs: 0 })],
  });
  counting = true;
  const t0 = performance.now();
  await env.resource(STATEFUL_SETS, 'default').create(statefulSet(REPLICAS));
  await env.waitFor(STATEFUL_SETS, 'default/web', (s) => s?.status?.readyReplicas === REPLICAS, { timeoutMs: 300_000 });
  const wallMs = performance.now() - t0;
  await env.settle();
  counting = false;
  await env.stop();
  await api.close();
  return { wallMs, requests, total: Object.values(requests).reduce((a, b) => a + b, 0) };
}

/** The shape `bench/run.ts` collects (bench/core/measure.ts's BenchResult). */
export interface P3Result {
  readonly id: 'P3';
  readonly title: string;
  readonly ratio: number;
  readonly goal: string;
  readonly met: boolean;
  readonly details: Record<string, string | number>;
}

/**
 * Runs P3. `serverEntry` is the orch-apiserver command to start (default `bin/orch-apiserver.js`,
 * the built one); the ratio is the harness's, the process's is among the details.
 */
export async function p3(opts: { readonly serverEntry?: string } = {}): Promise<P3Result[]> {
  const serverEntry = opts.serverEntry ?? resolve(process.cwd(), 'bin/orch-apiserver.js');
  ensureEtcd();
  const etcd: number[] = [];
  const harness: number[] = [];
  const server: number[] = [];
  const serverControllers: number[] = [];
  const serverWithCa: number[] = [];
  const bare: number[] = [];
  // Interleaved, so drift in the machine hits all alike; each starts on a settled machine (the
  // previous process gone, this process's garbage collected), as a start in real use would.
  for (let i = 0; i < ROUNDS; i++) {
    await settle();
    etcd.push(await etcdRound());
    await settle();
    harness.push(await harnessRound());
    await settle();
    const times = await serverRound(serverEntry);
    server.push(times.ready);
    serverControllers.push(times.controllers ?? Number.NaN);
    await settle();
    serverWithCa.push((await serverRound(serverEntry, process.env)).ready);
    await settle();
    bare.push(await bareNodeRound());
  }
  const scale = await scaleRun();
  const ratio = median(harness) / median(etcd);
  const details: Record<string, string | number> = {
    rounds: ROUNDS,
    'etcd 3.4 start to first put': ms(median(etcd)),
    'harness (createTestEnv) start to ready': ms(median(harness)),
    'harness, first (cold) round': ms(harness[0]),
    'orch-apiserver process (all controllers) start to /readyz': ms(median(server)),
    'orch-apiserver ÷ etcd': Number((median(server) / median(etcd)).toFixed(3)),
    [`StatefulSet ${REPLICAS} replicas (Parallel, ready at once, virtual clock): wall to all ready`]: ms(scale.wallMs),
    [`StatefulSet ${REPLICAS} replicas: requests`]: scale.total,
  };
  for (const [k, n] of Object.entries(scale.requests).sort()) details[`  ${k}`] = n;
  const result: P3Result = {
    id: 'P3',
    title: 'harness start to ready ÷ etcd start to first put',
    ratio,
    goal: `≤ ${GOAL}`,
    met: ratio <= GOAL,
    details,
  };
  const serverRatio = median(server) / median(etcd);
  const processResult: P3Result = {
    id: 'P3',
    title: 'orch-apiserver process (all controllers) start to /readyz ÷ etcd start to first put',
    ratio: serverRatio,
    goal: `≤ ${GOAL}`,
    met: serverRatio <= GOAL,
    details: {
      'orch-apiserver start to /readyz': ms(median(server)),
      'orch-apiserver start to its controllers running': ms(median(serverControllers)),
      'etcd 3.4 start to first put': ms(median(etcd)),
      "orch-apiserver start to /readyz with this machine's NODE_EXTRA_CA_CERTS (see WITHOUT_EXTRA_CA)": ms(median(serverWithCa)),
      // The goal sits below what Node itself needs to start a server on this machine.
      'bare node:http server start to first answer (the floor for any Node process)': ms(median(bare)),
      'bare node:http ÷ etcd': Number((median(bare) / median(etcd)).toFixed(3)),
    },
  };
  // Against the floor of any Node server: what orch adds to a process that only answers 200.
  const nodeRatio = median(server) / median(bare);
  const floorResult: P3Result = {
    id: 'P3',
    title: 'orch-apiserver process start to /readyz ÷ bare node:http start to first answer',
    ratio: nodeRatio,
    goal: `≤ ${NODE_FLOOR_GOAL}`,
    met: nodeRatio <= NODE_FLOOR_GOAL,
    details: {
      'orch-apiserver start to /readyz': ms(median(server)),
      'bare node:http server start to first answer': ms(median(bare)),
    },
  };
  const out = resolve(process.cwd(), 'test-results');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    join(out, 'bench-p3.json'),
    `${JSON.stringify({ ...result, samples: { etcd, harness, server, serverControllers, serverWithCa, bare } }, null, 2)}\n`,
  );
  return [result, processResult, floorResult];
}
