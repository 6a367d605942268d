/**
 * One pass of the StatefulSet control loop, in the real controller's order:
 *
 * 1. revisions: current and update (created or renumbered as needed);
 * 2. pods split into replicas (ordinals in [start, start+replicas)) and condemned (the rest);
 *    missing replicas are made at the revision their ordinal gets (below the partition: current);
 * 3. replicas processed (failed ones deleted, missing ones created with their claims, identity
 *    and storage kept right). OrderedReady stops at the first pod that is not yet Running, Ready
 *    and available; Parallel acts on all, in batches of 1, 2, 4, ...;
 * 4. condemned pods deleted, highest ordinal first (OrderedReady: one at a time, only once every
 *    replica is healthy);
 * 5. rolling update (unless OnDelete): the highest ordinal not at the update revision, down to the
 *    partition, is deleted (to be made again at the update revision), one at a time waiting for
 *    health, or up to `maxUnavailable` at once with gate MaxUnavailableStatefulSet;
 * 6. status: counts from the pods, written through the status subresource when it changed;
 *    revisions beyond `revisionHistoryLimit` deleted.
 */
import type { Clock } from '../../core/index.ts';
import type { ControllerRevision, Pod, StatefulSetStatus } from '../../core/registry/types/index.ts';
import { isNotFound } from '../runtime/client/api-error.ts';
import type { History } from './history.ts';
import {
  endOrdinal,
  identityMatches,
  inOrdinalRange,
  isCreated,
  isFailed,
  isHealthy,
  isPending,
  isRunningAndAvailable,
  isRunningAndReady,
  isSucceeded,
  isTerminating,
  newVersionedPod,
  ordinalOf,
  podRevision,
  replicasOf,
  startOrdinal,
  storageMatches,
} from './identity.ts';
import { PodExistsError, type PodControl } from './pod-control.ts';
import { applyRevision } from './revisions.ts';
import type { StoredStatefulSet } from './stored-set.ts';

/** Most requests a Parallel batch sends at once (the real controller's bound). */
const MAX_BATCH = 500;

export interface ControlDeps {
  readonly clock: Clock;
  readonly history: History;
  readonly pods: PodControl;
  readonly gates: { readonly maxUnavailable: boolean; readonly autoDeletePVC: boolean };
}

export interface SyncResult {
  /** The status computed (also when a step failed after computing it). */
  readonly status?: StatefulSetStatus;
  readonly current?: ControllerRevision;
  readonly update?: ControllerRevision;
  readonly error?: unknown;
}

/** `(stop, error)` of one step on one pod. */
type Step = (i: number) => Promise<boolean>;

/**
 * OrderedReady: one pod after the other, stopping at the first that says stop or fails.
 * Parallel: everything, in growing batches; a failing batch stops the rest. Returns whether to stop.
 */
async function runForAll(count: number, step: Step, monotonic: boolean): Promise<boolean> {
  if (monotonic) {
    for (let i = 0; i < count; i++) if (await step(i)) return true;
    return false;
  }
  let next = 0;
  for (let size = Math.min(1, count); size > 0; size = Math.min(2 * size, count - next, MAX_BATCH)) {
    const batch = Array.from({ length: size }, (_, k) => next + k);
    next += size;
    const results = await Promise.allSettled(batch.map((i) => step(i)));
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed.length === 1) throw failed[0].reason;
    if (failed.length)
      throw new AggregateError(
        failed.map((f) => f.reason),
        failed.map((f) => String((f.reason as Error)?.message ?? f.reason)).join(', '),
      );
  }
  return false;
}

function computeStatus(
  into: StatefulSetStatus,
  lists: readonly (readonly Pod[])[],
  minReadySeconds: number,
  now: number,
  current: ControllerRevision,
  update: ControllerRevision,
): void {
  into.replicas = 0;
  into.readyReplicas = 0;
  into.availableReplicas = 0;
  into.currentReplicas = 0;
  into.updatedReplicas = 0;
  for (const pods of lists) {
    for (const pod of pods) {
      if (isCreated(pod)) into.replicas++;
      if (isRunningAndReady(pod)) {
        into.readyReplicas++;
        if (isRunningAndAvailable(pod, minReadySeconds, now)) into.availableReplicas++;
      }
      if (isCreated(pod) && !isTerminating(pod)) {
        const rev = podRevision(pod);
        if (rev === current.metadata.name) into.currentReplicas++;
        if (rev === update.metadata.name) into.updatedReplicas++;
      }
    }
  }
}

/** maxUnavailable of a rolling update: a number, or a percentage of replicas rounded up; at least 1. */
export function maxUnavailableOf(value: number | string | undefined, replicas: number): number {
  if (value === undefined) return 1;
  const n = typeof value === 'number' ? value : Math.ceil((Number.parseInt(value, 10) * replicas) / 100);
  return Number.isFinite(n) && n >= 1 ? n : 1;
}

