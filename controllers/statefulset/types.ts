/** The apps/v1 and core/v1 shapes the StatefulSet controller reads and writes. */
import { resourceType } from '../runtime/api/resources.ts';
import type { KubeObject, ObjectMeta } from '../runtime/api/types.ts';
import type { PodTemplateSpec } from '../pod-lifecycle/pod.ts';

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

export interface StatefulSetCondition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

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

export const STATEFUL_SETS = resourceType<StatefulSet>({ group: 'apps', version: 'v1', resource: 'statefulsets', kind: 'StatefulSet', namespaced: true });
export const CONTROLLER_REVISIONS = resourceType<ControllerRevision>({ group: 'apps', version: 'v1', resource: 'controllerrevisions', kind: 'ControllerRevision', namespaced: true });
export const PERSISTENT_VOLUME_CLAIMS = resourceType<PersistentVolumeClaim>({ group: '', version: 'v1', resource: 'persistentvolumeclaims', kind: 'PersistentVolumeClaim', namespaced: true });
