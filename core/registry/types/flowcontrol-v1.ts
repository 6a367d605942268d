/**
 * flowcontrol.apiserver.orch.io/v1 (API priority and fairness): FlowSchema and
 * PriorityLevelConfiguration. Field order is the Go struct order of v1.32; protobuf numbers as
 * the real generated.proto.
 * The interfaces beside the schema values are written by `node scripts/gen-types.mjs`.
 */
import { bool, enumOf, field, int32, list, str, struct, time } from '../../schema/build.ts';
import { CONDITION_STATUS_VALUES } from './meta-v1.ts';
import { listType, objectType } from './object.ts';
import type { ListMeta, ObjectMeta } from './meta-v1.ts';

const P = 'io.orch.api.flowcontrol.v1';

const conditionFields = {
  type: field(1, str(), { description: 'The kind of condition.' }),
  status: field(2, enumOf(CONDITION_STATUS_VALUES, { checkedBy: 'kind' }), { description: 'Whether the condition holds.' }),
  lastTransitionTime: field(3, time(), { description: 'When the condition last changed from one status to another.' }),
  reason: field(4, str(), { description: 'A one-word CamelCase reason for the last transition.' }),
  message: field(5, str(), { description: 'A human readable explanation of the last transition.' }),
};

const conditionsList = { listType: 'map', listMapKeys: ['type'], patchStrategy: 'merge', patchMergeKey: 'type' } as const;

// ---------------------------------------------------------------------------- FlowSchema

export const PriorityLevelConfigurationReference = struct(
  `${P}.PriorityLevelConfigurationReference`,
  { name: field(1, str(), { omitEmpty: false, description: 'The name of the PriorityLevelConfiguration. Required.' }) },
  { description: 'A PriorityLevelConfiguration, by name.' },
);

/** A PriorityLevelConfiguration, by name. */
export interface PriorityLevelConfigurationReference {
  /** The name of the PriorityLevelConfiguration. Required. */
  name?: string;
}

export const FlowDistinguisherMethod = struct(
  `${P}.FlowDistinguisherMethod`,
  {
    type: field(
      1,
      enumOf({
        ByNamespace: 'makes each namespace of the requested objects a flow of its own; requests without a namespace are one flow.',
        ByUser: 'makes the requests of each user a flow of their own.',
      }),
      { omitEmpty: false, description: 'What tells the flows of a FlowSchema apart. Required.' },
    ),
  },
  { description: 'How the requests of a FlowSchema are divided into flows, which the priority level queues fairly.' },
);

/**
 * How the requests of a FlowSchema are divided into flows, which the priority level queues fairly.
 */
export interface FlowDistinguisherMethod {
  /**
   * What tells the flows of a FlowSchema apart. Required.
   *
   * - `ByNamespace`: makes each namespace of the requested objects a flow of its own; requests
   *   without a namespace are one flow.
   * - `ByUser`: makes the requests of each user a flow of their own.
   */
  type?: 'ByNamespace' | 'ByUser';
}

export const UserSubject = struct(
  `${P}.UserSubject`,
  { name: field(1, str(), { omitEmpty: false, description: 'The user name, or * for every user. Required.' }) },
  { description: 'A user who makes requests.' },
);

/** A user who makes requests. */
export interface UserSubject {
  /** The user name, or * for every user. Required. */
  name?: string;
}

export const GroupSubject = struct(
  `${P}.GroupSubject`,
  { name: field(1, str(), { omitEmpty: false, description: 'The group name, or * for every group. Required.' }) },
  { description: 'A group of users who make requests.' },
);

/** A group of users who make requests. */
export interface GroupSubject {
  /** The group name, or * for every group. Required. */
  name?: string;
}

export const ServiceAccountSubject = struct(
  `${P}.ServiceAccountSubject`,
  {
    namespace: field(1, str(), { omitEmpty: false, description: 'The namespace of the service account. Required.' }),
    name: field(2, str(), {
      omitEmpty: false,
      description: 'The name of the service account, or * for every one of the namespace. Required.',
    }),
  },
  { description: 'A service account that makes requests.' },
);

