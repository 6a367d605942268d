/**
 * The Node host splits request targets by hand instead of running the URL parser: the core sees
 * the path exactly as sent (no `.`/`..` resolution, escapes kept), and the query and host a
 * WHATWG URL would give it.
 */
import { describe, expect, it } from 'vitest';
import { requestUrl } from '../../server/node-adapter.ts';

const TARGETS: readonly (readonly [target: string, path: string])[] = [
  ['/api/v1/namespaces/default/configmaps/a', '/api/v1/namespaces/default/configmaps/a'],
  ['/api/v1/namespaces/default/configmaps?watch=true&resourceVersion=10', '/api/v1/namespaces/default/configmaps'],
  ['/apis/apps/v1/statefulsets?labelSelector=app%3Dweb%2Ctier+in+(a,b)&limit=5', '/apis/apps/v1/statefulsets'],
  ['/api/v1/namespaces/default/configmaps?fieldSelector=metadata.name%3Da&x=%E2%9C%93&y=a+b', '/api/v1/namespaces/default/configmaps'],
  ['/api/v1/namespaces/default/configmaps?q=%zz&&empty=&novalue', '/api/v1/namespaces/default/configmaps'],
  ['/apis/flowcontrol.apiserver.orch.io/v1/flowschemas/catch-all', '/apis/flowcontrol.apiserver.orch.io/v1/flowschemas/catch-all'],
  ['/api/v1/namespaces/default/configmaps/my.config-1_x~y', '/api/v1/namespaces/default/configmaps/my.config-1_x~y'],
  ['/api//v1/namespaces', '/api//v1/namespaces'],
  ['/', '/'],
  ['/version?', '/version'],
  // What a URL parser would have rewritten reaches the core as sent.
  ['/api/v1/../v1/namespaces', '/api/v1/../v1/namespaces'],
  ['/api/v1/namespaces/./default', '/api/v1/namespaces/./default'],
  ['/api/v1/namespaces/default/configmaps/..', '/api/v1/namespaces/default/configmaps/..'],
  ['/api/v1/namespaces/default/configmaps/%2E%2E', '/api/v1/namespaces/default/configmaps/%2E%2E'],
  ['/api/v1/namespaces/default/configmaps/.%2e?dryRun=All', '/api/v1/namespaces/default/configmaps/.%2e'],
  ['/api/v1/namespaces/default/configmaps/a%2Fb', '/api/v1/namespaces/default/configmaps/a%2Fb'],
  ['/api/v1/namespaces/default/configmaps/%61', '/api/v1/namespaces/default/configmaps/%61'],
  ['/api/v1/namespaces/default/configmaps/a#frag', '/api/v1/namespaces/default/configmaps/a'],
  ['/api/v1/namespaces/default/configmaps?x=ü ñ', '/api/v1/namespaces/default/configmaps'],
  // Absolute form, as a proxy sends it.
  ['http://orch.example:8080/api/v1/namespaces/x/configmaps/..?limit=1', '/api/v1/namespaces/x/configmaps/..'],
  ['http://orch.example', '/'],
];

describe('request targets as the core reads them', () => {
  it.each(TARGETS)('%s: path %s as sent, query and host as a WHATWG URL gives them', (target, path) => {
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
