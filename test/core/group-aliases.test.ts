/**
 * The real platform's spelling of a group (`rbac.authorization.k8s.io`) is an alias of the served
 * one (`rbac.authorization.orch.io`): kubectl's typed clients post to the alias's paths with the
 * alias in the body (`kubectl create role`, `create rolebinding`, `create ingress`), and decode
 * only kinds of their own scheme. So the server takes the alias in the path and the body, and
 * answers in the spelling the path asked for; through the served group's path nothing changes.
 */
import { describe, expect, it } from 'vitest';
import { call, serverPerTest, watchEvents } from '../support/targets.ts';

const t = serverPerTest();
const ALIAS = '/apis/rbac.authorization.k8s.io/v1/namespaces/default/roles';
const SERVED = '/apis/rbac.authorization.orch.io/v1/namespaces/default/roles';
const role = (name: string, apiVersion: string) => ({
  apiVersion,
  kind: 'Role',
  metadata: { name },
  rules: [{ verbs: ['get'], apiGroups: [''], resources: ['configmaps'] }],
});

describe('a group spelled as the real platform spells it', () => {
  it.each([
    ['the alias path, the alias in the body', ALIAS, 'rbac.authorization.k8s.io/v1', 'rbac.authorization.k8s.io/v1'],
    ['the alias path, the served group in the body', ALIAS, 'rbac.authorization.orch.io/v1', 'rbac.authorization.k8s.io/v1'],
    ['the served path, the alias in the body', SERVED, 'rbac.authorization.k8s.io/v1', 'rbac.authorization.orch.io/v1'],
    ['the served path, the served group in the body', SERVED, 'rbac.authorization.orch.io/v1', 'rbac.authorization.orch.io/v1'],
  ])('%s: created, answered as %s', async (_, path, bodyVersion, answered) => {
    const name = `r-${Math.random().toString(36).slice(2, 8)}`;
    const created = await call(t, 'POST', path, role(name, bodyVersion));
    expect(created.status, created.text).toBe(201);
    expect(created.body.apiVersion).toBe(answered);
    expect((await call(t, 'GET', `${path}/${name}`)).body.apiVersion).toBe(answered);
    // Stored once, in the served group, whatever the spelling it came in.
    expect((await call(t, 'GET', `${SERVED}/${name}`)).body.apiVersion).toBe('rbac.authorization.orch.io/v1');
  });

  it('a list and a patch through the alias are answered in the alias', async () => {
    expect((await call(t, 'POST', ALIAS, role('listed', 'rbac.authorization.k8s.io/v1'))).status).toBe(201);
    expect((await call(t, 'GET', ALIAS)).body.apiVersion).toBe('rbac.authorization.k8s.io/v1');
    expect((await call(t, 'GET', SERVED)).body.apiVersion).toBe('rbac.authorization.orch.io/v1');
    const patched = await call(
      t,
      'PATCH',
      `${ALIAS}/listed`,
      { metadata: { labels: { a: 'b' } } },
      { 'content-type': 'application/merge-patch+json' },
    );
    expect(patched.status).toBe(200);
    expect(patched.body.apiVersion).toBe('rbac.authorization.k8s.io/v1');
  });

  // client-go's apply configurations (`rbacv1ac.Role(...)`) apply with the alias in the body.
  it.each([
    ['the alias path', ALIAS, 'rbac.authorization.k8s.io/v1'],
    ['the served path', SERVED, 'rbac.authorization.orch.io/v1'],
  ])('server-side apply of a body in the alias through %s: applied, answered as %s', async (_, path, answered) => {
    const apply = { 'content-type': 'application/apply-patch+yaml' };
    const first = await call(t, 'PATCH', `${path}/applied?fieldManager=ac`, role('applied', 'rbac.authorization.k8s.io/v1'), apply);
    expect(first.status, first.text).toBe(201);
    expect(first.body.apiVersion).toBe(answered);
    const changed = {
      ...role('applied', 'rbac.authorization.k8s.io/v1'),
      rules: [{ verbs: ['list'], apiGroups: [''], resources: ['secrets'] }],
    };
    const second = await call(t, 'PATCH', `${path}/applied?fieldManager=ac`, changed, apply);
    expect(second.status, second.text).toBe(200);
    const stored = await call(t, 'GET', `${SERVED}/applied`);
    expect(stored.body).toMatchObject({
      apiVersion: 'rbac.authorization.orch.io/v1',
      rules: [{ verbs: ['list'], resources: ['secrets'] }],
    });
    expect(stored.body.metadata.managedFields).toEqual([
      expect.objectContaining({ manager: 'ac', operation: 'Apply', apiVersion: 'rbac.authorization.orch.io/v1' }),
    ]);
  });

  it('server-side apply of another group is still refused', async () => {
    const r = await call(t, 'PATCH', `${SERVED}/other?fieldManager=ac`, role('other', 'apps/v1'), {
      'content-type': 'application/apply-patch+yaml',
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('invalid object type: apps/v1, Kind=Role');
  });

  it('a watch through the alias: its events and bookmarks in the alias; through the served path, the served group', async () => {
    const events = async (path: string) => {
      const res = await t.request(
        `${path}?watch=true&timeoutSeconds=1&allowWatchBookmarks=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan`,
      );
      const out: { type: string; apiVersion: string }[] = [];
      for await (const e of watchEvents(res)) out.push({ type: e.type, apiVersion: e.object.apiVersion });
      return out;
    };
    expect((await call(t, 'POST', SERVED, role('watched', 'rbac.authorization.orch.io/v1'))).status).toBe(201);
    const alias = await events(ALIAS);
    expect(alias.map((e) => e.type)).toEqual(['ADDED', 'BOOKMARK']);
    expect(alias.every((e) => e.apiVersion === 'rbac.authorization.k8s.io/v1')).toBe(true);
    // The served path's watcher gets the served spelling, though both share the encoded events.
    const served = await events(SERVED);
    expect(served.every((e) => e.apiVersion === 'rbac.authorization.orch.io/v1')).toBe(true);
  });

  it('another group is still refused', async () => {
    const r = await call(t, 'POST', SERVED, role('other', 'apps/v1'));
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(
      'the API version in the data (apps/v1) does not match the expected API version (rbac.authorization.orch.io/v1)',
    );
  });

  it('a binding naming the RBAC group by its alias (as kubectl create rolebinding does) binds the RBAC group', async () => {
    const r = await call(t, 'POST', '/apis/rbac.authorization.k8s.io/v1/namespaces/default/rolebindings', {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: { name: 'rb' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'listed' },
      subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'bob' }],
    });
    expect(r.status, r.text).toBe(201);
    const stored = await call(t, 'GET', '/apis/rbac.authorization.orch.io/v1/namespaces/default/rolebindings/rb');
    expect(stored.body.roleRef.apiGroup).toBe('rbac.authorization.orch.io');
    expect(stored.body.subjects[0].apiGroup).toBe('rbac.authorization.orch.io');
  });
});

