/**
 * core/v1 types outside the workload kinds (core-v1.ts): Event (the storage version of events),
 * Secret, ServiceAccount, ConfigMap, Namespace, ComponentStatus, Binding and ObjectReference.
 * Field order is the Go struct order of v1.32; protobuf numbers as the real generated.proto.
 * The interfaces beside the schema values are written by `node scripts/gen-types.mjs`.
 */
import { bool, bytes, enumOf, field, int32, list, map, microTime, str, struct, time } from '../../schema/build.ts';
import { LocalObjectReference } from './core-v1.ts';
import { listType, objectType } from './object.ts';
import type { ListMeta, ObjectMeta } from './meta-v1.ts';

const P = 'io.orch.api.core.v1';

/** A reference to any object; replaced as a whole by apply (Go `+structType=atomic`). */
export const ObjectReference = struct(
  `${P}.ObjectReference`,
  {
    kind: field(1, str(), { description: 'The kind of the object.' }),
    namespace: field(2, str(), { description: 'The namespace of the object.' }),
    name: field(3, str(), { description: 'The name of the object.' }),
    uid: field(4, str(), { description: 'The UID of the object.' }),
    apiVersion: field(5, str(), { description: 'The API version of the object.' }),
    resourceVersion: field(6, str(), { description: 'The resourceVersion of the object when the reference was made, where that matters.' }),
    fieldPath: field(7, str(), {
      description: 'A part of the object rather than all of it, such as spec.containers{web} for one container of a pod.',
    }),
  },
  { structType: 'atomic', description: 'A reference to an object; most uses need only some of the fields.' },
);

/** A reference to an object; most uses need only some of the fields. */
export interface ObjectReference {
  /** The kind of the object. */
  kind?: string;
  /** The namespace of the object. */
  namespace?: string;
  /** The name of the object. */
  name?: string;
  /** The UID of the object. */
  uid?: string;
  /** The API version of the object. */
  apiVersion?: string;
  /** The resourceVersion of the object when the reference was made, where that matters. */
  resourceVersion?: string;
  /**
   * A part of the object rather than all of it, such as spec.containers{web} for one container of a
   * pod.
   */
  fieldPath?: string;
}

// ---------------------------------------------------------------------------- Event

export const EventSource = struct(
  `${P}.EventSource`,
  {
    component: field(1, str(), { description: 'The component that reported the event.' }),
    host: field(2, str(), { description: 'The node the event was reported on.' }),
  },
  { description: 'Who reported an event.' },
);

/** Who reported an event. */
export interface EventSource {
  /** The component that reported the event. */
  component?: string;
  /** The node the event was reported on. */
  host?: string;
}

export const EventSeries = struct(
  `${P}.EventSeries`,
  {
    count: field(1, int32(), { description: 'How many times the event has happened in the series so far.' }),
    lastObservedTime: field(2, microTime(), { description: 'When the event was last seen.' }),
  },
  { description: 'A series of repeated occurrences of an event.' },
);

/** A series of repeated occurrences of an event. */
export interface EventSeries {
  /** How many times the event has happened in the series so far. */
  count?: number;
  /** When the event was last seen. */
  lastObservedTime?: string | null;
}

export const Event = objectType(
  `${P}.Event`,
  {
    involvedObject: field(2, ObjectReference, { required: true, description: 'The object the event is about. Required.' }),
    reason: field(3, str(), { description: 'A short CamelCase word for why the event happened, such as FailedScheduling.' }),
    message: field(4, str(), { description: 'A human readable description of the event.' }),
    source: field(5, EventSource, { description: 'The component that reported the event; reportingComponent replaces it.' }),
    firstTimestamp: field(6, time(), { description: 'When the event was first recorded.' }),
    lastTimestamp: field(7, time(), { description: 'When the event was most recently recorded.' }),
    count: field(8, int32(), { description: 'How many times the event has happened.' }),
    type: field(9, str(), { description: 'Normal or Warning; more types may come.' }),
    eventTime: field(10, microTime(), { description: 'When the event was first seen, with microseconds.' }),
    series: field(11, EventSeries, {
      pointer: true,
      description: 'The series the event belongs to, when it repeats; unset for a single event.',
    }),
    action: field(12, str(), { description: 'What was done, or failed, about the object, such as Scheduling.' }),
    related: field(13, ObjectReference, { pointer: true, description: 'A second object the event is about, if any.' }),
    // Go writes these two even when empty (no omitempty on their tags).
    reportingComponent: field(14, str(), {
      omitEmpty: false,
      description: 'The controller that reported the event, such as example.com/my-controller.',
    }),
    reportingInstance: field(15, str(), {
      omitEmpty: false,
      description: 'Which instance of that controller reported it, such as the name of its pod.',
    }),
  },
  {
    description:
      'A report of something that happened to an object, kept for a short time (an hour by default). The same objects are served in the newer shape of events.orch.io/v1.',
  },
);

