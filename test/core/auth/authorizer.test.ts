/**
 * The authorizer chain: the reason of a denial and the rules a user is listed, as the real RBAC
 * authorizer, superuser authorizer and union of rule resolvers give them.
 */
import { describe, expect, it } from 'vitest';
import type { Attributes } from '../../../core/auth/attributes.ts';
import {
  aggregateErrors,
  alwaysAllow,
  alwaysDeny,
  AuthorizerChain,
  privilegedGroups,
  RbacAuthorizer,
} from '../../../core/auth/authorizer.ts';
import { type PolicySource, PolicyIndex } from '../../../core/auth/rbac/policy-index.ts';
import type { UserInfo } from '../../../core/auth/user.ts';
import type { ClusterRole, ClusterRoleBinding, RoleBinding } from '../../../core/registry/types/rbac-v1.ts';

const RBAC = 'rbac.authorization.orch.io';
const EVERYTHING = [
  { verbs: ['*'], apiGroups: ['*'], resources: ['*'] },
  { verbs: ['*'], nonResourceURLs: ['*'] },
];

function clusterBinding(name: string, role: string, subject: { kind: 'User' | 'Group'; name: string }): ClusterRoleBinding {
  return { metadata: { name }, subjects: [{ ...subject, apiGroup: RBAC }], roleRef: { apiGroup: RBAC, kind: 'ClusterRole', name: role } };
}

function roleBinding(name: string, namespace: string, role: string, user: string): RoleBinding {
  return {
    metadata: { name, namespace },
    subjects: [{ kind: 'User', apiGroup: RBAC, name: user }],
    roleRef: { apiGroup: RBAC, kind: 'Role', name: role },
  };
}

/** A fixed policy: cluster-admin for system:masters, and bindings of bob's, some to roles that do not exist. */
function policy(bobBindings: { cluster?: ClusterRoleBinding[]; namespaced?: RoleBinding[] }): PolicyIndex {
  const clusterRoles: ClusterRole[] = [
    { metadata: { name: 'cluster-admin' }, rules: EVERYTHING },
    { metadata: { name: 'cm-reader' }, rules: [{ verbs: ['get'], apiGroups: [''], resources: ['configmaps'] }] },
  ];
  const bindings = [clusterBinding('masters', 'cluster-admin', { kind: 'Group', name: 'system:masters' }), ...(bobBindings.cluster ?? [])];
  const source = {
    list: (resource: string) =>
      resource === 'clusterroles'
        ? clusterRoles
        : resource === 'clusterrolebindings'
          ? bindings
          : resource === 'rolebindings'
            ? (bobBindings.namespaced ?? [])
            : [],
    onChange: () => undefined,
  } as PolicySource;
  return new PolicyIndex(source);
}

const bob: UserInfo = { name: 'bob', groups: ['system:authenticated'] };
const root: UserInfo = { name: 'root', groups: ['system:masters', 'system:authenticated'] };
const getSecrets: Attributes = {
  isResourceRequest: true,
  user: bob,
  verb: 'get',
  namespace: 'ns1',
  apiGroup: '',
  apiVersion: 'v1',
  resource: 'secrets',
  subresource: '',
  name: '',
};

const missing = (name: string) => `clusterrole.${RBAC} "${name}" not found`;
const missingRole = (name: string) => `role.${RBAC} "${name}" not found`;

describe('aggregateErrors: the real aggregate error text', () => {
  it.each([
    [[], ''],
    [['a'], 'a'],
    [['a', 'a'], 'a'],
    [['a', 'b'], '[a, b]'],
    [['a', 'b', 'a'], '[a, b]'],
  ])('%j → %j', (errors, text) => {
    expect(aggregateErrors(errors)).toBe(text);
  });
});

describe('RBAC denial reasons', () => {
  it.each([
    ['no bindings', {}, ''],
    [
      'one binding to a missing ClusterRole',
      { cluster: [clusterBinding('b1', 'nosuch', { kind: 'User', name: 'bob' })] },
      `RBAC: ${missing('nosuch')}`,
    ],
    [
      'two bindings to missing roles',
      {
        cluster: [clusterBinding('b1', 'nosuch', { kind: 'User', name: 'bob' })],
        namespaced: [roleBinding('b2', 'ns1', 'gone', 'bob')],
      },
      `RBAC: [${missing('nosuch')}, ${missingRole('gone')}]`,
    ],
    [
      'two bindings to the same missing ClusterRole',
      {
        cluster: [
          clusterBinding('b1', 'nosuch', { kind: 'User', name: 'bob' }),
          clusterBinding('b2', 'nosuch', { kind: 'Group', name: 'system:authenticated' }),
        ],
      },
      `RBAC: ${missing('nosuch')}`,
    ],
  ])('%s', (_what, bindings, reason) => {
    const r = new RbacAuthorizer(policy(bindings)).authorize(getSecrets);
    expect(r).toEqual({ decision: 'NoOpinion', reason });
  });
});

describe('rules a user is listed', () => {
  it('a binding to a missing role is an evaluation error; the list is not incomplete', () => {
    const rbac = new RbacAuthorizer(
      policy({
        cluster: [
          clusterBinding('b1', 'nosuch', { kind: 'User', name: 'bob' }),
          clusterBinding('b2', 'cm-reader', { kind: 'User', name: 'bob' }),
        ],
      }),
    );
    expect(new AuthorizerChain([privilegedGroups, rbac]).rulesFor(bob, 'ns1')).toEqual({
      rules: [{ verbs: ['get'], apiGroups: [''], resources: ['configmaps'] }],
      incomplete: false,
      evaluationError: missing('nosuch'),
    });
  });

  it('without resolution errors there is no evaluation error', () => {
    const rbac = new RbacAuthorizer(policy({ cluster: [clusterBinding('b2', 'cm-reader', { kind: 'User', name: 'bob' })] }));
    expect(rbac.rulesFor(bob, 'ns1')).toEqual({
      rules: [{ verbs: ['get'], apiGroups: [''], resources: ['configmaps'] }],
      incomplete: false,
    });
  });

  it('system:masters is listed the rules RBAC binds to it, once: the superuser authorizer lists none', () => {
    const chain = new AuthorizerChain([privilegedGroups, new RbacAuthorizer(policy({}))]);
    expect(chain.rulesFor(root, 'default')).toEqual({ rules: EVERYTHING, incomplete: false });
    expect(chain.authorize({ ...getSecrets, user: root }).decision).toBe('Allow');
  });

  it.each([
    ['AlwaysAllow', alwaysAllow, EVERYTHING],
    ['AlwaysDeny', alwaysDeny, []],
  ])('%s lists %j', (_mode, authorizer, rules) => {
    expect(new AuthorizerChain([authorizer]).rulesFor(bob, 'ns1')).toEqual({ rules, incomplete: false });
  });
});
