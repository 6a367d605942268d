/**
 * rbac.authorization.orch.io/v1: Role, ClusterRole, RoleBinding, ClusterRoleBinding. Field order
 * is the Go struct order of v1.32; protobuf numbers as the real generated.proto.
 * The interfaces beside the schema values are written by `node scripts/gen-types.mjs`.
 */
import { field, list, str, struct } from '../../schema/build.ts';
import { LabelSelector } from './meta-v1.ts';
import { listType, objectType } from './object.ts';
import type { ListMeta, ObjectMeta } from './meta-v1.ts';

const P = 'io.orch.api.rbac.v1';

const atomicStrings = list(str(), { listType: 'atomic' });

export const PolicyRule = struct(
  `${P}.PolicyRule`,
  {
    verbs: field(1, atomicStrings, {
      omitEmpty: false,
      description: 'The verbs allowed, such as get, list or create; * allows every verb. Required.',
    }),
    apiGroups: field(2, atomicStrings, { description: 'The API groups of the resources; "" is the core group, * every group.' }),
    resources: field(3, atomicStrings, {
      description: 'The resources, such as pods or pods/log for a subresource; * allows every resource.',
    }),
    resourceNames: field(4, atomicStrings, { description: 'Names the rule is limited to; unset allows every name.' }),
    nonResourceURLs: field(5, atomicStrings, {
      description:
        'Paths that are not resources, such as /healthz (a final * allows a prefix); only in ClusterRoles, and not together with resources.',
    }),
  },
  { description: 'What a role allows: verbs on resources, or on paths that are not resources.' },
);

/** What a role allows: verbs on resources, or on paths that are not resources. */
export interface PolicyRule {
  /** The verbs allowed, such as get, list or create; * allows every verb. Required. */
  verbs?: string[] | null;
  /** The API groups of the resources; "" is the core group, * every group. */
  apiGroups?: string[];
  /** The resources, such as pods or pods/log for a subresource; * allows every resource. */
  resources?: string[];
  /** Names the rule is limited to; unset allows every name. */
  resourceNames?: string[];
  /**
   * Paths that are not resources, such as /healthz (a final * allows a prefix); only in
   * ClusterRoles, and not together with resources.
   */
  nonResourceURLs?: string[];
}

export const AggregationRule = struct(
  `${P}.AggregationRule`,
  {
    clusterRoleSelectors: field(1, list(LabelSelector, { listType: 'atomic' }), {
      description: 'Label queries over ClusterRoles; the rules of every matching role are added to this one.',
    }),
  },
  { description: 'How a ClusterRole is made of the rules of other ClusterRoles.' },
);

/** How a ClusterRole is made of the rules of other ClusterRoles. */
export interface AggregationRule {
  /** Label queries over ClusterRoles; the rules of every matching role are added to this one. */
  clusterRoleSelectors?: LabelSelector[];
}

export const Subject = struct(
  `${P}.Subject`,
  {
    kind: field(1, str(), { omitEmpty: false, description: 'User, Group or ServiceAccount. Required.' }),
    apiGroup: field(2, str(), {
      description: 'The API group of the subject: empty for ServiceAccount, rbac.authorization.orch.io for User and Group.',
    }),
    name: field(3, str(), { omitEmpty: false, description: 'The name of the subject. Required.' }),
    namespace: field(4, str(), { description: 'The namespace of a ServiceAccount; empty for users and groups.' }),
  },
  { structType: 'atomic', description: 'Who a binding grants a role to: a user, a group or a service account.' },
);

/** Who a binding grants a role to: a user, a group or a service account. */
export interface Subject {
  /** User, Group or ServiceAccount. Required. */
  kind?: string;
  /**
   * The API group of the subject: empty for ServiceAccount, rbac.authorization.orch.io for User and
   * Group.
   */
  apiGroup?: string;
  /** The name of the subject. Required. */
  name?: string;
  /** The namespace of a ServiceAccount; empty for users and groups. */
  namespace?: string;
}

export const RoleRef = struct(
  `${P}.RoleRef`,
  {
    apiGroup: field(1, str(), { omitEmpty: false, description: 'The API group of the role, rbac.authorization.orch.io. Required.' }),
    kind: field(2, str(), { omitEmpty: false, description: 'Role or ClusterRole. Required.' }),
    name: field(3, str(), { omitEmpty: false, description: 'The name of the role. Required.' }),
  },
  { structType: 'atomic', description: 'The role a binding grants.' },
);

/** The role a binding grants. */
export interface RoleRef {
  /** The API group of the role, rbac.authorization.orch.io. Required. */
  apiGroup?: string;
  /** Role or ClusterRole. Required. */
  kind?: string;
  /** The name of the role. Required. */
  name?: string;
}

const rules = field(2, list(PolicyRule, { listType: 'atomic' }), { omitEmpty: false, description: 'What the role allows.' });
const subjects = field(2, list(Subject, { listType: 'atomic' }), { description: 'Who the binding grants the role to.' });
const roleRef = field(3, RoleRef, {
  required: true,
  description: 'The role granted. Required; it cannot be changed (delete and make the binding again).',
});

export const Role = objectType(`${P}.Role`, { rules }, { description: 'Permissions within one namespace, as a set of rules.' });

