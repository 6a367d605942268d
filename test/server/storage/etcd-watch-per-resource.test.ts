/**
 * The watch cache on etcd, one etcd watch per resource as the real platform's cachers have: a
 * resource nobody writes to still answers a consistent read at etcd's revision (its cache asks
 * its own watch for a progress notification), a watch of one resource may start from a revision
 * another resource's write made, a custom resource gets its watch when its definition is
 * established, and a watch lost to compaction makes the server unready only until that resource
 * watches again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompactedError } from '../../../core/index.ts';
import { EtcdBackend } from '../../../server/storage/etcd-backend.ts';
import { installCRD, WIDGETS, widget } from '../../core/apiextensions/crd-support.ts';
import { type EtcdProcess, etcdClient, startEtcd } from '../../support/etcd.ts';
import { CM, call, inProcess, type Target, watchEvents } from '../../support/targets.ts';

const SECRETS = '/api/v1/namespaces/default/secrets';

let etcd: EtcdProcess;
let prefixes = 0;

beforeAll(async () => {
  etcd = await startEtcd();
}, 30_000);
afterAll(() => etcd?.stop());

function backend(): EtcdBackend {
  return new EtcdBackend({ servers: [etcd.url], prefix: `/per-resource-${++prefixes}`, compactionIntervalMs: 0, requestTimeoutMs: 3000 });
}

/** A server on its own prefix of the suite's etcd, and its backend. */
async function server(): Promise<{ t: Target; b: EtcdBackend }> {
  const b = backend();
  return { t: await inProcess({ storage: b }), b };
}

