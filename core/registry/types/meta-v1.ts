/**
 * meta/v1 types shared by every kind (field numbers as the real platform's generated.proto).
 * The interfaces beside the schema values are written by `node scripts/gen-types.mjs`.
 */
import { bool, enumOf, field, int32, int64, list, map, raw, str, struct, time } from '../../schema/build.ts';
import type { JsonValue } from '../../util/json.ts';

const P = 'io.orch.apimachinery.pkg.apis.meta.v1';

/** What each status of a condition means, shared by the condition types here and in the kinds. */
export const CONDITION_STATUS_VALUES = {
  True: 'the condition holds.',
  False: 'the condition does not hold.',
  Unknown: 'whether the condition holds cannot be told.',
};

export const OwnerReference = struct(
  `${P}.OwnerReference`,
  {
    apiVersion: field(5, str(), { omitEmpty: false, required: true, description: 'The API version of the owner.' }),
    kind: field(1, str(), { omitEmpty: false, required: true, description: 'The kind of the owner.' }),
    name: field(3, str(), { omitEmpty: false, required: true, description: 'The name of the owner.' }),
    uid: field(4, str(), { omitEmpty: false, required: true, description: 'The UID of the owner.' }),
    controller: field(6, bool(), {
      pointer: true,
      description: 'Whether the owner is the controller that manages the object; at most one owner reference may say so.',
    }),
    blockOwnerDeletion: field(7, bool(), {
      pointer: true,
      description:
        'When the owner is deleted in the foreground, keep it until this object is gone (default false). Setting it needs permission to delete the owner.',
    }),
  },
  {
    structType: 'atomic',
    description:
      'An object that owns another: in the same namespace, or cluster-scoped. When every owner of an object is gone, the garbage collector deletes the object.',
  },
);

/**
 * An object that owns another: in the same namespace, or cluster-scoped. When every owner of an
 * object is gone, the garbage collector deletes the object.
 */
export interface OwnerReference {
  /** The API version of the owner. */
  apiVersion: string;
  /** The kind of the owner. */
  kind: string;
  /** The name of the owner. */
  name: string;
  /** The UID of the owner. */
  uid: string;
  /**
   * Whether the owner is the controller that manages the object; at most one owner reference may
   * say so.
   */
  controller?: boolean;
  /**
   * When the owner is deleted in the foreground, keep it until this object is gone (default false).
   * Setting it needs permission to delete the owner.
   */
  blockOwnerDeletion?: boolean;
}

export const ManagedFieldsEntry = struct(
  `${P}.ManagedFieldsEntry`,
  {
    manager: field(1, str(), {
      description: "The name of the field manager: the request's fieldManager, or else a name made from the client's user agent.",
    }),
    operation: field(
      2,
      enumOf(
        {
          Apply: 'the fields were written by a server-side apply patch.',
          Update: 'the fields were written by a create, an update or another kind of patch.',
        },
        { checkedBy: 'kind' },
      ),
      { description: 'How the manager last wrote the fields.' },
    ),
    apiVersion: field(3, str(), {
      description: 'The API version the field set is written in; each version a manager used has its own entry.',
    }),
    time: field(4, time(), {
      pointer: true,
      description:
        'When the entry last changed: when the manager took a field or changed the value of one, not when it wrote the same values again.',
    }),
    fieldsType: field(6, str(), { description: 'The format of the field set; the only one is FieldsV1.' }),
    fieldsV1: field(7, raw(), {
      pointer: true,
      description:
        'The fields owned, as nested keys: f:<name> for a field, k:<keys> for a list element by its keys, v:<value> for a set element, and "." for the node itself; every leaf is an empty map.',
    }),
    subresource: field(8, str(), {
      description: 'The subresource the fields were written through, such as status; empty for the object itself.',
    }),
  },
  { description: 'The fields one manager owns in one API version of an object, as server-side apply tracks them.' },
);

/**
 * The fields one manager owns in one API version of an object, as server-side apply tracks them.
 */
