/**
 * Informers (docs/writing-a-controller.md, "The pieces"; docs/api-rules.md, "Watch"): list then
 * watch, a streaming-list start, bookmarks, resuming after a disconnect from the last revision, a
 * full relist on 410 (an ERROR event or HTTP 410), and the shared cache with its indexes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createApiServer, VirtualClock, type ApiServer, type ApiServerOptions } from '../../core/index.ts';
import {
  Client,
  CONFIG_MAPS,
  createTestEnv,
  objectKey,
  type ResourceClient,
  Store,
  type ConfigMap,
  type ReflectorTrace,
  type TestEnv,
} from '../../controllers/index.ts';
import { FaultyFetch } from '../support/faulty-fetch.ts';

interface Rig {
  env: TestEnv;
  api: ApiServer;
  faulty: FaultyFetch;
  traces: ReflectorTrace[];
  /** Resolves at the first trace (from now on) that matches. */
  nextTrace(match: (t: ReflectorTrace) => boolean): Promise<ReflectorTrace>;
  direct(namespace?: string): ResourceClient<ConfigMap>;
}

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.env.stop();
  await rig?.api.close();
  rig = undefined;
});

async function start(
  opts: { server?: Omit<ApiServerOptions, 'clock'>; streamingList?: 'auto' | 'never'; seed?: string[] } = {},
): Promise<Rig> {
  const clock = new VirtualClock();
  const api = createApiServer({ ...opts.server, clock });
  await api.ready;
  const faulty = new FaultyFetch((r) => api.fetch(r));
  const traces: ReflectorTrace[] = [];
  const listeners: ((t: ReflectorTrace) => void)[] = [];
  const env = await createTestEnv({
    clock,
    connect: { fetch: faulty.fetch, baseUrl: 'http://orch.test' },
    informers: {
      streamingList: opts.streamingList ?? 'auto',
      onTrace: (t) => {
        traces.push(t);
        for (const l of [...listeners]) l(t);
      },
    },
  });
  // Writes that bypass the faulty connection, as another client's would.
  const directClient = new Client({ fetch: (r) => api.fetch(r) });
  const r: Rig = {
    env,
    api,
    faulty,
    traces,
    nextTrace: (match) =>
      new Promise((resolve) => {
        const l = (t: ReflectorTrace) => {
          if (!match(t)) return;
          listeners.splice(listeners.indexOf(l), 1);
          resolve(t);
        };
        listeners.push(l);
      }),
    direct: (namespace = 'default') => directClient.resource(CONFIG_MAPS, namespace),
  };
  for (const name of opts.seed ?? []) await r.direct().create({ metadata: { name } });
  rig = r;
  return r;
}

const names = (objs: ConfigMap[]) => objs.map(objectKey).sort();

describe('informer start', () => {
  it('uses a streaming list when the server offers it: one watch, no list', async () => {
    const { env, faulty, traces } = await start({ seed: ['a', 'b'] });
    const objs = await env.waitForList(CONFIG_MAPS, (l) => l.length === 2);
    expect(names(objs)).toEqual(['default/a', 'default/b']);
    expect(env.manager.informer(CONFIG_MAPS).hasSynced()).toBe(true);
    expect(traces.map((t) => t.kind)).toEqual(['stream-start']);
    const first = faulty.watches().find((w) => w.url.pathname === '/api/v1/configmaps')!;
    expect(Object.fromEntries(first.url.searchParams)).toMatchObject({
      watch: 'true',
      sendInitialEvents: 'true',
      resourceVersionMatch: 'NotOlderThan',
      allowWatchBookmarks: 'true',
    });
    expect(faulty.lists().filter((r) => r.url.pathname === '/api/v1/configmaps')).toEqual([]);
  });

  it('falls back to list then watch when the server refuses a streaming list', async () => {
    const { env, faulty, traces } = await start({ server: { featureGates: 'WatchList=false' }, seed: ['a'] });
    await env.waitForList(CONFIG_MAPS, (l) => l.length === 1);
    expect(traces.map((t) => t.kind)).toEqual(['stream-start', 'stream-refused', 'list', 'watch']);
    const list = faulty.lists().find((r) => r.url.pathname === '/api/v1/configmaps')!;
    expect(list.url.searchParams.get('limit')).toBe('500');
    const watch = faulty
      .watches()
      .filter((w) => w.url.pathname === '/api/v1/configmaps')
      .at(-1)!;
    expect(watch.url.searchParams.get('sendInitialEvents')).toBeNull();
    expect(watch.url.searchParams.get('allowWatchBookmarks')).toBe('true');
    expect(watch.url.searchParams.get('resourceVersion')).toBe(env.manager.informer(CONFIG_MAPS).lastSyncResourceVersion);
  });

  it("lists then watches from the list's revision when told not to stream", async () => {
    const { env, traces } = await start({ streamingList: 'never', seed: ['a'] });
    await env.waitForList(CONFIG_MAPS, (l) => l.length === 1);
    const rv = env.manager.informer(CONFIG_MAPS).lastSyncResourceVersion;
    expect(traces).toEqual([{ kind: 'list' }, { kind: 'watch', resourceVersion: rv }]);
  });

  it('sees changes after the start, in order, with the previous object on updates', async () => {
    const { env, direct } = await start({ seed: ['a'] });
    await env.waitForList(CONFIG_MAPS, (l) => l.length === 1);
    const seen: string[] = [];
    env.manager
      .informer(CONFIG_MAPS)
      .changes$.subscribe((ev) => seen.push(`${ev.type} ${ev.object.metadata.name} ${ev.old?.data?.k ?? '-'}→${ev.object.data?.k ?? '-'}`));
    await direct().update({ metadata: { name: 'a' }, data: { k: '1' } });
    await direct().create({ metadata: { name: 'b' } });
    await direct().delete('a');
    await env.waitForList(CONFIG_MAPS, (l) => names(l).join() === 'default/b');
    expect(seen).toEqual(['MODIFIED a -→1', 'ADDED b -→-', 'DELETED a -→1']);
  });
});