/** A service account that makes requests. */
export interface ServiceAccountSubject {
  /** The namespace of the service account. Required. */
  namespace?: string;
  /** The name of the service account, or * for every one of the namespace. Required. */
  name?: string;
}

/** A union: `kind` says which one of the three members is set. */
export const Subject = struct(
  `${P}.Subject`,
  {
    kind: field(
      1,
      enumOf({
        Group: 'matches the users of the group in group.',
        ServiceAccount: 'matches the service account in serviceAccount.',
        User: 'matches the user in user.',
      }),
      { omitEmpty: false, description: 'Which of user, group and serviceAccount is set. Required.' },
    ),
    user: field(2, UserSubject, { pointer: true, description: 'The user, when kind is User.' }),
    group: field(3, GroupSubject, { pointer: true, description: 'The group, when kind is Group.' }),
    serviceAccount: field(4, ServiceAccountSubject, { pointer: true, description: 'The service account, when kind is ServiceAccount.' }),
  },
  { description: 'Who made a request: a user, a group or a service account, as kind says.' },
);

/** Who made a request: a user, a group or a service account, as kind says. */
export interface Subject {
  /**
   * Which of user, group and serviceAccount is set. Required.
   *
   * - `Group`: matches the users of the group in group.
   * - `ServiceAccount`: matches the service account in serviceAccount.
   * - `User`: matches the user in user.
   */
  kind?: 'Group' | 'ServiceAccount' | 'User';
  /** The user, when kind is User. */
  user?: UserSubject;
  /** The group, when kind is Group. */
  group?: GroupSubject;
  /** The service account, when kind is ServiceAccount. */
  serviceAccount?: ServiceAccountSubject;
}

const stringSet = list(str(), { listType: 'set' });

export const ResourcePolicyRule = struct(
  `${P}.ResourcePolicyRule`,
  {
    verbs: field(1, stringSet, { omitEmpty: false, description: 'The verbs that match, or * for all (then alone). Required.' }),
    apiGroups: field(2, stringSet, { omitEmpty: false, description: 'The API groups that match, or * for all (then alone). Required.' }),
    resources: field(3, stringSet, {
      omitEmpty: false,
      description:
        'The resources that match: lowercase plural names, with a subresource if any (such as nodes/status), or * for all (then alone). Required.',
    }),
    clusterScope: field(4, bool(), {
      description:
        'Whether requests without a namespace match (for cluster-scoped resources, or across all namespaces). When false or unset, namespaces must not be empty.',
    }),
    namespaces: field(5, stringSet, {
      omitEmpty: false,
      description: 'The namespaces a namespaced request must be in to match; * matches every namespace, but not a request without one.',
    }),
  },
  {
    description:
      'Matches requests for resources: the verb, API group and resource must match, and the request must be for a listed namespace, or have none and clusterScope be true.',
  },
);

/**
 * Matches requests for resources: the verb, API group and resource must match, and the request must
 * be for a listed namespace, or have none and clusterScope be true.
 */
export interface ResourcePolicyRule {
  /** The verbs that match, or * for all (then alone). Required. */
  verbs?: string[] | null;
  /** The API groups that match, or * for all (then alone). Required. */
  apiGroups?: string[] | null;
  /**
   * The resources that match: lowercase plural names, with a subresource if any (such as
   * nodes/status), or * for all (then alone). Required.
   */
  resources?: string[] | null;
  /**
   * Whether requests without a namespace match (for cluster-scoped resources, or across all
   * namespaces). When false or unset, namespaces must not be empty.
   */
  clusterScope?: boolean;
  /**
   * The namespaces a namespaced request must be in to match; * matches every namespace, but not a
   * request without one.
   */
  namespaces?: string[] | null;
}

export const NonResourcePolicyRule = struct(
  `${P}.NonResourcePolicyRule`,
  {
    verbs: field(1, stringSet, {
      omitEmpty: false,
      description: 'The verbs that match, such as get, or * for all (then alone). Required, not empty.',
    }),
    nonResourceURLs: field(6, stringSet, {
      omitEmpty: false,
      description:
        'The URL paths that match, not empty: "/healthz" matches that path, "/healthz/*" every path below it, "*" every path (then alone); "/hea*" is not allowed. Required.',
    }),
  },
  { description: 'Matches requests for paths that are not resources (such as /healthz): the verb and the path must match.' },
);