export interface ManagedFieldsEntry {
  /**
   * The name of the field manager: the request's fieldManager, or else a name made from the
   * client's user agent.
   */
  manager?: string;
  /**
   * How the manager last wrote the fields.
   *
   * - `Apply`: the fields were written by a server-side apply patch.
   * - `Update`: the fields were written by a create, an update or another kind of patch.
   */
  operation?: string;
  /** The API version the field set is written in; each version a manager used has its own entry. */
  apiVersion?: string;
  /**
   * When the entry last changed: when the manager took a field or changed the value of one, not
   * when it wrote the same values again.
   */
  time?: string;
  /** The format of the field set; the only one is FieldsV1. */
  fieldsType?: string;
  /**
   * The fields owned, as nested keys: f:<name> for a field, k:<keys> for a list element by its
   * keys, v:<value> for a set element, and "." for the node itself; every leaf is an empty map.
   */
  fieldsV1?: JsonValue;
  /**
   * The subresource the fields were written through, such as status; empty for the object itself.
   */
  subresource?: string;
}

export const ObjectMeta = struct(
  `${P}.ObjectMeta`,
  {
    name: field(1, str(), {
      description:
        'The name of the object, unique per kind within a namespace (or in the cluster, for cluster-scoped kinds). Required when creating unless generateName is set; cannot be updated.',
    }),
    generateName: field(2, str(), {
      description: 'When name is not given, a prefix from which the server makes a unique name by adding random characters.',
    }),
    namespace: field(3, str(), {
      description: 'The namespace of a namespaced object; empty for cluster-scoped kinds. Cannot be updated.',
    }),
    selfLink: field(4, str(), { description: 'Deprecated: no longer set by the server.' }),
    uid: field(5, str(), {
      description:
        'An ID the server gives the object when it creates it, never reused: it tells apart objects that had the same name at different times. Read-only.',
    }),
    resourceVersion: field(6, str(), {
      description:
        'The version of the object in storage, changed by every write. Opaque to clients: they send it back to update only the version they read, and to start a watch from it. Read-only.',
    }),
    generation: field(7, int64(), {
      description: 'A number the server raises each time the desired state of the object changes. Read-only.',
    }),
    creationTimestamp: field(8, time(), { description: 'When the server created the object. Read-only.' }),
    deletionTimestamp: field(9, time(), {
      pointer: true,
      description:
        'Set by the server, to the current time, on the first request to delete the object (unset before); the object remains while finalizers run and, for a pod, while its grace period lasts. Read-only.',
    }),
    deletionGracePeriodSeconds: field(10, int64(), {
      pointer: true,
      description:
        'The seconds the object has to end gracefully before it is removed; set with deletionTimestamp, and only ever lowered. Read-only.',
    }),
    labels: field(11, map(str()), {
      description: 'Key-value pairs that organize objects and let label selectors (of controllers, Services, queries) pick them.',
    }),
    annotations: field(12, map(str()), { description: 'Key-value data for tools and libraries; unlike labels, they cannot be queried.' }),
    ownerReferences: field(
      13,
      list(OwnerReference, { listType: 'map', listMapKeys: ['uid'], patchStrategy: 'merge', patchMergeKey: 'uid' }),
      { description: 'The objects this one depends on; at most one of them is its controller.' },
    ),
    finalizers: field(14, list(str(), { listType: 'set', patchStrategy: 'merge' }), {
      description:
        'Names of the actors that must finish some work before the object goes: a deleted object stays, with deletionTimestamp set, until the list is empty. A shared field: anyone allowed to may reorder it, and entries are not processed in any set order.',
    }),
    managedFields: field(17, list(ManagedFieldsEntry, { listType: 'atomic' }), {
      description: 'Which field manager owns which fields, as server-side apply records it; clients seldom need to read or set it.',
    }),
  },
  { description: 'The metadata every persisted object has: its name and identity, labels and annotations, owners and finalizers.' },
);

/**
 * The metadata every persisted object has: its name and identity, labels and annotations, owners
 * and finalizers.
 */
