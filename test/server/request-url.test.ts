/**
 * The Node host splits plain request targets by hand instead of running the URL parser; for every
 * target the core must see what a WHATWG URL would give it.
 */
import { describe, expect, it } from 'vitest';
import { requestUrl } from '../../server/node-adapter.ts';

const TARGETS = [
  '/api/v1/namespaces/default/configmaps/a',
  '/api/v1/namespaces/default/configmaps?watch=true&resourceVersion=10',
  '/apis/apps/v1/statefulsets?labelSelector=app%3Dweb%2Ctier+in+(a,b)&limit=5',
  '/api/v1/namespaces/default/configmaps?fieldSelector=metadata.name%3Da&x=%E2%9C%93&y=a+b',
  '/api/v1/namespaces/default/configmaps?q=%zz&&empty=&novalue',
  '/apis/flowcontrol.apiserver.orch.io/v1/flowschemas/catch-all',
  '/api/v1/namespaces/default/configmaps/my.config-1_x~y',
  '/api//v1/namespaces',
  '/',
  '/version?',
  // Taken by the URL parser: dot segments, escapes, characters it re-encodes, fragments.
  '/api/v1/../v1/namespaces',
  '/api/v1/namespaces/./default',
  '/api/v1/namespaces/..',
  '/api/v1/namespaces/default/configmaps/%61',
  '/api/v1/namespaces/default/configmaps/a b',
  '/api/v1/namespaces/default/configmaps/ünï',
  '/api/v1/namespaces/default/configmaps/a#frag',
  '/api/v1/namespaces/default/configmaps?x=ü ñ',
];

describe('request targets as the core reads them', () => {
  it.each(TARGETS)('%s: the same path, query and host as a WHATWG URL', (target) => {
    const host = 'Orch.Example:80';
    const want = new URL(target, `http://${host}`);
    const got = requestUrl(target, host);
    expect(got.pathname).toBe(want.pathname);
    expect([...got.searchParams]).toEqual([...want.searchParams]);
    expect(got.host).toBe(want.host);
  });
});