/**
 * Matches requests for paths that are not resources (such as /healthz): the verb and the path must
 * match.
 */
export interface NonResourcePolicyRule {
  /** The verbs that match, such as get, or * for all (then alone). Required, not empty. */
  verbs?: string[] | null;
  /**
   * The URL paths that match, not empty: "/healthz" matches that path, "/healthz/*" every path
   * below it, "*" every path (then alone); "/hea*" is not allowed. Required.
   */
  nonResourceURLs?: string[] | null;
}

export const PolicyRulesWithSubjects = struct(
  `${P}.PolicyRulesWithSubjects`,
  {
    subjects: field(1, list(Subject, { listType: 'atomic' }), {
      omitEmpty: false,
      description:
        'Who the rule is about: a request matches when any subject does; at least one. The groups system:authenticated and system:unauthenticated together match every request. Required.',
    }),
    resourceRules: field(2, list(ResourcePolicyRule, { listType: 'atomic' }), {
      description: 'Requests for resources that match; this or nonResourceRules must not be empty.',
    }),
    nonResourceRules: field(3, list(NonResourcePolicyRule, { listType: 'atomic' }), {
      description: 'Requests for non-resource paths that match; this or resourceRules must not be empty.',
    }),
  },
  {
    description:
      'A test on requests: it matches a request when at least one subject matches it and at least one resource or non-resource rule does.',
  },
);

/**
 * A test on requests: it matches a request when at least one subject matches it and at least one
 * resource or non-resource rule does.
 */
export interface PolicyRulesWithSubjects {
  /**
   * Who the rule is about: a request matches when any subject does; at least one. The groups
   * system:authenticated and system:unauthenticated together match every request. Required.
   */
  subjects?: Subject[] | null;
  /** Requests for resources that match; this or nonResourceRules must not be empty. */
  resourceRules?: ResourcePolicyRule[];
  /** Requests for non-resource paths that match; this or resourceRules must not be empty. */
  nonResourceRules?: NonResourcePolicyRule[];
}

/** The real platform's bounds on `matchingPrecedence`. */
export const MATCHING_PRECEDENCE_DEFAULT = 1000;
export const MATCHING_PRECEDENCE_MAX = 10000;

export const FlowSchemaSpec = struct(
  `${P}.FlowSchemaSpec`,
  {
    priorityLevelConfiguration: field(1, PriorityLevelConfigurationReference, {
      required: true,
      description:
        'The priority level that handles the matching requests. When it cannot be found, the FlowSchema is ignored and marked invalid in its status. Required.',
    }),
    // Go's defaulting replaces a zero as well as a missing value (the field is a plain int32).
    matchingPrecedence: field(2, int32(), {
      omitEmpty: false,
      default: MATCHING_PRECEDENCE_DEFAULT,
      description: 'Ranks the FlowSchemas a request matches: the numerically lowest wins (1 to 10000, default 1000).',
    }),
    distinguisherMethod: field(3, FlowDistinguisherMethod, {
      pointer: true,
      description:
        'How the requests of the schema are divided into flows. Unset: they are all one flow (the distinguisher is always empty).',
    }),
    rules: field(4, list(PolicyRulesWithSubjects, { listType: 'atomic' }), {
      description: 'The requests the schema is about: a request matches when at least one rule does; an empty list matches none.',
    }),
  },
  { description: 'Which requests a FlowSchema matches, and the priority level and flows they go to.' },
);

/** Which requests a FlowSchema matches, and the priority level and flows they go to. */
export interface FlowSchemaSpec {
  /**
   * The priority level that handles the matching requests. When it cannot be found, the FlowSchema
   * is ignored and marked invalid in its status. Required.
   */
  priorityLevelConfiguration: PriorityLevelConfigurationReference;
  /**
   * Ranks the FlowSchemas a request matches: the numerically lowest wins (1 to 10000, default
   * 1000).
   */
  matchingPrecedence?: number;
  /**
   * How the requests of the schema are divided into flows. Unset: they are all one flow (the
   * distinguisher is always empty).
   */
  distinguisherMethod?: FlowDistinguisherMethod;
  /**
   * The requests the schema is about: a request matches when at least one rule does; an empty list
   * matches none.
   */
  rules?: PolicyRulesWithSubjects[];
}

