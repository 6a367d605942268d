/**
 * The StatefulSet controller: a set's key is reconciled when it or one of its pods changes. A pass
 * adopts orphan revisions and pods its selector matches (and releases pods it no longer matches),
 * runs the control loop, and writes the status when it differs from the stored one. While some
 * pods are ready but not yet available (`minReadySeconds`), it looks again after that long.
 */
import type { Pod, StatefulSet, StatefulSetStatus } from '../../core/registry/types/index.ts';
import { CONTROLLER_REVISIONS, keyOf, PERSISTENT_VOLUME_CLAIMS, PODS, splitKey, STATEFUL_SETS } from '../runtime/api/resources.ts';
import { isConflict, isNotFound } from '../runtime/client/api-error.ts';
import type { RunnableFactory } from '../runtime/controller/manager.ts';
import { controllerReference, getControllerOf } from '../runtime/helpers/owner-refs.ts';
import { syncStatefulSet, type SyncResult } from './control.ts';
import { History } from './history.ts';
import { isMemberOf, replicasOf } from './identity.ts';
import { PodControl } from './pod-control.ts';
import { selectorMatches } from './selector.ts';
import { isStoredStatefulSet, type StoredStatefulSet } from './stored-set.ts';

/** Who the set's Events say reported them, as the real controller names itself. */
export const STATEFULSET_CONTROLLER = 'statefulset-controller';

export interface StatefulSetControllerOptions {
  /** Workers (the real default is 5). */
  readonly concurrency?: number;
  /**
   * The controller's feature gates (they should match the server's): MaxUnavailableStatefulSet
   * (alpha, default off) and StatefulSetAutoDeletePVC (beta, default on).
   */
  readonly featureGates?: { readonly MaxUnavailableStatefulSet?: boolean; readonly StatefulSetAutoDeletePVC?: boolean };
}

/** The status fields whose change is worth a write (collisionCount alone is not, as upstream). */
function inconsistent(set: StatefulSet, s: StatefulSetStatus): boolean {
  const old = set.status;
  return (
    (s.observedGeneration ?? 0) > (old?.observedGeneration ?? 0) ||
    s.replicas !== (old?.replicas ?? 0) ||
    (s.currentReplicas ?? 0) !== (old?.currentReplicas ?? 0) ||
    (s.readyReplicas ?? 0) !== (old?.readyReplicas ?? 0) ||
    (s.updatedReplicas ?? 0) !== (old?.updatedReplicas ?? 0) ||
    (s.currentRevision ?? '') !== (old?.currentRevision ?? '') ||
    s.availableReplicas !== (old?.availableReplicas ?? 0) ||
    (s.updateRevision ?? '') !== (old?.updateRevision ?? '')
  );
}

/** A rolling update is complete once every replica is updated and ready: the update revision becomes current. */
function completeRollingUpdate(set: StoredStatefulSet, s: StatefulSetStatus): void {
  const want = replicasOf(set);
  if (
    (set.spec.updateStrategy?.type ?? 'RollingUpdate') === 'RollingUpdate' &&
    s.updatedReplicas === want &&
    s.readyReplicas === want &&
    s.replicas === want
  ) {
    s.currentReplicas = s.updatedReplicas;
    s.currentRevision = s.updateRevision;
  }
}