export interface ObjectMeta {
  /**
   * The name of the object, unique per kind within a namespace (or in the cluster, for
   * cluster-scoped kinds). Required when creating unless generateName is set; cannot be updated.
   */
  name?: string;
  /**
   * When name is not given, a prefix from which the server makes a unique name by adding random
   * characters.
   */
  generateName?: string;
  /** The namespace of a namespaced object; empty for cluster-scoped kinds. Cannot be updated. */
  namespace?: string;
  /** Deprecated: no longer set by the server. */
  selfLink?: string;
  /**
   * An ID the server gives the object when it creates it, never reused: it tells apart objects that
   * had the same name at different times. Read-only.
   */
  uid?: string;
  /**
   * The version of the object in storage, changed by every write. Opaque to clients: they send it
   * back to update only the version they read, and to start a watch from it. Read-only.
   */
  resourceVersion?: string;
  /** A number the server raises each time the desired state of the object changes. Read-only. */
  generation?: number;
  /** When the server created the object. Read-only. */
  creationTimestamp?: string | null;
  /**
   * Set by the server, to the current time, on the first request to delete the object (unset
   * before); the object remains while finalizers run and, for a pod, while its grace period lasts.
   * Read-only.
   */
  deletionTimestamp?: string;
  /**
   * The seconds the object has to end gracefully before it is removed; set with deletionTimestamp,
   * and only ever lowered. Read-only.
   */
  deletionGracePeriodSeconds?: number;
  /**
   * Key-value pairs that organize objects and let label selectors (of controllers, Services,
   * queries) pick them.
   */
  labels?: Record<string, string>;
  /** Key-value data for tools and libraries; unlike labels, they cannot be queried. */
  annotations?: Record<string, string>;
  /** The objects this one depends on; at most one of them is its controller. */
  ownerReferences?: OwnerReference[];
  /**
   * Names of the actors that must finish some work before the object goes: a deleted object stays,
   * with deletionTimestamp set, until the list is empty. A shared field: anyone allowed to may
   * reorder it, and entries are not processed in any set order.
   */
  finalizers?: string[];
  /**
   * Which field manager owns which fields, as server-side apply records it; clients seldom need to
   * read or set it.
   */
  managedFields?: ManagedFieldsEntry[];
}

export const ListMeta = struct(
  `${P}.ListMeta`,
  {
    selfLink: field(1, str(), { description: 'Deprecated: no longer set by the server.' }),
    resourceVersion: field(2, str(), {
      description:
        'The version of the collection the list shows, the same on every page of a paged list; a watch started from it sees the changes made since.',
    }),
    continue: field(3, str(), {
      description:
        'The token for the next page of a paged list; empty on the last page. It may expire, and then the list has to start over.',
    }),
    remainingItemCount: field(4, int64(), {
      pointer: true,
      description:
        'How many items come after this page, to estimate the size of the collection; left out when the request had a label or field selector, and on the last page.',
    }),
  },
  { description: 'The metadata of a list: the version of the collection and the token of the next page.' },
);

/** The metadata of a list: the version of the collection and the token of the next page. */
export interface ListMeta {
  /** Deprecated: no longer set by the server. */
  selfLink?: string;
  /**
   * The version of the collection the list shows, the same on every page of a paged list; a watch
   * started from it sees the changes made since.
   */
  resourceVersion?: string;
  /**
   * The token for the next page of a paged list; empty on the last page. It may expire, and then
   * the list has to start over.
   */
  continue?: string;
  /**
   * How many items come after this page, to estimate the size of the collection; left out when the
   * request had a label or field selector, and on the last page.
   */
  remainingItemCount?: number;
}

export const LabelSelectorRequirement = struct(
  `${P}.LabelSelectorRequirement`,
  {
    key: field(1, str(), { omitEmpty: false, required: true, description: 'The label key. Required.' }),
    operator: field(
      2,
      enumOf({
        In: 'the value of the label is one of values.',
        NotIn: 'the value of the label is none of values, or the label is missing.',
        Exists: 'the object has the label.',
        DoesNotExist: 'the object does not have the label.',
      }),
      { omitEmpty: false, required: true, description: 'How the value of the label relates to values. Required.' },
    ),
    values: field(3, list(str(), { listType: 'atomic' }), {
      description: 'The values to compare with: at least one for In and NotIn, none for Exists and DoesNotExist.',
    }),
  },
  { description: 'A requirement on one label of an object.' },
);

