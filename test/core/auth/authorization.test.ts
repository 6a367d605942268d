/**
 * RBAC on a server: 403 in the real words, nothing leaked by a denial, bindings taking effect at
 * once, server-side apply needing create for a new object, escalation prevention, aggregation by
 * the built-in controller, the bootstrap roles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiServer } from '../../../core/index.ts';
import { as, bindRole, RBAC, securedServer } from '../../support/secured.ts';

const CM = '/api/v1/namespaces/default/configmaps';

describe('RBAC authorization', () => {
  let api: ApiServer;
  beforeAll(async () => {
    api = await securedServer();
    expect((await as(api, 'root', 'POST', CM, { metadata: { name: 'secret-plans' }, data: { a: '1' } })).status).toBe(201);
    expect((await as(api, 'root', 'POST', '/api/v1/namespaces', { metadata: { name: 'team' } })).status).toBe(201);
    expect((await as(api, 'root', 'POST', `${RBAC}/namespaces/team/rolebindings`, bindRole('bob', 'edit', 'team'))).status).toBe(201);
  });
  afterAll(() => api.close());

  it.each([
    [
      'get',
      `${CM}/secret-plans`,
      'configmaps "secret-plans" is forbidden: User "alice" cannot get resource "configmaps" in API group "" in the namespace "default"',
    ],
    [
      'get',
      `${CM}/does-not-exist`,
      'configmaps "does-not-exist" is forbidden: User "alice" cannot get resource "configmaps" in API group "" in the namespace "default"',
    ],
    ['list', CM, 'configmaps is forbidden: User "alice" cannot list resource "configmaps" in API group "" in the namespace "default"'],
    [
      'watch',
      `${CM}?watch=true`,
      'configmaps is forbidden: User "alice" cannot watch resource "configmaps" in API group "" in the namespace "default"',
    ],
    [
      'list namespaces',
      '/api/v1/namespaces',
      'namespaces is forbidden: User "alice" cannot list resource "namespaces" in API group "" at the cluster scope',
    ],
    [
      'get a subresource',
      '/apis/apps/v1/namespaces/default/statefulsets/web/scale',
      'statefulsets.apps "web" is forbidden: User "alice" cannot get resource "statefulsets/scale" in API group "apps" in the namespace "default"',
    ],
    ['get a path', '/metrics', 'forbidden: User "alice" cannot get path "/metrics"'],
  ])('%s without a grant: 403 with the real message and no data', async (_what, path, message) => {
    const res = await as(api, 'alice', 'GET', path);
    expect(res.status).toBe(403);
    expect(res.body.reason).toBe('Forbidden');
    expect(res.body.message).toBe(message);
    expect(res.text).not.toContain('"a":"1"');
  });

  it('a denial does not tell whether the object exists', async () => {
    const existing = await as(api, 'alice', 'GET', `${CM}/secret-plans`);
    const missing = await as(api, 'alice', 'GET', `${CM}/nothing-here`);
    expect(existing.status).toBe(missing.status);
    expect(Object.keys(existing.body).sort()).toEqual(Object.keys(missing.body).sort());
  });

  it('a RoleBinding grants its role in its namespace only', async () => {
    expect((await as(api, 'bob', 'POST', '/api/v1/namespaces/team/configmaps', { metadata: { name: 'x' } })).status).toBe(201);
    expect((await as(api, 'bob', 'GET', '/api/v1/namespaces/team/configmaps/x')).status).toBe(200);
    expect((await as(api, 'bob', 'GET', `${CM}/secret-plans`)).status).toBe(403);
    // edit does not include RBAC objects.
    expect((await as(api, 'bob', 'GET', `${RBAC}/namespaces/team/roles`)).status).toBe(403);
  });

  it('a grant takes effect on the next request, and its removal too', async () => {
    expect((await as(api, 'alice', 'GET', `${CM}/secret-plans`)).status).toBe(403);
    const b = bindRole('alice', 'view', 'default');
    expect((await as(api, 'root', 'POST', `${RBAC}/namespaces/default/rolebindings`, b)).status).toBe(201);
    const got = await as(api, 'alice', 'GET', `${CM}/secret-plans`);
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual({ a: '1' });
    expect((await as(api, 'alice', 'DELETE', `${CM}/secret-plans`)).status).toBe(403);
    await as(api, 'root', 'DELETE', `${RBAC}/namespaces/default/rolebindings/${b.metadata.name}`);
    expect((await as(api, 'alice', 'GET', `${CM}/secret-plans`)).status).toBe(403);
  });

  it('a group subject grants to the group, and resourceNames limit to names', async () => {
    const role = {
      metadata: { name: 'one-cm' },
      rules: [{ verbs: ['get', 'patch'], apiGroups: [''], resources: ['configmaps'], resourceNames: ['secret-plans'] }],
    };
    expect((await as(api, 'root', 'POST', `${RBAC}/namespaces/default/roles`, role)).status).toBe(201);
    const binding = {
      ...bindRole('qa', 'one-cm', 'default', 'Role'),
      subjects: [{ kind: 'Group', apiGroup: 'rbac.authorization.orch.io', name: 'qa' }],
    };
    expect((await as(api, 'root', 'POST', `${RBAC}/namespaces/default/rolebindings`, binding)).status).toBe(201);
    expect((await as(api, 'alice', 'GET', `${CM}/secret-plans`)).status).toBe(200);
    expect((await as(api, 'alice', 'GET', CM)).status).toBe(403);
    expect((await as(api, 'bob', 'GET', `${CM}/secret-plans`)).status).toBe(403);
  });

  it('server-side apply of a new object needs create as well as patch', async () => {
    const role = { metadata: { name: 'patcher' }, rules: [{ verbs: ['patch', 'get'], apiGroups: [''], resources: ['configmaps'] }] };
    await as(api, 'root', 'POST', `${RBAC}/namespaces/team/roles`, role);
    await as(api, 'root', 'POST', `${RBAC}/namespaces/team/rolebindings`, bindRole('alice', 'patcher', 'team', 'Role'));
    const body = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'applied' }, data: { k: 'v' } };
    const headers = { 'content-type': 'application/apply-patch+yaml' };
    const res = await as(api, 'alice', 'PATCH', '/api/v1/namespaces/team/configmaps/applied?fieldManager=alice', body, headers);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      'configmaps "applied" is forbidden: User "alice" cannot create resource "configmaps" in API group "" in the namespace "team"',
    );
    expect((await as(api, 'root', 'PATCH', '/api/v1/namespaces/team/configmaps/applied?fieldManager=root', body, headers)).status).toBe(
      201,
    );
    expect((await as(api, 'alice', 'PATCH', '/api/v1/namespaces/team/configmaps/applied?fieldManager=alice', body, headers)).status).toBe(
      200,
    );
  });

  it('refuses a role granting what its writer does not hold, and a binding of such a role', async () => {
    await as(api, 'root', 'POST', `${RBAC}/namespaces/team/rolebindings`, {
      ...bindRole('bob', 'admin', 'team'),
      metadata: { name: 'bob-admin', namespace: 'team' },
    });
    const small = { metadata: { name: 'small' }, rules: [{ verbs: ['get'], apiGroups: [''], resources: ['configmaps'] }] };
    expect((await as(api, 'bob', 'POST', `${RBAC}/namespaces/team/roles`, small)).status).toBe(201);
    const big = { metadata: { name: 'big' }, rules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }] };
    const refused = await as(api, 'bob', 'POST', `${RBAC}/namespaces/team/roles`, big);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('is attempting to grant RBAC permissions not currently held');
    const bindAdmin = bindRole('carol', 'cluster-admin', 'team');
    expect((await as(api, 'bob', 'POST', `${RBAC}/namespaces/team/rolebindings`, bindAdmin)).status).toBe(403);
    expect((await as(api, 'bob', 'POST', `${RBAC}/namespaces/team/rolebindings`, bindRole('carol', 'view', 'team'))).status).toBe(201);
  });

  it('keeps an aggregated ClusterRole up to date with the roles its selectors match', async () => {
    const extra = {
      metadata: { name: 'widgets-view', labels: { 'rbac.authorization.orch.io/aggregate-to-view': 'true' } },
      rules: [{ verbs: ['get'], apiGroups: ['example.com'], resources: ['widgets'] }],
    };
    expect((await as(api, 'root', 'POST', `${RBAC}/clusterroles`, extra)).status).toBe(201);
    for (let i = 0; i < 50; i++) {
      const view = await as(api, 'root', 'GET', `${RBAC}/clusterroles/view`);
      if (view.body.rules.some((r: { apiGroups?: string[] }) => r.apiGroups?.includes('example.com'))) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('view never gained the widgets rule');
  });

  it('creates the bootstrap roles and bindings of v1.32', async () => {
    const roles = (await as(api, 'root', 'GET', `${RBAC}/clusterroles`)).body.items.map(
      (r: { metadata: { name: string } }) => r.metadata.name,
    );
    expect(roles).toEqual(
      expect.arrayContaining([
        'cluster-admin',
        'admin',
        'edit',
        'view',
        'system:discovery',
        'system:basic-user',
        'system:public-info-viewer',
      ]),
    );
    const bindings = (await as(api, 'root', 'GET', `${RBAC}/clusterrolebindings`)).body.items.map(
      (r: { metadata: { name: string } }) => r.metadata.name,
    );
    expect(bindings).toEqual(
      expect.arrayContaining(['cluster-admin', 'system:discovery', 'system:basic-user', 'system:public-info-viewer']),
    );
  });

  it('lets every authenticated user discover the API', async () => {
    expect((await as(api, 'alice', 'GET', '/apis')).status).toBe(200);
    expect((await as(api, 'alice', 'GET', '/api/v1')).status).toBe(200);
  });
});

/** Status and first event of a watch, which is then closed. */
async function watchAs(api: ApiServer, who: 'alice' | 'bob', path: string): Promise<{ status: number; first: any }> {
  const ac = new AbortController();
  const res = await api.fetch(
    new Request(`http://orch${path}`, { headers: { authorization: `Bearer ${who}-token`, accept: 'application/json' }, signal: ac.signal }),
  );
  if (res.status !== 200) return { status: res.status, first: await res.json() };
  const reader = res.body!.getReader();
  const { value } = await reader.read();
  ac.abort();
  await reader.cancel().catch(() => undefined);
  return { status: res.status, first: JSON.parse(new TextDecoder().decode(value).split('\n')[0]) };
}