export function statefulSetController(opts: StatefulSetControllerOptions = {}): RunnableFactory {
  return (mgr) => {
    const gates = {
      maxUnavailable: opts.featureGates?.MaxUnavailableStatefulSet ?? false,
      autoDeletePVC: opts.featureGates?.StatefulSetAutoDeletePVC ?? true,
    };
    const sets = mgr.informer(STATEFUL_SETS);
    const pods = mgr.informer(PODS);
    const revisions = mgr.informer(CONTROLLER_REVISIONS);
    const claims = mgr.informer(PERSISTENT_VOLUME_CLAIMS);
    const recorder = mgr.eventRecorder(STATEFULSET_CONTROLLER);
    const history = new History(mgr.client, revisions.store);
    const podControl = new PodControl({ client: mgr.client, recorder, claims: claims.store, autoDeletePVC: gates.autoDeletePVC });
    const setsClient = mgr.client.resource(STATEFUL_SETS);

    /** Orphan pods concern every set in their namespace whose selector matches them. */
    const setsForOrphan = (pod: Pod): string[] =>
      sets.store
        .byIndex('namespace', pod.metadata.namespace ?? '')
        .filter((s) => isStoredStatefulSet(s) && selectorMatches(s.spec.selector, pod.metadata.labels))
        .map((s) => keyOf(s.metadata.namespace ?? '', s.metadata.name ?? ''));

    /** Adoption needs the live set: not another one of the same name, not being deleted. */
    const canAdopt = (set: StatefulSet) => {
      let checked: Promise<void> | undefined;
      return () =>
        (checked ??= setsClient
          .inNamespace(set.metadata.namespace ?? '')
          .get(set.metadata.name ?? '')
          .then((fresh) => {
            if (fresh.metadata.uid !== set.metadata.uid)
              throw new Error(
                `original StatefulSet ${set.metadata.namespace}/${set.metadata.name} is gone: got uid ${fresh.metadata.uid}, wanted ${set.metadata.uid}`,
              );
            if (fresh.metadata.deletionTimestamp)
              throw new Error(
                `${set.metadata.namespace}/${set.metadata.name} has just been deleted at ${fresh.metadata.deletionTimestamp}`,
              );
          }));
    };

    /** The set's pods: its own that still match, plus orphans it adopts; those that stopped matching are released. */
    async function claimPods(set: StoredStatefulSet, adopt: () => Promise<void>): Promise<Pod[]> {
      const out: Pod[] = [];
      const podsClient = mgr.client.resource(PODS, set.metadata.namespace);
      const deleting = set.metadata.deletionTimestamp !== undefined;
      for (const pod of pods.store.byIndex('namespace', set.metadata.namespace ?? '')) {
        const matches = selectorMatches(set.spec.selector, pod.metadata.labels) && isMemberOf(set, pod);
        const ref = getControllerOf(pod);
        if (ref) {
          if (ref.uid !== set.metadata.uid) continue;
          if (matches) out.push(pod);
          else if (!deleting) {
            await podsClient
              .patch(pod.metadata.name ?? '', {
                type: 'strategic',
                patch: { metadata: { ownerReferences: [{ $patch: 'delete', uid: set.metadata.uid }], uid: pod.metadata.uid } },
              })
              .catch((err: unknown) => {
                if (!isNotFound(err)) throw err;
              });
          }
          continue;
        }
        if (deleting || !matches || pod.metadata.deletionTimestamp) continue;
        await adopt();
        try {
          out.push(
            await podsClient.patch(pod.metadata.name ?? '', {
              type: 'strategic',
              patch: { metadata: { ownerReferences: [controllerReference(set, STATEFUL_SETS)], uid: pod.metadata.uid } },
            }),
          );
        } catch (err) {
          if (!isNotFound(err)) throw err;
        }
      }
      return out;
    }

    async function writeStatus(set: StatefulSet, status: StatefulSetStatus): Promise<void> {
      const client = setsClient.inNamespace(set.metadata.namespace ?? '');
      let latest = set;
      for (let attempt = 1; ; attempt++) {
        try {
          await client.updateStatus({ ...latest, status });
          return;
        } catch (err) {
          if (!isConflict(err) || attempt >= 5) throw err;
          latest = await client.get(set.metadata.name ?? '');
        }
      }
    }

    const controller = mgr.createController<StatefulSet>({
      name: 'statefulset-controller',
      for: STATEFUL_SETS,
      owns: [PODS],
      watches: [
        { resource: PODS, map: (obj) => (getControllerOf(obj) ? [] : setsForOrphan(obj as Pod)) },
        // Read from their caches only; watched so the controller starts with them filled.
        { resource: CONTROLLER_REVISIONS, map: () => [] },
        { resource: PERSISTENT_VOLUME_CLAIMS, map: () => [] },
      ],
      concurrency: opts.concurrency ?? 5,
      async reconcile(key) {
        const set = sets.store.get(key);
        // (One without a spec or template is not a set the server stores: nothing to do.)
        if (!set || !isStoredStatefulSet(set)) return undefined;
        const adopt = canAdopt(set);
        await history.adoptOrphans(set, adopt);
        const owned = await claimPods(set, adopt);
        const sorted = history.list(set);
        let result: SyncResult;
        try {
          result = await syncStatefulSet({ clock: mgr.clock, history, pods: podControl, gates }, set, owned, sorted);
        } catch (err) {
          await history.truncate(set, owned, sorted);
          throw err;
        }
        const errors: unknown[] = result.error === undefined ? [] : [result.error];
        if (result.status) {
          completeRollingUpdate(set, result.status);
          if (inconsistent(set, result.status)) await writeStatus(set, result.status).catch((err: unknown) => errors.push(err));
        }
        await history.truncate(set, owned, sorted, result.current, result.update).catch((err: unknown) => errors.push(err));
        if (errors.length === 1) throw errors[0];
        if (errors.length) throw new AggregateError(errors, `syncing StatefulSet ${splitKey(key).name} failed`);
        const minReady = set.spec.minReadySeconds ?? 0;
        if (minReady > 0 && result.status && result.status.availableReplicas !== replicasOf(set)) return { requeueAfter: minReady * 1000 };
        return undefined;
      },
    });
    return controller;
  };
}
