/**
 * Graceful deletion of Pods, as the real platform's registry does it: a pod on a node is marked
 * (deletionTimestamp = now + grace period, deletionGracePeriodSeconds) and stays until its node
 * confirms with a DELETE of period 0; later DELETEs may only shorten the period; pods that never
 * ran, or finished, are removed at once. DELETE answers the Pod, not a Status.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../../core/index.ts';
import { call, inProcess, watchEvents, type Target } from '../../support/targets.ts';

const PODS = '/api/v1/namespaces/default/pods';
const START = Date.UTC(2026, 0, 1, 12, 0, 0);
const at = (seconds: number) => new Date(START + seconds * 1000).toISOString().replace('.000Z', 'Z');

function pod(name: string, spec: Record<string, unknown> = {}, meta: Record<string, unknown> = {}) {
  return { metadata: { name, ...meta }, spec: { containers: [{ name: 'app', image: 'nginx:1.27' }], ...spec } };
}

describe('Pod graceful deletion', () => {
  let t: Target;
  let clock: VirtualClock;
  beforeEach(async () => {
    clock = new VirtualClock(START);
    t = await inProcess({ clock });
  });
  afterEach(() => t.close());

  // What the first DELETE does, by the pod and the request's gracePeriodSeconds.
  const first: { what: string; spec: Record<string, unknown>; status?: Record<string, unknown>; query?: string; kept: boolean; period?: number }[] = [
    { what: 'a scheduled pod gets its default 30 s', spec: { nodeName: 'node-1' }, kept: true, period: 30 },
    { what: 'a scheduled pod gets its own terminationGracePeriodSeconds', spec: { nodeName: 'node-1', terminationGracePeriodSeconds: 10 }, kept: true, period: 10 },
    { what: 'the request’s gracePeriodSeconds wins over the pod’s', spec: { nodeName: 'node-1', terminationGracePeriodSeconds: 10 }, query: '?gracePeriodSeconds=5', kept: true, period: 5 },
    { what: 'gracePeriodSeconds=0 removes a scheduled pod at once (force)', spec: { nodeName: 'node-1' }, query: '?gracePeriodSeconds=0', kept: false },
    { what: 'a negative period counts as 1 s', spec: { nodeName: 'node-1' }, query: '?gracePeriodSeconds=-3', kept: true, period: 1 },
    { what: 'a pod never scheduled is removed at once', spec: {}, kept: false },
    { what: 'a pod that succeeded is removed at once', spec: { nodeName: 'node-1' }, status: { phase: 'Succeeded' }, kept: false },
    { what: 'a pod that failed is removed at once', spec: { nodeName: 'node-1' }, status: { phase: 'Failed' }, kept: false },
  ];

  for (const row of first) {
    it(row.what, async () => {
      expect((await call(t, 'POST', PODS, pod('p', row.spec))).status).toBe(201);
      if (row.status) expect((await call(t, 'PATCH', `${PODS}/p/status`, { status: row.status }, { 'content-type': 'application/merge-patch+json' })).status).toBe(200);
      const del = await call(t, 'DELETE', `${PODS}/p${row.query ?? ''}`);
      expect(del.status).toBe(200);
      expect(del.body.kind).toBe('Pod');
      const after = await call(t, 'GET', `${PODS}/p`);
      if (row.kept) {
        expect(after.status).toBe(200);
        expect(after.body.metadata.deletionGracePeriodSeconds).toBe(row.period);
        expect(after.body.metadata.deletionTimestamp).toBe(at(row.period!));
        expect(del.body.metadata.deletionTimestamp).toBe(at(row.period!));
      } else {
        expect(after.status).toBe(404);
        // The answer is the pod as it was removed: marked with period 0.
        expect(del.body.metadata.deletionGracePeriodSeconds).toBe(0);
      }
    });
  }

  // A second DELETE of a pod marked with 30 s, 10 s after the first.
  const second: { what: string; query: string; period: number; deadline: number; gone?: boolean }[] = [
    { what: 'without a period changes nothing (already pending)', query: '', period: 30, deadline: 30 },
    { what: 'with a longer period changes nothing', query: '?gracePeriodSeconds=60', period: 30, deadline: 30 },
    { what: 'with the same period changes nothing', query: '?gracePeriodSeconds=30', period: 30, deadline: 30 },
    { what: 'with a shorter period moves the deadline back by the difference', query: '?gracePeriodSeconds=25', period: 25, deadline: 25 },
    { what: 'with a period already run out keeps 1 s from now, for the node to confirm', query: '?gracePeriodSeconds=5', period: 1, deadline: 10 },
    { what: 'with period 0 removes it (the node’s confirmation)', query: '?gracePeriodSeconds=0', period: 0, deadline: 10, gone: true },
  ];

  for (const row of second) {
    it(`a second DELETE ${row.what}`, async () => {
      await call(t, 'POST', PODS, pod('p', { nodeName: 'node-1' }));
      const marked = await call(t, 'DELETE', `${PODS}/p`);
      await clock.advance(10_000);
      const again = await call(t, 'DELETE', `${PODS}/p${row.query}`);
      expect(again.status).toBe(200);
      expect(again.body.metadata.deletionGracePeriodSeconds).toBe(row.period);
      expect(again.body.metadata.deletionTimestamp).toBe(at(row.deadline));
      const after = await call(t, 'GET', `${PODS}/p`);
      if (row.gone) expect(after.status).toBe(404);
      else if (row.period === 30) expect(after.body.metadata.resourceVersion).toBe(marked.body.metadata.resourceVersion);
      else expect(after.body.metadata.deletionGracePeriodSeconds).toBe(row.period);
    });
  }

  it('watchers see the pod marked, then deleted', async () => {
    await call(t, 'POST', PODS, pod('p', { nodeName: 'node-1' }));
    const list = await call(t, 'GET', PODS);
    const res = await t.request(`${PODS}?watch=true&resourceVersion=${list.body.metadata.resourceVersion}`);
    const events = watchEvents(res);
    await call(t, 'DELETE', `${PODS}/p`);
    const marked = (await events.next()).value!;
    expect(marked.type).toBe('MODIFIED');
    expect(marked.object.metadata).toMatchObject({ deletionGracePeriodSeconds: 30, deletionTimestamp: at(30) });
    await call(t, 'DELETE', `${PODS}/p?gracePeriodSeconds=0`);
    expect((await events.next()).value!.type).toBe('MODIFIED');
    const gone = (await events.next()).value!;
    expect(gone.type).toBe('DELETED');
    await events.return(undefined);
  });

  it('a finalizer keeps a pod after its node confirmed; removing the finalizer then removes it', async () => {
    await call(t, 'POST', PODS, pod('p', { nodeName: 'node-1' }, { finalizers: ['example.com/keep'] }));
    await call(t, 'DELETE', `${PODS}/p`);
    // The finalizer goes while the grace period runs: the pod still waits for its node.
    const patch = { metadata: { finalizers: null } };
    expect((await call(t, 'PATCH', `${PODS}/p`, patch, { 'content-type': 'application/merge-patch+json' })).status).toBe(200);
    expect((await call(t, 'GET', `${PODS}/p`)).status).toBe(200);
    // The node confirms: gone.
    expect((await call(t, 'DELETE', `${PODS}/p?gracePeriodSeconds=0`)).status).toBe(200);
    expect((await call(t, 'GET', `${PODS}/p`)).status).toBe(404);

    // Finalizer still there when the node confirms: kept (period 0) until it goes.
    await call(t, 'POST', PODS, pod('q', { nodeName: 'node-1' }, { finalizers: ['example.com/keep'] }));
    await call(t, 'DELETE', `${PODS}/q`);
    const confirmed = await call(t, 'DELETE', `${PODS}/q?gracePeriodSeconds=0`);
    expect(confirmed.body.metadata.deletionGracePeriodSeconds).toBe(0);
    expect((await call(t, 'GET', `${PODS}/q`)).status).toBe(200);
    await call(t, 'PATCH', `${PODS}/q`, patch, { 'content-type': 'application/merge-patch+json' });
    expect((await call(t, 'GET', `${PODS}/q`)).status).toBe(404);
  });

  it('dryRun answers the marked pod and stores nothing', async () => {
    const created = await call(t, 'POST', PODS, pod('p', { nodeName: 'node-1' }));
    const dry = await call(t, 'DELETE', `${PODS}/p?dryRun=All`);
    expect(dry.status).toBe(200);
    expect(dry.body.metadata.deletionGracePeriodSeconds).toBe(30);
    const after = await call(t, 'GET', `${PODS}/p`);
    expect(after.body.metadata.deletionTimestamp).toBeUndefined();
    expect(after.body.metadata.resourceVersion).toBe(created.body.metadata.resourceVersion);
  });

  it('kinds without graceful deletion ignore gracePeriodSeconds: a ConfigMap goes at once', async () => {
    await call(t, 'POST', '/api/v1/namespaces/default/configmaps', { metadata: { name: 'c' } });
    const del = await call(t, 'DELETE', '/api/v1/namespaces/default/configmaps/c?gracePeriodSeconds=30');
    expect(del.status).toBe(200);
    expect(del.body.kind).toBe('Status');
    expect((await call(t, 'GET', '/api/v1/namespaces/default/configmaps/c')).status).toBe(404);
  });
});