describe('informer recovery', () => {
  it('resumes from the last revision seen after a disconnect, without listing again', async () => {
    const { env, faulty, traces, nextTrace, direct } = await start({ seed: ['a'] });
    await env.waitForList(CONFIG_MAPS, (l) => l.length === 1);
    const inf = env.manager.informer(CONFIG_MAPS);
    const rvBefore = inf.lastSyncResourceVersion;
    const startsBefore = traces.filter((t) => t.kind === 'stream-start' || t.kind === 'list').length;

    faulty.down = true;
    const failed = nextTrace((t) => t.kind === 'error' && t.delayMs > 0);
    await faulty.watching();
    faulty.cutWatches();
    const backoff = (await failed) as Extract<ReflectorTrace, { kind: 'error' }>;
    await direct().create({ metadata: { name: 'b' } }); // written while the informer is away
    faulty.down = false;
    const resumed = nextTrace((t) => t.kind === 'watch');
    await env.advance(backoff.delayMs);
    expect(await resumed).toEqual({ kind: 'watch', resourceVersion: rvBefore });

    await env.waitForList(CONFIG_MAPS, (l) => l.length === 2);
    expect(traces.filter((t) => t.kind === 'stream-start' || t.kind === 'list').length).toBe(startsBefore);
    expect(traces.some((t) => t.kind === 'gone')).toBe(false);
  });

  it('relists after a 410 ERROR event: history moved on while it was away', async () => {
    const { env, faulty, nextTrace, direct } = await start({ seed: ['a', 'b'] });
    await env.waitForList(CONFIG_MAPS, (l) => l.length === 2);
    const deleted: string[] = [];
    env.manager.informer(CONFIG_MAPS).changes$.subscribe((ev) => ev.type === 'DELETED' && deleted.push(ev.object.metadata.name!));

    faulty.down = true;
    await faulty.watching();
    faulty.cutWatches();
    await direct().delete('a');
    await direct().create({ metadata: { name: 'c' } });
    await env.advance(6 * 60_000); // past the 5-minute history window
    await direct().create({ metadata: { name: 'd' } });
    faulty.down = false;
    const gone = nextTrace((t) => t.kind === 'gone');
    await env.advance(30_000); // the longest backoff
    await gone;
    const objs = await env.waitForList(CONFIG_MAPS, (l) => l.length === 3);
    expect(names(objs)).toEqual(['default/b', 'default/c', 'default/d']);
    expect(deleted).toEqual(['a']);
  });

  it('relists after an HTTP 410 answer to a watch', async () => {
    const { env, faulty, nextTrace, direct } = await start({ streamingList: 'never', seed: ['a'] });
    await env.waitForList(CONFIG_MAPS, (l) => l.length === 1);
    faulty.answerOnce(
      (r) => r.url.searchParams.get('watch') === 'true' && r.url.pathname === '/api/v1/configmaps',
      () =>
        new Response(
          JSON.stringify({
            kind: 'Status',
            apiVersion: 'v1',
            metadata: {},
            status: 'Failure',
            message: 'too old resource version',
            reason: 'Expired',
            code: 410,
          }),
          {
            status: 410,
            headers: { 'content-type': 'application/json' },
          },
        ),
    );
    const gone = nextTrace((t) => t.kind === 'gone');
    const relisted = nextTrace((t) => t.kind === 'list');
    await faulty.watching();
    faulty.cutWatches();
    await gone;
    await relisted;
    await direct().create({ metadata: { name: 'b' } });
    await env.waitForList(CONFIG_MAPS, (l) => l.length === 2);
  });

  it("asks for bookmarks, which keep an idle informer's revision current", async () => {
    const { env, nextTrace, api } = await start({ seed: ['a'] });
    await env.waitForList(CONFIG_MAPS, (l) => l.length === 1);
    const inf = env.manager.informer(CONFIG_MAPS);
    const before = inf.lastSyncResourceVersion;
    // Writes elsewhere move the server's revision; this informer sees no event.
    const ns = await api.fetch(
      new Request('http://orch.test/api/v1/namespaces', {
        method: 'POST',
        body: JSON.stringify({ metadata: { name: 'elsewhere' } }),
        headers: { 'content-type': 'application/json' },
      }),
    );
    const nsRv = ((await ns.json()) as { metadata: { resourceVersion: string } }).metadata.resourceVersion;
    const bookmark = nextTrace((t) => t.kind === 'bookmark' && t.resourceVersion === nsRv);
    await env.advance(60_000); // the server's bookmark period
    await bookmark;
    expect(Number(inf.lastSyncResourceVersion)).toBeGreaterThan(Number(before));
    expect(inf.lastSyncResourceVersion).toBe(nsRv);
  });
});

