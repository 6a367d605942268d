/**
 * The state a get or list shows by its resourceVersion and resourceVersionMatch (docs/api-rules.md,
 * "List"): unset, 0, NotOlderThan, Exact, and a revision not reached yet.
 */
import { describe, expect, it } from 'vitest';
import { configMap } from '../../support/builders.ts';
import { CM } from '../../support/targets.ts';
import { clockedServerPerTest, settle } from '../../support/clocked-server.ts';

const s = clockedServerPerTest({ read: { tooLargeResourceVersionWaitMs: 3000 } });

async function rvOf(path = CM): Promise<number> {
  return Number((await s.req('GET', path)).body.metadata.resourceVersion);
}

describe('get', () => {
  it('unset, "0" and a known version all answer the current object', async () => {
    const c = (await s.req('POST', CM, configMap('a', { v: '1' }))).body;
    await s.req('PATCH', `${CM}/a`, { data: { v: '2' } }, { 'content-type': 'application/merge-patch+json' });
    for (const rv of ['', '0', c.metadata.resourceVersion]) {
      const r = await s.req('GET', `${CM}/a${rv === '' ? '' : `?resourceVersion=${rv}`}`);
      expect(r.status).toBe(200);
      expect(r.body.data.v).toBe('2');
    }
  });

  it('a version newer than the server knows waits briefly, then 504 "Too large resource version" with Retry-After', async () => {
    await s.req('POST', CM, configMap('a'));
    const current = await rvOf();
    const pending = s.req('GET', `${CM}/a?resourceVersion=${current + 100}`);
    await settle(); // let the request reach its wait
    await s.clock.advance(3001);
    const r = await pending;
    expect(r.status).toBe(504);
    expect(r.body).toMatchObject({
      reason: 'Timeout',
      code: 504,
      details: { retryAfterSeconds: 1, causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }] },
    });
    expect(r.body.message).toBe(`Too large resource version: ${current + 100}, current: ${current}`);
    expect(r.headers.get('retry-after')).toBe('1');
  });

  it('a version reached while waiting is served', async () => {
    await s.req('POST', CM, configMap('a'));
    const current = await rvOf();
    const pending = s.req('GET', `${CM}/a?resourceVersion=${current + 1}`);
    await s.clock.advance(1000);
    await s.req('POST', CM, configMap('b'));
    expect((await pending).status).toBe(200);
  });
});

describe('list', () => {
  it('unset: the most recent state; "0": any (served whole, a limit is ignored as the cache does)', async () => {
    for (const n of ['a', 'b', 'c']) await s.req('POST', CM, configMap(n));
    const latest = await s.req('GET', CM);
    expect(latest.body.items).toHaveLength(3);
    const any = await s.req('GET', `${CM}?resourceVersion=0&limit=1`);
    expect(any.body.items).toHaveLength(3);
    expect(any.body.metadata.continue).toBeUndefined();
  });

  it('NotOlderThan: the collection is at least as new as asked', async () => {
    await s.req('POST', CM, configMap('a'));
    const rv = await rvOf();
    await s.req('POST', CM, configMap('b'));
    const r = await s.req('GET', `${CM}?resourceVersion=${rv}&resourceVersionMatch=NotOlderThan`);
    expect(Number(r.body.metadata.resourceVersion)).toBeGreaterThanOrEqual(rv);
    expect(r.body.items.map((i: any) => i.metadata.name)).toEqual(['a', 'b']);
  });

  it('Exact: the snapshot at that version (later creates, changes and deletes do not show)', async () => {
    await s.req('POST', CM, configMap('a', { v: '1' }));
    await s.req('POST', CM, configMap('gone'));
    const rv = await rvOf();
    await s.req('PATCH', `${CM}/a`, { data: { v: '2' } }, { 'content-type': 'application/merge-patch+json' });
    await s.req('POST', CM, configMap('later'));
    await s.req('DELETE', `${CM}/gone`);
    const r = await s.req('GET', `${CM}?resourceVersion=${rv}&resourceVersionMatch=Exact`);
    expect(r.body.metadata.resourceVersion).toBe(String(rv));
    expect(r.body.items.map((i: any) => [i.metadata.name, i.data?.v])).toEqual([
      ['a', '1'],
      ['gone', undefined],
    ]);
  });

  it('Exact of a version outside history is 410 Gone (Expired)', async () => {
    await s.req('POST', CM, configMap('a'));
    const rv = await rvOf();
    await s.req('POST', CM, configMap('b'));
    await s.clock.advance(6 * 60_000);
    await s.req('POST', CM, configMap('c'));
    const r = await s.req('GET', `${CM}?resourceVersion=${rv}&resourceVersionMatch=Exact`);
    expect(r.status).toBe(410);
    expect(r.body).toMatchObject({ reason: 'Expired', code: 410, message: 'The resourceVersion for the provided list is too old.' });
  });

  it('a version with limit and no match is the legacy Exact (a snapshot, paged)', async () => {
    for (const n of ['a', 'b', 'c']) await s.req('POST', CM, configMap(n));
    const rv = await rvOf();
    await s.req('POST', CM, configMap('d'));
    const p1 = await s.req('GET', `${CM}?resourceVersion=${rv}&limit=2`);
    expect(p1.body.metadata.resourceVersion).toBe(String(rv));
    const p2 = await s.req('GET', `${CM}?limit=2&continue=${encodeURIComponent(p1.body.metadata.continue)}`);
    expect(p2.body.items.map((i: any) => i.metadata.name)).toEqual(['c']);
  });

  it('a list of a version newer than the server knows: 504 after the wait', async () => {
    const current = await rvOf();
    const pending = s.req('GET', `${CM}?resourceVersion=${current + 5}&resourceVersionMatch=NotOlderThan`);
    await settle();
    await s.clock.advance(3001);
    const r = await pending;
    expect(r.status).toBe(504);
    expect(r.body.message).toContain('Too large resource version');
  });

  it.each([
    {
      name: 'resourceVersionMatch without resourceVersion',
      query: '?resourceVersionMatch=NotOlderThan',
      status: 422,
      message: 'resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided',
    },
    {
      name: 'Exact with resourceVersion 0',
      query: '?resourceVersion=0&resourceVersionMatch=Exact',
      status: 422,
      message: 'resourceVersionMatch: Forbidden: resourceVersionMatch "exact" is forbidden for resourceVersion "0"',
    },
    {
      name: 'an unknown match',
      query: '?resourceVersion=1&resourceVersionMatch=Sometime',
      status: 422,
      message: 'resourceVersionMatch: Unsupported value: "Sometime": supported values: "Exact", "NotOlderThan", ""',
    },
    {
      name: 'sendInitialEvents on a list',
      query: '?sendInitialEvents=true',
      status: 422,
      message: 'sendInitialEvents: Forbidden: sendInitialEvents is forbidden for list',
    },
    {
      name: 'a version that is not a number',
      query: '?resourceVersion=12x',
      status: 400,
      message: 'resourceVersion: Invalid value: "12x"',
    },
  ])('$name → $query', async ({ query, status, message }) => {
    const r = await s.req('GET', `${CM}${query}`);
    expect(r.status).toBe(status);
    expect(r.body.message).toContain(message);
    if (status === 422) expect(r.body.details.kind).toBe('ListOptions');
  });
});
