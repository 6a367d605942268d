/**
 * The RBAC picture's retelling of the authorizer with cluster-wide grants: a ClusterRoleBinding
 * grants its ClusterRole in every namespace and for cluster-scoped resources; a RoleBinding that
 * refers to a ClusterRole grants that role's rules in its own namespace only.
 */
import { describe, expect, it } from 'vitest';
import { attributesOf, explain, type RbacObject } from '../../playground/src/tutorial/pictures/rbac-match.ts';

const objects: RbacObject[] = [
  {
    kind: 'ClusterRole',
    metadata: { name: 'configmap-reader' },
    rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list'] }],
  },
  { kind: 'ClusterRole', metadata: { name: 'node-viewer' }, rules: [{ apiGroups: [''], resources: ['nodes'], verbs: ['get', 'list'] }] },
  {
    kind: 'ClusterRole',
    metadata: { name: 'system:basic-user' },
    rules: [{ apiGroups: ['authorization.orch.io'], resources: ['selfsubjectaccessreviews'], verbs: ['create'] }],
  },
  {
    kind: 'Role',
    metadata: { name: 'configmap-reader', namespace: 'other' },
    rules: [{ apiGroups: ['*'], resources: ['*'], verbs: ['*'] }],
  },
  // Everyone signed in may ask what it may do: the binding names alice's group, its rules allow no configmaps.
  {
    kind: 'ClusterRoleBinding',
    metadata: { name: 'system:basic-user' },
    subjects: [{ kind: 'Group', name: 'system:authenticated' }],
    roleRef: { kind: 'ClusterRole', name: 'system:basic-user' },
  },
  // Bob's group sees nodes, cluster-wide.
  {
    kind: 'ClusterRoleBinding',
    metadata: { name: 'ops-nodes' },
    subjects: [{ kind: 'Group', name: 'ops' }],
    roleRef: { kind: 'ClusterRole', name: 'node-viewer' },
  },
  // Carol reads configmaps everywhere.
  {
    kind: 'ClusterRoleBinding',
    metadata: { name: 'carol-reads' },
    subjects: [{ kind: 'User', name: 'carol' }],
    roleRef: { kind: 'ClusterRole', name: 'configmap-reader' },
  },
  // Alice reads configmaps in tutorial only, through the ClusterRole (not the Role of the same name in other).
  {
    kind: 'RoleBinding',
    metadata: { name: 'alice-reads', namespace: 'tutorial' },
    subjects: [{ kind: 'User', name: 'alice' }],
    roleRef: { kind: 'ClusterRole', name: 'configmap-reader' },
  },
  // A ClusterRoleBinding cannot grant a Role: it grants nothing.
  {
    kind: 'ClusterRoleBinding',
    metadata: { name: 'dave-role' },
    subjects: [{ kind: 'User', name: 'dave' }],
    roleRef: { kind: 'Role', name: 'configmap-reader' },
  },
];

function request(user: string, groups: string, method: string, path: string) {
  const a = attributesOf({ method, path, requestHeaders: { 'impersonate-user': user, 'impersonate-group': groups } });
  if (!a) throw new Error(`${path} is not a resource request`);
  return a;
}

describe('the RBAC picture with cluster-wide bindings', () => {
  it.each([
    [
      'a ClusterRoleBinding grants its ClusterRole in any namespace',
      'carol',
      '',
      'GET',
      '/api/v1/namespaces/other/configmaps',
      true,
      'ClusterRoleBinding carol-reads → ClusterRole configmap-reader, rule 1',
    ],
    [
      'and for a cluster-scoped resource, through a group',
      'bob',
      'ops',
      'GET',
      '/api/v1/nodes',
      true,
      'ClusterRoleBinding ops-nodes → ClusterRole node-viewer, rule 1',
    ],
    [
      'a RoleBinding to a ClusterRole grants its rules in the binding’s namespace',
      'alice',
      'dev',
      'GET',
      '/api/v1/namespaces/tutorial/configmaps',
      true,
      'RoleBinding alice-reads → ClusterRole configmap-reader, rule 1',
    ],
    [
      'but not in another namespace',
      'alice',
      'dev',
      'GET',
      '/api/v1/namespaces/other/configmaps',
      false,
      'no RoleBinding in other names alice or its groups; no rule of ClusterRole system:basic-user (bound cluster-wide) allows list configmaps in other',
    ],
    [
      'nor for a cluster-scoped resource: no RoleBinding applies there',
      'alice',
      'dev',
      'GET',
      '/api/v1/nodes',
      false,
      'no rule of ClusterRole system:basic-user (bound cluster-wide) allows list nodes',
    ],
    [
      'a verb the cluster-wide role lacks',
      'carol',
      '',
      'DELETE',
      '/api/v1/namespaces/other/configmaps/a',
      false,
      'no RoleBinding in other names carol or its groups; no rule of ClusterRole system:basic-user, ClusterRole configmap-reader (bound cluster-wide) allows delete configmaps in other',
    ],
    [
      'a ClusterRoleBinding referring to a Role grants nothing',
      'dave',
      '',
      'GET',
      '/api/v1/namespaces/other/configmaps',
      false,
      'no RoleBinding in other names dave or its groups; no rule of ClusterRole system:basic-user, Role configmap-reader (bound cluster-wide) allows list configmaps in other',
    ],
  ])('%s', (_name, user, groups, method, path, allowed, why) => {
    expect(explain(request(user, groups, method, path), objects).verdict).toEqual({ allowed, why });
  });

  it('lists the cluster-wide bindings before the namespace’s, as the authorizer visits them', () => {
    const e = explain(request('alice', 'dev', 'GET', '/api/v1/namespaces/tutorial/configmaps'), objects);
    expect(e.bindings.map((b) => [b.kind, b.binding, b.subjectMatches])).toEqual([
      ['ClusterRoleBinding', 'system:basic-user', true],
      ['ClusterRoleBinding', 'ops-nodes', false],
      ['ClusterRoleBinding', 'carol-reads', false],
      ['ClusterRoleBinding', 'dave-role', false],
      ['RoleBinding', 'alice-reads', true],
    ]);
    expect(e.bindings.find((b) => b.binding === 'dave-role')?.rules).toBeUndefined();
  });

  it('a user no binding names anywhere is told so for both kinds', () => {
    const onlyBindings = objects.filter((o) => o.kind !== 'ClusterRoleBinding' || o.metadata.name === 'carol-reads');
    const e = explain(request('erin', '', 'GET', '/api/v1/namespaces/tutorial/configmaps'), onlyBindings);
    expect(e.verdict).toEqual({
      allowed: false,
      why: 'no RoleBinding in tutorial names erin or its groups; no ClusterRoleBinding names erin or its groups',
    });
  });

  it('a ServiceAccount subject of a ClusterRoleBinding is named by its own namespace', () => {
    const sa: RbacObject = {
      kind: 'ClusterRoleBinding',
      metadata: { name: 'robot-reads' },
      subjects: [{ kind: 'ServiceAccount', name: 'robot', namespace: 'ci' }],
      roleRef: { kind: 'ClusterRole', name: 'configmap-reader' },
    };
    const as = (user: string) =>
      explain(request(user, '', 'GET', '/api/v1/namespaces/tutorial/configmaps'), [...objects, sa]).verdict.allowed;
    expect(as('system:serviceaccount:ci:robot')).toBe(true);
    expect(as('system:serviceaccount:tutorial:robot')).toBe(false);
  });
});
