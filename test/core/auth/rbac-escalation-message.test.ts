/**
 * The escalation refusal lists what the writer lacks the way the real server does: the rules are
 * broken into one verb on one group/resource/name (or one URL), then those of one resource and
 * name are merged into one line whose verbs keep the order they were written in (repeats kept);
 * URL rules stay one line per verb. The lines are distinct and sorted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiServer } from '../../../core/index.ts';
import { as, bindRole, RBAC, securedServer } from '../../support/secured.ts';

const HEAD = 'user "bob" (groups=["system:authenticated"]) is attempting to grant RBAC permissions not currently held:';
const PODS_GET = { apiGroups: [''], resources: ['pods'], verbs: ['get'] };

function clusterRole(name: string, rules: unknown[]) {
  return { apiVersion: 'rbac.authorization.orch.io/v1', kind: 'ClusterRole', metadata: { name }, rules };
}

describe('the missing rights an escalation refusal lists', () => {
  let api: ApiServer;
  let n = 0;

  beforeAll(async () => {
    api = await securedServer();
    // bob may write cluster roles and bindings, and read pods; nothing else.
    const writer = clusterRole('rbac-writer', [
      { apiGroups: ['rbac.authorization.orch.io'], resources: ['clusterroles', 'clusterrolebindings'], verbs: ['create', 'get'] },
      PODS_GET,
    ]);
    expect((await as(api, 'root', 'POST', `${RBAC}/clusterroles`, writer)).status).toBe(201);
    expect((await as(api, 'root', 'POST', `${RBAC}/clusterrolebindings`, bindRole('bob', 'rbac-writer'))).status).toBe(201);
  });
  afterAll(() => api.close());

  it.each([
    [
      'verbs on one resource merge into one line',
      [{ apiGroups: [''], resources: ['secrets'], verbs: ['get', 'list', 'watch'] }],
      ['{APIGroups:[""], Resources:["secrets"], Verbs:["get" "list" "watch"]}'],
    ],
    [
      'what the writer holds is left out',
      [{ apiGroups: [''], resources: ['pods'], verbs: ['watch', 'get', 'list'] }],
      ['{APIGroups:[""], Resources:["pods"], Verbs:["watch" "list"]}'],
    ],
    [
      'each group and resource is its own line, sorted',
      [{ apiGroups: ['apps', ''], resources: ['deployments', 'configmaps'], verbs: ['list', 'get'] }],
      [
        '{APIGroups:[""], Resources:["configmaps"], Verbs:["list" "get"]}',
        '{APIGroups:[""], Resources:["deployments"], Verbs:["list" "get"]}',
        '{APIGroups:["apps"], Resources:["configmaps"], Verbs:["list" "get"]}',
        '{APIGroups:["apps"], Resources:["deployments"], Verbs:["list" "get"]}',
      ],
    ],
    [
      'rules of one resource in several rules merge, repeated verbs kept',
      [
        { apiGroups: [''], resources: ['secrets'], verbs: ['get', 'list'] },
        { apiGroups: [''], resources: ['secrets'], verbs: ['get', 'delete'] },
      ],
      ['{APIGroups:[""], Resources:["secrets"], Verbs:["get" "list" "get" "delete"]}'],
    ],
    [
      'each resource name is its own line',
      [{ apiGroups: [''], resources: ['configmaps'], resourceNames: ['b', 'a'], verbs: ['get', 'update'] }],
      [
        '{APIGroups:[""], Resources:["configmaps"], ResourceNames:["a"], Verbs:["get" "update"]}',
        '{APIGroups:[""], Resources:["configmaps"], ResourceNames:["b"], Verbs:["get" "update"]}',
      ],
    ],
    [
      'URL rules are not merged',
      [{ nonResourceURLs: ['/metrics', '/logs'], verbs: ['get', 'post'] }],
      [
        '{NonResourceURLs:["/logs"], Verbs:["get"]}',
        '{NonResourceURLs:["/logs"], Verbs:["post"]}',
        '{NonResourceURLs:["/metrics"], Verbs:["get"]}',
        '{NonResourceURLs:["/metrics"], Verbs:["post"]}',
      ],
    ],
    [
      'the same URL atom twice is listed once',
      [
        { nonResourceURLs: ['/metrics'], verbs: ['get'] },
        { nonResourceURLs: ['/metrics'], verbs: ['get'] },
      ],
      ['{NonResourceURLs:["/metrics"], Verbs:["get"]}'],
    ],
  ])('%s', async (_what, rules, lines) => {
    const name = `wide-${++n}`;
    const res = await as(api, 'bob', 'POST', `${RBAC}/clusterroles`, clusterRole(name, rules));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(`clusterroles.rbac.authorization.orch.io "${name}" is forbidden: ${HEAD}\n${lines.join('\n')}`);
  });

  it('a binding of a role the writer lacks lists the role’s rules the same way', async () => {
    const reader = clusterRole('secret-reader', [{ apiGroups: [''], resources: ['secrets', 'pods'], verbs: ['get', 'list', 'watch'] }]);
    expect((await as(api, 'root', 'POST', `${RBAC}/clusterroles`, reader)).status).toBe(201);
    const res = await as(api, 'bob', 'POST', `${RBAC}/clusterrolebindings`, bindRole('bob', 'secret-reader'));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      `clusterrolebindings.rbac.authorization.orch.io "bob-secret-reader" is forbidden: ${HEAD}\n` +
        '{APIGroups:[""], Resources:["pods"], Verbs:["list" "watch"]}\n' +
        '{APIGroups:[""], Resources:["secrets"], Verbs:["get" "list" "watch"]}',
    );
  });
});
