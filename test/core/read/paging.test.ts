/**
 * Paged lists (docs/api-rules.md, "List"): limit, continue, one snapshot across pages,
 * remainingItemCount, and a token that has expired or is not one.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { configMap } from '../../support/builders.ts';
import { CM } from '../../support/targets.ts';
import { clockedServerPerTest } from '../../support/clocked-server.ts';

const s = clockedServerPerTest();
beforeEach(async () => {
  for (const n of ['a', 'b', 'c', 'd', 'e'])
    await s.req('POST', CM, configMap(n, undefined, { labels: { tier: n < 'c' ? 'gold' : 'silver' } }));
});

const page = (query: string) => s.req('GET', `${CM}?${query}`);
const names = (r: { body: any }) => r.body.items.map((i: any) => i.metadata.name);

describe('paged list', () => {
  it('returns up to limit items and a continue token until the end, with remainingItemCount', async () => {
    const p1 = await page('limit=2');
    expect(names(p1)).toEqual(['a', 'b']);
    expect(p1.body.metadata.remainingItemCount).toBe(3);
    const p2 = await page(`limit=2&continue=${encodeURIComponent(p1.body.metadata.continue)}`);
    expect(names(p2)).toEqual(['c', 'd']);
    expect(p2.body.metadata.remainingItemCount).toBe(1);
    const p3 = await page(`limit=2&continue=${encodeURIComponent(p2.body.metadata.continue)}`);
    expect(names(p3)).toEqual(['e']);
    expect(p3.body.metadata.continue).toBeUndefined();
    expect(p3.body.metadata.remainingItemCount).toBeUndefined();
  });

  it("is one snapshot: every page has the first page's resourceVersion and writes between pages never show", async () => {
    const p1 = await page('limit=2');
    const rv = p1.body.metadata.resourceVersion;
    await s.req('POST', CM, configMap('c2'));
    await s.req('DELETE', `${CM}/d`);
    await s.req('PATCH', `${CM}/e`, { data: { changed: 'yes' } }, { 'content-type': 'application/merge-patch+json' });
    const p2 = await page(`limit=10&continue=${encodeURIComponent(p1.body.metadata.continue)}`);
    expect(p2.body.metadata.resourceVersion).toBe(rv);
    expect(names(p2)).toEqual(['c', 'd', 'e']);
    expect(p2.body.items[2].data).toBeUndefined();
  });

  it('omits remainingItemCount when a selector is given', async () => {
    const p1 = await page('limit=1&labelSelector=tier%3Dsilver');
    expect(names(p1)).toEqual(['c']);
    expect(p1.body.metadata.continue).toBeDefined();
    expect(p1.body.metadata.remainingItemCount).toBeUndefined();
    const p2 = await page(`limit=5&labelSelector=tier%3Dsilver&continue=${encodeURIComponent(p1.body.metadata.continue)}`);
    expect(names(p2)).toEqual(['d', 'e']);
  });

  it('a token expires after 5 minutes: 410 Expired whose metadata.continue carries on (inconsistently)', async () => {
    const p1 = await page('limit=2');
    await s.clock.advance(5 * 60_000 + 1000);
    await s.req('POST', CM, configMap('bb'));
    const gone = await page(`limit=2&continue=${encodeURIComponent(p1.body.metadata.continue)}`);
    expect(gone.status).toBe(410);
    expect(gone.body.reason).toBe('Expired');
    expect(gone.body.message).toContain('The provided continue parameter is too old');
    const next = gone.body.metadata.continue;
    expect(typeof next).toBe('string');
    const rest = await page(`limit=10&continue=${encodeURIComponent(next)}`);
    expect(rest.status).toBe(200);
    // Inconsistent by design: the object created meanwhile after the last key shows up.
    expect(names(rest)).toEqual(['bb', 'c', 'd', 'e']);
  });

  it('a token expires after 5 minutes even when nothing was written meanwhile', async () => {
    const p1 = await page('limit=2');
    await s.clock.advance(5 * 60_000 + 1000);
    expect((await page(`limit=2&continue=${encodeURIComponent(p1.body.metadata.continue)}`)).status).toBe(410);
  });

  it.each([
    { name: 'not base64', token: '%%%' },
    { name: 'base64 of garbage', token: btoa('hello') },
    { name: 'the wrong version', token: btoa(JSON.stringify({ v: 'x/v9', rv: 1, start: 'a\u0000' })) },
    { name: 'a negative revision', token: btoa(JSON.stringify({ v: 'meta.orch.io/v1', rv: -5, start: 'a\u0000' })) },
    { name: 'a start key without terminator', token: btoa(JSON.stringify({ v: 'meta.orch.io/v1', rv: 3, start: 'a' })) },
    { name: 'a start key escaping the prefix', token: btoa(JSON.stringify({ v: 'meta.orch.io/v1', rv: 3, start: '../x\u0000' })) },
  ])('a token that is $name is 400, never 500', async ({ token }) => {
    const r = await page(`limit=2&continue=${encodeURIComponent(token)}`);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('invalid continue token');
  });

  it('resourceVersion with continue is 400', async () => {
    const p1 = await page('limit=2');
    const r = await page(`limit=2&resourceVersion=5&continue=${encodeURIComponent(p1.body.metadata.continue)}`);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('specifying resource version is not allowed when using continue');
  });

  it('pages across all namespaces seek across namespace boundaries', async () => {
    await s.req('POST', '/api/v1/namespaces', { metadata: { name: 'zeta' } });
    await s.req('POST', '/api/v1/namespaces/zeta/configmaps', configMap('z1'));
    const all: string[] = [];
    let token: string | undefined;
    do {
      const r = await s.req('GET', `/api/v1/configmaps?limit=2${token ? `&continue=${encodeURIComponent(token)}` : ''}`);
      all.push(...r.body.items.map((i: any) => `${i.metadata.namespace}/${i.metadata.name}`));
      token = r.body.metadata.continue;
    } while (token);
    expect(all).toEqual(['default/a', 'default/b', 'default/c', 'default/d', 'default/e', 'zeta/z1']);
  });
});
