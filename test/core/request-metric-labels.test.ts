/**
 * The verb and scope labels of a request, as the real apiserver's CleanVerb and CleanScope give
 * them, and the same in `apiserver_request_total` and `apiserver_request_duration_seconds`: a
 * named object or a create is `resource`, else `namespace` or `cluster`; a DELETE of a collection
 * is `DELETECOLLECTION`, a GET of one `LIST`, a server-side apply `APPLY`.
 */
import { describe, expect, it } from 'vitest';
import { configMap } from '../support/builders.ts';
import { RBAC } from '../support/secured.ts';
import { call, CM, serverPerSuite } from '../support/targets.ts';

type Labels = Record<string, string>;

/** Each resource series of one family (`name` with a suffix such as `_count`), keyed by its labels, with its value. */
function series(text: string, name: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const end = line.indexOf('}');
    if (/[{,]resource=""/.test(line)) continue;
    out.set(line.slice(name.length, end + 1), Number(line.slice(end + 1)));
  }
  return out;
}

const FAMILIES = ['apiserver_request_total', 'apiserver_request_duration_seconds_count'] as const;

/** For each family, the label sets of the resource series that `run` moved. */
async function moved(t: { request(path: string): Promise<Response> }, run: () => Promise<unknown>): Promise<Record<string, Labels[]>> {
  const before = await (await t.request('/metrics')).text();
  await run();
  const after = await (await t.request('/metrics')).text();
  const out: Record<string, Labels[]> = {};
  for (const family of FAMILIES) {
    const was = series(before, family);
    out[family] = [...series(after, family)]
      .filter(([k, v]) => v !== (was.get(k) ?? 0))
      .map(([k]) => Object.fromEntries([...k.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!])));
  }
  return out;
}

const APPLY = { 'content-type': 'application/apply-patch+yaml' };
const MERGE = { 'content-type': 'application/merge-patch+json' };

describe('request metrics labels', () => {
  const t = serverPerSuite();

  it.each([
    ['a create in a namespace', 'POST', CM, configMap('m1'), {}, 'configmaps', 'POST', 'resource'],
    [
      'a create of a cluster-scoped object',
      'POST',
      `${RBAC}/clusterroles`,
      { metadata: { name: 'm1' } },
      {},
      'clusterroles',
      'POST',
      'resource',
    ],
    ['a get', 'GET', `${CM}/m1`, undefined, {}, 'configmaps', 'GET', 'resource'],
    ['a list in a namespace', 'GET', CM, undefined, {}, 'configmaps', 'LIST', 'namespace'],
    ['a list across namespaces', 'GET', '/api/v1/configmaps', undefined, {}, 'configmaps', 'LIST', 'cluster'],
    ['an update', 'PUT', `${CM}/m1`, configMap('m1', { k: 'v' }), {}, 'configmaps', 'PUT', 'resource'],
    ['a merge patch', 'PATCH', `${CM}/m1`, { data: { k: 'w' } }, MERGE, 'configmaps', 'PATCH', 'resource'],
    ['an apply', 'PATCH', `${CM}/m2?fieldManager=me`, configMap('m2'), APPLY, 'configmaps', 'APPLY', 'resource'],
    ['a delete', 'DELETE', `${CM}/m1`, undefined, {}, 'configmaps', 'DELETE', 'resource'],
    ['a delete of a collection in a namespace', 'DELETE', CM, undefined, {}, 'configmaps', 'DELETECOLLECTION', 'namespace'],
    [
      'a delete of a cluster collection',
      'DELETE',
      `${RBAC}/clusterroles?labelSelector=none%3Dnone`,
      undefined,
      {},
      'clusterroles',
      'DELETECOLLECTION',
      'cluster',
    ],
  ] as const)('%s', async (_what, method, path, body, headers, resource, verb, scope) => {
    const labels = await moved(t, async () => {
      const r = await call(t, method, path, body, headers);
      expect(r.status, r.text).toBeLessThan(300);
    });
    for (const family of FAMILIES) expect(labels[family], family).toEqual([expect.objectContaining({ resource, verb, scope })]);
  });

  it('a refused write is labelled as an answered one', async () => {
    expect((await call(t, 'POST', CM, configMap('taken'))).status).toBe(201);
    const labels = await moved(t, async () => expect((await call(t, 'POST', CM, configMap('taken'))).status).toBe(409));
    for (const family of FAMILIES) {
      expect(labels[family], family).toEqual([expect.objectContaining({ resource: 'configmaps', verb: 'POST', scope: 'resource' })]);
    }
    expect(labels.apiserver_request_total![0]!.code).toBe('409');
  });
});
