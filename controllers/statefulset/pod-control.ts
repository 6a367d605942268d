/**
 * Writes of the StatefulSet controller on pods and claims, each recorded as an Event on the set
 * worded as the real controller words them (`SuccessfulCreate` "create Pod web-0 in StatefulSet
 * web successful", `FailedCreate` "... failed error: ...", claims "create Claim data-web-0 Pod
 * web-0 in StatefulSet web success").
 */
import type { ObjectReference, PersistentVolumeClaim, Pod } from '../../core/registry/types/index.ts';
import { keyOf, PERSISTENT_VOLUME_CLAIMS, PODS, type ResourceType } from '../runtime/api/resources.ts';
import type { KubeObject } from '../runtime/api/types.ts';
import { isAlreadyExists, isNotFound } from '../runtime/client/api-error.ts';
import type { Client } from '../runtime/client/client.ts';
import { referenceTo, type EventRecorder } from '../runtime/helpers/events.ts';
import type { Store } from '../runtime/informer/store.ts';
import { claimsFor, identityMatches, ordinalOf, storageMatches, updateIdentity, updateStorage } from './identity.ts';
import { hasStaleOwnerRef, hasUnexpectedController, isClaimOwnerUpToDate, ownersForPolicy, retentionPolicy } from './retention.ts';
import type { StoredStatefulSet } from './stored-set.ts';

function title(verb: string): string {
  return verb[0].toUpperCase() + verb.slice(1);
}

/**
 * The pod or claim an event is about, as its `related` object. The real controller's (core/v1)
 * events tell them apart by message; events/v1 series are keyed without the note, so without
 * this a claim's and a pod's creation would count as one repeated event.
 */
