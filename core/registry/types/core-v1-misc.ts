/**
 * core/v1 types outside the workload kinds (core-v1.ts): Event (the storage version of events),
 * Secret, ServiceAccount, and ObjectReference. Field order is the Go struct order of
 * v1.32; protobuf numbers as the real generated.proto.
 */
import { bool, bytes, field, int32, list, map, microTime, str, struct, time } from '../../schema/build.ts';
import { LocalObjectReference } from './core-v1.ts';
import { objectType } from './object.ts';

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

// ---------------------------------------------------------------------------- Event

export const EventSource = struct(
  `${P}.EventSource`,
  {
    component: field(1, str(), { description: 'The component that reported the event.' }),
    host: field(2, str(), { description: 'The node the event was reported on.' }),
  },
  { description: 'Who reported an event.' },
);

export const EventSeries = struct(
  `${P}.EventSeries`,
  {
    count: field(1, int32(), { description: 'How many times the event has happened in the series so far.' }),
    lastObservedTime: field(2, microTime(), { description: 'When the event was last seen.' }),
  },
  { description: 'A series of repeated occurrences of an event.' },
);

export const CoreEventSchema = objectType(
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
    series: field(11, EventSeries, { pointer: true, description: 'The series the event belongs to, when it repeats; unset for a single event.' }),
    action: field(12, str(), { description: 'What was done, or failed, about the object, such as Scheduling.' }),
    related: field(13, ObjectReference, { pointer: true, description: 'A second object the event is about, if any.' }),
    // Go writes these two even when empty (no omitempty on their tags).
    reportingComponent: field(14, str(), { omitEmpty: false, description: 'The controller that reported the event, such as example.com/my-controller.' }),
    reportingInstance: field(15, str(), { omitEmpty: false, description: 'Which instance of that controller reported it, such as the name of its pod.' }),
  },
  {
    description:
      'A report of something that happened to an object, kept for a short time (an hour by default). The same objects are served in the newer shape of events.orch.io/v1.',
  },
);

// ---------------------------------------------------------------------------- Secret, ServiceAccount

export const SecretSchema = objectType(
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
      description: 'Write-only: text values merged into data when the Secret is written, winning over data for the same key; never returned.',
    }),
    type: field(3, str(), {
      default: 'Opaque',
      description:
        'What the Secret holds, which decides the keys it must have: Opaque (default: anything), orchestrator.io/tls, orchestrator.io/basic-auth, orchestrator.io/dockerconfigjson, ...',
    }),
  },
  { description: 'Secret data, such as passwords, tokens or keys, by key; kept apart from pods so that it can be guarded more closely.' },
);

export const ServiceAccountSchema = objectType(
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