/**
 * A report of something that happened to an object, kept for a short time (an hour by default). The
 * same objects are served in the newer shape of events.orch.io/v1.
 */
export interface Event {
  /**
   * The kind of the object, in CamelCase (such as StatefulSet). The server can tell it from the
   * endpoint; it cannot be updated.
   */
  kind?: string;
  /**
   * The version of the schema the object is written in: <group>/<version>, or just <version> (such
   * as v1) for the core group. The server converts objects between the versions it serves.
   */
  apiVersion?: string;
  /**
   * Standard object metadata: name, namespace, labels, annotations, and what the system records.
   */
  metadata: ObjectMeta;
  /** The object the event is about. Required. */
  involvedObject: ObjectReference;
  /** A short CamelCase word for why the event happened, such as FailedScheduling. */
  reason?: string;
  /** A human readable description of the event. */
  message?: string;
  /** The component that reported the event; reportingComponent replaces it. */
  source?: EventSource;
  /** When the event was first recorded. */
  firstTimestamp?: string | null;
  /** When the event was most recently recorded. */
  lastTimestamp?: string | null;
  /** How many times the event has happened. */
  count?: number;
  /** Normal or Warning; more types may come. */
  type?: string;
  /** When the event was first seen, with microseconds. */
  eventTime?: string | null;
  /** The series the event belongs to, when it repeats; unset for a single event. */
  series?: EventSeries;
  /** What was done, or failed, about the object, such as Scheduling. */
  action?: string;
  /** A second object the event is about, if any. */
  related?: ObjectReference;
  /** The controller that reported the event, such as example.com/my-controller. */
  reportingComponent?: string;
  /** Which instance of that controller reported it, such as the name of its pod. */
  reportingInstance?: string;
}

export const EventList = listType(Event);

/** A list of Event objects. */
export interface EventList {
  /** The kind of the list, EventList. */
  kind?: string;
  /**
   * The version of the schema the object is written in: <group>/<version>, or just <version> (such
   * as v1) for the core group. The server converts objects between the versions it serves.
   */
  apiVersion?: string;
  /** Standard list metadata: the version of the collection and the token of the next page. */
  metadata: ListMeta;
  /** The Event objects. Required. */
  items: Event[];
}

// ---------------------------------------------------------------------------- Secret, ServiceAccount

export const Secret = objectType(
  `${P}.Secret`,
  {
    immutable: field(5, bool(), {
      pointer: true,
      description: 'When true, data can no longer be updated, only the metadata. Unset or false: it can be changed at any time.',
    }),
    data: field(2, map(bytes()), {
      description: 'The secret values by key, as bytes (base64 in JSON). Keys consist of alphanumerics, "-", "_" and ".".',
    }),
    // Write-only: merged into `data` when the object is decoded, never stored or returned.
    stringData: field(4, map(str()), {
      description:
        'Write-only: text values merged into data when the Secret is written, winning over data for the same key; never returned.',
    }),
    type: field(3, str(), {
      default: 'Opaque',
      description:
        'What the Secret holds, which decides the keys it must have: Opaque (default: anything), orchestrator.io/tls, orchestrator.io/basic-auth, orchestrator.io/dockerconfigjson, ...',
    }),
  },
  { description: 'Secret data, such as passwords, tokens or keys, by key; kept apart from pods so that it can be guarded more closely.' },
);

