/**
 * `--leader-elect` among three orch-apiserver processes on one etcd: exactly one holds the Lease
 * `orch-system/orch-controller-manager` and runs the controllers (a namespace made through any
 * replica gets its default ServiceAccount); after kill -9 of that one, which cannot give the lease
 * up, another takes it over once it has gone unrenewed for the lease duration, and runs them.
 * Durations are shortened by the flags; waits are bounded, never timed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EtcdProcess, startEtcd } from '../../support/etcd.ts';
import { bundleFixture } from './child-bundle.ts';

interface Replica {
  readonly child: ChildProcess;
  readonly url: string;
  readonly identity: string;
  out: string;
}

const LEASE = '/apis/coordination.orch.io/v1/namespaces/orch-system/leases/orch-controller-manager';
const ACQUIRED = /leader election: (\S+) acquired the lease orch-system\/orch-controller-manager/;

let etcd: EtcdProcess;
let fixture: { file: string; remove(): void };
const replicas: Replica[] = [];

function startReplica(): Promise<Replica> {
  const child = spawn(
    process.execPath,
    [
      fixture.file,
      '--port=0',
      `--etcd-servers=${etcd.url}`,
      '--etcd-prefix=/leader-election',
      '--controllers=namespace,serviceaccount',
      '--leader-elect-lease-duration=3s',
      '--leader-elect-renew-deadline=2s',
      '--leader-elect-retry-period=500ms',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const replica = { child, url: '', identity: '', out: '' };
  child.stdout!.on('data', (d: Buffer) => (replica.out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (replica.out += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const url = /listening on (http:\/\/\S+)/.exec(replica.out)?.[1];
      const identity = /while this replica, (\S+), holds the lease/.exec(replica.out)?.[1];
      if (url && identity) {
        clearInterval(timer);
        resolve(Object.assign(replica, { url, identity }));
      }
    }, 20);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`replica exited ${code}: ${replica.out}`));
    });
  });
}

/** Polls `check` until it returns a value, or fails after `ms`. */
async function eventually<T>(what: string, ms: number, check: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const leaders = () => replicas.filter((r) => ACQUIRED.exec(r.out)?.[1] === r.identity && !r.child.killed);

async function json(url: string, init?: RequestInit): Promise<{ status: number; body: any }> {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json' } });
  return { status: res.status, body: await res.json() };
}

/** Makes a namespace through `via` and waits for the ServiceAccount controller to give it `default`. */
async function serviceAccountMadeIn(via: Replica, namespace: string): Promise<void> {
  expect(
    (await json(`${via.url}/api/v1/namespaces`, { method: 'POST', body: JSON.stringify({ metadata: { name: namespace } }) })).status,
  ).toBe(201);
  await eventually(`the default ServiceAccount in ${namespace}`, 20_000, async () =>
    (await json(`${via.url}/api/v1/namespaces/${namespace}/serviceaccounts/default`)).status === 200 ? true : undefined,
  );
}

beforeAll(async () => {
  [etcd, fixture] = await Promise.all([startEtcd(), bundleFixture('replica')]);
  // The first alone, so that start-up objects are made once; then the two others together.
  replicas.push(await startReplica());
  replicas.push(...(await Promise.all([startReplica(), startReplica()])));
}, 90_000);

afterAll(async () => {
  await Promise.all(
    replicas.map(async (r) => {
      if (r.child.exitCode !== null || r.child.signalCode !== null) return;
      const exited = new Promise((done) => r.child.once('exit', done));
      r.child.kill('SIGKILL');
      await exited;
    }),
  );
  await etcd?.stop();
  fixture?.remove();
});

describe('leader election among three replicas on one etcd', () => {
  it('lets exactly one replica hold the lease and run the controllers, for writes through any', async () => {
    const [leader] = await eventually('a leader', 20_000, () => (leaders().length ? leaders() : undefined));
    // Several renewals later there is still just the one.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(leaders().map((r) => r.identity)).toEqual([leader.identity]);
    const lease = (await json(`${replicas[1].url}${LEASE}`)).body;
    expect(lease.spec).toMatchObject({ holderIdentity: leader.identity, leaseDurationSeconds: 3, leaseTransitions: 0 });
    const other = replicas.find((r) => r !== leader)!;
    await serviceAccountMadeIn(other, 'elected-first');
  });

  it('passes the lease and the controllers to another replica when the leader is killed', async () => {
    const [old] = leaders();
    const exited = new Promise((done) => old.child.once('exit', done));
    old.child.kill('SIGKILL');
    await exited;
    const survivors = replicas.filter((r) => r !== old);
    const next = await eventually('another leader', 20_000, () => survivors.find((r) => ACQUIRED.exec(r.out)?.[1] === r.identity));
    expect(survivors.filter((r) => ACQUIRED.test(r.out))).toEqual([next]);
    const lease = (await json(`${next.url}${LEASE}`)).body;
    expect(lease.spec).toMatchObject({ holderIdentity: next.identity, leaseTransitions: 1 });
    await serviceAccountMadeIn(survivors.find((r) => r !== next)!, 'elected-second');
  });
});