/** A requirement on one label of an object. */
export interface LabelSelectorRequirement {
  /** The label key. Required. */
  key: string;
  /**
   * How the value of the label relates to values. Required.
   *
   * - `In`: the value of the label is one of values.
   * - `NotIn`: the value of the label is none of values, or the label is missing.
   * - `Exists`: the object has the label.
   * - `DoesNotExist`: the object does not have the label.
   */
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
  /**
   * The values to compare with: at least one for In and NotIn, none for Exists and DoesNotExist.
   */
  values?: string[];
}

export const LabelSelector = struct(
  `${P}.LabelSelector`,
  {
    matchLabels: field(1, map(str()), {
      description: 'Labels an object must have with exactly these values; each pair is the requirement key In (value).',
    }),
    matchExpressions: field(2, list(LabelSelectorRequirement, { listType: 'atomic' }), {
      description: 'Requirements on the labels of an object, all of which must hold.',
    }),
  },
  {
    structType: 'atomic',
    description:
      'A query over the labels of objects: matchLabels and matchExpressions must all hold. An empty selector matches every object; a missing one matches none.',
  },
);

/**
 * A query over the labels of objects: matchLabels and matchExpressions must all hold. An empty
 * selector matches every object; a missing one matches none.
 */
export interface LabelSelector {
  /**
   * Labels an object must have with exactly these values; each pair is the requirement key In
   * (value).
   */
  matchLabels?: Record<string, string>;
  /** Requirements on the labels of an object, all of which must hold. */
  matchExpressions?: LabelSelectorRequirement[];
}

export const StatusCause = struct(
  `${P}.StatusCause`,
  {
    reason: field(1, str(), { description: 'A machine readable cause, such as FieldValueInvalid; empty when unknown.' }),
    message: field(2, str(), { description: 'A human readable description of the cause.' }),
    field: field(3, str(), { description: 'The field the cause is about, as a path such as spec.containers[0].name.' }),
  },
  { description: 'One cause of a failed request, such as one invalid field.' },
);

/** One cause of a failed request, such as one invalid field. */
export interface StatusCause {
  /** A machine readable cause, such as FieldValueInvalid; empty when unknown. */
  reason?: string;
  /** A human readable description of the cause. */
  message?: string;
  /** The field the cause is about, as a path such as spec.containers[0].name. */
  field?: string;
}

export const StatusDetails = struct(
  `${P}.StatusDetails`,
  {
    name: field(1, str(), { description: 'The name of the object the result is about, if it has one.' }),
    group: field(2, str(), { description: 'The API group of the object.' }),
    kind: field(3, str(), { description: 'The kind of the object, or the resource when the kind is not known.' }),
    uid: field(6, str(), { description: 'The UID of the object.' }),
    causes: field(4, list(StatusCause, { listType: 'atomic' }), { description: 'The causes of the failure, such as each invalid field.' }),
    retryAfterSeconds: field(5, int32(), { description: 'Seconds after which a client may retry, when the failure is temporary.' }),
  },
  { description: 'More about the result of a request; which fields are set depends on the reason.' },
);

/** More about the result of a request; which fields are set depends on the reason. */
export interface StatusDetails {
  /** The name of the object the result is about, if it has one. */
  name?: string;
  /** The API group of the object. */
  group?: string;
  /** The kind of the object, or the resource when the kind is not known. */
  kind?: string;
  /** The UID of the object. */
  uid?: string;
  /** The causes of the failure, such as each invalid field. */
  causes?: StatusCause[];
  /** Seconds after which a client may retry, when the failure is temporary. */
  retryAfterSeconds?: number;
}

export const Status = struct(
  `${P}.Status`,
  {
    kind: field(undefined, str(), { description: 'The kind of the result, Status.' }),
    apiVersion: field(undefined, str(), { description: 'The API version of the result, v1.' }),
    metadata: field(1, ListMeta, { description: 'Standard list metadata; mostly empty.' }),
    status: field(2, str(), { description: 'Success or Failure.' }),
    message: field(3, str(), { description: 'A human readable description of the result.' }),
    reason: field(4, str(), {
      description:
        'A CamelCase word for why the request failed, such as NotFound or AlreadyExists; empty when there is none. It says more than code.',
    }),
    details: field(5, StatusDetails, { pointer: true, description: 'More about the reason; which fields are set depends on it.' }),
    code: field(6, int32(), { description: 'The HTTP status code of the result; 0 when not set.' }),
  },
  { description: 'The result of a request that returns no object: a failure, or the success of a deletion.' },
);