/** etcd's own count of open watchers (all prefixes, all clients), from its /metrics. */
async function etcdWatchers(): Promise<number> {
  const text = await (await fetch(`${etcd.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('etcd_debugging_mvcc_watcher_total '));
  if (!line) throw new Error('etcd_debugging_mvcc_watcher_total missing from etcd /metrics');
  return Number(line.split(' ')[1]);
}

async function eventually(what: string, check: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const rvOf = (body: { metadata: { resourceVersion: string } }) => Number(body.metadata.resourceVersion);

describe('one etcd watch per resource', () => {
  it('opens one watch per registered resource, each on its own stream, as etcd counts them', async () => {
    const before = await etcdWatchers();
    const { t, b } = await server();
    try {
      const watched = b.watchedPrefixes;
      // Some two dozen built-in resources, each watched on its own (none through one watch of all).
      expect(watched.length).toBeGreaterThan(20);
      expect(new Set(watched).size).toBe(watched.length);
      expect(watched).toEqual(expect.arrayContaining(['/registry/configmaps/', '/registry/secrets/', '/registry/pods/']));
      expect(watched).not.toContain('/registry/');
      // Kinds that are only answered store nothing: no watch, as the real platform gives them no cacher.
      expect(watched.filter((p) => /(subjectaccessreviews|selfsubjectrulesreviews|selfsubjectreviews)\/$/.test(p))).toEqual([]);
      await eventually('etcd to count the watches', async () => (await etcdWatchers()) === before + watched.length);
    } finally {
      await t.close();
    }
    expect(b.watchedPrefixes).toEqual([]);
    await eventually('etcd to see the watches closed', async () => (await etcdWatchers()) === before);
  }, 30_000);

  it('answers a consistent list of a resource nobody wrote to at etcd’s current revision, without a write to it', async () => {
    const { t, b } = await server();
    try {
      for (let i = 0; i < 3; i++) expect((await call(t, 'POST', CM, { metadata: { name: `cm-${i}` } })).status).toBe(201);
      const current = await b.currentRevision();
      // From the cache as it is: the secrets' cache has seen nothing since it started.
      const any = await call(t, 'GET', `${SECRETS}?resourceVersion=0`);
      expect(rvOf(any.body)).toBeLessThan(current);
      const started = Date.now();
      const consistent = await call(t, 'GET', SECRETS);
      expect(consistent.status).toBe(200);
      expect(rvOf(consistent.body)).toBeGreaterThanOrEqual(current);
      // The 3 s wait for a too-large revision was not what ended it: a progress notification was.
      expect(Date.now() - started).toBeLessThan(1_500);
    } finally {
      await t.close();
    }
  }, 30_000);

  it('starts a watch of secrets from a configmap write’s revision, and it sees later secrets only', async () => {
    const { t } = await server();
    try {
      expect((await call(t, 'POST', SECRETS, { metadata: { name: 'before' } })).status).toBe(201);
      const rv = rvOf((await call(t, 'POST', CM, { metadata: { name: 'mark' } })).body);
      const plain = watchEvents(await t.request(`${SECRETS}?watch=1&resourceVersion=${rv}`));
      // With initial events, not older than `rv`: the secrets' cache must reach it first.
      const initial = watchEvents(
        await t.request(
          `${SECRETS}?watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&resourceVersion=${rv}&allowWatchBookmarks=true`,
        ),
      );
      const first = await initial.next();
      expect(first.value).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'before' } } });
      expect((await initial.next()).value).toMatchObject({
        type: 'BOOKMARK',
        object: { metadata: { annotations: { 'orch.io/initial-events-end': 'true' } } },
      });
      expect((await call(t, 'POST', SECRETS, { metadata: { name: 'after' } })).status).toBe(201);
      expect((await plain.next()).value).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'after' } } });
      expect((await initial.next()).value).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'after' } } });
      await plain.return(undefined);
      await initial.return(undefined);
    } finally {
      await t.close();
    }
  }, 30_000);

  it('gives a custom resource its own watch once its definition is established, and serves its events', async () => {
    const { t, b } = await server();
    try {
      const before = b.watchedPrefixes.length;
      await installCRD(t);
      await eventually('the widgets watch', () => b.watchedPrefixes.includes('/registry/widgets.example.com/'));
      expect(b.watchedPrefixes).toHaveLength(before + 1);
      const listed = await call(t, 'GET', WIDGETS);
      expect(listed.status).toBe(200);
      const events = watchEvents(await t.request(`${WIDGETS}?watch=1&resourceVersion=${listed.body.metadata.resourceVersion}`));
      expect((await call(t, 'POST', WIDGETS, widget('w1'))).status).toBe(201);
      expect((await events.next()).value).toMatchObject({ type: 'ADDED', object: { kind: 'Widget', metadata: { name: 'w1' } } });
      await events.return(undefined);
      expect((await call(t, 'GET', `${WIDGETS}/w1`)).status).toBe(200);
    } finally {
      await t.close();
    }
  }, 30_000);

  it('is unhealthy while one resource’s watch is lost to compaction, until that resource watches again', async () => {
    const b = backend();
    const client = etcdClient(etcd.url);
    try {
      const value = (rev: number) => `{"metadata":{"name":"a","resourceVersion":"${rev}"}}`;
      const first = await b.create('/registry/configmaps/ns/a', value);
      if (!first.ok) throw new Error('create failed');
      await b.create('/registry/configmaps/ns/b', value);
      const current = await b.currentRevision();
      await client.kv.compact({ revision: String(current) });
      const errors: Error[] = [];
      const stopSecrets = b.watch('/registry/secrets/', current, () => undefined);
      const stopLost = b.watch(
        '/registry/configmaps/',
        first.revision - 1,
        () => undefined,
        (err) => errors.push(err),
      );
      await eventually('the compacted watch to fail', () => errors.length > 0);
      expect(errors[0]).toBeInstanceOf(CompactedError);
      expect(await b.healthy()).toBe(false);
      stopLost();
      expect(await b.healthy()).toBe(false); // ended, but nothing watches configmaps yet
      const stopAgain = b.watch('/registry/configmaps/', current, () => undefined);
      expect(await b.healthy()).toBe(true);
      stopAgain();
      stopSecrets();
    } finally {
      client.close();
      await b.close();
    }
  }, 30_000);
});
