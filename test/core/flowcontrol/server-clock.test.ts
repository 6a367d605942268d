/**
 * Flow control on a server whose clock only moves when told (`VirtualClock`): a write's final
 * seats are charged by the open watches its event may go to — those of its resource, of its
 * namespace and of its one object, as the real watch tracker counts them — and held for the
 * server clock's time; a queued request gives up when the server clock says its wait is over.
 *
 * bob's level has one seat and one queue: after bob's write, bob's next request waits exactly as
 * long as the write's final seats are held (20 watches: 2 seats' worth, narrowed to the level's
 * one seat for 2 × 5 ms).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type ApiServer, VirtualClock } from '../../../core/index.ts';
import { as, type Answer } from '../../support/secured.ts';
import { settle } from '../../support/clocked-server.ts';
import { tinyLevelForBob } from './tiny-level.ts';

/** Watches opened per path in each case. */
const WATCHES = 20;
/** The final seats' time of `n` watches on bob's one-seat level: a tenth of a seat per watch for 5 ms. */
const heldFor = (n: number) => (n / 10) * 5;
/** A read of a revision the server has not reached: it holds its seat until it gives up (3 s of the server's clock). */
const SLOW = '/api/v1/namespaces/default/configmaps?resourceVersion=99999999&resourceVersionMatch=NotOlderThan';

let api: ApiServer | undefined;
let clock: VirtualClock;
const stop = new Set<AbortController>();
afterEach(async () => {
  for (const s of stop) s.abort();
  stop.clear();
  await api?.close();
  api = undefined;
});

async function server(queueWaitLimitMs?: number): Promise<ApiServer> {
  clock = new VirtualClock();
  api = await tinyLevelForBob({ clock }, queueWaitLimitMs === undefined ? {} : { queueWaitLimitMs });
  for (const ns of ['a', 'b']) expect((await as(api, 'root', 'POST', '/api/v1/namespaces', { metadata: { name: ns } })).status).toBe(201);
  for (const name of ['x', 'y'])
    expect((await as(api, 'root', 'POST', '/api/v1/namespaces/a/configmaps', { metadata: { name } })).status).toBe(201);
  return api;
}

/** Opens `n` watches of `path` as root (exempt: they take no seat of bob's level); answers what ends them. */
async function watch(path: string, n = WATCHES): Promise<AbortController> {
  const s = new AbortController();
  stop.add(s);
  const answers = await Promise.all(
    Array.from({ length: n }, () =>
      api!.fetch(new Request(`http://orch${path}`, { headers: { authorization: 'Bearer root-token' }, signal: s.signal })),
    ),
  );
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
  return s;
}

/** bob's requests waiting in his level's queue, and running (from the server's gauges). */
async function bobs(): Promise<{ queued: number; running: number }> {
  const text = (await as(api!, 'root', 'GET', '/metrics')).text;
  const gauge = (name: string) => Number(new RegExp(`${name}\\{flow_schema="bob",priority_level="tiny"\\} (\\d+)`).exec(text)?.[1] ?? 0);
  return {
    queued: gauge('apiserver_flowcontrol_current_inqueue_requests'),
    running: gauge('apiserver_flowcontrol_current_executing_requests'),
  };
}

/** Polls (in real time, the server's clock standing still) until `settled` says the server has done all it can. */
async function until(settled: () => Promise<boolean> | boolean): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await settled()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the server never settled');
}

/** Tells whether the request has answered, and lets it be awaited. */
function track(res: Promise<Answer>): { done(): boolean; res: Promise<Answer> } {
  let done = false;
  void res.then(() => {
    done = true;
  });
  return { done: () => done, res };
}

/** Waits until the request answers or waits in bob's queue for the clock; answers whether it answered. */
async function answersOrQueues(req: ReturnType<typeof track>): Promise<boolean> {
  await until(async () => req.done() || (await bobs()).queued > 0);
  return req.done();
}

/** bob's write, then bob's next request: answers how long (server clock, ms) that waited. */
async function bobWaitsAfter(method: string, path: string, body: unknown): Promise<number> {
  const wrote = await as(api!, 'bob', method, path, body);
  expect(wrote.status).toBeLessThan(300);
  const next = track(as(api!, 'bob', 'GET', '/api/v1/namespaces/default/configmaps'));
  let waited = 0;
  // Time moves in steps of 5 ms (a tenth of a seat's worth of watches): the wait is a multiple of it.
  while (!(await answersOrQueues(next))) {
    expect(waited).toBeLessThan(1_000);
    await clock.advance(5);
    waited += 5;
  }
  expect((await next.res).status).toBe(200);
  return waited;
}

const createIn = (ns: string) => ['POST', `/api/v1/namespaces/${ns}/configmaps`, { metadata: { generateName: 'w-' } }] as const;
const update = (name: string) => ['PUT', `/api/v1/namespaces/a/configmaps/${name}`, { metadata: { name }, data: { k: 'v' } }] as const;

