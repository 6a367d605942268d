/**
 * authorization.orch.io/v1: the access reviews (SubjectAccessReview, LocalSubjectAccessReview,
 * SelfSubjectAccessReview, SelfSubjectRulesReview). They are asked, never stored. Field order is
 * the Go struct order of v1.32; protobuf numbers as the real generated.proto.
 */
import { bool, field, list, map, str, struct } from '../../schema/build.ts';
import type { ObjectMeta } from './meta-v1.ts';
import { objectType } from './object.ts';

const P = 'io.orch.api.authorization.v1';
const strings = list(str(), { listType: 'atomic' });

export const FieldSelectorRequirement = struct(`${P}.FieldSelectorRequirement`, {
  key: field(1, str(), { omitEmpty: false, description: 'The field selector key.' }),
  operator: field(2, str(), { omitEmpty: false, description: 'In, NotIn, Exists or DoesNotExist.' }),
  values: field(3, strings, { description: 'The values, for In and NotIn.' }),
});

export interface FieldSelectorRequirement {
  /** The field selector key. */
  key?: string;
  /** In, NotIn, Exists or DoesNotExist. */
  operator?: string;
  /** The values, for In and NotIn. */
  values?: string[];
}

export const FieldSelectorAttributes = struct(
  `${P}.FieldSelectorAttributes`,
  {
    rawSelector: field(1, str(), { description: 'The field selector as written in a query.' }),
    requirements: field(2, list(FieldSelectorRequirement, { listType: 'atomic' }), { description: 'The parsed selector.' }),
  },
  { description: 'A field selector a request is limited by.' },
);

/** A field selector a request is limited by. */
export interface FieldSelectorAttributes {
  /** The field selector as written in a query. */
  rawSelector?: string;
  /** The parsed selector. */
  requirements?: FieldSelectorRequirement[];
}

export const LabelSelectorAttributes = struct(
  `${P}.LabelSelectorAttributes`,
  {
    rawSelector: field(1, str(), { description: 'The label selector as written in a query.' }),
    requirements: field(2, list(FieldSelectorRequirement, { listType: 'atomic' }), { description: 'The parsed selector.' }),
  },
  { description: 'A label selector a request is limited by.' },
);

/** A label selector a request is limited by. */
export interface LabelSelectorAttributes {
  /** The label selector as written in a query. */
  rawSelector?: string;
  /** The parsed selector. */
  requirements?: FieldSelectorRequirement[];
}

export const ResourceAttributes = struct(
  `${P}.ResourceAttributes`,
  {
    namespace: field(1, str(), { description: 'The namespace of the action; "" for cluster-scoped resources or all namespaces.' }),
    verb: field(2, str(), {
      description:
        'The verb: get, list, watch, create, update, patch, delete, deletecollection, or a special one such as impersonate; * for all.',
    }),
    group: field(3, str(), { description: 'The API group of the resource; * for all.' }),
    version: field(4, str(), { description: 'The API version of the resource; * for all.' }),
    resource: field(5, str(), { description: 'The resource, such as pods; * for all.' }),
    subresource: field(6, str(), { description: 'The subresource, such as status; "" for none.' }),
    name: field(7, str(), { description: 'The name of the object; "" for all.' }),
    fieldSelector: field(8, FieldSelectorAttributes, { pointer: true, description: 'A field selector the request is limited by.' }),
    labelSelector: field(9, LabelSelectorAttributes, { pointer: true, description: 'A label selector the request is limited by.' }),
  },
  { description: 'An action on a resource, as an authorizer sees it.' },
);

/** An action on a resource, as an authorizer sees it. */
export interface ResourceAttributes {
  /** The namespace of the action; "" for cluster-scoped resources or all namespaces. */
  namespace?: string;
  /**
   * The verb: get, list, watch, create, update, patch, delete, deletecollection, or a special one
   * such as impersonate; * for all.
   */
  verb?: string;
  /** The API group of the resource; * for all. */
  group?: string;
  /** The API version of the resource; * for all. */
  version?: string;
  /** The resource, such as pods; * for all. */
  resource?: string;
  /** The subresource, such as status; "" for none. */
  subresource?: string;
  /** The name of the object; "" for all. */
  name?: string;
  /** A field selector the request is limited by. */
  fieldSelector?: FieldSelectorAttributes;
  /** A label selector the request is limited by. */
  labelSelector?: LabelSelectorAttributes;
}

export const NonResourceAttributes = struct(
  `${P}.NonResourceAttributes`,
  {
    path: field(1, str(), { description: 'The URL path.' }),
    verb: field(2, str(), { description: 'The HTTP verb, lower case (get, post, ...).' }),
  },
  { description: 'An action on a path that is not a resource, as an authorizer sees it.' },
);