/** The result of a request that returns no object: a failure, or the success of a deletion. */
export interface Status {
  /** The kind of the result, Status. */
  kind?: string;
  /** The API version of the result, v1. */
  apiVersion?: string;
  /** Standard list metadata; mostly empty. */
  metadata?: ListMeta;
  /** Success or Failure. */
  status?: string;
  /** A human readable description of the result. */
  message?: string;
  /**
   * A CamelCase word for why the request failed, such as NotFound or AlreadyExists; empty when
   * there is none. It says more than code.
   */
  reason?: string;
  /** More about the reason; which fields are set depends on it. */
  details?: StatusDetails;
  /** The HTTP status code of the result; 0 when not set. */
  code?: number;
}

export const Preconditions = struct(
  `${P}.Preconditions`,
  {
    uid: field(1, str(), { pointer: true, description: 'The UID the object must have.' }),
    resourceVersion: field(2, str(), { pointer: true, description: 'The resourceVersion the object must have.' }),
  },
  { description: 'What must hold for a delete to go ahead; otherwise it fails with a conflict.' },
);

/** What must hold for a delete to go ahead; otherwise it fails with a conflict. */
export interface Preconditions {
  /** The UID the object must have. */
  uid?: string;
  /** The resourceVersion the object must have. */
  resourceVersion?: string;
}

/** The body of delete requests (kind DeleteOptions in any group). */
export const DeleteOptions = struct(
  `${P}.DeleteOptions`,
  {
    kind: field(undefined, str(), { description: 'The kind of the body, DeleteOptions.' }),
    apiVersion: field(undefined, str(), { description: 'The API version of the body, such as v1.' }),
    gracePeriodSeconds: field(1, int64(), {
      pointer: true,
      description: 'Seconds the object gets to end gracefully before it is deleted; 0 deletes at once, unset uses the default of the kind.',
    }),
    preconditions: field(2, Preconditions, {
      pointer: true,
      description: 'Conditions that must hold for the delete to go ahead; otherwise it fails with 409 Conflict.',
    }),
    orphanDependents: field(3, bool(), {
      pointer: true,
      description: 'Deprecated, use propagationPolicy: true orphans the dependents, false lets the garbage collector delete them.',
    }),
    propagationPolicy: field(
      4,
      enumOf({
        Orphan: 'leaves the dependents, with their owner reference to the object removed.',
        Background: 'deletes the object at once; the garbage collector deletes the dependents afterwards.',
        Foreground:
          'deletes the dependents first: the object stays, with the foregroundDeletion finalizer, until those that block its deletion are gone.',
      }),
      {
        pointer: true,
        description: 'Whether and how the dependents of the object are deleted (default: set by the kind, mostly Background).',
      },
    ),
    dryRun: field(5, list(str(), { listType: 'atomic' }), {
      description: 'When set, the request is processed but nothing is persisted; the only value is All (every stage).',
    }),
    ignoreStoreReadErrorWithClusterBreakingPotential: field(6, bool(), {
      pointer: true,
      description:
        'Delete an object that cannot be read from storage (for example corrupt), skipping the usual steps such as finalizers; unsafe, and needs permission for the verb delete-ignore-read-errors (default false).',
    }),
  },
  { description: 'Options of a delete request.' },
);

