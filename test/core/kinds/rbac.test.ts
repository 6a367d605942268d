/** Role, ClusterRole, RoleBinding, ClusterRoleBinding: schemas, defaults and v1.32 validation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterRoleBindingKind, clusterRoleKind, roleBindingKind, roleKind } from '../../../core/registry/kinds/rbac.ts';
import type { JsonObject } from '../../../core/util/json.ts';
import { call, causeKeys, causesOf, expectCreated, serverWith, withChange, type Target } from './support.ts';

const GV = 'rbac.authorization.orch.io/v1';
const BASE = `/apis/${GV}`;
const ROLES = `${BASE}/namespaces/default/roles`;
const CLUSTER_ROLES = `${BASE}/clusterroles`;
const BINDINGS = `${BASE}/namespaces/default/rolebindings`;
const CLUSTER_BINDINGS = `${BASE}/clusterrolebindings`;
const fieldPath = (p: string) => p.replace(/\.(\d+)/g, '[$1]');

const role = { apiVersion: GV, kind: 'Role', metadata: { name: 'r' }, rules: [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }] };
const clusterRole = { ...role, kind: 'ClusterRole' };
const binding = {
  apiVersion: GV,
  kind: 'RoleBinding',
  metadata: { name: 'b' },
  subjects: [{ kind: 'User', name: 'alice' }],
  roleRef: { kind: 'Role', name: 'r' },
};
const clusterBinding = { ...binding, kind: 'ClusterRoleBinding', roleRef: { kind: 'ClusterRole', name: 'r' } };

let t: Target;
beforeAll(async () => {
  t = await serverWith([roleKind, clusterRoleKind, roleBindingKind, clusterRoleBindingKind]);
});
afterAll(async () => {
  await t.close();
});
let seq = 0;
const named = <T>(body: T): T => withChange(body, 'metadata.name', `x-${++seq}`);

type Row = [string, string, unknown, string[]];

describe('Role and ClusterRole rules', () => {
  const shared: Row[] = [
    ['a resource rule', 'rules.0.verbs', ['get', 'list'], []],
    ['a rule without verbs', 'rules.0.verbs', [], ['rules.0.verbs FieldValueRequired']],
    ['a rule without apiGroups', 'rules.0.apiGroups', undefined, ['rules.0.apiGroups FieldValueRequired']],
    ['a rule without resources', 'rules.0.resources', undefined, ['rules.0.resources FieldValueRequired']],
    ['resourceNames with one resource', 'rules.0.resourceNames', ['a'], []],
    ['resourceNames with several resources', 'rules.0', { verbs: ['get'], apiGroups: [''], resources: ['pods', 'secrets'], resourceNames: ['a'] }, ['rules.0.resourceNames FieldValueRequired']],
    ['no rules at all', 'rules', [], []],
    ['a name with a slash', 'metadata.name', 'a/b', ['metadata.name FieldValueInvalid']],
    ['a name with capitals (any path segment will do)', 'metadata.name', 'System:Admin', []],
  ];
  const roleOnly: Row[] = [
    ['a non-resource rule in a Role', 'rules', [{ verbs: ['get'], nonResourceURLs: ['/healthz'] }], ['rules.0.nonResourceURLs FieldValueInvalid']],
    // Namespaced and mixed: both problems are reported.
    ['URLs mixed with resources', 'rules.0.nonResourceURLs', ['/healthz'], ['rules.0.nonResourceURLs FieldValueInvalid', 'rules.0.nonResourceURLs FieldValueInvalid']],
  ];
  const clusterOnly: Row[] = [
    ['URLs mixed with resources', 'rules.0.nonResourceURLs', ['/healthz'], ['rules.0.nonResourceURLs FieldValueInvalid']],
    ['a non-resource rule in a ClusterRole', 'rules', [{ verbs: ['get'], nonResourceURLs: ['/healthz'] }], []],
    ['an aggregation rule', 'aggregationRule', { clusterRoleSelectors: [{ matchLabels: { agg: 'true' } }] }, []],
    ['an aggregation rule without selectors', 'aggregationRule', {}, ['aggregationRule.clusterRoleSelectors FieldValueRequired']],
    ['an aggregation selector with In and no values', 'aggregationRule', { clusterRoleSelectors: [{ matchExpressions: [{ key: 'a', operator: 'In' }] }] }, ['aggregationRule.clusterRoleSelectors.0.matchExpressions.0.values FieldValueRequired']],
    ['an aggregation selector with a bad label value', 'aggregationRule', { clusterRoleSelectors: [{ matchLabels: { a: 'not ok' } }] }, ['aggregationRule.clusterRoleSelectors[0].matchLabels FieldValueInvalid']],
  ];
  it.each([...shared, ...roleOnly])('Role: %s', async (_row, path, value, expected) => {
    const res = await call(t, 'POST', ROLES, path === 'metadata.name' ? withChange(role, path, value) : named(withChange(role, path, value)));
    if (!expected.length) expectCreated(res);
    else expect(causeKeys(res)).toEqual(expected.map(fieldPath));
  });
  it.each([...shared, ...clusterOnly])('ClusterRole: %s', async (_row, path, value, expected) => {
    const res = await call(t, 'POST', CLUSTER_ROLES, path === 'metadata.name' ? withChange(clusterRole, path, value) : named(withChange(clusterRole, path, value)));
    if (!expected.length) expectCreated(res);
    else expect(causeKeys(res)).toEqual(expected.map((e) => (e.includes('[') ? e : fieldPath(e))));
  });
});

describe('RoleBinding and ClusterRoleBinding', () => {
  const shared: Row[] = [
    ['a User subject', 'subjects', [{ kind: 'User', name: 'alice' }], []],
    ['a Group subject', 'subjects', [{ kind: 'Group', name: 'devs' }], []],
    ['a subject of unknown kind', 'subjects', [{ kind: 'Robot', name: 'r2' }], ['subjects.0.kind FieldValueNotSupported']],
    ['a subject without name', 'subjects', [{ kind: 'User' }], ['subjects.0.name FieldValueRequired', 'subjects.0.name FieldValueInvalid']],
    ['a User subject in another group', 'subjects', [{ kind: 'User', name: 'a', apiGroup: 'other.io' }], ['subjects.0.apiGroup FieldValueNotSupported']],
    ['a ServiceAccount subject with an apiGroup', 'subjects', [{ kind: 'ServiceAccount', name: 'sa', namespace: 'ns', apiGroup: 'x' }], ['subjects.0.apiGroup FieldValueNotSupported']],
    ['a ServiceAccount subject with a bad name', 'subjects', [{ kind: 'ServiceAccount', name: 'Bad_SA', namespace: 'ns' }], ['subjects.0.name FieldValueInvalid']],
    ['no subjects', 'subjects', undefined, []],
    ['a roleRef of another group', 'roleRef.apiGroup', 'other.io', ['roleRef.apiGroup FieldValueNotSupported']],
    ['a roleRef without name', 'roleRef.name', '', ['roleRef.name FieldValueRequired']],
  ];
  const namespacedOnly: Row[] = [
    ['a ServiceAccount subject without namespace', 'subjects', [{ kind: 'ServiceAccount', name: 'sa' }], []],
    ['a ClusterRole reference', 'roleRef.kind', 'ClusterRole', []],
    ['a roleRef of another kind', 'roleRef.kind', 'Secret', ['roleRef.kind FieldValueNotSupported']],
  ];
  const clusterOnly: Row[] = [
    ['a ServiceAccount subject without namespace', 'subjects', [{ kind: 'ServiceAccount', name: 'sa' }], ['subjects.0.namespace FieldValueRequired']],
    ['a Role reference', 'roleRef.kind', 'Role', ['roleRef.kind FieldValueNotSupported']],
  ];
  it.each([...shared, ...namespacedOnly])('RoleBinding: %s', async (_row, path, value, expected) => {
    const res = await call(t, 'POST', BINDINGS, named(withChange(binding, path, value)));
    if (!expected.length) expectCreated(res);
    else expect(causeKeys(res)).toEqual(expected.map(fieldPath));
  });
  it.each([...shared, ...clusterOnly])('ClusterRoleBinding: %s', async (_row, path, value, expected) => {
    const res = await call(t, 'POST', CLUSTER_BINDINGS, named(withChange(clusterBinding, path, value)));
    if (!expected.length) expectCreated(res);
    else expect(causeKeys(res)).toEqual(expected.map(fieldPath));
  });

  it('defaults the RBAC group on roleRef and on User/Group subjects, not on service accounts', async () => {
    const body = expectCreated(
      await call(t, 'POST', BINDINGS, named(withChange(binding, 'subjects', [{ kind: 'User', name: 'a' }, { kind: 'Group', name: 'g' }, { kind: 'ServiceAccount', name: 's' }]))),
    );
    expect(body.roleRef).toEqual({ apiGroup: 'rbac.authorization.orch.io', kind: 'Role', name: 'r' });
    expect(body.subjects).toEqual([
      { kind: 'User', apiGroup: 'rbac.authorization.orch.io', name: 'a' },
      { kind: 'Group', apiGroup: 'rbac.authorization.orch.io', name: 'g' },
      { kind: 'ServiceAccount', name: 's' },
    ]);
  });

  it('roleRef cannot change; subjects can', async () => {
    const created = expectCreated(await call(t, 'POST', BINDINGS, named(binding)));
    const url = `${BINDINGS}/${created.metadata.name}`;
    const moved = await call(t, 'PUT', url, withChange(created, 'roleRef.name', 'other'));
    expect(causesOf(moved)).toEqual([{ reason: 'FieldValueInvalid', field: 'roleRef', message: expect.stringContaining('cannot change roleRef') }]);
    const more = await call(t, 'PUT', url, withChange(created, 'subjects', [{ kind: 'Group', name: 'g' }]));
    expect(more.status).toBe(200);
  });

  it('table cells follow the real printer', () => {
    const obj: JsonObject = {
      metadata: { creationTimestamp: '2024-01-01T00:00:00Z' },
      roleRef: { kind: 'ClusterRole', name: 'view' },
      subjects: [
        { kind: 'User', name: 'a' },
        { kind: 'User', name: 'b' },
        { kind: 'Group', name: 'g' },
        { kind: 'ServiceAccount', namespace: 'ns', name: 's' },
      ],
    };
    const cells = roleBindingKind.table!.map((c) => [c.name, c.cell(obj, Date.parse('2024-01-01T00:01:00Z'))]);
    expect(cells).toEqual([
      ['Role', 'ClusterRole/view'],
      ['Age', '60s'],
      ['Users', 'a, b'],
      ['Groups', 'g'],
      ['ServiceAccounts', 'ns/s'],
    ]);
    expect(roleKind.table).toBeUndefined(); // the real platform has no printer: Name and Created At
  });
});
