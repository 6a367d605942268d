/**
 * A StatefulSet pod's identity: its name `<set>-<ordinal>`, the labels naming it and its revision,
 * its hostname and subdomain, and the volumes of its claims `<template>-<set>-<ordinal>`. Pods
 * are made from the template as the real controller makes them (`generateName` kept, template
 * labels, annotations and finalizers, the set as controller).
 */
import type { PersistentVolumeClaim, Pod, Volume } from '../../core/registry/types/index.ts';
import { isPodAvailable, isPodReady } from '../pod-lifecycle/pod.ts';
import { STATEFUL_SETS } from '../runtime/api/resources.ts';
import { controllerReference } from '../runtime/helpers/owner-refs.ts';
import type { StoredStatefulSet } from './stored-set.ts';

export const POD_NAME_LABEL = 'statefulset.orchestrator.io/pod-name';
export const POD_INDEX_LABEL = 'apps.orchestrator.io/pod-index';
export const REVISION_LABEL = 'controller-revision-hash';

const ORDINAL_NAME = /^(.*)-([0-9]+)$/;
const MAX_INT32 = 2 ** 31 - 1;

/** The set a pod name points to and its ordinal; ordinal -1 when the name has none. */
export function parentAndOrdinal(pod: Pod): { parent: string; ordinal: number } {
  const m = ORDINAL_NAME.exec(pod.metadata.name ?? '');
  if (!m) return { parent: '', ordinal: -1 };
  const n = Number(m[2]);
  return { parent: m[1], ordinal: Number.isSafeInteger(n) && n <= MAX_INT32 ? n : -1 };
}

export const ordinalOf = (pod: Pod): number => parentAndOrdinal(pod).ordinal;
export const replicasOf = (set: StoredStatefulSet): number => set.spec.replicas ?? 1;
export const startOrdinal = (set: StoredStatefulSet): number => set.spec.ordinals?.start ?? 0;
export const endOrdinal = (set: StoredStatefulSet): number => startOrdinal(set) + replicasOf(set) - 1;
export const podName = (set: StoredStatefulSet, ordinal: number): string => `${set.metadata.name}-${ordinal}`;
export const isMemberOf = (set: StoredStatefulSet, pod: Pod): boolean => parentAndOrdinal(pod).parent === set.metadata.name;

export function inOrdinalRange(pod: Pod, set: StoredStatefulSet): boolean {
  const o = ordinalOf(pod);
  return o >= startOrdinal(set) && o <= endOrdinal(set);
}

export function claimName(set: StoredStatefulSet, template: PersistentVolumeClaim, ordinal: number): string {
  return `${template.metadata.name}-${set.metadata.name}-${ordinal}`;
}

/** The claims a pod of this ordinal uses, in template order, keyed by template (= volume) name. */
export function claimsFor(set: StoredStatefulSet, ordinal: number): { volume: string; claim: PersistentVolumeClaim }[] {
  const matchLabels = set.spec.selector.matchLabels ?? {};
  return (set.spec.volumeClaimTemplates ?? []).map((t) => {
    const { status: _status, ...claim } = structuredClone(t);
    claim.metadata = {
      ...claim.metadata,
      name: claimName(set, t, ordinal),
      namespace: set.metadata.namespace,
      labels: { ...claim.metadata.labels, ...matchLabels },
    };
    return { volume: t.metadata.name ?? '', claim };
  });
}

export function identityMatches(set: StoredStatefulSet, pod: Pod): boolean {
  const { parent, ordinal } = parentAndOrdinal(pod);
  return (
    ordinal >= 0 &&
    parent === set.metadata.name &&
    pod.metadata.name === podName(set, ordinal) &&
    pod.metadata.namespace === set.metadata.namespace &&
    pod.metadata.labels?.[POD_NAME_LABEL] === pod.metadata.name &&
    pod.metadata.labels?.[POD_INDEX_LABEL] === String(ordinal)
  );
}

export function storageMatches(set: StoredStatefulSet, pod: Pod): boolean {
  const ordinal = ordinalOf(pod);
  if (ordinal < 0) return false;
  const volumes = new Map((pod.spec?.volumes ?? []).map((v) => [v.name, v]));
  return (set.spec.volumeClaimTemplates ?? []).every(
    (t) => volumes.get(t.metadata.name ?? '')?.persistentVolumeClaim?.claimName === claimName(set, t, ordinal),
  );
}

