/**
 * History kept compactly must read back exactly: every superseded version of an object (stored
 * as differences from the next one, with a whole copy every so often) is served as it was, by a
 * watch replaying history and by a list at an exact resourceVersion.
 */
import { describe, expect, it } from 'vitest';
import { configMap } from '../../support/builders.ts';
import { CM } from '../../support/targets.ts';
import { clockedServerPerTest, EventReader } from '../../support/clocked-server.ts';

const s = clockedServerPerTest();
const mergePatch = { 'content-type': 'application/merge-patch+json' };
/** List items and single objects differ in their type fields only. */
const withoutType = ({ kind: _k, apiVersion: _a, ...rest }: any) => rest;

/** Creates one ConfigMap and updates it `n` times; returns every version the server answered. */
async function versions(n: number, labelsAt?: (i: number) => Record<string, string>): Promise<any[]> {
  const created = await s.req('POST', CM, configMap('hist', { value: 'v0', big: 'x'.repeat(500) }, { labels: { step: '0' } }));
  expect(created.status).toBe(201);
  const out = [created.body];
  for (let i = 1; i <= n; i++) {
    const patch = { metadata: { labels: labelsAt?.(i) ?? { step: String(i) } }, data: { value: `v${i}`, [`k${i % 5}`]: 'y'.repeat(i) } };
    const r = await s.req('PATCH', `${CM}/hist`, patch, mergePatch);
    expect(r.status).toBe(200);
    out.push(r.body);
  }
  return out;
}

describe('history of one object', () => {
  it('a watch from the first version replays every later version exactly (40 updates: longer than one run of deltas)', async () => {
    const all = await versions(40);
    const res = await s.open(`${CM}?watch=true&resourceVersion=${all[0].metadata.resourceVersion}`);
    const r = new EventReader(res);
    for (const v of all.slice(1)) expect(await r.next()).toEqual({ type: 'MODIFIED', object: v });
    await r.close();
  });

  it('a list at each exact resourceVersion shows the object as it was then', async () => {
    const all = await versions(20);
    for (const v of all) {
      const list = await s.req('GET', `${CM}?resourceVersion=${v.metadata.resourceVersion}&resourceVersionMatch=Exact`);
      expect(list.status).toBe(200);
      expect(withoutType(list.body.items.find((o: any) => o.metadata.name === 'hist'))).toEqual(withoutType(v));
    }
  });

  it('a label-selector watch sees the version before a change to decide it stopped matching', async () => {
    const all = await versions(18, (i) => ({ step: i < 18 ? 'on' : 'off' }));
    const res = await s.open(`${CM}?watch=true&labelSelector=step%3Don&resourceVersion=${all[0].metadata.resourceVersion}`);
    const r = new EventReader(res);
    // Version 0 had step=0 (not matching); 1..17 match; 18 stops matching.
    expect(await r.next()).toEqual({ type: 'ADDED', object: all[1] });
    for (const v of all.slice(2, 18)) expect(await r.next()).toEqual({ type: 'MODIFIED', object: v });
    expect(await r.next()).toEqual({ type: 'DELETED', object: all[18] });
    await r.close();
  });
});
