/**
 * The event recorder (docs/writing-a-controller.md, "The pieces"): events.orch.io/v1 Events with
 * series aggregation as the real events library does it. On the wire against a stand-in server,
 * and against the API server.
 */
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../core/index.ts';
import { Client, CONFIG_MAPS, EventRecorder, EVENTS, referenceTo, type ConfigMap, type Event } from '../../controllers/index.ts';
import { controllerEnvs } from '../support/controller-env.ts';

interface Call {
  method: string;
  path: string;
  contentType: string | null;
  body: Record<string, unknown>;
}

/** Stores Events by name; can refuse strategic merge patch (415) as a server without it does. */
function standIn(opts: { strategic: boolean }) {
  const events = new Map<string, Record<string, unknown>>();
  const calls: Call[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fail = (code: number, reason: string) =>
    json(code, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', reason, code, message: reason });
  const client = new Client({
    fetch: async (r) => {
      const url = new URL(r.url);
      const text = await r.text();
      const call = {
        method: r.method,
        path: url.pathname,
        contentType: r.headers.get('content-type'),
        body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      };
      calls.push(call);
      const name = url.pathname.split('/').at(-1)!;
      if (r.method === 'POST') {
        const meta = call.body.metadata as { name: string };
        if (events.has(meta.name)) return fail(409, 'AlreadyExists');
        events.set(meta.name, call.body);
        return json(201, call.body);
      }
      if (r.method === 'PATCH') {
        if (!opts.strategic && call.contentType === 'application/strategic-merge-patch+json') return fail(415, 'UnsupportedMediaType');
        const ev = events.get(name);
        if (!ev) return fail(404, 'NotFound');
        Object.assign(ev, call.body);
        return json(200, ev);
      }
      return fail(405, 'MethodNotAllowed');
    },
  });
  return { client, calls, events };
}

const T0 = Date.UTC(2026, 0, 1);
const cm: ConfigMap = {
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'app', namespace: 'prod', uid: 'uid-1', resourceVersion: '42' },
};

function recorder(strategic = true) {
  const clock = new VirtualClock(T0);
  const server = standIn({ strategic });
  const rec = new EventRecorder({ client: server.client, clock, reportingController: 'samples.orch.io/test', reportingInstance: 'test-1' });
  rec.start();
  const record = (reason = 'Synced') => rec.record({ regarding: cm, type: 'Normal', reason, action: 'Sync', note: `did ${reason}` });
  return { clock, rec, record, ...server };
}

describe('event recorder on the wire', () => {
  it('creates an Event with the events.orch.io/v1 shape', async () => {
    const { record, calls } = recorder();
    await record();
    expect(calls).toHaveLength(1);
    expect(calls[0].method).toBe('POST');
    expect(calls[0].path).toBe('/apis/events.orch.io/v1/namespaces/prod/events');
    expect(calls[0].body).toEqual({
      apiVersion: 'events.orch.io/v1',
      kind: 'Event',
      metadata: { name: `app.${(BigInt(T0) * 1_000_000n).toString(16)}`, namespace: 'prod' },
      eventTime: '2026-01-01T00:00:00.000000Z',
      reportingController: 'samples.orch.io/test',
      reportingInstance: 'test-1',
      action: 'Sync',
      reason: 'Synced',
      regarding: { kind: 'ConfigMap', namespace: 'prod', name: 'app', uid: 'uid-1', apiVersion: 'v1', resourceVersion: '42' },
      note: 'did Synced',
      type: 'Normal',
    });
  });

  it.each([
    { name: 'strategic merge patch', strategic: true, types: ['application/strategic-merge-patch+json'] },
    {
      name: 'a server without strategic merge patch: merge patch',
      strategic: false,
      types: ['application/strategic-merge-patch+json', 'application/merge-patch+json'],
    },
  ])('the first repeat patches series {count: 2} onto the Event ($name); later repeats count locally', async ({ strategic, types }) => {
    const { record, calls, clock, events } = recorder(strategic);
    await record();
    await clock.advance(1000);
    await record();
    const patches = calls.filter((c) => c.method === 'PATCH');
    expect(patches.map((c) => c.contentType)).toEqual(types);
    expect(patches.at(-1)!.body).toEqual({ series: { count: 2, lastObservedTime: '2026-01-01T00:00:01.000000Z' } });
    const [stored] = events.values();
    expect(stored.series).toEqual({ count: 2, lastObservedTime: '2026-01-01T00:00:01.000000Z' });
    const before = calls.length;
    await clock.advance(1000);
    await record();
    await record();
    expect(calls.length).toBe(before); // counted, not written yet
  });

  it('a different reason is a different Event', async () => {
    const { record, events } = recorder();
    await record('Synced');
    await record('Failed');
    expect([...events.values()].map((e) => e.reason)).toEqual(['Synced', 'Failed']);
  });

  it('a series quiet for 6 minutes gets its final count written, and a repeat after that starts a new Event', async () => {
    const { record, calls, clock, events, rec } = recorder();
    await record();
    await clock.advance(1000);
    await record(); // count 2, written
    await clock.advance(1000);
    await record(); // count 3, local
    const before = calls.length;
    await clock.advance(6 * 60_000); // the first check: last seen 5:58 ago, not finished
    expect(calls.length).toBe(before);
    await clock.advance(6 * 60_000); // the second check finishes it
    await rec.flush();
    const final = calls.slice(before);
    expect(final.map((c) => [c.method, c.body])).toEqual([
      ['PATCH', { series: { count: 3, lastObservedTime: '2026-01-01T00:00:02.000000Z' } }],
    ]);
    await record();
    expect(events.size).toBe(2);
    expect(calls.at(-1)!.method).toBe('POST');
  });

  it('an ongoing series has its count written every 30 minutes', async () => {
    const { record, calls, clock, rec } = recorder();
    await record();
    await record(); // count 2
    for (let i = 0; i < 5; i++) {
      await clock.advance(5 * 60_000);
      await record(); // counts 3..7, within 6 minutes of each other: never finished
    }
    const before = calls.length;
    await clock.advance(5 * 60_000); // t = 30 min
    await rec.flush();
    expect(calls.slice(before).map((c) => c.body)).toEqual([{ series: { count: 7, lastObservedTime: '2026-01-01T00:25:00.000000Z' } }]);
  });

  it('names are unique even when the clock does not move between events', async () => {
    const { rec, events } = recorder();
    await rec.record({ regarding: cm, type: 'Normal', reason: 'A', action: 'X' });
    await rec.record({ regarding: cm, type: 'Warning', reason: 'B', action: 'X' });
    expect(events.size).toBe(2);
  });

  it('two recorders about objects of one name in the same millisecond: the second Event takes the next name', async () => {
    const { rec, clock, client, events } = recorder();
    const other = new EventRecorder({ client, clock, reportingController: 'samples.orch.io/other', reportingInstance: 'other-1' });
    other.start();
    await rec.record({ regarding: cm, type: 'Normal', reason: 'A', action: 'X' });
    await other.record({ regarding: { ...cm, kind: 'StatefulSet', apiVersion: 'apps/v1' }, type: 'Normal', reason: 'B', action: 'X' });
    expect([...events.values()].map((e) => e.reason)).toEqual(['A', 'B']);
    // A repeat of the renamed one patches the Event that was written.
    await other.record({ regarding: { ...cm, kind: 'StatefulSet', apiVersion: 'apps/v1' }, type: 'Normal', reason: 'B', action: 'X' });
    expect([...events.values()].map((e) => [e.reason, (e.series as { count: number } | undefined)?.count])).toEqual([
      ['A', undefined],
      ['B', 2],
    ]);
  });

  it("a cluster-scoped object's events go to the default namespace; an unknown type is refused", async () => {
    const { rec, calls } = recorder();
    await rec.record({
      regarding: referenceTo(
        { metadata: { name: 'team', uid: 'u' } },
        { group: '', version: 'v1', resource: 'namespaces', kind: 'Namespace', namespaced: false },
      ),
      type: 'Normal',
      reason: 'R',
      action: 'A',
    });
    expect(calls[0].path).toBe('/apis/events.orch.io/v1/namespaces/default/events');
    expect((calls[0].body.regarding as Record<string, string>).kind).toBe('Namespace');
    await rec.record({ regarding: cm, type: 'Info' as 'Normal', reason: 'R', action: 'A' });
    expect(calls).toHaveLength(1);
  });
});

describe('event recorder against the API server', () => {
  const envs = controllerEnvs();

  it('records an Event and aggregates a repeat into its series', async () => {
    const env = await envs.start();
    const target = await env.resource(CONFIG_MAPS, 'default').create({ metadata: { name: 'app' } });
    const rec = env.manager.eventRecorder('samples.orch.io/test');
    await rec.record({ regarding: target, type: 'Normal', reason: 'Synced', action: 'Sync', note: 'first' });
    await env.advance(1000);
    await rec.record({ regarding: target, type: 'Normal', reason: 'Synced', action: 'Sync', note: 'first' });
    const list = await env.resource(EVENTS, 'default').list();
    expect(list.items).toHaveLength(1);
    const ev: Event = list.items[0];
    expect(ev).toMatchObject({
      reason: 'Synced',
      action: 'Sync',
      type: 'Normal',
      reportingController: 'samples.orch.io/test',
      regarding: { kind: 'ConfigMap', name: 'app', namespace: 'default', uid: target.metadata.uid },
      series: { count: 2 },
    });
    expect(env.errors).toEqual([]);
  });
});
