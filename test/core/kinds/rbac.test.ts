/**
 * Role, ClusterRole, RoleBinding, ClusterRoleBinding (rbac.authorization.orch.io/v1): schemas,
 * defaults and v1.32 validation. They are served and validated, not enforced (docs/architecture.md,
 * "Core, as the data flows").
 */
import { describe, expect, it } from 'vitest';
import { clusterRoleBindingKind, clusterRoleKind, roleBindingKind, roleKind } from '../../../core/registry/kinds/rbac.ts';
import type { JsonObject } from '../../../core/util/json.ts';
import { call, serverPerSuite } from '../../support/targets.ts';
import { causeKeys, causesOf, expectCreated, serverWith, withChange } from '../../support/validation.ts';

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

const t = serverPerSuite(() => serverWith([roleKind, clusterRoleKind, roleBindingKind, clusterRoleBindingKind]));
let seq = 0;
const named = <T>(body: T): T => withChange(body, 'metadata.name', `x-${++seq}`);

interface Row {
  readonly rule: string;
  readonly path: string;
  readonly value: unknown;
  readonly expected: string[];
}

describe('Role and ClusterRole rules', () => {
  const shared: Row[] = [
    { rule: 'a resource rule', path: 'rules.0.verbs', value: ['get', 'list'], expected: [] },
    { rule: 'a rule without verbs', path: 'rules.0.verbs', value: [], expected: ['rules.0.verbs FieldValueRequired'] },
    { rule: 'a rule without apiGroups', path: 'rules.0.apiGroups', value: undefined, expected: ['rules.0.apiGroups FieldValueRequired'] },
    { rule: 'a rule without resources', path: 'rules.0.resources', value: undefined, expected: ['rules.0.resources FieldValueRequired'] },
    { rule: 'resourceNames with one resource', path: 'rules.0.resourceNames', value: ['a'], expected: [] },
    {
      rule: 'resourceNames with several resources',
      path: 'rules.0',
      value: { verbs: ['get'], apiGroups: [''], resources: ['pods', 'secrets'], resourceNames: ['a'] },
      expected: ['rules.0.resourceNames FieldValueRequired'],
    },
    { rule: 'no rules at all', path: 'rules', value: [], expected: [] },
    { rule: 'a name with a slash', path: 'metadata.name', value: 'a/b', expected: ['metadata.name FieldValueInvalid'] },
    { rule: 'a name with capitals (any path segment will do)', path: 'metadata.name', value: 'System:Admin', expected: [] },
  ];
  const roleOnly: Row[] = [
    {
      rule: 'a non-resource rule in a Role',
      path: 'rules',
      value: [{ verbs: ['get'], nonResourceURLs: ['/healthz'] }],
      expected: ['rules.0.nonResourceURLs FieldValueInvalid'],
    },
    // Namespaced and mixed: both problems are reported.
    {
      rule: 'URLs mixed with resources',
      path: 'rules.0.nonResourceURLs',
      value: ['/healthz'],
      expected: ['rules.0.nonResourceURLs FieldValueInvalid', 'rules.0.nonResourceURLs FieldValueInvalid'],
    },
  ];
  const clusterOnly: Row[] = [
    {
      rule: 'URLs mixed with resources',
      path: 'rules.0.nonResourceURLs',
      value: ['/healthz'],
      expected: ['rules.0.nonResourceURLs FieldValueInvalid'],
    },
    {
      rule: 'a non-resource rule in a ClusterRole',
      path: 'rules',
      value: [{ verbs: ['get'], nonResourceURLs: ['/healthz'] }],
      expected: [],
    },
    {
      rule: 'an aggregation rule',
      path: 'aggregationRule',
      value: { clusterRoleSelectors: [{ matchLabels: { agg: 'true' } }] },
      expected: [],
    },
    {
      rule: 'an aggregation rule without selectors',
      path: 'aggregationRule',
      value: {},
      expected: ['aggregationRule.clusterRoleSelectors FieldValueRequired'],
    },
    {
      rule: 'an aggregation selector with In and no values',
      path: 'aggregationRule',
      value: { clusterRoleSelectors: [{ matchExpressions: [{ key: 'a', operator: 'In' }] }] },
      expected: ['aggregationRule.clusterRoleSelectors.0.matchExpressions.0.values FieldValueRequired'],
    },
    {
      rule: 'an aggregation selector with a bad label value',
      path: 'aggregationRule',
      value: { clusterRoleSelectors: [{ matchLabels: { a: 'not ok' } }] },
      expected: ['aggregationRule.clusterRoleSelectors[0].matchLabels FieldValueInvalid'],
    },
  ];
  it.each([...shared, ...roleOnly])('Role: $rule', async ({ path, value, expected }) => {
    const res = await call(
      t,
      'POST',
      ROLES,
      path === 'metadata.name' ? withChange(role, path, value) : named(withChange(role, path, value)),
    );
    if (!expected.length) expectCreated(res);
    else expect(causeKeys(res)).toEqual(expected.map(fieldPath));
  });
  it.each([...shared, ...clusterOnly])('ClusterRole: $rule', async ({ path, value, expected }) => {
    const res = await call(
      t,
      'POST',
      CLUSTER_ROLES,
      path === 'metadata.name' ? withChange(clusterRole, path, value) : named(withChange(clusterRole, path, value)),
    );
    if (!expected.length) expectCreated(res);
    else expect(causeKeys(res)).toEqual(expected.map((e) => (e.includes('[') ? e : fieldPath(e))));
  });
});