describe('resourceNames and a list or watch of one object by its field selector', () => {
  let api: ApiServer;
  const one = (name: string) => `fieldSelector=${encodeURIComponent(`metadata.name=${name}`)}`;
  beforeAll(async () => {
    api = await securedServer();
    for (const name of ['cm1', 'cm2']) expect((await as(api, 'root', 'POST', CM, { metadata: { name } })).status).toBe(201);
    const role = {
      metadata: { name: 'cm1-reader' },
      rules: [{ verbs: ['get', 'list', 'watch', 'deletecollection'], apiGroups: [''], resources: ['configmaps'], resourceNames: ['cm1'] }],
    };
    expect((await as(api, 'root', 'POST', `${RBAC}/namespaces/default/roles`, role)).status).toBe(201);
    const binding = bindRole('bob', 'cm1-reader', 'default', 'Role');
    expect((await as(api, 'root', 'POST', `${RBAC}/namespaces/default/rolebindings`, binding)).status).toBe(201);
  });
  afterAll(() => api.close());

  it.each([`${CM}?${one('cm1')}`, `${CM}?${one('cm1')}&limit=500&resourceVersion=0`, `${CM}?fieldSelector=metadata.name%3D%3Dcm1`])(
    'a list of the named object is allowed: %s',
    async (path) => {
      const res = await as(api, 'bob', 'GET', path);
      expect(res.status, res.text).toBe(200);
      expect(res.body.items.map((i: { metadata: { name: string } }) => i.metadata.name)).toEqual(['cm1']);
    },
  );

  it('a watch of the named object is allowed, and sees it', async () => {
    const w = await watchAs(api, 'bob', `${CM}?${one('cm1')}&watch=true`);
    expect(w.status).toBe(200);
    expect(w.first).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'cm1' } } });
  });

  it.each([
    ['list', `${CM}?${one('cm2')}`, 'configmaps "cm2" is forbidden: User "bob" cannot list resource "configmaps"'],
    ['list', CM, 'configmaps is forbidden: User "bob" cannot list resource "configmaps"'],
    ['watch', `${CM}?${one('cm2')}&watch=true`, 'configmaps "cm2" is forbidden: User "bob" cannot watch resource "configmaps"'],
    // The /watch/ prefix takes no name from a selector, as the real resolver's.
    ['watch', `/api/v1/watch/namespaces/default/configmaps?${one('cm1')}`, 'configmaps is forbidden: User "bob" cannot watch'],
    // Nor does a list whose options do not decode.
    ['list', `${CM}?${one('cm1')}&limit=ten`, 'configmaps is forbidden: User "bob" cannot list'],
    // Nor a deletecollection.
    ['delete', `${CM}?${one('cm1')}`, 'configmaps is forbidden: User "bob" cannot deletecollection'],
  ])('%s %s: 403, %s', async (verb, path, message) => {
    const res = verb === 'delete' ? await as(api, 'bob', 'DELETE', path) : await as(api, 'bob', 'GET', path);
    expect(res.status).toBe(403);
    expect(res.body.message).toContain(message);
  });
});

describe('a rule naming a group in its k8s.io spelling', () => {
  let api: ApiServer;
  beforeAll(async () => {
    api = await securedServer();
    const role = {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'Role',
      metadata: { name: 'lease-reader' },
      rules: [{ verbs: ['get', 'list'], apiGroups: ['coordination.k8s.io'], resources: ['leases'] }],
    };
    expect((await as(api, 'root', 'POST', `${RBAC}/namespaces/default/roles`, role)).status).toBe(201);
    expect(
      (await as(api, 'root', 'POST', `${RBAC}/namespaces/default/rolebindings`, bindRole('bob', 'lease-reader', 'default', 'Role'))).status,
    ).toBe(201);
  });
  afterAll(() => api.close());

  it.each(['/apis/coordination.orch.io/v1/namespaces/default/leases', '/apis/coordination.k8s.io/v1/namespaces/default/leases'])(
    'grants on the group it names, by either path: %s',
    async (path) => {
      expect((await as(api, 'bob', 'GET', path)).status).toBe(200);
      // What the rule does not name stays refused.
      expect((await as(api, 'bob', 'GET', path.replace('/namespaces/default', '/namespaces/kube-system'))).status).toBe(403);
    },
  );
});
