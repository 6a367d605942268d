/**
 * The official JavaScript client (@kubernetes/client-node 1.4.0) against orch-apiserver: an
 * informer sees ADDED, MODIFIED and DELETED, and survives a 410 by relisting (docs/api-rules.md,
 * "Watch").
 */
import { CoreV1Api, KubeConfig, makeInformer, type V1ConfigMap } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../core/index.ts';
import { startServer, type RunningServer } from '../../server/index.ts';

let server: RunningServer;
let clock: VirtualClock;
let core: CoreV1Api;

async function until(what: string, cond: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function lists(): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const m =
    /apiserver_request_total\{code="200",component="apiserver",dry_run="",group="",resource="configmaps",scope="namespace",subresource="",verb="LIST",version="v1"\} (\d+)/.exec(
      text,
    );
  return m ? Number(m[1]) : 0;
}

beforeAll(async () => {
  clock = new VirtualClock(Date.now());
  server = await startServer({ port: 0, clock, read: { minWatchTimeoutMs: 60_000 } });
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: 'orch', server: server.url, skipTLSVerify: true }],
    users: [{ name: 'orch' }],
    contexts: [{ name: 'orch', cluster: 'orch', user: 'orch' }],
    currentContext: 'orch',
  });
  core = kc.makeApiClient(CoreV1Api);
  (globalThis as { kc?: KubeConfig }).kc = kc;
});
afterAll(async () => {
  await server.shutdown();
});

describe('@kubernetes/client-node 1.4.0 informer', () => {
  it('sees ADDED, MODIFIED and DELETED, and survives a 410 relist', async () => {
    const kc = (globalThis as { kc?: KubeConfig }).kc!;
    await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'a' }, data: { v: '1' } } });
    await core.createNamespace({ body: { metadata: { name: 'other' } } });
    const seen: string[] = [];
    const informer = makeInformer<V1ConfigMap>(kc, '/api/v1/namespaces/default/configmaps', () =>
      core.listNamespacedConfigMap({ namespace: 'default' }),
    );
    informer.on('add', (o) => seen.push(`ADDED ${o.metadata!.name}`));
    informer.on('update', (o) => seen.push(`MODIFIED ${o.metadata!.name} ${o.data?.v ?? ''}`));
    informer.on('delete', (o) => seen.push(`DELETED ${o.metadata!.name}`));
    const errors: unknown[] = [];
    informer.on('error', (e) => errors.push(e));
    await informer.start();
    await until('the initial list', () => seen.includes('ADDED a'));

    await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'b' }, data: { v: '1' } } });
    await until('ADDED b', () => seen.includes('ADDED b'));
    const b = await core.readNamespacedConfigMap({ namespace: 'default', name: 'b' });
    await core.replaceNamespacedConfigMap({ namespace: 'default', name: 'b', body: { ...b, data: { v: '2' } } });
    await until('MODIFIED b', () => seen.includes('MODIFIED b 2'));
    await core.deleteNamespacedConfigMap({ namespace: 'default', name: 'a' });
    await until('DELETED a', () => seen.includes('DELETED a'));

    // History moves on without this informer seeing anything (writes elsewhere, 6 minutes).
    const listsBefore = await lists();
    await core.createNamespacedConfigMap({ namespace: 'other', body: { metadata: { name: 'x1' } } });
    await clock.advance(6 * 60_000);
    await core.createNamespacedConfigMap({ namespace: 'other', body: { metadata: { name: 'x2' } } });
    // The server ends the watch; the informer resumes from its old revision, gets 410, relists.
    await clock.advance(3 * 60_000);
    await until('a relist after 410', async () => (await lists()) > listsBefore);

    await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'c' } } });
    await until('ADDED c after the relist', () => seen.includes('ADDED c'));
    expect(
      informer
        .list()
        .map((o) => o.metadata!.name)
        .sort(),
    ).toEqual(['b', 'c']);
    expect(errors).toEqual([]);
    await informer.stop();
  });
});
