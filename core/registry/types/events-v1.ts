/**
 * events.orch.io/v1 Event: the newer view of the same objects as core/v1 Event (they share one
 * storage). Field order is the Go struct order of v1.32; protobuf numbers as generated.proto.
 */
import { field, int32, microTime, str, struct, time } from '../../schema/build.ts';
import { EventSource, ObjectReference } from './core-v1-misc.ts';
import { objectType } from './object.ts';

const P = 'io.orch.api.events.v1';

export const EventsV1EventSeries = struct(`${P}.EventSeries`, {
  count: field(1, int32(), { omitEmpty: false }),
  lastObservedTime: field(2, microTime(), { omitEmpty: false }),
});

export const EventsV1EventSchema = objectType(`${P}.Event`, {
  eventTime: field(2, microTime(), { omitEmpty: false }),
  series: field(3, EventsV1EventSeries, { pointer: true }),
  reportingController: field(4, str()),
  reportingInstance: field(5, str()),
  action: field(6, str()),
  reason: field(7, str()),
  regarding: field(8, ObjectReference),
  related: field(9, ObjectReference, { pointer: true }),
  note: field(10, str()),
  type: field(11, str()),
  deprecatedSource: field(12, EventSource),
  deprecatedFirstTimestamp: field(13, time()),
  deprecatedLastTimestamp: field(14, time()),
  deprecatedCount: field(15, int32()),
});