describe('RoleBinding and ClusterRoleBinding', () => {
  const shared: Row[] = [
    { rule: 'a User subject', path: 'subjects', value: [{ kind: 'User', name: 'alice' }], expected: [] },
    { rule: 'a Group subject', path: 'subjects', value: [{ kind: 'Group', name: 'devs' }], expected: [] },
    {
      rule: 'a subject of unknown kind',
      path: 'subjects',
      value: [{ kind: 'Robot', name: 'r2' }],
      expected: ['subjects.0.kind FieldValueNotSupported'],
    },
    {
      rule: 'a subject without name',
      path: 'subjects',
      value: [{ kind: 'User' }],
      expected: ['subjects.0.name FieldValueRequired', 'subjects.0.name FieldValueInvalid'],
    },
    {
      rule: 'a User subject in another group',
      path: 'subjects',
      value: [{ kind: 'User', name: 'a', apiGroup: 'other.io' }],
      expected: ['subjects.0.apiGroup FieldValueNotSupported'],
    },
    {
      rule: 'a ServiceAccount subject with an apiGroup',
      path: 'subjects',
      value: [{ kind: 'ServiceAccount', name: 'sa', namespace: 'ns', apiGroup: 'x' }],
      expected: ['subjects.0.apiGroup FieldValueNotSupported'],
    },
    {
      rule: 'a ServiceAccount subject with a bad name',
      path: 'subjects',
      value: [{ kind: 'ServiceAccount', name: 'Bad_SA', namespace: 'ns' }],
      expected: ['subjects.0.name FieldValueInvalid'],
    },
    { rule: 'no subjects', path: 'subjects', value: undefined, expected: [] },
    {
      rule: 'a roleRef of another group',
      path: 'roleRef.apiGroup',
      value: 'other.io',
      expected: ['roleRef.apiGroup FieldValueNotSupported'],
    },
    { rule: 'a roleRef without name', path: 'roleRef.name', value: '', expected: ['roleRef.name FieldValueRequired'] },
  ];
  const namespacedOnly: Row[] = [
    { rule: 'a ServiceAccount subject without namespace', path: 'subjects', value: [{ kind: 'ServiceAccount', name: 'sa' }], expected: [] },
    { rule: 'a ClusterRole reference', path: 'roleRef.kind', value: 'ClusterRole', expected: [] },
    { rule: 'a roleRef of another kind', path: 'roleRef.kind', value: 'Secret', expected: ['roleRef.kind FieldValueNotSupported'] },
  ];
  const clusterOnly: Row[] = [
    {
      rule: 'a ServiceAccount subject without namespace',
      path: 'subjects',
      value: [{ kind: 'ServiceAccount', name: 'sa' }],
      expected: ['subjects.0.namespace FieldValueRequired'],
    },
    { rule: 'a Role reference', path: 'roleRef.kind', value: 'Role', expected: ['roleRef.kind FieldValueNotSupported'] },
  ];
  it.each([...shared, ...namespacedOnly])('RoleBinding: $rule', async ({ path, value, expected }) => {
    const res = await call(t, 'POST', BINDINGS, named(withChange(binding, path, value)));
    if (!expected.length) expectCreated(res);
    else expect(causeKeys(res)).toEqual(expected.map(fieldPath));
  });
  it.each([...shared, ...clusterOnly])('ClusterRoleBinding: $rule', async ({ path, value, expected }) => {
    const res = await call(t, 'POST', CLUSTER_BINDINGS, named(withChange(clusterBinding, path, value)));
    if (!expected.length) expectCreated(res);
    else expect(causeKeys(res)).toEqual(expected.map(fieldPath));
  });

  it('defaults the RBAC group on roleRef and on User/Group subjects, not on service accounts', async () => {
    const body = expectCreated(
      await call(
        t,
        'POST',
        BINDINGS,
        named(
          withChange(binding, 'subjects', [
            { kind: 'User', name: 'a' },
            { kind: 'Group', name: 'g' },
            { kind: 'ServiceAccount', name: 's' },
          ]),
        ),
      ),
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
    expect(causesOf(moved)).toEqual([
      { reason: 'FieldValueInvalid', field: 'roleRef', message: expect.stringContaining('cannot change roleRef') },
    ]);
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