export const FlowSchemaCondition = struct(`${P}.FlowSchemaCondition`, conditionFields, {
  description: 'One aspect of the state of a FlowSchema.',
});

/** One aspect of the state of a FlowSchema. */
export interface FlowSchemaCondition {
  /** The kind of condition. */
  type?: string;
  /**
   * Whether the condition holds.
   *
   * - `True`: the condition holds.
   * - `False`: the condition does not hold.
   * - `Unknown`: whether the condition holds cannot be told.
   */
  status?: string;
  /** When the condition last changed from one status to another. */
  lastTransitionTime?: string | null;
  /** A one-word CamelCase reason for the last transition. */
  reason?: string;
  /** A human readable explanation of the last transition. */
  message?: string;
}

export const FlowSchemaStatus = struct(
  `${P}.FlowSchemaStatus`,
  {
    conditions: field(1, list(FlowSchemaCondition, conditionsList), {
      description: 'The current conditions of the FlowSchema, such as Dangling when its priority level is missing.',
    }),
  },
  { description: 'The observed state of a FlowSchema.' },
);

/** The observed state of a FlowSchema. */
export interface FlowSchemaStatus {
  /**
   * The current conditions of the FlowSchema, such as Dangling when its priority level is missing.
   */
  conditions?: FlowSchemaCondition[];
}

export const FlowSchema = objectType(
  `${P}.FlowSchema`,
  {
    spec: field(2, FlowSchemaSpec, { description: 'Which requests the FlowSchema matches and where they go.' }),
    status: field(3, FlowSchemaStatus, { description: 'The current state of the FlowSchema.' }),
  },
  {
    description:
      'A group of flows: requests with similar attributes that API priority and fairness handles at one priority level. A flow is identified by the name of the FlowSchema and a flow distinguisher.',
  },
);

/**
 * A group of flows: requests with similar attributes that API priority and fairness handles at one
 * priority level. A flow is identified by the name of the FlowSchema and a flow distinguisher.
 */
export interface FlowSchema {
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
  /** Which requests the FlowSchema matches and where they go. */
  spec?: FlowSchemaSpec;
  /** The current state of the FlowSchema. */
  status?: FlowSchemaStatus;
}

export const FlowSchemaList = listType(FlowSchema);

/** A list of FlowSchema objects. */
export interface FlowSchemaList {
  /** The kind of the list, FlowSchemaList. */
  kind?: string;
  /**
   * The version of the schema the object is written in: <group>/<version>, or just <version> (such
   * as v1) for the core group. The server converts objects between the versions it serves.
   */
  apiVersion?: string;
  /** Standard list metadata: the version of the collection and the token of the next page. */
  metadata: ListMeta;
  /** The FlowSchema objects. Required. */
  items: FlowSchema[];
}

// ---------------------------------------------------------------------------- PriorityLevelConfiguration

export const QueuingConfiguration = struct(
  `${P}.QueuingConfiguration`,
  {
    queues: field(1, int32(), {
      omitEmpty: false,
      default: 64,
      description: 'How many queues the level has (default 64); 1 makes one plain FIFO queue, without shuffle sharding.',
    }),
    handSize: field(2, int32(), {
      omitEmpty: false,
      default: 8,
      description:
        'How many of the queues each flow is dealt by shuffle sharding, at most queues (default 8); a request joins the shortest of them.',
    }),
    queueLengthLimit: field(3, int32(), {
      omitEmpty: false,
      default: 50,
      description: 'How many requests may wait in one queue; more are rejected (default 50).',
    }),
  },
  { description: 'The queues of a priority level whose excess requests wait.' },
);

/** The queues of a priority level whose excess requests wait. */
export interface QueuingConfiguration {
  /**
   * How many queues the level has (default 64); 1 makes one plain FIFO queue, without shuffle
   * sharding.
   */
  queues?: number;
  /**
   * How many of the queues each flow is dealt by shuffle sharding, at most queues (default 8); a
   * request joins the shortest of them.
   */
  handSize?: number;
  /** How many requests may wait in one queue; more are rejected (default 50). */
  queueLengthLimit?: number;
}

