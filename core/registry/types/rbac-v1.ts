/**
 * rbac.authorization.orch.io/v1: Role, ClusterRole, RoleBinding, ClusterRoleBinding. Field order
 * is the Go struct order of v1.32; protobuf numbers as the real generated.proto.
 */
import { field, list, str, struct } from '../../schema/build.ts';
import { LabelSelector } from './meta-v1.ts';
import { objectType } from './object.ts';

const P = 'io.orch.api.rbac.v1';

const atomicStrings = list(str(), { listType: 'atomic' });

export const PolicyRule = struct(`${P}.PolicyRule`, {
  verbs: field(1, atomicStrings, { omitEmpty: false }),
  apiGroups: field(2, atomicStrings),
  resources: field(3, atomicStrings),
  resourceNames: field(4, atomicStrings),
  nonResourceURLs: field(5, atomicStrings),
});

export const AggregationRule = struct(`${P}.AggregationRule`, {
  clusterRoleSelectors: field(1, list(LabelSelector, { listType: 'atomic' })),
});

export const RbacSubject = struct(
  `${P}.Subject`,
  {
    kind: field(1, str(), { omitEmpty: false }),
    apiGroup: field(2, str()),
    name: field(3, str(), { omitEmpty: false }),
    namespace: field(4, str()),
  },
  { structType: 'atomic' },
);

export const RoleRef = struct(
  `${P}.RoleRef`,
  {
    apiGroup: field(1, str(), { omitEmpty: false }),
    kind: field(2, str(), { omitEmpty: false }),
    name: field(3, str(), { omitEmpty: false }),
  },
  { structType: 'atomic' },
);

const rules = field(2, list(PolicyRule, { listType: 'atomic' }), { omitEmpty: false });
const subjects = field(2, list(RbacSubject, { listType: 'atomic' }));

export const RoleSchema = objectType(`${P}.Role`, { rules });

export const ClusterRoleSchema = objectType(`${P}.ClusterRole`, {
  rules,
  aggregationRule: field(3, AggregationRule, { pointer: true }),
});

export const RoleBindingSchema = objectType(`${P}.RoleBinding`, {
  subjects,
  roleRef: field(3, RoleRef, { required: true }),
});

export const ClusterRoleBindingSchema = objectType(`${P}.ClusterRoleBinding`, {
  subjects,
  roleRef: field(3, RoleRef, { required: true }),
});