/**
 * Secret data, such as passwords, tokens or keys, by key; kept apart from pods so that it can be
 * guarded more closely.
 */
export interface Secret {
  /**
   * The kind of the object, in CamelCase (such as StatefulSet). The server can tell it from the
   * endpoint; it cannot be updated.
   */
  kind?: string;
  /**
   * The version of the schema the object is written in: <group>/<version>, or just <version> (such
   * as v1) for the core group. The server converts objects between the versions it serves.
   */
  apiVersion?: string;
  /**
   * Standard object metadata: name, namespace, labels, annotations, and what the system records.
   */
  metadata: ObjectMeta;
  /**
   * When true, data can no longer be updated, only the metadata. Unset or false: it can be changed
   * at any time.
   */
  immutable?: boolean;
  /**
   * The secret values by key, as bytes (base64 in JSON). Keys consist of alphanumerics, "-", "_"
   * and ".".
   */
  data?: Record<string, string>;
  /**
   * Write-only: text values merged into data when the Secret is written, winning over data for the
   * same key; never returned.
   */
  stringData?: Record<string, string>;
  /**
   * What the Secret holds, which decides the keys it must have: Opaque (default: anything),
   * orchestrator.io/tls, orchestrator.io/basic-auth, orchestrator.io/dockerconfigjson, ...
   */
  type?: string;
}

export const SecretList = listType(Secret);

/** A list of Secret objects. */
export interface SecretList {
  /** The kind of the list, SecretList. */
  kind?: string;
  /**
   * The version of the schema the object is written in: <group>/<version>, or just <version> (such
   * as v1) for the core group. The server converts objects between the versions it serves.
   */
  apiVersion?: string;
  /** Standard list metadata: the version of the collection and the token of the next page. */
  metadata: ListMeta;
  /** The Secret objects. Required. */
  items: Secret[];
}

export const ServiceAccount = objectType(
  `${P}.ServiceAccount`,
  {
    secrets: field(2, list(ObjectReference, { patchStrategy: 'merge', patchMergeKey: 'name' }), {
      description: 'Deprecated: Secrets with tokens of the account, once made for it automatically; request tokens instead.',
    }),
    imagePullSecrets: field(3, list(LocalObjectReference, { listType: 'atomic' }), {
      description: 'Registry credentials added to every pod that runs as the account.',
    }),
    automountServiceAccountToken: field(4, bool(), {
      pointer: true,
      description: 'Whether pods that run as the account get its token mounted (default true); a pod can say otherwise.',
    }),
  },
  { description: 'An identity for the processes of pods, with which they authenticate to the API server.' },
);

/** An identity for the processes of pods, with which they authenticate to the API server. */
export interface ServiceAccount {
  /**
   * The kind of the object, in CamelCase (such as StatefulSet). The server can tell it from the
   * endpoint; it cannot be updated.
   */
  kind?: string;
  /**
   * The version of the schema the object is written in: <group>/<version>, or just <version> (such
   * as v1) for the core group. The server converts objects between the versions it serves.
   */
  apiVersion?: string;
  /**
   * Standard object metadata: name, namespace, labels, annotations, and what the system records.
   */
  metadata: ObjectMeta;
  /**
   * Deprecated: Secrets with tokens of the account, once made for it automatically; request tokens
   * instead.
   */
  secrets?: ObjectReference[];
  /** Registry credentials added to every pod that runs as the account. */
  imagePullSecrets?: LocalObjectReference[];
  /**
   * Whether pods that run as the account get its token mounted (default true); a pod can say
   * otherwise.
   */
  automountServiceAccountToken?: boolean;
}

export const ServiceAccountList = listType(ServiceAccount);

/** A list of ServiceAccount objects. */
export interface ServiceAccountList {
  /** The kind of the list, ServiceAccountList. */
  kind?: string;
  /**
   * The version of the schema the object is written in: <group>/<version>, or just <version> (such
   * as v1) for the core group. The server converts objects between the versions it serves.
   */
  apiVersion?: string;
  /** Standard list metadata: the version of the collection and the token of the next page. */
  metadata: ListMeta;
  /** The ServiceAccount objects. Required. */
  items: ServiceAccount[];
}

