/**
 * O1, orchctl's start: `orchctl get configmaps` from process start to exit against a running
 * orch-apiserver, ÷ `kubectl get configmaps` (1.32, with its discovery cache warm, as a user's is)
 * against the same server, on this machine. The median of ROUNDS alternating runs each; goal ≤ 1.0.
 * Both read a kubeconfig, discover, GET the Table and print it. Beside it, a Node process that does
 * nothing: on a busy machine Node's own start may already exceed kubectl's whole run. Options (environment): O1_ROUNDS
 * (default 11). Needs the build (`npm run bench` builds) and kubectl at /usr/bin/kubectl.
 *
 * This machine sets NODE_EXTRA_CA_CERTS (its proxy's CA bundle), which makes every Node process
 * parse ~200 KB of certificates before line one (~50 ms here) and which a user's machine does not
 * set; the server is plain HTTP, so neither client needs it. The headline runs both clients without
 * it, as bench P3 does; orchctl with it is reported beside.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BenchResult } from '../core/measure.ts';

const ROUNDS = Number(process.env.O1_ROUNDS ?? 11);
const KUBECTL = '/usr/bin/kubectl';

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Wall time of one run, start to exit; fails unless it exits 0. */
function timed(cmd: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((res, rej) => {
    const t0 = performance.now();
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d));
    child.on('exit', (code) => (code === 0 ? res(performance.now() - t0) : rej(new Error(`${cmd} ${args.join(' ')}: ${code} ${err}`))));
  });
}

function startApiserver(): Promise<{ url: string; stop: () => void }> {
  return new Promise((res, rej) => {
    const child = spawn(process.execPath, [resolve('bin/orch-apiserver.js'), '--port=0', '--controllers=none'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) res({ url: m[1]!, stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => rej(new Error(`orch-apiserver exited (${code}): ${out}`)));
  });
}

export async function o1(): Promise<BenchResult> {
  if (!existsSync(KUBECTL)) throw new Error(`${KUBECTL} is missing: O1 compares with kubectl 1.32`);
  const dir = mkdtempSync(join(tmpdir(), 'orch-o1-'));
  const server = await startApiserver();
  try {
    const kubeconfig = join(dir, 'config');
    writeFileSync(
      kubeconfig,
      `apiVersion: v1\nkind: Config\nclusters:\n- name: o\n  cluster: {server: ${server.url}}\nusers:\n- name: o\n  user: {}\ncontexts:\n- name: o\n  context: {cluster: o, user: o, namespace: default}\ncurrent-context: o\n`,
    );
    for (let i = 0; i < 20; i++) {
      await fetch(`${server.url}/api/v1/namespaces/default/configmaps`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ metadata: { name: `cm-${i}` }, data: { i: String(i) } }),
      });
    }
    const env = { ...process.env, NODE_EXTRA_CA_CERTS: undefined, HOME: dir, KUBECONFIG: kubeconfig };
    const machineEnv = { ...process.env, HOME: dir, KUBECONFIG: kubeconfig };
    const orchctl = [resolve('bin/orchctl.js'), 'get', 'configmaps'];
    const kubectl = ['get', 'configmaps', '--cache-dir', join(dir, 'kube-cache')];
    // Warm-up: orchctl writes its code cache, kubectl its discovery cache.
    await timed(process.execPath, orchctl, env);
    await timed(KUBECTL, kubectl, env);
    const o: number[] = [];
    const k: number[] = [];
    const n: number[] = [];
    const withCa: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      o.push(await timed(process.execPath, orchctl, env));
      k.push(await timed(KUBECTL, kubectl, env));
      // The floor of any Node program: a Node process that does nothing.
      n.push(await timed(process.execPath, ['-e', ''], env));
      withCa.push(await timed(process.execPath, orchctl, machineEnv));
    }
    const ratio = median(o) / median(k);
    return {
      id: 'O1',
      title: 'orchctl get configmaps ÷ kubectl get configmaps (start to exit)',
      ratio,
      goal: '≤ 1.0',
      met: ratio <= 1,
      details: {
        orchctl: `${median(o).toFixed(1)} ms`,
        kubectl: `${median(k).toFixed(1)} ms`,
        'node -e "" (the floor of any Node process)': `${median(n).toFixed(1)} ms`,
        'orchctl ÷ node floor': (median(o) / median(n)).toFixed(3),
        "orchctl with this machine's NODE_EXTRA_CA_CERTS": `${median(withCa).toFixed(1)} ms`,
        rounds: ROUNDS,
      },
    };
  } finally {
    server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
