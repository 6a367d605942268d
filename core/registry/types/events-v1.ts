/**
 * events.orch.io/v1 Event: the newer view of the same objects as core/v1 Event (they share one
 * storage). Field order is the Go struct order of v1.32; protobuf numbers as generated.proto.
 * The interfaces beside the schema values are written by `node scripts/gen-types.mjs`.
 */
import { field, int32, microTime, str, struct, time } from '../../schema/build.ts';
import { EventSource, ObjectReference } from './core-v1-misc.ts';
import { listType, objectType } from './object.ts';
import type { ListMeta, ObjectMeta } from './meta-v1.ts';

const P = 'io.orch.api.events.v1';

export const EventSeries = struct(
  `${P}.EventSeries`,
  {
    count: field(1, int32(), { omitEmpty: false, description: 'How many times the event has happened in the series so far. Required.' }),
    lastObservedTime: field(2, microTime(), { omitEmpty: false, description: 'When the event was last seen. Required.' }),
  },
  { description: 'A series of repeated occurrences of an event, updated as they happen (at most every 30 minutes).' },
);

/**
 * A series of repeated occurrences of an event, updated as they happen (at most every 30 minutes).
 */
export interface EventSeries {
  /** How many times the event has happened in the series so far. Required. */
  count?: number;
  /** When the event was last seen. Required. */
  lastObservedTime?: string | null;
}

const DEPRECATED = 'Deprecated: the field of the same meaning of core/v1 Event, kept for compatibility.';

export const Event = objectType(
  `${P}.Event`,
  {
    eventTime: field(2, microTime(), { omitEmpty: false, description: 'When the event was first seen. Required.' }),
    series: field(3, EventSeries, {
      pointer: true,
      description: 'The series the event belongs to, when it repeats; unset for a single event.',
    }),
    reportingController: field(4, str(), {
      description: 'The controller that reported the event, such as example.com/my-controller. Required for new events.',
    }),
    reportingInstance: field(5, str(), {
      description:
        'Which instance of that controller reported it, such as the name of its pod; at most 128 characters. Required for new events.',
    }),
    action: field(6, str(), { description: 'What was done, or failed, about the object, such as Binding; at most 128 characters.' }),
    reason: field(7, str(), { description: 'Why the action was taken, in CamelCase; at most 128 characters.' }),
    regarding: field(8, ObjectReference, { description: 'The object the event is about.' }),
    related: field(9, ObjectReference, { pointer: true, description: 'A second object the event is about, if any.' }),
    note: field(10, str(), { description: 'A human readable description of the event, at most 1 kB.' }),
    type: field(11, str(), { description: 'Normal or Warning; more types may come.' }),
    deprecatedSource: field(12, EventSource, { description: DEPRECATED }),
    deprecatedFirstTimestamp: field(13, time(), { description: DEPRECATED }),
    deprecatedLastTimestamp: field(14, time(), { description: DEPRECATED }),
    deprecatedCount: field(15, int32(), { description: DEPRECATED }),
  },
  {
    description:
      'A report of something that happened to an object, for people reading about the cluster; not a dependable record for automation, and kept for a short time.',
  },
);

/**
 * A report of something that happened to an object, for people reading about the cluster; not a
 * dependable record for automation, and kept for a short time.
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
  /** When the event was first seen. Required. */
  eventTime?: string | null;
  /** The series the event belongs to, when it repeats; unset for a single event. */
  series?: EventSeries;
  /**
   * The controller that reported the event, such as example.com/my-controller. Required for new
   * events.
   */
  reportingController?: string;
  /**
   * Which instance of that controller reported it, such as the name of its pod; at most 128
   * characters. Required for new events.
   */
  reportingInstance?: string;
  /** What was done, or failed, about the object, such as Binding; at most 128 characters. */
  action?: string;
  /** Why the action was taken, in CamelCase; at most 128 characters. */
  reason?: string;
  /** The object the event is about. */
  regarding?: ObjectReference;
  /** A second object the event is about, if any. */
  related?: ObjectReference;
  /** A human readable description of the event, at most 1 kB. */
  note?: string;
  /** Normal or Warning; more types may come. */
  type?: string;
  /** Deprecated: the field of the same meaning of core/v1 Event, kept for compatibility. */
  deprecatedSource?: EventSource;
  /** Deprecated: the field of the same meaning of core/v1 Event, kept for compatibility. */
  deprecatedFirstTimestamp?: string | null;
  /** Deprecated: the field of the same meaning of core/v1 Event, kept for compatibility. */
  deprecatedLastTimestamp?: string | null;
  /** Deprecated: the field of the same meaning of core/v1 Event, kept for compatibility. */
  deprecatedCount?: number;
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
