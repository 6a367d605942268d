/**
 * The Node host splits request targets by hand instead of running the URL parser: the core sees
 * the path exactly as sent (no `.`/`..` resolution, escapes kept), and the query and host a
 * WHATWG URL would give it.
 */
import { describe, expect, it } from 'vitest';
import { requestUrl } from '../../server/node-adapter.ts';

const TARGETS: readonly { target: string; path: string }[] = [
  { target: '/api/v1/namespaces/default/configmaps/a', path: '/api/v1/namespaces/default/configmaps/a' },
  { target: '/api/v1/namespaces/default/configmaps?watch=true&resourceVersion=10', path: '/api/v1/namespaces/default/configmaps' },
  { target: '/apis/apps/v1/statefulsets?labelSelector=app%3Dweb%2Ctier+in+(a,b)&limit=5', path: '/apis/apps/v1/statefulsets' },
  {
    target: '/api/v1/namespaces/default/configmaps?fieldSelector=metadata.name%3Da&x=%E2%9C%93&y=a+b',
    path: '/api/v1/namespaces/default/configmaps',
  },
  { target: '/api/v1/namespaces/default/configmaps?q=%zz&&empty=&novalue', path: '/api/v1/namespaces/default/configmaps' },
  {
    target: '/apis/flowcontrol.apiserver.orch.io/v1/flowschemas/catch-all',
    path: '/apis/flowcontrol.apiserver.orch.io/v1/flowschemas/catch-all',
  },
  { target: '/api/v1/namespaces/default/configmaps/my.config-1_x~y', path: '/api/v1/namespaces/default/configmaps/my.config-1_x~y' },
  { target: '/api//v1/namespaces', path: '/api//v1/namespaces' },
  { target: '/', path: '/' },
  { target: '/version?', path: '/version' },
  // What a URL parser would have rewritten reaches the core as sent.
  { target: '/api/v1/../v1/namespaces', path: '/api/v1/../v1/namespaces' },
  { target: '/api/v1/namespaces/./default', path: '/api/v1/namespaces/./default' },
  { target: '/api/v1/namespaces/default/configmaps/..', path: '/api/v1/namespaces/default/configmaps/..' },
  { target: '/api/v1/namespaces/default/configmaps/%2E%2E', path: '/api/v1/namespaces/default/configmaps/%2E%2E' },
  { target: '/api/v1/namespaces/default/configmaps/.%2e?dryRun=All', path: '/api/v1/namespaces/default/configmaps/.%2e' },
  { target: '/api/v1/namespaces/default/configmaps/a%2Fb', path: '/api/v1/namespaces/default/configmaps/a%2Fb' },
  { target: '/api/v1/namespaces/default/configmaps/%61', path: '/api/v1/namespaces/default/configmaps/%61' },
  { target: '/api/v1/namespaces/default/configmaps/a#frag', path: '/api/v1/namespaces/default/configmaps/a' },
  { target: '/api/v1/namespaces/default/configmaps?x=ü ñ', path: '/api/v1/namespaces/default/configmaps' },
  // Absolute form, as a proxy sends it.
  { target: 'http://orch.example:8080/api/v1/namespaces/x/configmaps/..?limit=1', path: '/api/v1/namespaces/x/configmaps/..' },
  { target: 'http://orch.example', path: '/' },
];

describe('request targets as the core reads them', () => {
  it.each(TARGETS)('$target: path $path as sent, query and host as a WHATWG URL gives them', ({ target, path }) => {
    const host = 'Orch.Example:80';
    const want = new URL(target, `http://${host}`);
    const got = requestUrl(target, host);
    expect(got.pathname).toBe(path);
    expect([...got.searchParams]).toEqual([...want.searchParams]);
    expect(got.host).toBe('orch.example');
  });

  it('a Host header no URL can be made of is kept as sent (never a thrown error)', () => {
    expect(requestUrl('/api', 'a b').host).toBe('a b');
  });
});