export function updateIdentity(set: StoredStatefulSet, pod: Pod): void {
  const ordinal = ordinalOf(pod);
  pod.metadata.name = podName(set, ordinal);
  pod.metadata.namespace = set.metadata.namespace;
  pod.metadata.labels = { ...pod.metadata.labels, [POD_NAME_LABEL]: pod.metadata.name, [POD_INDEX_LABEL]: String(ordinal) };
}

/** Claim volumes first, then the template's own volumes a claim does not replace. */
export function updateStorage(set: StoredStatefulSet, pod: Pod): void {
  const claims = claimsFor(set, ordinalOf(pod));
  const byClaim = new Set(claims.map((c) => c.volume));
  const volumes: Volume[] = claims.map((c) => ({ name: c.volume, persistentVolumeClaim: { claimName: c.claim.metadata.name ?? '' } }));
  for (const v of pod.spec?.volumes ?? []) if (!byClaim.has(v.name)) volumes.push(v);
  if (pod.spec) pod.spec.volumes = volumes;
}

export function newStatefulSetPod(set: StoredStatefulSet, ordinal: number): Pod {
  const template = structuredClone(set.spec.template);
  const meta = template.metadata ?? {};
  const pod: Pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: podName(set, ordinal),
      generateName: `${set.metadata.name}-`,
      ...(meta.labels ? { labels: meta.labels } : {}),
      ...(meta.annotations ? { annotations: meta.annotations } : {}),
      ...(meta.finalizers ? { finalizers: meta.finalizers } : {}),
      ownerReferences: [controllerReference(set, STATEFUL_SETS)],
    },
    spec: template.spec,
  };
  updateIdentity(set, pod);
  // Set only when the pod is made: a pod's hostname and subdomain cannot change.
  pod.spec!.hostname = pod.metadata.name;
  pod.spec!.subdomain = set.spec.serviceName;
  updateStorage(set, pod);
  return pod;
}

export function podRevision(pod: Pod): string {
  return pod.metadata.labels?.[REVISION_LABEL] ?? '';
}

function withRevision(pod: Pod, revision: string): Pod {
  pod.metadata.labels = { ...pod.metadata.labels, [REVISION_LABEL]: revision };
  return pod;
}

/**
 * A new pod for `ordinal`: from the current revision below the partition (or, without a rolling
 * update config, below the current replicas), from the update revision otherwise. The condition
 * keeps the real one's operator precedence.
 */
export function newVersionedPod(
  currentSet: StoredStatefulSet,
  updateSet: StoredStatefulSet,
  currentRevision: string,
  updateRevision: string,
  ordinal: number,
): Pod {
  const strategy = currentSet.spec.updateStrategy;
  const start = startOrdinal(currentSet);
  const rolling = strategy?.rollingUpdate;
  const useCurrent =
    (strategy?.type === 'RollingUpdate' && rolling === undefined && ordinal < start + (currentSet.status?.currentReplicas ?? 0)) ||
    (rolling !== undefined && ordinal < start + (rolling.partition ?? 0));
  return useCurrent
    ? withRevision(newStatefulSetPod(currentSet, ordinal), currentRevision)
    : withRevision(newStatefulSetPod(updateSet, ordinal), updateRevision);
}

export const isCreated = (pod: Pod): boolean => !!pod.status?.phase;
export const isPending = (pod: Pod): boolean => pod.status?.phase === 'Pending';
export const isFailed = (pod: Pod): boolean => pod.status?.phase === 'Failed';
export const isSucceeded = (pod: Pod): boolean => pod.status?.phase === 'Succeeded';
export const isTerminating = (pod: Pod): boolean => pod.metadata.deletionTimestamp !== undefined;
export const isRunningAndReady = (pod: Pod): boolean => pod.status?.phase === 'Running' && isPodReady(pod);
export const isRunningAndAvailable = (pod: Pod, minReadySeconds: number, now: number): boolean =>
  pod.status?.phase === 'Running' && isPodAvailable(pod, minReadySeconds, now);
export const isHealthy = (pod: Pod): boolean => isRunningAndReady(pod) && !isTerminating(pod);
