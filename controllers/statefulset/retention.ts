/**
 * PVC retention (`persistentVolumeClaimRetentionPolicy`, gate StatefulSetAutoDeletePVC): the
 * claims' owner references say who takes them along when deleted, and the garbage collector
 * does the rest.
 *
 *   whenScaled  whenDeleted   owner of a claim of a pod in range   ... of a scaled-down pod
 *   Retain      Retain        none                                 none
 *   Retain      Delete        the set                              the set
 *   Delete      Retain        none                                 the pod
 *   Delete      Delete        the set                              the pod
 *
 * Claims in a state the controller did not make (a stale reference to an earlier set or pod of
 * the same name, another controller) are left alone, as the real controller leaves them.
 */
import type { OwnerReference, PersistentVolumeClaim, Pod } from '../../core/registry/types/index.ts';
import { apiVersionOf, PODS, STATEFUL_SETS, type ResourceType } from '../runtime/api/resources.ts';
import type { KubeObject, RetentionPolicyType } from '../runtime/api/types.ts';
import { controllerReference } from '../runtime/helpers/owner-refs.ts';
import { inOrdinalRange } from './identity.ts';
import type { StoredStatefulSet } from './stored-set.ts';

export interface RetentionPolicy {
  whenDeleted: RetentionPolicyType;
  whenScaled: RetentionPolicyType;
}

export function retentionPolicy(set: StoredStatefulSet): RetentionPolicy {
  const p = set.spec.persistentVolumeClaimRetentionPolicy;
  return { whenDeleted: p?.whenDeleted ?? 'Retain', whenScaled: p?.whenScaled ?? 'Retain' };
}

const refs = (claim: PersistentVolumeClaim): OwnerReference[] => claim.metadata.ownerReferences ?? [];

/** The reference names this object (by kind and name, whatever the uid). */
function matchesRef(ref: OwnerReference, obj: KubeObject, type: ResourceType): boolean {
  return ref.apiVersion === apiVersionOf(type) && ref.kind === type.kind && ref.name === obj.metadata.name;
}

function hasOwnerRef(claim: PersistentVolumeClaim, owner: KubeObject): boolean {
  return refs(claim).some((r) => r.uid === owner.metadata.uid);
}

/** A reference to an object of this name whose uid is not this object's: left by an earlier one. */
export function hasStaleOwnerRef(claim: PersistentVolumeClaim, obj: KubeObject, type: ResourceType): boolean {
  const ref = refs(claim).find((r) => matchesRef(r, obj, type));
  return ref !== undefined && ref.uid !== (obj.metadata.uid ?? '');
}

function isRetainAll(p: RetentionPolicy): boolean {
  return p.whenScaled === 'Retain' && p.whenDeleted === 'Retain';
}

export function hasUnexpectedController(claim: PersistentVolumeClaim, set: StoredStatefulSet, pod: Pod): boolean {
  if (isRetainAll(retentionPolicy(set))) return false;
  for (const r of refs(claim)) {
    if (matchesRef(r, set, STATEFUL_SETS)) {
      if (r.uid !== set.metadata.uid) return true;
      continue;
    }
    if (matchesRef(r, pod, PODS)) {
      if (r.uid !== pod.metadata.uid) return true;
      continue;
    }
    if (r.controller === true) return true;
  }
  return false;
}

function hasNonControllerOwner(claim: PersistentVolumeClaim, set: StoredStatefulSet, pod: Pod): boolean {
  return refs(claim).some((r) => (r.uid === set.metadata.uid || r.uid === pod.metadata.uid) && r.controller !== true);
}

/** Whether the claim's owners already say what the policy wants. */
export function isClaimOwnerUpToDate(claim: PersistentVolumeClaim, set: StoredStatefulSet, pod: Pod): boolean {
  if (hasStaleOwnerRef(claim, set, STATEFUL_SETS) || hasStaleOwnerRef(claim, pod, PODS)) return true;
  if (hasUnexpectedController(claim, set, pod)) return !(hasOwnerRef(claim, set) || hasOwnerRef(claim, pod));
  if (hasNonControllerOwner(claim, set, pod)) return false;
  const p = retentionPolicy(set);
  const scaledDown = !inOrdinalRange(pod, set);
  const bySet = hasOwnerRef(claim, set);
  const byPod = hasOwnerRef(claim, pod);
  if (p.whenScaled === 'Delete' && p.whenDeleted === 'Delete') return scaledDown !== bySet && scaledDown === byPod;
  if (p.whenScaled === 'Delete') return !bySet && scaledDown === byPod;
  if (p.whenDeleted === 'Delete') return bySet && !byPod;
  return !bySet && !byPod;
}

/** The claim's owner references as the policy wants them (a new list). */
export function ownersForPolicy(claim: PersistentVolumeClaim, set: StoredStatefulSet, pod: Pod): OwnerReference[] {
  const unexpected = hasUnexpectedController(claim, set, pod);
  const out = refs(claim).filter((r) => !matchesRef(r, set, STATEFUL_SETS) && !matchesRef(r, pod, PODS));
  if (unexpected) return out;
  const p = retentionPolicy(set);
  const scaledDown = !inOrdinalRange(pod, set);
  const add = (owner: KubeObject, type: ResourceType) => {
    if (!out.some((r) => r.uid === owner.metadata.uid)) out.push(controllerReference(owner, type));
  };
  if (p.whenScaled === 'Delete' && scaledDown) add(pod, PODS);
  if (p.whenDeleted === 'Delete' && !(p.whenScaled === 'Delete' && scaledDown)) add(set, STATEFUL_SETS);
  return out;
}