/** An action on a path that is not a resource, as an authorizer sees it. */
export interface NonResourceAttributes {
  /** The URL path. */
  path?: string;
  /** The HTTP verb, lower case (get, post, ...). */
  verb?: string;
}

export const SubjectAccessReviewSpec = struct(
  `${P}.SubjectAccessReviewSpec`,
  {
    resourceAttributes: field(1, ResourceAttributes, {
      pointer: true,
      description: 'The action on a resource; this or nonResourceAttributes.',
    }),
    nonResourceAttributes: field(2, NonResourceAttributes, {
      pointer: true,
      description: 'The action on a path; this or resourceAttributes.',
    }),
    user: field(3, str(), { description: 'The user to test; this or groups.' }),
    groups: field(4, strings, { description: 'The groups to test.' }),
    extra: field(5, map(strings), { description: 'Extra information about the user, as an authenticator gives it.' }),
    uid: field(6, str(), { description: 'The uid of the user.' }),
  },
  { description: 'Who to test and for what.' },
);

/** Who to test and for what. */
export interface SubjectAccessReviewSpec {
  /** The action on a resource; this or nonResourceAttributes. */
  resourceAttributes?: ResourceAttributes;
  /** The action on a path; this or resourceAttributes. */
  nonResourceAttributes?: NonResourceAttributes;
  /** The user to test; this or groups. */
  user?: string;
  /** The groups to test. */
  groups?: string[];
  /** Extra information about the user, as an authenticator gives it. */
  extra?: Record<string, string[]>;
  /** The uid of the user. */
  uid?: string;
}

export const SubjectAccessReviewStatus = struct(
  `${P}.SubjectAccessReviewStatus`,
  {
    allowed: field(1, bool(), { omitEmpty: false, description: 'Whether the action is allowed.' }),
    denied: field(4, bool(), { description: 'Whether the action is denied outright (not only not allowed).' }),
    reason: field(2, str(), { description: 'Why, as the authorizer says.' }),
    evaluationError: field(3, str(), { description: 'A failure while evaluating, which may leave the answer incomplete.' }),
  },
  { description: 'The answer of an access review.' },
);

/** The answer of an access review. */
export interface SubjectAccessReviewStatus {
  /** Whether the action is allowed. */
  allowed?: boolean;
  /** Whether the action is denied outright (not only not allowed). */
  denied?: boolean;
  /** Why, as the authorizer says. */
  reason?: string;
  /** A failure while evaluating, which may leave the answer incomplete. */
  evaluationError?: string;
}

export const SelfSubjectAccessReviewSpec = struct(
  `${P}.SelfSubjectAccessReviewSpec`,
  {
    resourceAttributes: field(1, ResourceAttributes, {
      pointer: true,
      description: 'The action on a resource; this or nonResourceAttributes.',
    }),
    nonResourceAttributes: field(2, NonResourceAttributes, {
      pointer: true,
      description: 'The action on a path; this or resourceAttributes.',
    }),
  },
  { description: 'The action to test for the requesting user.' },
);

/** The action to test for the requesting user. */
export interface SelfSubjectAccessReviewSpec {
  /** The action on a resource; this or nonResourceAttributes. */
  resourceAttributes?: ResourceAttributes;
  /** The action on a path; this or resourceAttributes. */
  nonResourceAttributes?: NonResourceAttributes;
}

export const SelfSubjectRulesReviewSpec = struct(
  `${P}.SelfSubjectRulesReviewSpec`,
  { namespace: field(1, str(), { description: 'The namespace to list the rules of.' }) },
  { description: "Where to list the requesting user's rules." },
);

/** Where to list the requesting user's rules. */
export interface SelfSubjectRulesReviewSpec {
  /** The namespace to list the rules of. */
  namespace?: string;
}

export const ResourceRule = struct(
  `${P}.ResourceRule`,
  {
    verbs: field(1, strings, { omitEmpty: false, description: 'The verbs allowed; * for all.' }),
    apiGroups: field(2, strings, { description: 'The API groups; * for all.' }),
    resources: field(3, strings, { description: 'The resources; * for all, */subresource for a subresource of all.' }),
    resourceNames: field(4, strings, { description: 'The names; empty for all.' }),
  },
  { description: 'Verbs allowed on resources.' },
);

/** Verbs allowed on resources. */
export interface ResourceRule {
  /** The verbs allowed; * for all. */
  verbs?: string[] | null;
  /** The API groups; * for all. */
  apiGroups?: string[];
  /** The resources; * for all, *\/subresource for a subresource of all. */
  resources?: string[];
  /** The names; empty for all. */
  resourceNames?: string[];
}

