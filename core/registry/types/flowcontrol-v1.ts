/**
 * flowcontrol.apiserver.orch.io/v1 (API priority and fairness): FlowSchema and
 * PriorityLevelConfiguration. Field order is the Go struct order of v1.32; protobuf numbers as
 * the real generated.proto.
 */
import { bool, enumOf, field, int32, list, str, struct, time } from '../../schema/build.ts';
import { objectType } from './object.ts';

const P = 'io.orch.api.flowcontrol.v1';

const conditionFields = {
  type: field(1, str()),
  status: field(2, str()),
  lastTransitionTime: field(3, time()),
  reason: field(4, str()),
  message: field(5, str()),
};

const conditionsList = { listType: 'map', listMapKeys: ['type'], patchStrategy: 'merge', patchMergeKey: 'type' } as const;

// ---------------------------------------------------------------------------- FlowSchema

export const PriorityLevelConfigurationReference = struct(`${P}.PriorityLevelConfigurationReference`, {
  name: field(1, str(), { omitEmpty: false }),
});

export const FlowDistinguisherMethod = struct(`${P}.FlowDistinguisherMethod`, {
  type: field(1, enumOf('ByNamespace', 'ByUser'), { omitEmpty: false }),
});

export const UserSubject = struct(`${P}.UserSubject`, {
  name: field(1, str(), { omitEmpty: false }),
});

export const GroupSubject = struct(`${P}.GroupSubject`, {
  name: field(1, str(), { omitEmpty: false }),
});

export const ServiceAccountSubject = struct(`${P}.ServiceAccountSubject`, {
  namespace: field(1, str(), { omitEmpty: false }),
  name: field(2, str(), { omitEmpty: false }),
});

/** A union: `kind` says which one of the three members is set. */
export const Subject = struct(`${P}.Subject`, {
  kind: field(1, enumOf('Group', 'ServiceAccount', 'User'), { omitEmpty: false }),
  user: field(2, UserSubject, { pointer: true }),
  group: field(3, GroupSubject, { pointer: true }),
  serviceAccount: field(4, ServiceAccountSubject, { pointer: true }),
});

const stringSet = list(str(), { listType: 'set' });

export const ResourcePolicyRule = struct(`${P}.ResourcePolicyRule`, {
  verbs: field(1, stringSet, { omitEmpty: false }),
  apiGroups: field(2, stringSet, { omitEmpty: false }),
  resources: field(3, stringSet, { omitEmpty: false }),
  clusterScope: field(4, bool()),
  namespaces: field(5, stringSet, { omitEmpty: false }),
});

export const NonResourcePolicyRule = struct(`${P}.NonResourcePolicyRule`, {
  verbs: field(1, stringSet, { omitEmpty: false }),
  nonResourceURLs: field(6, stringSet, { omitEmpty: false }),
});

export const PolicyRulesWithSubjects = struct(`${P}.PolicyRulesWithSubjects`, {
  subjects: field(1, list(Subject, { listType: 'atomic' }), { omitEmpty: false }),
  resourceRules: field(2, list(ResourcePolicyRule, { listType: 'atomic' })),
  nonResourceRules: field(3, list(NonResourcePolicyRule, { listType: 'atomic' })),
});

/** The real platform's bounds on `matchingPrecedence`. */
export const MATCHING_PRECEDENCE_DEFAULT = 1000;
export const MATCHING_PRECEDENCE_MAX = 10000;

export const FlowSchemaSpec = struct(`${P}.FlowSchemaSpec`, {
  priorityLevelConfiguration: field(1, PriorityLevelConfigurationReference, { required: true }),
  // Go's defaulting replaces a zero as well as a missing value (the field is a plain int32).
  matchingPrecedence: field(2, int32(), { omitEmpty: false, default: MATCHING_PRECEDENCE_DEFAULT }),
  distinguisherMethod: field(3, FlowDistinguisherMethod, { pointer: true }),
  rules: field(4, list(PolicyRulesWithSubjects, { listType: 'atomic' })),
});

export const FlowSchemaCondition = struct(`${P}.FlowSchemaCondition`, conditionFields);

export const FlowSchemaStatus = struct(`${P}.FlowSchemaStatus`, {
  conditions: field(1, list(FlowSchemaCondition, conditionsList)),
});

export const FlowSchemaSchema = objectType(`${P}.FlowSchema`, {
  spec: field(2, FlowSchemaSpec),
  status: field(3, FlowSchemaStatus),
});

// ---------------------------------------------------------------------------- PriorityLevelConfiguration

export const QueuingConfiguration = struct(`${P}.QueuingConfiguration`, {
  queues: field(1, int32(), { omitEmpty: false, default: 64 }),
  handSize: field(2, int32(), { omitEmpty: false, default: 8 }),
  queueLengthLimit: field(3, int32(), { omitEmpty: false, default: 50 }),
});

export const LimitResponse = struct(`${P}.LimitResponse`, {
  type: field(1, enumOf('Queue', 'Reject'), { omitEmpty: false }),
  queuing: field(2, QueuingConfiguration, { pointer: true }),
});

export const LimitedPriorityLevelConfiguration = struct(`${P}.LimitedPriorityLevelConfiguration`, {
  // A pointer: an explicit 0 (a "jail" level) is kept, only a missing value becomes 30.
  nominalConcurrencyShares: field(1, int32(), { pointer: true, omitEmpty: false, default: 30 }),
  limitResponse: field(2, LimitResponse),
  lendablePercent: field(3, int32(), { pointer: true, default: 0 }),
  borrowingLimitPercent: field(4, int32(), { pointer: true }),
});

export const ExemptPriorityLevelConfiguration = struct(`${P}.ExemptPriorityLevelConfiguration`, {
  nominalConcurrencyShares: field(1, int32(), { pointer: true, default: 0 }),
  lendablePercent: field(2, int32(), { pointer: true, default: 0 }),
});

export const PriorityLevelConfigurationSpec = struct(`${P}.PriorityLevelConfigurationSpec`, {
  type: field(1, enumOf('Exempt', 'Limited'), { omitEmpty: false }),
  limited: field(2, LimitedPriorityLevelConfiguration, { pointer: true }),
  exempt: field(3, ExemptPriorityLevelConfiguration, { pointer: true }),
});

export const PriorityLevelConfigurationCondition = struct(`${P}.PriorityLevelConfigurationCondition`, conditionFields);

export const PriorityLevelConfigurationStatus = struct(`${P}.PriorityLevelConfigurationStatus`, {
  conditions: field(1, list(PriorityLevelConfigurationCondition, conditionsList)),
});

export const PriorityLevelConfigurationSchema = objectType(`${P}.PriorityLevelConfiguration`, {
  spec: field(2, PriorityLevelConfigurationSpec),
  status: field(3, PriorityLevelConfigurationStatus),
});
