/**
 * etcd going away and coming back: requests in the outage get 503 or 504 Status errors (never a
 * crash or a hang), /readyz fails on its `etcd` check, and watches (one etcd watch per resource)
 * resume afterwards from where they were, each missing and repeating nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackendEvent } from '../../../core/index.ts';
import { EtcdBackend } from '../../../server/storage/etcd-backend.ts';
import { type EtcdProcess, startEtcd } from '../../support/etcd.ts';
import { CM, call, overHttp, type Target, watchEvents } from '../../support/targets.ts';

let etcd: EtcdProcess;
const SECRETS = '/api/v1/namespaces/default/secrets';

beforeAll(async () => {
  etcd = await startEtcd();
}, 30_000);
afterAll(() => etcd?.stop());

const value = (name: string) => (rev: number) => `{"metadata":{"name":"${name}","uid":"u-${name}","resourceVersion":"${rev}"}}`;

/** Retries a write until etcd answers again. */
async function eventually<T>(fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      return await fn();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

describe('an etcd restart', () => {
  it('resumes each resource’s backend watch without losing or repeating an event', async () => {
    const b = new EtcdBackend({ servers: [etcd.url], prefix: '/restart', compactionIntervalMs: 0, requestTimeoutMs: 1000 });
    const resources = ['configmaps', 'secrets', 'pods'];
    try {
      const events = new Map<string, BackendEvent[]>(resources.map((r) => [r, []]));
      const from = await b.currentRevision();
      // One watch per resource, as the watch cache has: each its own stream, each reconnecting on its own.
      const stops = resources.map((r) => b.watch(`/registry/${r}/`, from, (e) => events.get(r)!.push(e)));
      expect(b.watchedPrefixes).toHaveLength(3);
      const write = (phase: string, i: number) =>
        Promise.all(resources.map((r) => b.create(`/registry/${r}/ns/${phase}-${i}`, value(`${phase}-${i}`))));
      for (let i = 0; i < 5; i++) for (const res of await write('before', i)) expect(res.ok).toBe(true);
      await etcd.kill();
      const refused = await b.create('/registry/configmaps/ns/during', value('during')).catch((e: unknown) => e);
      expect(refused).toMatchObject({ code: expect.toBeOneOf([503, 504]) });
      expect(await b.healthy()).toBe(false);
      await etcd.restart();
      for (let i = 0; i < 5; i++) for (const res of await eventually(() => write('after', i))) expect(res.ok).toBe(true);
      const deadline = Date.now() + 15_000;
      while ([...events.values()].some((e) => e.length < 10) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 200)); // a repeat would come now
      for (const stop of stops) stop();
      const expected = [...Array.from({ length: 5 }, (_, i) => `before-${i}`), ...Array.from({ length: 5 }, (_, i) => `after-${i}`)];
      for (const r of resources) {
        const got = events.get(r)!;
        expect(got.map((e) => e.key)).toEqual(expected.map((n) => `/registry/${r}/ns/${n}`));
        const revs = got.map((e) => e.revision);
        expect([...revs].sort((x, y) => x - y)).toEqual(revs);
      }
    } finally {
      await b.close();
    }
  }, 60_000);

  it('answers 503/504 Status errors and fails /readyz while etcd is down, and a watch carries on after', async () => {
    const server: Target = await overHttp({
      storage: new EtcdBackend({ servers: [etcd.url], prefix: '/api-restart', compactionIntervalMs: 0, requestTimeoutMs: 1000 }),
    });
    try {
      expect((await call(server, 'POST', CM, { metadata: { name: 'one' } })).status).toBe(201);
      const rv = (await call(server, 'GET', CM)).body.metadata.resourceVersion as string;
      // Watches of two resources, whose caches are fed by two etcd watches: both carry on.
      const watchOf = (path: string) =>
        (async () => {
          const res = await server.request(`${path}?watch=1&resourceVersion=${rv}`);
          for await (const e of watchEvents(res)) return [e.type, e.object.metadata.name];
          return undefined;
        })();
      const watch = watchOf(CM);
      const secretsWatch = watchOf(SECRETS);
      await etcd.kill();
      const write = await call(server, 'POST', CM, { metadata: { name: 'two' } });
      expect([503, 504]).toContain(write.status);
      expect(write.body).toMatchObject({ kind: 'Status', status: 'Failure' });
      const list = await call(server, 'GET', CM);
      expect([503, 504]).toContain(list.status);
      const ready = await server.request('/readyz?verbose');
      expect(ready.status).toBe(500);
      expect(await ready.text()).toContain('[-]etcd failed');
      await etcd.restart();
      await eventually(async () => {
        const r = await call(server, 'POST', CM, { metadata: { name: 'two' } });
        if (r.status !== 201) throw new Error(String(r.status));
      });
      expect(await watch).toEqual(['ADDED', 'two']);
      expect((await call(server, 'POST', SECRETS, { metadata: { name: 'secret-two' } })).status).toBe(201);
      expect(await secretsWatch).toEqual(['ADDED', 'secret-two']);
      // Each resource's list holds what was written to it, once.
      expect((await call(server, 'GET', CM)).body.items.map((o: { metadata: { name: string } }) => o.metadata.name)).toEqual([
        'one',
        'two',
      ]);
      expect((await call(server, 'GET', SECRETS)).body.items.map((o: { metadata: { name: string } }) => o.metadata.name)).toEqual([
        'secret-two',
      ]);
      expect((await server.request('/readyz')).status).toBe(200);
    } finally {
      await server.close();
    }
  }, 60_000);
});
