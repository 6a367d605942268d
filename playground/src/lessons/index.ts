/**
 * The lessons, in the order the tutorial teaches them. A lesson is one file here (its id is its
 * file name); the build refuses a lesson file that is not listed or does not validate.
 */
import type { Lesson } from '../tutorial/lesson.ts';
import applyRemoval from './apply-removal.ts';
import customResources from './custom-resources.ts';
import dryRun from './dry-run.ts';
import fieldOwnership from './field-ownership.ts';
import finalizers from './finalizers.ts';
import flowControl from './flow-control.ts';
import generation from './generation.ts';
import gracefulDeletion from './graceful-deletion.ts';
import managedFieldsReset from './managed-fields-reset.ts';
import namespaceTermination from './namespace-termination.ts';
import objectsAndVerbs from './objects-and-verbs.ts';
import optimisticConcurrency from './optimistic-concurrency.ts';
import orchctl from './orchctl.ts';
import ownerReferences from './owner-references.ts';
import paging from './paging.ts';
import patchTypes from './patch-types.ts';
import rbacUsers from './rbac-users.ts';
import resourceClaimTemplates from './resource-claim-templates.ts';
import selectors from './selectors.ts';
import statefulsetOrdering from './statefulset-ordering.ts';
import statefulsetPartitions from './statefulset-partitions.ts';
import statefulsetPvcRetention from './statefulset-pvc-retention.ts';
import streamingLists from './streaming-lists.ts';
import watchHistory from './watch-history.ts';
import wireFormats from './wire-formats.ts';

export const LESSONS: readonly Lesson[] = [
  objectsAndVerbs,
  optimisticConcurrency,
  generation,
  watchHistory,
  streamingLists,
  paging,
  selectors,
  patchTypes,
  fieldOwnership,
  applyRemoval,
  managedFieldsReset,
  dryRun,
  finalizers,
  gracefulDeletion,
  ownerReferences,
  namespaceTermination,
  statefulsetOrdering,
  statefulsetPartitions,
  statefulsetPvcRetention,
  resourceClaimTemplates,
  flowControl,
  wireFormats,
  customResources,
  rbacUsers,
  orchctl,
];

export function lessonById(id: string): Lesson | undefined {
  return LESSONS.find((l) => l.id === id);
}
