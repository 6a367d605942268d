/**
 * The StatefulSet the controller works on: one as the server stores it. Validation requires a
 * spec with a selector and a pod template, which the generated type (also the shape a client
 * sends) leaves optional; the controller checks once, where a set comes out of the cache, and
 * relies on them from then on.
 */
import type { PodTemplateSpec, StatefulSet, StatefulSetSpec } from '../../core/registry/types/index.ts';

export type StoredStatefulSet = StatefulSet & { spec: StatefulSetSpec & { template: PodTemplateSpec } };

export function isStoredStatefulSet(set: StatefulSet): set is StoredStatefulSet {
  return set.spec?.template !== undefined;
}