// ---------------------------------------------------------------------------- ConfigMap

export const ConfigMap = objectType(
  `${P}.ConfigMap`,
  {
    immutable: field(4, bool(), {
      pointer: true,
      description:
        'When true, data and binaryData can no longer be updated, only the metadata; the ConfigMap has to be deleted and made again. Unset or false: it can be changed at any time (default unset).',
    }),
    data: field(2, map(str()), {
      description:
        'Text values by key. Keys consist of alphanumerics, "-", "_" and "."; a key may be in data or in binaryData, not both. Values that are not UTF-8 belong in binaryData.',
    }),
    binaryData: field(3, map(bytes()), {
      description:
        'Byte values by key (base64 in JSON), for data that is not UTF-8. Keys follow the rule of data, and may not also be in it.',
    }),
  },
  {
    description:
      'Configuration data for pods, by key: text in data, bytes in binaryData. Pods use it as environment variables, command arguments or files of a volume.',
  },
);

/**
 * Configuration data for pods, by key: text in data, bytes in binaryData. Pods use it as
 * environment variables, command arguments or files of a volume.
 */
export interface ConfigMap {
  /**
   * The kind of the object, in CamelCase (such as StatefulSet). The server can tell it from the
   * endpoint; it cannot be updated.
   */
  kind?: string;
  /**
   * The version of the schema the object is written in: <group>/<version>, or just <version> (such
   * as v1) for the core group. The server converts objects between the versions it serves.
   */
  apiVersion?: string;
  /**
   * Standard object metadata: name, namespace, labels, annotations, and what the system records.
   */
  metadata: ObjectMeta;
  /**
   * When true, data and binaryData can no longer be updated, only the metadata; the ConfigMap has
   * to be deleted and made again. Unset or false: it can be changed at any time (default unset).
   */
  immutable?: boolean;
  /**
   * Text values by key. Keys consist of alphanumerics, "-", "_" and "."; a key may be in data or in
   * binaryData, not both. Values that are not UTF-8 belong in binaryData.
   */
  data?: Record<string, string>;
  /**
   * Byte values by key (base64 in JSON), for data that is not UTF-8. Keys follow the rule of data,
   * and may not also be in it.
   */
  binaryData?: Record<string, string>;
}

export const ConfigMapList = listType(ConfigMap);

/** A list of ConfigMap objects. */
export interface ConfigMapList {
  /** The kind of the list, ConfigMapList. */
  kind?: string;
  /**
   * The version of the schema the object is written in: <group>/<version>, or just <version> (such
   * as v1) for the core group. The server converts objects between the versions it serves.
   */
  apiVersion?: string;
  /** Standard list metadata: the version of the collection and the token of the next page. */
  metadata: ListMeta;
  /** The ConfigMap objects. Required. */
  items: ConfigMap[];
}

// ---------------------------------------------------------------------------- Namespace

export const NamespaceCondition = struct(`${P}.NamespaceCondition`, {
  type: field(1, str(), { omitEmpty: false, required: true }),
  status: field(2, enumOf('True', 'False', 'Unknown'), { omitEmpty: false, required: true }),
  lastTransitionTime: field(4, time()),
  reason: field(5, str()),
  message: field(6, str()),
});

export interface NamespaceCondition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  lastTransitionTime?: string | null;
  reason?: string;
  message?: string;
}

export const NamespaceSpec = struct(`${P}.NamespaceSpec`, {
  finalizers: field(1, list(str(), { listType: 'atomic' })),
});

export interface NamespaceSpec {
  finalizers?: string[];
}

export const NamespaceStatus = struct(`${P}.NamespaceStatus`, {
  phase: field(1, enumOf('Active', 'Terminating')),
  conditions: field(2, list(NamespaceCondition, { listType: 'map', listMapKeys: ['type'], patchStrategy: 'merge', patchMergeKey: 'type' })),
});