export const LimitResponse = struct(
  `${P}.LimitResponse`,
  {
    type: field(
      1,
      enumOf({
        Queue: 'lets it wait in a queue until it can run, or until it times out.',
        Reject: 'rejects it at once with HTTP 429 (Too Many Requests).',
      }),
      { omitEmpty: false, description: 'What becomes of a request that cannot run at once. Required.' },
    ),
    queuing: field(2, QueuingConfiguration, { pointer: true, description: 'The queues, when type is Queue.' }),
  },
  { description: 'What a limited priority level does with requests beyond its concurrency.' },
);

/** What a limited priority level does with requests beyond its concurrency. */
export interface LimitResponse {
  /**
   * What becomes of a request that cannot run at once. Required.
   *
   * - `Queue`: lets it wait in a queue until it can run, or until it times out.
   * - `Reject`: rejects it at once with HTTP 429 (Too Many Requests).
   */
  type?: 'Queue' | 'Reject';
  /** The queues, when type is Queue. */
  queuing?: QueuingConfiguration;
}

export const LimitedPriorityLevelConfiguration = struct(
  `${P}.LimitedPriorityLevelConfiguration`,
  {
    // A pointer: an explicit 0 (a "jail" level) is kept, only a missing value becomes 30.
    nominalConcurrencyShares: field(1, int32(), {
      pointer: true,
      omitEmpty: false,
      default: 30,
      description:
        "The level's share of the server's concurrency limit, relative to the shares of the other limited levels (default 30; 0 is allowed).",
    }),
    limitResponse: field(2, LimitResponse, { description: 'What happens to requests that cannot run at once.' }),
    lendablePercent: field(3, int32(), {
      pointer: true,
      default: 0,
      description: 'How much of its nominal concurrency other levels may borrow, in percent (0 to 100, default 0).',
    }),
    borrowingLimitPercent: field(4, int32(), {
      pointer: true,
      description: 'How much concurrency the level may borrow from others, in percent of its nominal concurrency; unset: no limit.',
    }),
  },
  { description: 'The concurrency of a limited priority level and what happens to the requests beyond it.' },
);

/** The concurrency of a limited priority level and what happens to the requests beyond it. */
export interface LimitedPriorityLevelConfiguration {
  /**
   * The level's share of the server's concurrency limit, relative to the shares of the other
   * limited levels (default 30; 0 is allowed).
   */
  nominalConcurrencyShares?: number | null;
  /** What happens to requests that cannot run at once. */
  limitResponse?: LimitResponse;
  /**
   * How much of its nominal concurrency other levels may borrow, in percent (0 to 100, default 0).
   */
  lendablePercent?: number;
  /**
   * How much concurrency the level may borrow from others, in percent of its nominal concurrency;
   * unset: no limit.
   */
  borrowingLimitPercent?: number;
}

export const ExemptPriorityLevelConfiguration = struct(
  `${P}.ExemptPriorityLevelConfiguration`,
  {
    nominalConcurrencyShares: field(1, int32(), {
      pointer: true,
      default: 0,
      description:
        'The nominal share of the level; exempt requests are never limited, so it only counts in the borrowing between levels (default 0).',
    }),
    lendablePercent: field(2, int32(), {
      pointer: true,
      default: 0,
      description: 'How much of its nominal concurrency other levels may borrow, in percent (0 to 100, default 0).',
    }),
  },
  { description: 'Settings of an exempt priority level.' },
);

/** Settings of an exempt priority level. */
export interface ExemptPriorityLevelConfiguration {
  /**
   * The nominal share of the level; exempt requests are never limited, so it only counts in the
   * borrowing between levels (default 0).
   */
  nominalConcurrencyShares?: number;
  /**
   * How much of its nominal concurrency other levels may borrow, in percent (0 to 100, default 0).
   */
  lendablePercent?: number;
}