export async function syncStatefulSet(
  deps: ControlDeps,
  set: StoredStatefulSet,
  pods: readonly Pod[],
  sorted: readonly ControllerRevision[],
): Promise<SyncResult> {
  const { current, update, collisionCount } = await deps.history.currentAndUpdate(set, sorted);
  const currentSet = applyRevision(set, current);
  const updateSet = applyRevision(set, update);
  const now = () => deps.clock.now();
  const minReady = set.spec.minReadySeconds ?? 0;

  const status: StatefulSetStatus = {
    observedGeneration: set.metadata.generation,
    replicas: 0,
    availableReplicas: 0,
    currentRevision: current.metadata.name,
    updateRevision: update.metadata.name,
    collisionCount,
  };
  computeStatus(status, [pods], minReady, now(), current, update);

  const replicas: Pod[] = new Array<Pod>(replicasOf(set));
  const condemned: Pod[] = [];
  const start = startOrdinal(set);
  for (const pod of pods) {
    if (inOrdinalRange(pod, set)) replicas[ordinalOf(pod) - start] = pod;
    else if (ordinalOf(pod) >= 0) condemned.push(pod);
  }
  for (let ord = start; ord <= endOrdinal(set); ord++) {
    if (!replicas[ord - start])
      replicas[ord - start] = newVersionedPod(currentSet, updateSet, current.metadata.name ?? '', update.metadata.name ?? '', ord);
  }
  condemned.sort((a, b) => ordinalOf(b) - ordinalOf(a));
  const firstUnhealthy = replicas.find((p) => !isHealthy(p)) ?? [...condemned].reverse().find((p) => !isHealthy(p));
  const done = (error?: unknown): SyncResult => {
    computeStatus(status, [replicas, condemned], minReady, now(), current, update);
    return { status, current, update, error };
  };

  if (set.metadata.deletionTimestamp) return { status, current, update };
  const monotonic = set.spec.podManagementPolicy !== 'Parallel';

  const processReplica: Step = async (i) => {
    const pod = replicas[i];
    if (isFailed(pod) || isSucceeded(pod)) {
      // A finished pod is replaced: deleted now, made again on the next pass.
      if (!isTerminating(pod)) await deps.pods.deletePod(set, pod);
      return true;
    }
    if (!isCreated(pod)) {
      if (deps.gates.autoDeletePVC && deps.pods.claimIsStale(set, pod)) return true;
      try {
        await deps.pods.createPod(set, pod);
      } catch (err) {
        if (err instanceof PodExistsError) return true;
        throw err;
      }
      return monotonic;
    }
    if (isPending(pod)) await deps.pods.createClaims(set, pod);
    if (monotonic && (isTerminating(pod) || !isRunningAndReady(pod) || !isRunningAndAvailable(pod, minReady, now()))) return true;
    const retentionOk = !deps.gates.autoDeletePVC || deps.pods.claimsMatchRetention(updateSet, pod);
    if (identityMatches(set, pod) && storageMatches(set, pod) && retentionOk) return false;
    await deps.pods.updatePod(updateSet, pod);
    return false;
  };

  try {
    if (await runForAll(replicas.length, processReplica, monotonic)) return done();

    if (deps.gates.autoDeletePVC) {
      const fixClaims: Step = async (i) => {
        if (!deps.pods.claimsMatchRetention(updateSet, condemned[i])) await deps.pods.updateClaimsForRetention(updateSet, condemned[i]);
        return false;
      };
      if (await runForAll(condemned.length, fixClaims, monotonic)) return done();
    }

    const processCondemned: Step = async (i) => {
      const pod = condemned[i];
      if (isTerminating(pod)) return monotonic;
      if (monotonic && pod !== firstUnhealthy && (!isRunningAndReady(pod) || !isRunningAndAvailable(pod, minReady, now()))) return true;
      await deps.pods.deletePod(set, pod);
      return true;
    };
    if (await runForAll(condemned.length, processCondemned, monotonic)) return done();
  } catch (err) {
    return done(err);
  }

  computeStatus(status, [replicas, condemned], minReady, now(), current, update);
  if (set.spec.updateStrategy?.type === 'OnDelete') return { status, current, update };

  const partition = set.spec.updateStrategy?.rollingUpdate?.partition ?? 0;
  const outdated = (pod: Pod) => podRevision(pod) !== update.metadata.name && !isTerminating(pod);
  const remove = async (pod: Pod) => {
    try {
      await deps.pods.deletePod(set, pod);
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    status.currentReplicas = (status.currentReplicas ?? 0) - 1;
  };
  try {
    if (deps.gates.maxUnavailable) {
      const max = maxUnavailableOf(set.spec.updateStrategy?.rollingUpdate?.maxUnavailable, replicas.length);
      const unavailable = replicas.filter((p) => !isHealthy(p)).length;
      if (unavailable >= max) return { status, current, update };
      let budget = max - unavailable;
      for (let target = replicas.length - 1; target >= partition && budget > 0; target--) {
        if (!outdated(replicas[target])) continue;
        await remove(replicas[target]);
        budget--;
      }
      return { status, current, update };
    }
    for (let target = replicas.length - 1; target >= partition; target--) {
      if (outdated(replicas[target])) {
        await remove(replicas[target]);
        return { status, current, update };
      }
      if (!isHealthy(replicas[target])) return { status, current, update };
    }
  } catch (err) {
    return { status, current, update, error: err };
  }
  return { status, current, update };
}