/** Permissions within one namespace, as a set of rules. */
export interface Role {
  /**
   * The kind of the object, in CamelCase (such as StatefulSet). The server can tell it from the
   * endpoint; it cannot be updated.
   */
  kind?: string;
  /**
   * The version of the schema the object is written in: <group>/<version>, or just <version> (such
   * as v1) for the core group. The server converts objects between the versions it serves.
   */
  apiVersion?: string;
  /**
   * Standard object metadata: name, namespace, labels, annotations, and what the system records.
   */
  metadata: ObjectMeta;
  /** What the role allows. */
  rules?: PolicyRule[] | null;
}

export const RoleList = listType(Role);

/** A list of Role objects. */
export interface RoleList {
  /** The kind of the list, RoleList. */
  kind?: string;
  /**
   * The version of the schema the object is written in: <group>/<version>, or just <version> (such
   * as v1) for the core group. The server converts objects between the versions it serves.
   */
  apiVersion?: string;
  /** Standard list metadata: the version of the collection and the token of the next page. */
  metadata: ListMeta;
  /** The Role objects. Required. */
  items: Role[];
}

export const ClusterRole = objectType(
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

/**
 * Permissions in the whole cluster, or a set of rules to grant in namespaces through RoleBindings.
 */
export interface ClusterRole {
  /**
   * The kind of the object, in CamelCase (such as StatefulSet). The server can tell it from the
   * endpoint; it cannot be updated.
   */
  kind?: string;
  /**
   * The version of the schema the object is written in: <group>/<version>, or just <version> (such
   * as v1) for the core group. The server converts objects between the versions it serves.
   */
  apiVersion?: string;
  /**
   * Standard object metadata: name, namespace, labels, annotations, and what the system records.
   */
  metadata: ObjectMeta;
  /** What the role allows. */
  rules?: PolicyRule[] | null;
  /**
   * When set, the rules are made by the control plane from the matching ClusterRoles, and edits to
   * them are overwritten.
   */
  aggregationRule?: AggregationRule;
}

export const ClusterRoleList = listType(ClusterRole);

/** A list of ClusterRole objects. */
export interface ClusterRoleList {
  /** The kind of the list, ClusterRoleList. */
  kind?: string;
  /**
   * The version of the schema the object is written in: <group>/<version>, or just <version> (such
   * as v1) for the core group. The server converts objects between the versions it serves.
   */
  apiVersion?: string;
  /** Standard list metadata: the version of the collection and the token of the next page. */
  metadata: ListMeta;
  /** The ClusterRole objects. Required. */
  items: ClusterRole[];
}

export const RoleBinding = objectType(
  `${P}.RoleBinding`,
  { subjects, roleRef },
  { description: 'Grants a Role of its namespace, or a ClusterRole, to subjects, within the namespace of the binding.' },
);

/**
 * Grants a Role of its namespace, or a ClusterRole, to subjects, within the namespace of the
 * binding.
 */
export interface RoleBinding {
  /**
   * The kind of the object, in CamelCase (such as StatefulSet). The server can tell it from the
   * endpoint; it cannot be updated.
   */
  kind?: string;
  /**
   * The version of the schema the object is written in: <group>/<version>, or just <version> (such
   * as v1) for the core group. The server converts objects between the versions it serves.
   */
  apiVersion?: string;
  /**
   * Standard object metadata: name, namespace, labels, annotations, and what the system records.
   */
  metadata: ObjectMeta;
  /** Who the binding grants the role to. */
  subjects?: Subject[];
  /** The role granted. Required; it cannot be changed (delete and make the binding again). */
  roleRef: RoleRef;
}

export const RoleBindingList = listType(RoleBinding);

/** A list of RoleBinding objects. */
export interface RoleBindingList {
  /** The kind of the list, RoleBindingList. */
  kind?: string;
  /**
   * The version of the schema the object is written in: <group>/<version>, or just <version> (such
   * as v1) for the core group. The server converts objects between the versions it serves.
   */
  apiVersion?: string;
  /** Standard list metadata: the version of the collection and the token of the next page. */
  metadata: ListMeta;
  /** The RoleBinding objects. Required. */
  items: RoleBinding[];
}

export const ClusterRoleBinding = objectType(
  `${P}.ClusterRoleBinding`,
  { subjects, roleRef },
  { description: 'Grants a ClusterRole to subjects in the whole cluster.' },
);

/** Grants a ClusterRole to subjects in the whole cluster. */
export interface ClusterRoleBinding {
  /**
   * The kind of the object, in CamelCase (such as StatefulSet). The server can tell it from the
   * endpoint; it cannot be updated.
   */
  kind?: string;
  /**
   * The version of the schema the object is written in: <group>/<version>, or just <version> (such
   * as v1) for the core group. The server converts objects between the versions it serves.
   */
  apiVersion?: string;
  /**
   * Standard object metadata: name, namespace, labels, annotations, and what the system records.
   */
  metadata: ObjectMeta;
  /** Who the binding grants the role to. */
  subjects?: Subject[];
  /** The role granted. Required; it cannot be changed (delete and make the binding again). */
  roleRef: RoleRef;
}

export const ClusterRoleBindingList = listType(ClusterRoleBinding);

/** A list of ClusterRoleBinding objects. */
export interface ClusterRoleBindingList {
  /** The kind of the list, ClusterRoleBindingList. */
  kind?: string;
  /**
   * The version of the schema the object is written in: <group>/<version>, or just <version> (such
   * as v1) for the core group. The server converts objects between the versions it serves.
   */
  apiVersion?: string;
  /** Standard list metadata: the version of the collection and the token of the next page. */
  metadata: ListMeta;
  /** The ClusterRoleBinding objects. Required. */
  items: ClusterRoleBinding[];
}