export const PriorityLevelConfigurationSpec = struct(
  `${P}.PriorityLevelConfigurationSpec`,
  {
    type: field(
      1,
      enumOf({
        Exempt: 'never limits or queues the requests of the level (for system traffic that must always get through).',
        Limited: 'gives the requests of the level a bounded part of the concurrency of the server; the rest wait or are rejected.',
      }),
      { omitEmpty: false, description: 'Whether the requests of the level are limited. Required.' },
    ),
    limited: field(2, LimitedPriorityLevelConfiguration, { pointer: true, description: 'The limits, when type is Limited.' }),
    exempt: field(3, ExemptPriorityLevelConfiguration, { pointer: true, description: 'Settings of the level, when type is Exempt.' }),
  },
  { description: 'How a priority level handles its requests.' },
);

/** How a priority level handles its requests. */
export interface PriorityLevelConfigurationSpec {
  /**
   * Whether the requests of the level are limited. Required.
   *
   * - `Exempt`: never limits or queues the requests of the level (for system traffic that must
   *   always get through).
   * - `Limited`: gives the requests of the level a bounded part of the concurrency of the server;
   *   the rest wait or are rejected.
   */
  type?: 'Exempt' | 'Limited';
  /** The limits, when type is Limited. */
  limited?: LimitedPriorityLevelConfiguration;
  /** Settings of the level, when type is Exempt. */
  exempt?: ExemptPriorityLevelConfiguration;
}

export const PriorityLevelConfigurationCondition = struct(`${P}.PriorityLevelConfigurationCondition`, conditionFields, {
  description: 'One aspect of the state of a priority level.',
});

/** One aspect of the state of a priority level. */
export interface PriorityLevelConfigurationCondition {
  /** The kind of condition. */
  type?: string;
  /**
   * Whether the condition holds.
   *
   * - `True`: the condition holds.
   * - `False`: the condition does not hold.
   * - `Unknown`: whether the condition holds cannot be told.
   */
  status?: string;
  /** When the condition last changed from one status to another. */
  lastTransitionTime?: string | null;
  /** A one-word CamelCase reason for the last transition. */
  reason?: string;
  /** A human readable explanation of the last transition. */
  message?: string;
}

export const PriorityLevelConfigurationStatus = struct(
  `${P}.PriorityLevelConfigurationStatus`,
  {
    conditions: field(1, list(PriorityLevelConfigurationCondition, conditionsList), {
      description: 'The current conditions of the priority level.',
    }),
  },
  { description: 'The observed state of a priority level.' },
);

/** The observed state of a priority level. */
export interface PriorityLevelConfigurationStatus {
  /** The current conditions of the priority level. */
  conditions?: PriorityLevelConfigurationCondition[];
}

export const PriorityLevelConfiguration = objectType(
  `${P}.PriorityLevelConfiguration`,
  {
    spec: field(2, PriorityLevelConfigurationSpec, { description: 'How the level handles its requests.' }),
    status: field(3, PriorityLevelConfigurationStatus, { description: 'The current state of the level.' }),
  },
  {
    description:
      'A priority level of API priority and fairness: how much of the concurrency of the server its requests get, and what becomes of those beyond it. FlowSchemas send requests to it.',
  },
);

/**
 * A priority level of API priority and fairness: how much of the concurrency of the server its
 * requests get, and what becomes of those beyond it. FlowSchemas send requests to it.
 */
export interface PriorityLevelConfiguration {
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
  /** How the level handles its requests. */
  spec?: PriorityLevelConfigurationSpec;
  /** The current state of the level. */
  status?: PriorityLevelConfigurationStatus;
}

export const PriorityLevelConfigurationList = listType(PriorityLevelConfiguration);

/** A list of PriorityLevelConfiguration objects. */
export interface PriorityLevelConfigurationList {
  /** The kind of the list, PriorityLevelConfigurationList. */
  kind?: string;
  /**
   * The version of the schema the object is written in: <group>/<version>, or just <version> (such
   * as v1) for the core group. The server converts objects between the versions it serves.
   */
  apiVersion?: string;
  /** Standard list metadata: the version of the collection and the token of the next page. */
  metadata: ListMeta;
  /** The PriorityLevelConfiguration objects. Required. */
  items: PriorityLevelConfiguration[];
}