/** Options of a delete request. */
export interface DeleteOptions {
  /** The kind of the body, DeleteOptions. */
  kind?: string;
  /** The API version of the body, such as v1. */
  apiVersion?: string;
  /**
   * Seconds the object gets to end gracefully before it is deleted; 0 deletes at once, unset uses
   * the default of the kind.
   */
  gracePeriodSeconds?: number;
  /** Conditions that must hold for the delete to go ahead; otherwise it fails with 409 Conflict. */
  preconditions?: Preconditions;
  /**
   * Deprecated, use propagationPolicy: true orphans the dependents, false lets the garbage
   * collector delete them.
   */
  orphanDependents?: boolean;
  /**
   * Whether and how the dependents of the object are deleted (default: set by the kind, mostly
   * Background).
   *
   * - `Orphan`: leaves the dependents, with their owner reference to the object removed.
   * - `Background`: deletes the object at once; the garbage collector deletes the dependents
   *   afterwards.
   * - `Foreground`: deletes the dependents first: the object stays, with the foregroundDeletion
   *   finalizer, until those that block its deletion are gone.
   */
  propagationPolicy?: 'Orphan' | 'Background' | 'Foreground';
  /**
   * When set, the request is processed but nothing is persisted; the only value is All (every
   * stage).
   */
  dryRun?: string[];
  /**
   * Delete an object that cannot be read from storage (for example corrupt), skipping the usual
   * steps such as finalizers; unsafe, and needs permission for the verb delete-ignore-read-errors
   * (default false).
   */
  ignoreStoreReadErrorWithClusterBreakingPotential?: boolean;
}

/** One event of a watch stream; `object` is the object (or Status for ERROR) as raw JSON. */
export const WatchEvent = struct(
  `${P}.WatchEvent`,
  {
    type: field(1, str(), {
      omitEmpty: false,
      required: true,
      description:
        'What happened: ADDED, MODIFIED, DELETED, BOOKMARK (a mark of progress, carrying only metadata.resourceVersion) or ERROR.',
    }),
    object: field(2, raw(), {
      omitEmpty: false,
      required: true,
      description: 'The object after the change (as it last was, for DELETED); a Status for ERROR.',
    }),
  },
  { description: 'One change in a watch stream.' },
);

/** One change in a watch stream. */
export interface WatchEvent {
  /**
   * What happened: ADDED, MODIFIED, DELETED, BOOKMARK (a mark of progress, carrying only
   * metadata.resourceVersion) or ERROR.
   */
  type: string;
  /** The object after the change (as it last was, for DELETED); a Status for ERROR. */
  object: JsonValue;
}

/** metav1.Condition: the standard condition shape of newer types (Service status, ...). */
export const Condition = struct(
  `${P}.Condition`,
  {
    type: field(1, str(), {
      omitEmpty: false,
      required: true,
      description: 'The kind of condition, in CamelCase or as example.com/CamelCase. Required.',
    }),
    status: field(2, enumOf(CONDITION_STATUS_VALUES), {
      omitEmpty: false,
      required: true,
      description: 'Whether the condition holds. Required.',
    }),
    observedGeneration: field(3, int64(), {
      description: 'The metadata.generation the condition was set for; when older than the current one, the condition may be out of date.',
    }),
    lastTransitionTime: field(4, time(), {
      omitEmpty: false,
      required: true,
      description: 'When the condition last changed from one status to another. Required.',
    }),
    reason: field(5, str(), {
      omitEmpty: false,
      required: true,
      description: 'A CamelCase word for the reason of the last transition. Required, and not empty.',
    }),
    message: field(6, str(), { omitEmpty: false, description: 'A human readable explanation of the last transition; may be empty.' }),
  },
  { description: 'One aspect of the current state of an object, in the standard shape of conditions.' },
);

/** One aspect of the current state of an object, in the standard shape of conditions. */
export interface Condition {
  /** The kind of condition, in CamelCase or as example.com/CamelCase. Required. */
  type: string;
  /**
   * Whether the condition holds. Required.
   *
   * - `True`: the condition holds.
   * - `False`: the condition does not hold.
   * - `Unknown`: whether the condition holds cannot be told.
   */
  status: 'True' | 'False' | 'Unknown';
  /**
   * The metadata.generation the condition was set for; when older than the current one, the
   * condition may be out of date.
   */
  observedGeneration?: number;
  /** When the condition last changed from one status to another. Required. */
  lastTransitionTime: string;
  /** A CamelCase word for the reason of the last transition. Required, and not empty. */
  reason: string;
  /** A human readable explanation of the last transition; may be empty. */
  message?: string;
}
