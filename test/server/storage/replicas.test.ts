/**
 * Three API servers on one etcd behave as one API: a write through one is seen, in order, by
 * watches on the others; two conflicting updates through two replicas give one success and one
 * 409; a continue token issued by one replica pages on another; a consistent read on one
 * replica sees a write just made through another; and the controllers run where the flag says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EtcdBackend } from '../../../server/storage/etcd-backend.ts';
import { type EtcdProcess, etcdClient, startEtcd } from '../../support/etcd.ts';
import { CM, call, overHttp, type Target, watchEvents } from '../../support/targets.ts';

let etcd: EtcdProcess;
let replicas: Target[];

beforeAll(async () => {
  etcd = await startEtcd();
  const storage = () => new EtcdBackend({ servers: [etcd.url], compactionIntervalMs: 0 });
  // One at a time first, so that start-up objects are made once; then the two others together.
  const first = await overHttp({ storage: storage(), controllers: ['namespace'] });
  replicas = [first, ...(await Promise.all([overHttp({ storage: storage() }), overHttp({ storage: storage() })]))];
}, 60_000);

afterAll(async () => {
  await Promise.all((replicas ?? []).map((r) => r.close()));
  await etcd?.stop();
});

const cm = (name: string, data: Record<string, string> = { k: 'v' }) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data });

describe('three replicas on one etcd', () => {
  it('fans writes through every replica in to the watches of the others, in revision order', async () => {
    const [a, b, c] = replicas;
    const start = (await call(a, 'GET', CM)).body.metadata.resourceVersion as string;
    const watches = [b, c].map(async (r) => {
      const res = await r.request(`${CM}?watch=1&resourceVersion=${start}`);
      const seen: [string, string, number][] = [];
      for await (const e of watchEvents(res)) {
        seen.push([e.type, e.object.metadata.name, Number(e.object.metadata.resourceVersion)]);
        if (seen.length === 9) break;
      }
      return seen;
    });
    for (let i = 0; i < 9; i++) {
      const via = replicas[i % 3];
      expect((await call(via, 'POST', CM, cm(`fan-${i}`))).status).toBe(201);
    }
    const [onB, onC] = await Promise.all(watches);
    expect(onB.map((e) => e[1])).toEqual(Array.from({ length: 9 }, (_, i) => `fan-${i}`));
    expect(onC).toEqual(onB);
    const rvs = onB.map((e) => e[2]);
    expect([...rvs].sort((x, y) => x - y)).toEqual(rvs);
  });

  it('reads on one replica what was just written through another (a consistent read)', async () => {
    const [a, b, c] = replicas;
    for (let i = 0; i < 5; i++) {
      const created = await call(a, 'POST', CM, cm(`ryw-${i}`));
      expect(created.status).toBe(201);
      const got = await call([b, c][i % 2], 'GET', `${CM}/ryw-${i}`);
      expect(got.status).toBe(200);
      const listed = await call([b, c][i % 2], 'GET', CM);
      expect(listed.body.items.map((o: { metadata: { name: string } }) => o.metadata.name)).toContain(`ryw-${i}`);
      expect(Number(listed.body.metadata.resourceVersion)).toBeGreaterThanOrEqual(Number(created.body.metadata.resourceVersion));
    }
  });

  it('lets exactly one of two conflicting updates through two replicas win; the other is 409', async () => {
    const [a, b] = replicas;
    const created = (await call(a, 'POST', CM, cm('contested'))).body;
    for (let round = 0; round < 5; round++) {
      const cur = (await call(a, 'GET', `${CM}/contested`)).body;
      // b may not have seen the newest version yet: it catches up before judging the client's.
      const [ra, rb] = await Promise.all([
        call(a, 'PUT', `${CM}/contested`, { ...cur, data: { by: 'a', round: String(round) } }),
        call(b, 'PUT', `${CM}/contested`, { ...cur, data: { by: 'b', round: String(round) } }),
      ]);
      expect([ra.status, rb.status].sort()).toEqual([200, 409]);
      const loser = ra.status === 409 ? ra : rb;
      expect(loser.body).toMatchObject({ kind: 'Status', reason: 'Conflict', code: 409 });
    }
    expect(created.metadata.name).toBe('contested');
  });

  it('pages with a continue token issued by one replica on the others', async () => {
    const [a, b, c] = replicas;
    for (let i = 0; i < 7; i++)
      expect((await call(a, 'POST', '/api/v1/namespaces/default/secrets', { metadata: { name: `page-${i}` } })).status).toBe(201);
    const path = '/api/v1/namespaces/default/secrets?limit=3';
    const first = await call(a, 'GET', path);
    expect(first.body.items).toHaveLength(3);
    const second = await call(b, 'GET', `${path}&continue=${encodeURIComponent(first.body.metadata.continue)}`);
    expect(second.status).toBe(200);
    const third = await call(c, 'GET', `${path}&continue=${encodeURIComponent(second.body.metadata.continue)}`);
    const names = [...first.body.items, ...second.body.items, ...third.body.items].map(
      (o: { metadata: { name: string } }) => o.metadata.name,
    );
    expect(names).toEqual(Array.from({ length: 7 }, (_, i) => `page-${i}`));
    expect(third.body.metadata.continue ?? '').toBe('');
    // Every page is a snapshot at the first page's revision.
    expect(second.body.metadata.resourceVersion).toBe(first.body.metadata.resourceVersion);
  });

  it('stores objects at the keys the real platform uses, without a resourceVersion (mod_revision is it)', async () => {
    const [a] = replicas;
    const created = await call(a, 'POST', '/api/v1/namespaces/default/services', {
      metadata: { name: 'web' },
      spec: { ports: [{ port: 80 }] },
    });
    expect(created.status).toBe(201);
    const probe = etcdClient(etcd.url);
    try {
      const res = await probe.get('/registry/services/specs/default/web').exec();
      const kv = res.kvs[0];
      expect(kv).toBeDefined();
      expect(kv.mod_revision).toBe(created.body.metadata.resourceVersion);
      const stored = JSON.parse(kv.value.toString()) as { metadata: Record<string, unknown> };
      expect(stored.metadata.name).toBe('web');
      expect(stored.metadata.resourceVersion).toBeUndefined();
    } finally {
      probe.close();
    }
  });

  it("answers a consistent read at etcd's revision even when the newest writes were outside its prefix (progress notification)", async () => {
    const [a] = replicas;
    const probe = etcdClient(etcd.url);
    try {
      let revision = 0;
      for (let i = 0; i < 3; i++) revision = Number((await probe.put(`/elsewhere/${i}`).value('x').exec()).header.revision);
      const listed = await call(a, 'GET', CM);
      expect(listed.status).toBe(200);
      expect(Number(listed.body.metadata.resourceVersion)).toBeGreaterThanOrEqual(revision);
    } finally {
      probe.close();
    }
  });

  it('runs the controllers in the one replica started with them, for writes made through any', async () => {
    const [, b, c] = replicas;
    expect((await call(b, 'POST', '/api/v1/namespaces', { metadata: { name: 'short-lived' } })).status).toBe(201);
    expect((await call(c, 'DELETE', '/api/v1/namespaces/short-lived')).status).toBe(200);
    // Only the first replica runs the namespace controller; it finishes the deletion made through c.
    const deadline = Date.now() + 20_000;
    let status = 200;
    while (status !== 404 && Date.now() < deadline) {
      status = (await call(b, 'GET', '/api/v1/namespaces/short-lived')).status;
      if (status !== 404) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(404);
  });

  it('names the storage check "etcd" in /readyz', async () => {
    const r = await replicas[1].request('/readyz?verbose');
    expect(r.status).toBe(200);
    expect(await r.text()).toContain('[+]etcd ok');
  });
});