describe('shared cache', () => {
  const obj = (ns: string, name: string, extra: Partial<ConfigMap['metadata']> = {}, data?: Record<string, string>): ConfigMap => ({
    metadata: { namespace: ns, name, uid: `${ns}-${name}`, resourceVersion: '1', ...extra },
    ...(data ? { data } : {}),
  });

  it('indexes by namespace, by owner and by custom index functions', () => {
    const store = new Store<ConfigMap>({ byKey: (o) => Object.keys(o.data ?? {}) });
    store.upsert(obj('a', 'x', { ownerReferences: [{ apiVersion: 'v1', kind: 'Namespace', name: 'o', uid: 'owner-1' }] }, { k1: 'v' }));
    store.upsert(obj('a', 'y', {}, { k1: 'v', k2: 'v' }));
    store.upsert(obj('b', 'z', { ownerReferences: [{ apiVersion: 'v1', kind: 'Namespace', name: 'o', uid: 'owner-1' }] }));
    const keys = (l: ConfigMap[]) => l.map(objectKey).sort();
    expect(keys(store.byIndex('namespace', 'a'))).toEqual(['a/x', 'a/y']);
    expect(keys(store.byIndex('owner', 'owner-1'))).toEqual(['a/x', 'b/z']);
    expect(keys(store.byIndex('byKey', 'k2'))).toEqual(['a/y']);
    // An update moves the object between index values.
    store.upsert(obj('a', 'y', { resourceVersion: '2' }, { k1: 'v' }));
    expect(keys(store.byIndex('byKey', 'k2'))).toEqual([]);
    store.remove(obj('a', 'x'));
    expect(keys(store.byIndex('owner', 'owner-1'))).toEqual(['b/z']);
    store.addIndexer('late', (o) => [o.metadata.name!]);
    expect(keys(store.byIndex('late', 'z'))).toEqual(['b/z']);
    expect(() => store.byIndex('nope', 'x')).toThrow(/does not exist/);
  });

  it('replace reports what appeared, changed, disappeared and was made anew under the same name', () => {
    const store = new Store<ConfigMap>();
    store.upsert(obj('a', 'kept'));
    store.upsert(obj('a', 'changed'));
    store.upsert(obj('a', 'gone'));
    store.upsert(obj('a', 'remade'));
    const events = store.replace([
      obj('a', 'kept'),
      obj('a', 'changed', { resourceVersion: '2' }),
      obj('a', 'remade', { uid: 'new-uid', resourceVersion: '3' }),
      obj('a', 'new'),
    ]);
    expect(events.map((e) => `${e.type} ${e.object.metadata.name}`)).toEqual([
      'DELETED gone',
      'DELETED remade',
      'MODIFIED changed',
      'ADDED remade',
      'ADDED new',
    ]);
  });
});