export interface NamespaceStatus {
  phase?: 'Active' | 'Terminating';
  conditions?: NamespaceCondition[];
}

export const Namespace = objectType(`${P}.Namespace`, {
  spec: field(2, NamespaceSpec),
  status: field(3, NamespaceStatus),
});

export interface Namespace {
  /**
   * The kind of the object, in CamelCase (such as StatefulSet). The server can tell it from the
   * endpoint; it cannot be updated.
   */
  kind?: string;
  /**
   * The version of the schema the object is written in: <group>/<version>, or just <version> (such
   * as v1) for the core group. The server converts objects between the versions it serves.
   */
  apiVersion?: string;
  /**
   * Standard object metadata: name, namespace, labels, annotations, and what the system records.
   */
  metadata: ObjectMeta;
  spec?: NamespaceSpec;
  status?: NamespaceStatus;
}

export const NamespaceList = listType(Namespace);

/** A list of Namespace objects. */
export interface NamespaceList {
  /** The kind of the list, NamespaceList. */
  kind?: string;
  /**
   * The version of the schema the object is written in: <group>/<version>, or just <version> (such
   * as v1) for the core group. The server converts objects between the versions it serves.
   */
  apiVersion?: string;
  /** Standard list metadata: the version of the collection and the token of the next page. */
  metadata: ListMeta;
  /** The Namespace objects. Required. */
  items: Namespace[];
}

// ---------------------------------------------------------------------------- ComponentStatus

export const ComponentCondition = struct(`${P}.ComponentCondition`, {
  type: field(1, str(), { omitEmpty: false, required: true }),
  status: field(2, enumOf('True', 'False', 'Unknown'), { omitEmpty: false, required: true }),
  message: field(3, str()),
  error: field(4, str()),
});

export interface ComponentCondition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  message?: string;
  error?: string;
}

export const ComponentStatus = objectType(`${P}.ComponentStatus`, {
  conditions: field(2, list(ComponentCondition, { listType: 'map', listMapKeys: ['type'], patchStrategy: 'merge', patchMergeKey: 'type' })),
});

export interface ComponentStatus {
  /**
   * The kind of the object, in CamelCase (such as StatefulSet). The server can tell it from the
   * endpoint; it cannot be updated.
   */
  kind?: string;
  /**
   * The version of the schema the object is written in: <group>/<version>, or just <version> (such
   * as v1) for the core group. The server converts objects between the versions it serves.
   */
  apiVersion?: string;
  /**
   * Standard object metadata: name, namespace, labels, annotations, and what the system records.
   */
  metadata: ObjectMeta;
  conditions?: ComponentCondition[];
}

export const ComponentStatusList = listType(ComponentStatus);

/** A list of ComponentStatus objects. */
export interface ComponentStatusList {
  /** The kind of the list, ComponentStatusList. */
  kind?: string;
  /**
   * The version of the schema the object is written in: <group>/<version>, or just <version> (such
   * as v1) for the core group. The server converts objects between the versions it serves.
   */
  apiVersion?: string;
  /** Standard list metadata: the version of the collection and the token of the next page. */
  metadata: ListMeta;
  /** The ComponentStatus objects. Required. */
  items: ComponentStatus[];
}

// ---------------------------------------------------------------------------- Binding

/** v1 Binding: what a scheduler POSTs to `pods/{name}/binding`. */
export const Binding = objectType(`${P}.Binding`, {
  target: field(2, ObjectReference, { omitEmpty: false, required: true }),
});

export interface Binding {
  /**
   * The kind of the object, in CamelCase (such as StatefulSet). The server can tell it from the
   * endpoint; it cannot be updated.
   */
  kind?: string;
  /**
   * The version of the schema the object is written in: <group>/<version>, or just <version> (such
   * as v1) for the core group. The server converts objects between the versions it serves.
   */
  apiVersion?: string;
  /**
   * Standard object metadata: name, namespace, labels, annotations, and what the system records.
   */
  metadata: ObjectMeta;
  target: ObjectReference;
}