describe('a write’s final seats, by the watches its event may go to', () => {
  it.each<[string, string[], readonly [string, string, unknown], number]>([
    ['watches of namespace a do not charge a create in b', ['/api/v1/namespaces/a/configmaps?watch=true'], createIn('b'), 0],
    ['watches of namespace a charge a create in a', ['/api/v1/namespaces/a/configmaps?watch=true'], createIn('a'), heldFor(WATCHES)],
    ['cluster-wide watches charge a create in b', ['/api/v1/configmaps?watch=true'], createIn('b'), heldFor(WATCHES)],
    [
      'cluster-wide watches and those of a both charge a create in a',
      ['/api/v1/configmaps?watch=true', '/api/v1/namespaces/a/configmaps?watch=true'],
      createIn('a'),
      heldFor(2 * WATCHES),
    ],
    [
      'watches of x (by field selector) charge an update of x',
      ['/api/v1/namespaces/a/configmaps?watch=true&fieldSelector=metadata.name%3Dx'],
      update('x'),
      heldFor(WATCHES),
    ],
    [
      'watches of x (by field selector) do not charge an update of y',
      ['/api/v1/namespaces/a/configmaps?watch=true&fieldSelector=metadata.name%3Dx'],
      update('y'),
      0,
    ],
    [
      'watches of x do not charge a create (it names no object)',
      ['/api/v1/namespaces/a/configmaps?watch=true&fieldSelector=metadata.name%3Dx'],
      createIn('a'),
      0,
    ],
    ['watches of x (by path) charge an update of x', ['/api/v1/namespaces/a/configmaps/x?watch=true'], update('x'), heldFor(WATCHES)],
    [
      'watches by the /watch/ prefix name no object: their selector’s name is not read, they count for all of a',
      ['/api/v1/watch/namespaces/a/configmaps?fieldSelector=metadata.name%3Dx'],
      createIn('a'),
      heldFor(WATCHES),
    ],
    ['watches of another resource charge nothing', ['/api/v1/secrets?watch=true'], createIn('a'), 0],
  ])('%s', async (_what, paths, [method, path, body], waited) => {
    await server();
    for (const p of paths) await watch(p);
    expect(await bobWaitsAfter(method, path, body)).toBe(waited);
  });

  it('stops charging for watches that ended: closed by the client, or timed out by the server', async () => {
    await server();
    const closed = await watch('/api/v1/namespaces/a/configmaps?watch=true');
    await watch('/api/v1/namespaces/a/configmaps?watch=true&timeoutSeconds=1');
    expect(await bobWaitsAfter(...createIn('a'))).toBe(heldFor(2 * WATCHES));
    closed.abort();
    await until(() => api!.security.watches.interested('', 'configmaps', 'a', '') === WATCHES);
    expect(await bobWaitsAfter(...createIn('a'))).toBe(heldFor(WATCHES));
    await clock.advance(1_000);
    await until(() => api!.security.watches.interested('', 'configmaps', 'a', '') === 0);
    expect(await bobWaitsAfter(...createIn('a'))).toBe(0);
  });

  it('does not count a watch whose client left while it waited in the queue', async () => {
    await server();
    const holding = as(api!, 'bob', 'GET', SLOW);
    await until(async () => (await bobs()).running === 1);
    const left = new AbortController();
    const watching = api!
      .fetch(
        new Request('http://orch/api/v1/namespaces/a/configmaps?watch=true', {
          headers: { authorization: 'Bearer bob-token' },
          signal: left.signal,
        }),
      )
      .catch(() => undefined);
    await until(async () => (await bobs()).queued === 1);
    left.abort();
    await clock.advance(3_000);
    expect((await holding).status).toBe(504);
    await watching;
    await until(async () => (await bobs()).running === 0);
    expect(api!.security.watches.interested('', 'configmaps', 'a', '')).toBe(0);
    const metrics = (await as(api!, 'root', 'GET', '/metrics')).text;
    expect(metrics).not.toMatch(/apiserver_registered_watchers\{group="",kind="ConfigMap",version="v1"\} [1-9]/);
  });
});

describe('the queue wait limit', () => {
  it('runs on the server’s clock: a queued request gives up when it is advanced past the limit, and not before', async () => {
    await server(100);
    const holding = as(api!, 'bob', 'GET', SLOW);
    await until(async () => (await bobs()).running === 1);
    const queued = track(as(api!, 'bob', 'GET', '/api/v1/namespaces/default/configmaps'));
    expect(await answersOrQueues(queued)).toBe(false);
    // More than the limit in real time: the server's clock has not moved, so it still waits.
    await new Promise((r) => setTimeout(r, 150));
    await clock.advance(99);
    await settle();
    expect(queued.done()).toBe(false);
    expect((await bobs()).queued).toBe(1);
    await clock.advance(1);
    expect((await queued.res).status).toBe(429);
    const metrics = (await as(api!, 'root', 'GET', '/metrics')).text;
    expect(metrics).toContain('apiserver_flowcontrol_rejected_requests_total{flow_schema="bob",priority_level="tiny",reason="time-out"} 1');
    await clock.advance(2_900);
    expect((await holding).status).toBe(504);
  });
});
