/**
 * Pods as controllers read and write them (core/v1), with the readiness rules every workload
 * controller shares: a pod is ready when its `Ready` condition is True, and available once it has
 * been ready for `minReadySeconds`.
 */
import { resourceType } from '../runtime/api/resources.ts';
import { parseTime } from '../runtime/api/time.ts';
import type { KubeObject } from '../runtime/api/types.ts';

export type ConditionStatus = 'True' | 'False' | 'Unknown';

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

export const PODS = resourceType<Pod>({ group: '', version: 'v1', resource: 'pods', kind: 'Pod', namespaced: true });

export function podCondition(pod: Pod, type: string): PodCondition | undefined {
  return pod.status?.conditions?.find((c) => c.type === type);
}

export function isPodReady(pod: Pod): boolean {
  return podCondition(pod, 'Ready')?.status === 'True';
}

/**
 * Ready for more than `minReadySeconds` by `now` (ms), measured from the Ready condition's last
 * transition; strictly more, as the real check is.
 */
export function isPodAvailable(pod: Pod, minReadySeconds: number, now: number): boolean {
  if (!isPodReady(pod)) return false;
  if (minReadySeconds <= 0) return true;
  const since = parseTime(podCondition(pod, 'Ready')?.lastTransitionTime);
  return since !== undefined && since + minReadySeconds * 1000 < now;
}

export function isPodTerminal(pod: Pod): boolean {
  return pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
}
