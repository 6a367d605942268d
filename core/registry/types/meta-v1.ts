/** meta/v1 types shared by every kind (field numbers as the real platform's generated.proto). */
import { bool, enumOf, field, int32, int64, list, map, raw, str, struct, time } from '../../schema/build.ts';

const P = 'io.orch.apimachinery.pkg.apis.meta.v1';

export const OwnerReference = struct(
  `${P}.OwnerReference`,
  {
    apiVersion: field(5, str(), { omitEmpty: false, required: true }),
    kind: field(1, str(), { omitEmpty: false, required: true }),
    name: field(3, str(), { omitEmpty: false, required: true }),
    uid: field(4, str(), { omitEmpty: false, required: true }),
    controller: field(6, bool(), { pointer: true }),
    blockOwnerDeletion: field(7, bool(), { pointer: true }),
  },
  { structType: 'atomic' },
);

export const ManagedFieldsEntry = struct(`${P}.ManagedFieldsEntry`, {
  manager: field(1, str()),
  operation: field(2, str()),
  apiVersion: field(3, str()),
  time: field(4, time(), { pointer: true }),
  fieldsType: field(6, str()),
  fieldsV1: field(7, raw(), { pointer: true }),
  subresource: field(8, str()),
});

export const ObjectMeta = struct(`${P}.ObjectMeta`, {
  name: field(1, str()),
  generateName: field(2, str()),
  namespace: field(3, str()),
  selfLink: field(4, str()),
  uid: field(5, str()),
  resourceVersion: field(6, str()),
  generation: field(7, int64()),
  creationTimestamp: field(8, time()),
  deletionTimestamp: field(9, time(), { pointer: true }),
  deletionGracePeriodSeconds: field(10, int64(), { pointer: true }),
  labels: field(11, map(str())),
  annotations: field(12, map(str())),
  ownerReferences: field(
    13,
    list(OwnerReference, { listType: 'map', listMapKeys: ['uid'], patchStrategy: 'merge', patchMergeKey: 'uid' }),
  ),
  finalizers: field(14, list(str(), { listType: 'set', patchStrategy: 'merge' })),
  managedFields: field(17, list(ManagedFieldsEntry, { listType: 'atomic' })),
});

export const ListMeta = struct(`${P}.ListMeta`, {
  selfLink: field(1, str()),
  resourceVersion: field(2, str()),
  continue: field(3, str()),
  remainingItemCount: field(4, int64(), { pointer: true }),
});

export const LabelSelectorRequirement = struct(`${P}.LabelSelectorRequirement`, {
  key: field(1, str(), { omitEmpty: false, required: true }),
  operator: field(2, enumOf('In', 'NotIn', 'Exists', 'DoesNotExist'), { omitEmpty: false, required: true }),
  values: field(3, list(str(), { listType: 'atomic' })),
});

export const LabelSelector = struct(
  `${P}.LabelSelector`,
  {
    matchLabels: field(1, map(str())),
    matchExpressions: field(2, list(LabelSelectorRequirement, { listType: 'atomic' })),
  },
  { structType: 'atomic' },
);

export const StatusCause = struct(`${P}.StatusCause`, {
  reason: field(1, str()),
  message: field(2, str()),
  field: field(3, str()),
});

export const StatusDetails = struct(`${P}.StatusDetails`, {
  name: field(1, str()),
  group: field(2, str()),
  kind: field(3, str()),
  uid: field(6, str()),
  causes: field(4, list(StatusCause, { listType: 'atomic' })),
  retryAfterSeconds: field(5, int32()),
});

export const Status = struct(`${P}.Status`, {
  kind: field(undefined, str()),
  apiVersion: field(undefined, str()),
  metadata: field(1, ListMeta),
  status: field(2, str()),
  message: field(3, str()),
  reason: field(4, str()),
  details: field(5, StatusDetails, { pointer: true }),
  code: field(6, int32()),
});

export const Preconditions = struct(`${P}.Preconditions`, {
  uid: field(1, str(), { pointer: true }),
  resourceVersion: field(2, str(), { pointer: true }),
});

/** The body of delete requests (kind DeleteOptions in any group). */
export const DeleteOptions = struct(`${P}.DeleteOptions`, {
  kind: field(undefined, str()),
  apiVersion: field(undefined, str()),
  gracePeriodSeconds: field(1, int64(), { pointer: true }),
  preconditions: field(2, Preconditions, { pointer: true }),
  orphanDependents: field(3, bool(), { pointer: true }),
  propagationPolicy: field(4, enumOf('Orphan', 'Background', 'Foreground'), { pointer: true }),
  dryRun: field(5, list(str(), { listType: 'atomic' })),
  ignoreStoreReadErrorWithClusterBreakingPotential: field(6, bool(), { pointer: true }),
});

/** One event of a watch stream; `object` is the object (or Status for ERROR) as raw JSON. */
export const WatchEvent = struct(`${P}.WatchEvent`, {
  type: field(1, str(), { omitEmpty: false, required: true }),
  object: field(2, raw(), { omitEmpty: false, required: true }),
});

/** metav1.Condition: the standard condition shape of newer types (Service status, ...). */
export const Condition = struct(`${P}.Condition`, {
  type: field(1, str(), { omitEmpty: false, required: true }),
  status: field(2, enumOf('True', 'False', 'Unknown'), { omitEmpty: false, required: true }),
  observedGeneration: field(3, int64()),
  lastTransitionTime: field(4, time(), { omitEmpty: false, required: true }),
  reason: field(5, str(), { omitEmpty: false, required: true }),
  message: field(6, str(), { omitEmpty: false }),
});