/**
 * A binding's group references (`roleRef.apiGroup`, `subjects[].apiGroup`) are answered in the
 * spelling of the path, as its apiVersion: `kubectl auth reconcile` reads a binding back through
 * the alias and recreates it when its roleRef differs from the manifest's.
 */
describe('the group references of a binding', () => {
  const t = serverPerTest();
  const K8S = 'rbac.authorization.k8s.io';
  const ORCH = 'rbac.authorization.orch.io';
  const paths = {
    RoleBinding: (group: string) => `/apis/${group}/v1/namespaces/default/rolebindings`,
    ClusterRoleBinding: (group: string) => `/apis/${group}/v1/clusterrolebindings`,
  };
  const binding = (kind: keyof typeof paths, name: string, group: string) => ({
    apiVersion: `${group}/v1`,
    kind,
    metadata: { name },
    roleRef: { apiGroup: group, kind: 'ClusterRole', name: 'view' },
    subjects: [
      { apiGroup: group, kind: 'User', name: 'dave' },
      { kind: 'Group', name: 'devs' },
      { kind: 'ServiceAccount', name: 'robot', namespace: 'default' },
    ],
  });
  /** The group references of an answered binding: roleRef's, then each subject's. */
  const refs = (obj: { roleRef: { apiGroup: string }; subjects: { apiGroup?: string }[] }) => [
    obj.roleRef.apiGroup,
    ...obj.subjects.map((s) => s.apiGroup ?? ''),
  ];
  const spelled = (group: string) => [group, group, group, ''];

  it.each([
    ['RoleBinding', K8S, K8S],
    ['RoleBinding', ORCH, K8S],
    ['RoleBinding', K8S, ORCH],
    ['RoleBinding', ORCH, ORCH],
    ['ClusterRoleBinding', K8S, K8S],
    ['ClusterRoleBinding', ORCH, ORCH],
  ] as const)('a %s written as %s is answered through %s in its spelling, by every verb', async (kind, written, path) => {
    const base = paths[kind](path);
    const name = `b-${written.split('.')[2]}-${path.split('.')[2]}`;
    const want = spelled(path);
    const created = await call(t, 'POST', paths[kind](written), binding(kind, name, written));
    expect(created.status, created.text).toBe(201);
    // Stored once, in the served spelling.
    expect(refs((await call(t, 'GET', `${paths[kind](ORCH)}/${name}`)).body)).toEqual(spelled(ORCH));
    expect(refs((await call(t, 'GET', `${base}/${name}`)).body)).toEqual(want);
    const listed = await call(t, 'GET', `${base}?fieldSelector=metadata.name%3D${name}`);
    expect(listed.body.items.map(refs)).toEqual([want]);
    const watch = watchEvents(await t.request(`${base}?watch=true&fieldSelector=metadata.name%3D${name}`));
    const first = (await watch.next()).value;
    await watch.return(undefined);
    expect(first?.type).toBe('ADDED');
    expect(refs(first!.object)).toEqual(want);
    const patched = await call(
      t,
      'PATCH',
      `${base}/${name}`,
      { metadata: { labels: { a: 'b' } } },
      { 'content-type': 'application/merge-patch+json' },
    );
    expect(refs(patched.body)).toEqual(want);
    const updated = await call(t, 'PUT', `${base}/${name}`, patched.body);
    expect(updated.status, updated.text).toBe(200);
    expect(refs(updated.body)).toEqual(want);
    const deleted = await call(t, 'DELETE', `${base}/${name}`);
    expect(deleted.status).toBe(200);
    // A binding answers a Status to a delete; deletecollection answers the bindings it deleted.
    expect((await call(t, 'POST', paths[kind](written), binding(kind, name, written))).status).toBe(201);
    const all = await call(t, 'DELETE', `${base}?fieldSelector=metadata.name%3D${name}`);
    expect(all.body.items.map(refs)).toEqual([want]);
  });

  it('an update through the alias with the roleRef read back is no change of roleRef', async () => {
    const base = paths.RoleBinding(K8S);
    expect((await call(t, 'POST', base, binding('RoleBinding', 'kept', K8S))).status).toBe(201);
    const read = await call(t, 'GET', `${base}/kept`);
    const put = await call(t, 'PUT', `${base}/kept`, { ...read.body, subjects: [{ apiGroup: K8S, kind: 'User', name: 'erin' }] });
    expect(put.status, put.text).toBe(200);
    expect(put.body.metadata.uid).toBe(read.body.metadata.uid);
    expect(refs(put.body)).toEqual([K8S, K8S]);
  });

  it("a Role's rules are answered as written, whatever the path", async () => {
    const rules = [
      { verbs: ['get'], apiGroups: ['coordination.k8s.io', 'coordination.orch.io', 'rbac.authorization.orch.io'], resources: ['leases'] },
    ];
    const role = { apiVersion: `${ORCH}/v1`, kind: 'Role', metadata: { name: 'as-written' }, rules };
    expect((await call(t, 'POST', `/apis/${ORCH}/v1/namespaces/default/roles`, role)).status).toBe(201);
    expect((await call(t, 'GET', `/apis/${K8S}/v1/namespaces/default/roles/as-written`)).body.rules).toEqual(rules);
  });
});
