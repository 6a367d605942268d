/**
 * Boolean query parameters read as the real platform's parameter codec reads them: `0` and
 * `false` (any case) are false, anything else (the empty value, `yes`) true, never an error. So
 * `?watch=` and `?watch=yes` watch, and `?force=yes` forces an apply.
 */
import { describe, expect, it } from 'vitest';
import { queryBool } from '../../core/http/query-bool.ts';
import { configMap } from '../support/builders.ts';
import { call, CM, serverPerTest } from '../support/targets.ts';

describe('a boolean query value', () => {
  it.each([
    ['true', true],
    ['1', true],
    ['', true],
    ['yes', true],
    ['no', true],
    ['0', false],
    ['false', false],
    ['FALSE', false],
    ['False', false],
  ])('%j is %s', (value, expected) => {
    expect(queryBool(value)).toBe(expected);
  });
});

describe('through requests', () => {
  const t = serverPerTest();

  it.each([
    ['watch=', true],
    ['watch=yes', true],
    ['watch=1', true],
    ['watch=0', false],
    ['watch=false', false],
  ])('GET a collection with ?%s: a watch is %s', async (query, watching) => {
    const res = await t.request(`${CM}?${query}&timeoutSeconds=1&allowWatchBookmarks=yes`);
    expect(res.status).toBe(200);
    const text = await res.text();
    if (watching)
      expect(text).toBe(''); // nothing happened in the second it ran
    else expect(JSON.parse(text)).toMatchObject({ kind: 'ConfigMapList' });
  });

  it('?force=yes forces an apply over a conflict', async () => {
    expect((await call(t, 'POST', `${CM}?fieldManager=owner`, configMap('c', { k: 'mine' }))).status).toBe(201);
    const apply = { 'content-type': 'application/apply-patch+yaml' };
    const conflicting = await call(t, 'PATCH', `${CM}/c?fieldManager=other`, configMap('c', { k: 'theirs' }), apply);
    expect(conflicting.status).toBe(409);
    const forced = await call(t, 'PATCH', `${CM}/c?fieldManager=other&force=yes`, configMap('c', { k: 'theirs' }), apply);
    expect(forced.status).toBe(200);
    expect(forced.body.data).toEqual({ k: 'theirs' });
  });
});
