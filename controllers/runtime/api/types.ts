/**
 * The object types of the runtime. The shapes of the API's objects are the generated interfaces
 * of core/registry/types (the package's `orch/types`); they are re-exported here under the names
 * `orch/controllers` has always exported, so users need only one import. What is the runtime's
 * own is declared here: the base every handled object satisfies, a list of them, and the test
 * that tells a Status from an object.
 *
 * Type-only throughout: core/registry/types also declares each schema as a value under the same
 * name, which would otherwise follow these names into every bundle that imports the runtime.
 */
import type {
  Condition,
  ListMeta,
  ObjectMeta,
  PodStatus,
  StatefulSetPersistentVolumeClaimRetentionPolicy,
  Status,
} from '../../../core/registry/types/index.ts';

export type {
  ConfigMap,
  Condition,
  Container,
  ContainerState,
  ContainerStatus,
  ControllerRevision,
  Event,
  EventSeries,
  FlowSchema,
  FlowSchemaCondition,
  LabelSelector,
  LabelSelectorRequirement,
  ListMeta,
  Namespace,
  NamespaceCondition,
  ObjectMeta,
  ObjectReference,
  OwnerReference,
  PersistentVolumeClaim,
  Pod,
  PodCondition,
  PodIP,
  PodResourceClaim,
  PodResourceClaimStatus,
  PodSpec,
  PodStatus,
  PodTemplateSpec,
  PriorityLevelConfiguration,
  ResourceClaim,
  ResourceClaimTemplate,
  Service,
  ServicePort,
  ServiceSpec,
  StatefulSet,
  StatefulSetCondition,
  StatefulSetSpec,
  StatefulSetStatus,
  Status,
  StatusCause,
  StatusDetails,
  Volume,
} from '../../../core/registry/types/index.ts';

/**
 * Any object of any kind: what the client, informers and controllers need of it. Every generated
 * kind satisfies it (a kind's root always has `metadata`).
 */
export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
}

/** A list of any kind, as a list answers: the generated `…List` interfaces are this for one kind. */
export interface ObjectList<T extends KubeObject> {
  apiVersion?: string;
  kind?: string;
  metadata: ListMeta;
  items: T[];
}

/** The status of a condition (the schema of metav1.Condition accepts only these). */
export type ConditionStatus = Condition['status'];
/** A pod's phase (the schema accepts only these). */
export type PodPhase = NonNullable<PodStatus['phase']>;
/** What happens to a StatefulSet's claims when it is deleted or scaled down. */
export type RetentionPolicyType = NonNullable<StatefulSetPersistentVolumeClaimRetentionPolicy['whenDeleted']>;

/** Whether a body is a Status (an error, or the answer to some deletes) rather than an object. */
export function isStatus(value: unknown): value is Status {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'Status';
}
