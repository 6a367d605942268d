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
    kind: field(1, str()),
    namespace: field(2, str()),
    name: field(3, str()),
    uid: field(4, str()),
    apiVersion: field(5, str()),
    resourceVersion: field(6, str()),
    fieldPath: field(7, str()),
  },
  { structType: 'atomic' },
);

// ---------------------------------------------------------------------------- Event

export const EventSource = struct(`${P}.EventSource`, {
  component: field(1, str()),
  host: field(2, str()),
});

export const EventSeries = struct(`${P}.EventSeries`, {
  count: field(1, int32()),
  lastObservedTime: field(2, microTime()),
});

export const CoreEventSchema = objectType(`${P}.Event`, {
  involvedObject: field(2, ObjectReference, { required: true }),
  reason: field(3, str()),
  message: field(4, str()),
  source: field(5, EventSource),
  firstTimestamp: field(6, time()),
  lastTimestamp: field(7, time()),
  count: field(8, int32()),
  type: field(9, str()),
  eventTime: field(10, microTime()),
  series: field(11, EventSeries, { pointer: true }),
  action: field(12, str()),
  related: field(13, ObjectReference, { pointer: true }),
  // Go writes these two even when empty (no omitempty on their tags).
  reportingComponent: field(14, str(), { omitEmpty: false }),
  reportingInstance: field(15, str(), { omitEmpty: false }),
});

// ---------------------------------------------------------------------------- Secret, ServiceAccount

export const SecretSchema = objectType(`${P}.Secret`, {
  immutable: field(5, bool(), { pointer: true }),
  data: field(2, map(bytes())),
  // Write-only: merged into `data` when the object is decoded, never stored or returned.
  stringData: field(4, map(str())),
  type: field(3, str(), { default: 'Opaque' }),
});

export const ServiceAccountSchema = objectType(`${P}.ServiceAccount`, {
  secrets: field(2, list(ObjectReference, { patchStrategy: 'merge', patchMergeKey: 'name' })),
  imagePullSecrets: field(3, list(LocalObjectReference, { listType: 'atomic' })),
  automountServiceAccountToken: field(4, bool(), { pointer: true }),
});
