/**
 * The set's revision history on the server: which revisions are its own (by controller
 * reference, or orphans its selector matches), creating one under a fresh name when its name is
 * taken by different data (counting the collision), renumbering one the set returns to, and
 * trimming history beyond `revisionHistoryLimit`.
 */
import type { ControllerRevision, Pod } from '../../core/registry/types/index.ts';
import { goJson } from '../../core/util/index.ts';
import { CONTROLLER_REVISIONS, STATEFUL_SETS } from '../runtime/api/resources.ts';
import { isAlreadyExists, isConflict, isNotFound } from '../runtime/client/api-error.ts';
import type { Client } from '../runtime/client/client.ts';
import { controllerReference, getControllerOf } from '../runtime/helpers/owner-refs.ts';
import type { Store } from '../runtime/informer/store.ts';
import { podRevision } from './identity.ts';
import { equalRevision, hashRevision, nextRevision, newRevision, revisionName, sortRevisions } from './revisions.ts';
import { selectorMatches } from './selector.ts';
import type { StoredStatefulSet } from './stored-set.ts';

export class History {
  constructor(
    private readonly client: Client,
    private readonly cache: Store<ControllerRevision>,
  ) {}

  private revisions(namespace: string) {
    return this.client.resource(CONTROLLER_REVISIONS, namespace);
  }

  /** The set's revisions (its own and orphans its selector matches), sorted. */
  list(set: StoredStatefulSet): ControllerRevision[] {
    const owned = this.cache.byIndex('namespace', set.metadata.namespace ?? '').filter((r) => {
      if (!selectorMatches(set.spec.selector, r.metadata.labels)) return false;
      const ref = getControllerOf(r);
      return ref === undefined || ref.uid === set.metadata.uid;
    });
    return sortRevisions(owned);
  }

  async adoptOrphans(set: StoredStatefulSet, canAdopt: () => Promise<void>): Promise<void> {
    const orphans = this.list(set).filter((r) => getControllerOf(r) === undefined);
    if (!orphans.length) return;
    await canAdopt();
    for (const r of orphans) {
      await this.revisions(r.metadata.namespace ?? '').patch(r.metadata.name ?? '', {
        type: 'strategic',
        patch: { metadata: { ownerReferences: [controllerReference(set, STATEFUL_SETS)], uid: r.metadata.uid } },
      });
    }
  }

  /**
   * The current and update revisions of `set`, creating or renumbering the update revision as
   * needed; also the collision count to record.
   */
  async currentAndUpdate(
    set: StoredStatefulSet,
    sorted: readonly ControllerRevision[],
  ): Promise<{ current: ControllerRevision; update: ControllerRevision; collisionCount: number }> {
    const counter = { value: set.status?.collisionCount ?? 0 };
    const number = nextRevision(sorted);
    let update = newRevision(set, number, counter.value);
    const equal = sorted.filter((r) => equalRevision(r, update));
    const last = sorted[sorted.length - 1];
    if (equal.length && equalRevision(last, equal[equal.length - 1])) {
      update = last;
    } else if (equal.length) {
      // The set went back to an earlier template: that revision becomes the newest again.
      update = await this.renumber(equal[equal.length - 1], number);
    } else {
      update = await this.create(set, update, counter);
    }
    const current = sorted.find((r) => r.metadata.name === set.status?.currentRevision) ?? update;
    return { current, update, collisionCount: counter.value };
  }

  private async create(set: StoredStatefulSet, revision: ControllerRevision, counter: { value: number }): Promise<ControllerRevision> {
    const data = goJson(revision.data);
    for (;;) {
      // The hash label keeps the first name's hash, as the real history does.
      const name = revisionName(set.metadata.name ?? '', hashRevision(data, counter.value));
      const candidate = { ...revision, metadata: { ...revision.metadata, name } };
      const rc = this.revisions(set.metadata.namespace ?? '');
      try {
        return await rc.create(candidate);
      } catch (err) {
        if (!isAlreadyExists(err)) throw err;
        const existing = await rc.get(name);
        if (goJson(existing.data) === data) return existing;
        counter.value++;
      }
    }
  }

  private async renumber(revision: ControllerRevision, to: number): Promise<ControllerRevision> {
    let clone = structuredClone(revision);
    for (let attempt = 1; ; attempt++) {
      if (clone.revision === to) return clone;
      clone.revision = to;
      try {
        return await this.revisions(clone.metadata.namespace ?? '').update(clone);
      } catch (err) {
        if (!isConflict(err) || attempt >= 5) throw err;
        clone = await this.revisions(clone.metadata.namespace ?? '').get(clone.metadata.name ?? '');
      }
    }
  }

  /**
   * Deletes the oldest revisions no pod and neither current nor update revision uses, down to
   * `revisionHistoryLimit` (a negative limit keeps everything).
   */
  async truncate(
    set: StoredStatefulSet,
    pods: readonly Pod[],
    sorted: readonly ControllerRevision[],
    current?: ControllerRevision,
    update?: ControllerRevision,
  ): Promise<void> {
    const live = new Set<string>(pods.map(podRevision));
    if (current) live.add(current.metadata.name ?? '');
    if (update) live.add(update.metadata.name ?? '');
    const history = sorted.filter((r) => !live.has(r.metadata.name ?? ''));
    const limit = set.spec.revisionHistoryLimit ?? 10;
    if (limit < 0 || history.length <= limit) return;
    for (const r of history.slice(0, history.length - limit)) {
      await this.revisions(r.metadata.namespace ?? '')
        .delete(r.metadata.name ?? '')
        .catch((err: unknown) => {
          if (!isNotFound(err)) throw err;
        });
    }
  }
}
