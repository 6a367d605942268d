/**
 * A real etcd (the Debian `etcd-server` package's /usr/bin/etcd, which `.ci/run` installs) on free
 * ports with a temporary data directory, for the storage tests; `stop` ends it and removes the
 * directory, `kill` and `restart` simulate an outage on the same ports and data. Without the
 * binary the tests fail, saying so.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Etcd3 } from 'etcd3';

export const ETCD_BIN = '/usr/bin/etcd';

export interface EtcdProcess {
  readonly url: string;
  /** SIGKILL, keeping the data: the next `restart` comes back with it. */
  kill(): Promise<void>;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** A plain etcd client, to read or change etcd behind the backends' backs (they lend none). Close it. */
export function etcdClient(url: string): Etcd3 {
  return new Etcd3({ hosts: url });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** PEM files for an etcd serving https that asks every client for a certificate signed by `caFile`. */
export interface EtcdTlsFiles {
  readonly certFile: string;
  readonly keyFile: string;
  readonly caFile: string;
}

/** GET /health over https, with a client certificate the etcd accepts. */
function httpsHealthy(url: string, pem: { ca: Buffer; cert: Buffer; key: Buffer }): Promise<boolean> {
  return new Promise((resolve) => {
    const req = httpsRequest(`${url}/health`, pem, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.end();
  });
}

export async function startEtcd(tls?: EtcdTlsFiles): Promise<EtcdProcess> {
  if (!existsSync(ETCD_BIN)) throw new Error(`${ETCD_BIN} is missing: install etcd-server (apt-get install etcd-server; .ci/run does)`);
  const dir = mkdtempSync(join(tmpdir(), 'orch-etcd-'));
  const [client, peer] = [await freePort(), await freePort()];
  const url = `${tls ? 'https' : 'http'}://127.0.0.1:${client}`;
  const peerUrl = `http://127.0.0.1:${peer}`;
  const args = [
    `--data-dir=${join(dir, 'data')}`,
    `--listen-client-urls=${url}`,
    `--advertise-client-urls=${url}`,
    `--listen-peer-urls=${peerUrl}`,
    `--initial-advertise-peer-urls=${peerUrl}`,
    `--initial-cluster=default=${peerUrl}`,
    '--name=default',
    '--log-level=error',
    '--logger=zap',
    ...(tls ? [`--cert-file=${tls.certFile}`, `--key-file=${tls.keyFile}`, '--client-cert-auth', `--trusted-ca-file=${tls.caFile}`] : []),
  ];
  const pem = tls && { ca: readFileSync(tls.caFile), cert: readFileSync(tls.certFile), key: readFileSync(tls.keyFile) };
  let child: ChildProcess | undefined;
  const launch = async () => {
    const c = spawn(ETCD_BIN, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    child = c;
    let stderr = '';
    c.stderr?.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const deadline = Date.now() + 15_000;
    for (;;) {
      if (c.exitCode !== null) throw new Error(`etcd exited (${c.exitCode}): ${stderr}`);
      if (pem) {
        if (await httpsHealthy(url, pem)) return;
      } else {
        try {
          const r = await fetch(`${url}/health`);
          if (r.ok) return;
        } catch {
          // not listening yet
        }
      }
      if (Date.now() > deadline) throw new Error(`etcd did not become healthy: ${stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const killNow = async () => {
    const c = child;
    child = undefined;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGKILL');
    await exited;
  };
  await launch();
  return {
    url,
    kill: killNow,
    restart: launch,
    async stop() {
      await killNow();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