function asRelated(obj: KubeObject, type: ResourceType): ObjectReference {
  const { resourceVersion: _rv, ...ref } = referenceTo(obj, type);
  return ref;
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** A pod that exists already (made a moment ago, not yet in the cache): not a failure, just wait. */
export class PodExistsError extends Error {}

export interface PodControlOptions {
  readonly client: Client;
  readonly recorder: EventRecorder;
  readonly claims: Store<PersistentVolumeClaim>;
  /** Gate StatefulSetAutoDeletePVC: keep claim owners in line with the retention policy. */
  readonly autoDeletePVC: boolean;
}

export class PodControl {
  constructor(private readonly o: PodControlOptions) {}

  private podEvent(verb: string, set: StoredStatefulSet, pod: Pod, err?: unknown): void {
    const note =
      err === undefined
        ? `${verb} Pod ${pod.metadata.name} in StatefulSet ${set.metadata.name} successful`
        : `${verb} Pod ${pod.metadata.name} in StatefulSet ${set.metadata.name} failed error: ${message(err)}`;
    void this.o.recorder.record({
      regarding: set,
      related: asRelated(pod, PODS),
      type: err === undefined ? 'Normal' : 'Warning',
      reason: `${err === undefined ? 'Successful' : 'Failed'}${title(verb)}`,
      action: title(verb),
      note,
    });
  }

  private claimEvent(verb: string, set: StoredStatefulSet, pod: Pod, claim: PersistentVolumeClaim, err?: unknown): void {
    const note =
      err === undefined
        ? `${verb} Claim ${claim.metadata.name} Pod ${pod.metadata.name} in StatefulSet ${set.metadata.name} success`
        : `${verb} Claim ${claim.metadata.name} for Pod ${pod.metadata.name} in StatefulSet ${set.metadata.name} failed error: ${message(err)}`;
    void this.o.recorder.record({
      regarding: set,
      related: asRelated(claim, PERSISTENT_VOLUME_CLAIMS),
      type: err === undefined ? 'Normal' : 'Warning',
      reason: `${err === undefined ? 'Successful' : 'Failed'}${title(verb)}`,
      action: title(verb),
      note,
    });
  }

  private claim(namespace: string, name: string): PersistentVolumeClaim | undefined {
    return this.o.claims.get(keyOf(namespace, name));
  }

  private claims(): ReturnType<Client['resource']> {
    return this.o.client.resource(PERSISTENT_VOLUME_CLAIMS);
  }

  /** Creates the pod's missing claims; a claim being deleted is an error (the pod must wait). */
  async createClaims(set: StoredStatefulSet, pod: Pod): Promise<void> {
    const errors: string[] = [];
    for (const { claim } of claimsFor(set, ordinalOf(pod))) {
      const ns = claim.metadata.namespace ?? '';
      const existing = this.claim(ns, claim.metadata.name ?? '');
      if (existing) {
        if (existing.metadata.deletionTimestamp) errors.push(`pvc ${claim.metadata.name} is being deleted`);
        continue;
      }
      // Made with the owners the retention policy wants, so no claim is ever without them.
      if (this.o.autoDeletePVC) {
        const owners = ownersForPolicy(claim, set, pod);
        if (owners.length) claim.metadata.ownerReferences = owners;
      }
      try {
        await this.claims().inNamespace(ns).create(claim);
        this.claimEvent('create', set, pod, claim);
      } catch (err) {
        if (isAlreadyExists(err)) continue;
        errors.push(`failed to create PVC ${claim.metadata.name}: ${message(err)}`);
        this.claimEvent('create', set, pod, claim, err);
      }
    }
    if (errors.length) throw new Error(errors.join(', '));
  }

  async createPod(set: StoredStatefulSet, pod: Pod): Promise<void> {
    try {
      await this.createClaims(set, pod);
    } catch (err) {
      this.podEvent('create', set, pod, err);
      throw err;
    }
    let created: Pod;
    try {
      created = await this.o.client.resource(PODS, set.metadata.namespace).create(pod);
    } catch (err) {
      if (isAlreadyExists(err)) throw new PodExistsError(message(err));
      this.podEvent('create', set, pod, err);
      throw err;
    }
    if (this.o.autoDeletePVC) {
      try {
        await this.updateClaimsForRetention(set, created);
      } catch (err) {
        this.podEvent('update', set, pod, err);
        throw err;
      }
    }
    this.podEvent('create', set, pod);
  }

  async deletePod(set: StoredStatefulSet, pod: Pod): Promise<void> {
    try {
      await this.o.client
        .resource(PODS, pod.metadata.namespace)
        .delete(pod.metadata.name ?? '', { preconditions: { uid: pod.metadata.uid } });
    } catch (err) {
      this.podEvent('delete', set, pod, err);
      throw err;
    }
    this.podEvent('delete', set, pod);
  }

  /** Puts identity and storage right (labels, claim volumes) and claim owners, in one update. */
  async updatePod(set: StoredStatefulSet, cached: Pod): Promise<void> {
    const pod = structuredClone(cached);
    let consistent = true;
    if (!identityMatches(set, pod)) {
      updateIdentity(set, pod);
      consistent = false;
    }
    if (!storageMatches(set, pod)) {
      updateStorage(set, pod);
      consistent = false;
      try {
        await this.createClaims(set, pod);
      } catch (err) {
        this.podEvent('update', set, pod, err);
        throw err;
      }
    }
    if (this.o.autoDeletePVC && !this.claimsMatchRetention(set, pod)) {
      try {
        await this.updateClaimsForRetention(set, pod);
      } catch (err) {
        this.podEvent('update', set, pod, err);
        throw err;
      }
      consistent = false;
    }
    if (consistent) return;
    try {
      await this.o.client.resource(PODS, pod.metadata.namespace).update(pod);
    } catch (err) {
      if (isNotFound(err)) return;
      this.podEvent('update', set, pod, err);
      throw err;
    }
    this.podEvent('update', set, pod);
  }

  /** Whether every existing claim of the pod has the owners the policy asks for. */
  claimsMatchRetention(set: StoredStatefulSet, pod: Pod): boolean {
    return claimsFor(set, ordinalOf(pod)).every(({ claim }) => {
      const existing = this.claim(claim.metadata.namespace ?? '', claim.metadata.name ?? '');
      return !existing || isClaimOwnerUpToDate(existing, set, pod);
    });
  }

  async updateClaimsForRetention(set: StoredStatefulSet, pod: Pod): Promise<void> {
    for (const { claim } of claimsFor(set, ordinalOf(pod))) {
      const existing = this.claim(claim.metadata.namespace ?? '', claim.metadata.name ?? '');
      if (!existing || hasUnexpectedController(existing, set, pod) || isClaimOwnerUpToDate(existing, set, pod)) continue;
      const next = structuredClone(existing);
      const owners = ownersForPolicy(existing, set, pod);
      if (owners.length) next.metadata.ownerReferences = owners;
      else delete next.metadata.ownerReferences;
      try {
        await this.claims()
          .inNamespace(existing.metadata.namespace ?? '')
          .update(next);
      } catch (err) {
        throw new Error(`could not update claim ${existing.metadata.name} for delete policy ownerRefs: ${message(err)}`);
      }
    }
  }

  /**
   * With `whenScaled: Delete`, a claim still owned by an earlier pod of the same name is on its
   * way out (the garbage collector deletes it): the new pod must not take it.
   */
  claimIsStale(set: StoredStatefulSet, pod: Pod): boolean {
    if (retentionPolicy(set).whenScaled === 'Retain') return false;
    return claimsFor(set, ordinalOf(pod)).some(({ claim }) => {
      const existing = this.claim(claim.metadata.namespace ?? '', claim.metadata.name ?? '');
      return existing !== undefined && hasStaleOwnerRef(existing, pod, PODS);
    });
  }
}
