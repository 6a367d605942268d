/**
 * The object shapes controllers read and write, as the wire carries them (JSON). Only the fields
 * the runtime and the built-in controllers use are spelled out; every kind keeps its other fields.
 * The resource handles (resources.ts) carry these, so they live here, below every controller.
 */
import type { Status } from '../../../core/index.ts';

export type { Status, StatusCause, StatusDetails } from '../../../core/index.ts';

export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  finalizers?: string[];
  managedFields?: unknown[];
}

/** Any object of any kind: apiVersion, kind, metadata, and whatever else the kind has. */
export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
}

export interface ListMeta {
  resourceVersion?: string;
  continue?: string;
  remainingItemCount?: number;
}

export interface ObjectList<T extends KubeObject> {
  apiVersion?: string;
  kind?: string;
  metadata: ListMeta;
  items: T[];
}

export type ConditionStatus = 'True' | 'False' | 'Unknown';

/** metav1.Condition, the standard shape of `status.conditions` entries. */
export interface Condition {
  type: string;
  status: ConditionStatus;
  observedGeneration?: number;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

/** The conditions of the kinds older than metav1.Condition: the same fields but the generation. */
type KindCondition = Omit<Condition, 'observedGeneration'>;

export interface ConfigMap extends KubeObject {
  immutable?: boolean;
  data?: Record<string, string>;
  binaryData?: Record<string, string>;
}

export type NamespaceCondition = KindCondition;

export interface Namespace extends KubeObject {
  spec?: { finalizers?: string[] };
  status?: { phase?: 'Active' | 'Terminating'; conditions?: NamespaceCondition[] };
}

/** core/v1 ObjectReference, as Events name the object they are about. */
export interface ObjectReference {
  apiVersion?: string;
  kind?: string;
  namespace?: string;
  name?: string;
  uid?: string;
  resourceVersion?: string;
  fieldPath?: string;
}

export interface EventSeries {
  count: number;
  lastObservedTime: string;
}

/** events.orch.io/v1 Event. */
export interface Event extends KubeObject {
  eventTime: string;
  series?: EventSeries;
  reportingController: string;
  reportingInstance: string;
  action: string;
  reason: string;
  regarding: ObjectReference;
  related?: ObjectReference;
  note?: string;
  type: 'Normal' | 'Warning';
}

/** Whether a body is a Status (an error, or the answer to some deletes) rather than an object. */
export function isStatus(value: unknown): value is Status {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'Status';
}

// core/v1 Pod

export interface PodCondition {
  type: string;
  status: ConditionStatus;
  lastProbeTime?: string | null;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface ContainerState {
  waiting?: { reason?: string; message?: string };
  running?: { startedAt?: string };
  terminated?: { exitCode: number; signal?: number; reason?: string; message?: string; startedAt?: string; finishedAt?: string; containerID?: string };
}

export interface ContainerStatus {
  name: string;
  state?: ContainerState;
  lastState?: ContainerState;
  ready: boolean;
  restartCount: number;
  image: string;
  imageID: string;
  containerID?: string;
  started?: boolean;
}

export type PodPhase = 'Pending' | 'Running' | 'Succeeded' | 'Failed' | 'Unknown';

export interface PodIP {
  ip: string;
}

export interface PodResourceClaimStatus {
  name: string;
  resourceClaimName?: string;
}

export interface PodStatus {
  phase?: PodPhase;
  conditions?: PodCondition[];
  message?: string;
  reason?: string;
  hostIP?: string;
  hostIPs?: PodIP[];
  podIP?: string;
  podIPs?: PodIP[];
  startTime?: string;
  initContainerStatuses?: ContainerStatus[];
  containerStatuses?: ContainerStatus[];
  qosClass?: string;
  resourceClaimStatuses?: PodResourceClaimStatus[];
}

export interface Container {
  name: string;
  image?: string;
  volumeMounts?: { name: string; mountPath: string; readOnly?: boolean }[];
  [field: string]: unknown;
}

export interface Volume {
  name: string;
  persistentVolumeClaim?: { claimName: string; readOnly?: boolean };
  [source: string]: unknown;
}

export interface PodResourceClaim {
  name: string;
  resourceClaimName?: string;
  resourceClaimTemplateName?: string;
}

export interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  volumes?: Volume[];
  nodeName?: string;
  hostname?: string;
  subdomain?: string;
  restartPolicy?: string;
  terminationGracePeriodSeconds?: number;
  readinessGates?: { conditionType: string }[];
  resourceClaims?: PodResourceClaim[];
  schedulingGates?: { name: string }[];
  [field: string]: unknown;
}

export interface Pod extends KubeObject {
  spec?: PodSpec;
  status?: PodStatus;
}

export interface PodTemplateSpec {
  metadata?: { labels?: Record<string, string>; annotations?: Record<string, string>; finalizers?: string[]; [field: string]: unknown };
  spec: PodSpec;
}

// apps/v1 StatefulSet and ControllerRevision, core/v1 PersistentVolumeClaim

export interface LabelSelectorRequirement {
  key: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
  values?: string[];
}

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelSelectorRequirement[];
}

export type RetentionPolicyType = 'Retain' | 'Delete';

export interface PersistentVolumeClaim extends KubeObject {
  spec?: Record<string, unknown>;
  status?: Record<string, unknown>;
}

export interface StatefulSetSpec {
  replicas?: number;
  selector: LabelSelector;
  template: PodTemplateSpec;
  volumeClaimTemplates?: PersistentVolumeClaim[];
  serviceName: string;
  podManagementPolicy?: 'OrderedReady' | 'Parallel';
  updateStrategy?: { type?: 'RollingUpdate' | 'OnDelete'; rollingUpdate?: { partition?: number; maxUnavailable?: number | string } };
  revisionHistoryLimit?: number;
  minReadySeconds?: number;
  persistentVolumeClaimRetentionPolicy?: { whenDeleted?: RetentionPolicyType; whenScaled?: RetentionPolicyType };
  ordinals?: { start?: number };
}

export type StatefulSetCondition = KindCondition;

export interface StatefulSetStatus {
  observedGeneration?: number;
  replicas: number;
  readyReplicas?: number;
  currentReplicas?: number;
  updatedReplicas?: number;
  currentRevision?: string;
  updateRevision?: string;
  collisionCount?: number;
  conditions?: StatefulSetCondition[];
  availableReplicas: number;
}

export interface StatefulSet extends KubeObject {
  spec: StatefulSetSpec;
  status?: StatefulSetStatus;
}

export interface ControllerRevision extends KubeObject {
  metadata: ObjectMeta;
  data: unknown;
  revision: number;
}

// flowcontrol.apiserver.orch.io/v1

export type FlowSchemaCondition = KindCondition;

export interface FlowSchema extends KubeObject {
  spec: { priorityLevelConfiguration: { name: string }; [field: string]: unknown };
  status?: { conditions?: FlowSchemaCondition[] };
}

export interface PriorityLevelConfiguration extends KubeObject {
  spec?: Record<string, unknown>;
}

// resource.orch.io/v1beta1

export interface ResourceClaim extends KubeObject {
  spec: Record<string, unknown>;
  status?: Record<string, unknown>;
}

export interface ResourceClaimTemplate extends KubeObject {
  spec: {
    /** Only labels and annotations (validation rejects the rest). */
    metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
    spec: Record<string, unknown>;
  };
}
