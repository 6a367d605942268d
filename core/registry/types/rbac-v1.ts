/**
 * rbac.authorization.orch.io/v1: Role, ClusterRole, RoleBinding, ClusterRoleBinding. Field order
 * is the Go struct order of v1.32; protobuf numbers as the real generated.proto.
 */
import { field, list, str, struct } from '../../schema/build.ts';
import { LabelSelector } from './meta-v1.ts';
import { objectType } from './object.ts';

const P = 'io.orch.api.rbac.v1';

const atomicStrings = list(str(), { listType: 'atomic' });

export const PolicyRule = struct(
  `${P}.PolicyRule`,
  {
    verbs: field(1, atomicStrings, { omitEmpty: false, description: 'The verbs allowed, such as get, list or create; * allows every verb. Required.' }),
    apiGroups: field(2, atomicStrings, { description: 'The API groups of the resources; "" is the core group, * every group.' }),
    resources: field(3, atomicStrings, { description: 'The resources, such as pods or pods/log for a subresource; * allows every resource.' }),
    resourceNames: field(4, atomicStrings, { description: 'Names the rule is limited to; unset allows every name.' }),
    nonResourceURLs: field(5, atomicStrings, {
      description: 'Paths that are not resources, such as /healthz (a final * allows a prefix); only in ClusterRoles, and not together with resources.',
    }),
  },
  { description: 'What a role allows: verbs on resources, or on paths that are not resources.' },
);

export const AggregationRule = struct(
  `${P}.AggregationRule`,
  {
    clusterRoleSelectors: field(1, list(LabelSelector, { listType: 'atomic' }), {
      description: 'Label queries over ClusterRoles; the rules of every matching role are added to this one.',
    }),
  },
  { description: 'How a ClusterRole is made of the rules of other ClusterRoles.' },
);

export const RbacSubject = struct(
  `${P}.Subject`,
  {
    kind: field(1, str(), { omitEmpty: false, description: 'User, Group or ServiceAccount. Required.' }),
    apiGroup: field(2, str(), { description: 'The API group of the subject: empty for ServiceAccount, rbac.authorization.orch.io for User and Group.' }),
    name: field(3, str(), { omitEmpty: false, description: 'The name of the subject. Required.' }),
    namespace: field(4, str(), { description: 'The namespace of a ServiceAccount; empty for users and groups.' }),
  },
  { structType: 'atomic', description: 'Who a binding grants a role to: a user, a group or a service account.' },
);

export const RoleRef = struct(
  `${P}.RoleRef`,
  {
    apiGroup: field(1, str(), { omitEmpty: false, description: 'The API group of the role, rbac.authorization.orch.io. Required.' }),
    kind: field(2, str(), { omitEmpty: false, description: 'Role or ClusterRole. Required.' }),
    name: field(3, str(), { omitEmpty: false, description: 'The name of the role. Required.' }),
  },
  { structType: 'atomic', description: 'The role a binding grants.' },
);

const rules = field(2, list(PolicyRule, { listType: 'atomic' }), { omitEmpty: false, description: 'What the role allows.' });
const subjects = field(2, list(RbacSubject, { listType: 'atomic' }), { description: 'Who the binding grants the role to.' });
const roleRef = field(3, RoleRef, {
  required: true,
  description: 'The role granted. Required; it cannot be changed (delete and make the binding again).',
});

export const RoleSchema = objectType(`${P}.Role`, { rules }, { description: 'Permissions within one namespace, as a set of rules.' });

export const ClusterRoleSchema = objectType(
  `${P}.ClusterRole`,
  {
    rules,
    aggregationRule: field(3, AggregationRule, {
      pointer: true,
      description: 'When set, the rules are made by the control plane from the matching ClusterRoles, and edits to them are overwritten.',
    }),
  },
  { description: 'Permissions in the whole cluster, or a set of rules to grant in namespaces through RoleBindings.' },
);

export const RoleBindingSchema = objectType(
  `${P}.RoleBinding`,
  { subjects, roleRef },
  { description: 'Grants a Role of its namespace, or a ClusterRole, to subjects, within the namespace of the binding.' },
);

export const ClusterRoleBindingSchema = objectType(
  `${P}.ClusterRoleBinding`,
  { subjects, roleRef },
  { description: 'Grants a ClusterRole to subjects in the whole cluster.' },
);
