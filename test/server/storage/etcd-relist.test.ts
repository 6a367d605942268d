/**
 * A replica cut off from etcd while another writes and etcd compacts past the revision it had:
 * when it reconnects, its watch cannot resume (the history is gone), so its watch cache lists
 * afresh, as the real one does: open watches end with 410, a watch from before the relist gets
 * 410, the objects are those of the listing (added, changed and deleted ones alike), and the
 * feed carries on from there. The cut is a TCP proxy between the replica and etcd.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EtcdBackend } from '../../../server/storage/etcd-backend.ts';
import { type EtcdProcess, etcdClient, startEtcd } from '../../support/etcd.ts';
import { CM, call, overHttp, type Target, watchEvents } from '../../support/targets.ts';

interface Proxy {
  readonly url: string;
  /** Drops every connection and refuses new ones. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

async function tcpProxy(targetUrl: string): Promise<Proxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  let open = true;
  const server: Server = createServer((client) => {
    if (!open) {
      client.destroy();
      return;
    }
    const upstream = connect(Number(target.port), target.hostname);
    const pair = [client, upstream];
    for (const s of pair) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => {
        sockets.delete(s);
        for (const o of pair) o.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    cut() {
      open = false;
      for (const s of sockets) s.destroy();
    },
    restore() {
      open = true;
    },
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Polls until `check` holds, or fails after 20 s. */
async function eventually(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let etcd: EtcdProcess;
let proxy: Proxy;
let cutOff: Target;
let writer: Target;

beforeAll(async () => {
  etcd = await startEtcd();
  proxy = await tcpProxy(etcd.url);
  const storage = (url: string) => new EtcdBackend({ servers: [url], prefix: '/relist', compactionIntervalMs: 0 });
  writer = await overHttp({ storage: storage(etcd.url) });
  cutOff = await overHttp({ storage: storage(proxy.url) });
}, 30_000);

afterAll(async () => {
  await Promise.all([writer?.close(), cutOff?.close()]);
  await proxy?.close();
  await etcd?.stop();
});

const names = async (t: Target): Promise<string[]> =>
  ((await call(t, 'GET', CM)).body.items ?? []).map((o: { metadata: { name: string } }) => o.metadata.name);

describe('a replica whose revision etcd compacted away while it was cut off', () => {
  it('lists afresh: open watches end with 410, and it serves the listing and what follows', async () => {
    for (const name of ['kept', 'gone'])
      expect((await call(writer, 'POST', CM, { metadata: { name }, data: { v: '1' } })).status).toBe(201);
    await eventually('the cut-off replica to see both', async () => (await names(cutOff)).length === 2);
    const before = (await call(cutOff, 'GET', CM)).body.metadata.resourceVersion as string;
    const open = (async () => {
      const seen: { type: string; object: any }[] = [];
      for await (const e of watchEvents(await cutOff.request(`${CM}?watch=1&resourceVersion=${before}`))) seen.push(e);
      return seen;
    })();

    proxy.cut();
    expect((await call(writer, 'POST', CM, { metadata: { name: 'added' }, data: { v: '1' } })).status).toBe(201);
    const kept = (await call(writer, 'GET', `${CM}/kept`)).body;
    expect((await call(writer, 'PUT', `${CM}/kept`, { ...kept, data: { v: '2' } })).status).toBe(200);
    expect((await call(writer, 'DELETE', `${CM}/gone`)).status).toBe(200);
    const probe = new EtcdBackend({ servers: [etcd.url], prefix: '/relist', compactionIntervalMs: 0 });
    const client = etcdClient(etcd.url);
    try {
      await client.kv.compact({ revision: String(await probe.currentRevision()) });
    } finally {
      client.close();
      await probe.close();
    }
    proxy.restore();

    const seen = await open;
    const last = seen[seen.length - 1];
    expect(last.type).toBe('ERROR');
    expect(last.object).toMatchObject({ kind: 'Status', code: 410, reason: 'Expired' });
    await eventually('the relisted objects', async () => (await names(cutOff)).join() === 'added,kept');
    expect((await call(cutOff, 'GET', `${CM}/kept`)).body.data).toEqual({ v: '2' });
    expect((await call(cutOff, 'GET', `${CM}/gone`)).status).toBe(404);
    await eventually('/readyz to pass again', async () => (await cutOff.request('/readyz')).status === 200);

    // A watch from before the relist is too old; one from the listing follows new writes.
    const stale = watchEvents(await cutOff.request(`${CM}?watch=1&resourceVersion=${before}`));
    expect((await stale.next()).value).toMatchObject({ type: 'ERROR', object: { code: 410 } });
    const listed = (await call(cutOff, 'GET', CM)).body.metadata.resourceVersion as string;
    const fresh = watchEvents(await cutOff.request(`${CM}?watch=1&resourceVersion=${listed}`));
    expect((await call(writer, 'POST', CM, { metadata: { name: 'after' } })).status).toBe(201);
    expect((await fresh.next()).value).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'after' } } });
    await fresh.return(undefined);
  }, 60_000);
});