export const NonResourceRule = struct(
  `${P}.NonResourceRule`,
  {
    verbs: field(1, strings, { omitEmpty: false, description: 'The verbs allowed; * for all.' }),
    nonResourceURLs: field(2, strings, { description: 'The paths; a final * allows a prefix.' }),
  },
  { description: 'Verbs allowed on paths that are not resources.' },
);

/** Verbs allowed on paths that are not resources. */
export interface NonResourceRule {
  /** The verbs allowed; * for all. */
  verbs?: string[] | null;
  /** The paths; a final * allows a prefix. */
  nonResourceURLs?: string[];
}

export const SubjectRulesReviewStatus = struct(
  `${P}.SubjectRulesReviewStatus`,
  {
    resourceRules: field(1, list(ResourceRule, { listType: 'atomic' }), { omitEmpty: false, description: 'The rules on resources.' }),
    nonResourceRules: field(2, list(NonResourceRule, { listType: 'atomic' }), { omitEmpty: false, description: 'The rules on paths.' }),
    incomplete: field(3, bool(), {
      omitEmpty: false,
      description: 'True when the list may be missing rules (an authorizer could not list them).',
    }),
    evaluationError: field(4, str(), { description: 'What went wrong while listing.' }),
  },
  { description: 'The rules a user has in a namespace.' },
);

/** The rules a user has in a namespace. */
export interface SubjectRulesReviewStatus {
  /** The rules on resources. */
  resourceRules?: ResourceRule[] | null;
  /** The rules on paths. */
  nonResourceRules?: NonResourceRule[] | null;
  /** True when the list may be missing rules (an authorizer could not list them). */
  incomplete?: boolean;
  /** What went wrong while listing. */
  evaluationError?: string;
}

export const SubjectAccessReview = objectType(
  `${P}.SubjectAccessReview`,
  {
    spec: field(2, SubjectAccessReviewSpec, { omitEmpty: false, description: 'Who to test and for what.' }),
    status: field(3, SubjectAccessReviewStatus, { description: 'The answer, filled in by the server.' }),
  },
  { description: 'Asks whether a user may do an action.' },
);

/** Asks whether a user may do an action. */
export interface SubjectAccessReview {
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
  /** Who to test and for what. */
  spec?: SubjectAccessReviewSpec;
  /** The answer, filled in by the server. */
  status?: SubjectAccessReviewStatus;
}

export const LocalSubjectAccessReview = objectType(
  `${P}.LocalSubjectAccessReview`,
  {
    spec: field(2, SubjectAccessReviewSpec, { omitEmpty: false, description: 'Who to test and for what, in the namespace of the review.' }),
    status: field(3, SubjectAccessReviewStatus, { description: 'The answer, filled in by the server.' }),
  },
  { description: 'Asks whether a user may do an action in one namespace.' },
);

/** Asks whether a user may do an action in one namespace. */
export interface LocalSubjectAccessReview {
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
  /** Who to test and for what, in the namespace of the review. */
  spec?: SubjectAccessReviewSpec;
  /** The answer, filled in by the server. */
  status?: SubjectAccessReviewStatus;
}

export const SelfSubjectAccessReview = objectType(
  `${P}.SelfSubjectAccessReview`,
  {
    spec: field(2, SelfSubjectAccessReviewSpec, { omitEmpty: false, description: 'The action to test.' }),
    status: field(3, SubjectAccessReviewStatus, { description: 'The answer, filled in by the server.' }),
  },
  { description: 'Asks whether the requesting user may do an action (kubectl auth can-i).' },
);

/** Asks whether the requesting user may do an action (kubectl auth can-i). */
export interface SelfSubjectAccessReview {
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
  /** The action to test. */
  spec?: SelfSubjectAccessReviewSpec;
  /** The answer, filled in by the server. */
  status?: SubjectAccessReviewStatus;
}

export const SelfSubjectRulesReview = objectType(
  `${P}.SelfSubjectRulesReview`,
  {
    spec: field(2, SelfSubjectRulesReviewSpec, { omitEmpty: false, description: 'The namespace to list the rules of.' }),
    status: field(3, SubjectRulesReviewStatus, { description: 'The rules, filled in by the server.' }),
  },
  { description: 'Lists what the requesting user may do in a namespace (kubectl auth can-i --list).' },
);

/** Lists what the requesting user may do in a namespace (kubectl auth can-i --list). */
export interface SelfSubjectRulesReview {
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
  /** The namespace to list the rules of. */
  spec?: SelfSubjectRulesReviewSpec;
  /** The rules, filled in by the server. */
  status?: SubjectRulesReviewStatus;
}
