/**
 * Conversion between events.orch.io/v1 Events and the core/v1 Events they are stored as (the
 * two versions share one storage, as in the real platform): `regarding` is `involvedObject`,
 * `note` is `message`, `reportingController` is `reportingComponent`, and the `deprecated*`
 * members are core's `source`, `firstTimestamp`, `lastTimestamp` and `count`.
 */
import { clone, type JsonObject, type JsonValue } from '../../util/json.ts';
import type { Event as CoreEvent } from '../types/core-v1-misc.ts';
import type { Event as EventsV1Event } from '../types/events-v1.ts';

type V1Member = keyof EventsV1Event;
type CoreMember = keyof CoreEvent;

/** [events.orch.io/v1 member, core/v1 member]; members not listed keep their name. */
const RENAMED: readonly (readonly [V1Member, CoreMember])[] = [
  ['regarding', 'involvedObject'],
  ['note', 'message'],
  ['reportingController', 'reportingComponent'],
  ['deprecatedSource', 'source'],
  ['deprecatedFirstTimestamp', 'firstTimestamp'],
  ['deprecatedLastTimestamp', 'lastTimestamp'],
  ['deprecatedCount', 'count'],
];
const SAME: readonly (V1Member & CoreMember)[] = [
  'metadata',
  'eventTime',
  'series',
  'reportingInstance',
  'action',
  'reason',
  'related',
  'type',
];

/**
 * Moves members by name, whatever their content: the conversion is a renaming, and each member
 * has the same type in both versions (an ObjectReference stays one), so it reads the object as
 * the JSON members it is made of.
 */
function convert(
  obj: EventsV1Event | CoreEvent | JsonObject,
  pairs: readonly (readonly [string, string])[],
  apiVersion: string,
): JsonObject {
  const members = obj as Readonly<Record<string, JsonValue | undefined>>;
  const out: JsonObject = { apiVersion, kind: 'Event' };
  for (const [from, to] of pairs) if (members[from] !== undefined) out[to] = clone(members[from]);
  return out;
}

const TO_CORE = [...SAME.map((n) => [n, n] as const), ...RENAMED];
const FROM_CORE = TO_CORE.map(([v1, core]) => [core, v1] as const);

/**
 * An events.orch.io/v1 Event as the core/v1 Event it is stored as: JSON, as the storage side of
 * StoredAs is (the storage version's definition is the registry's untyped one).
 */
export function eventToCore(event: EventsV1Event | JsonObject): JsonObject {
  return convert(event, TO_CORE, 'v1');
}

/**
 * The core/v1 form of an events.orch.io/v1 Event, for the rules and columns written over core
 * Events. The renamed members have the core schema's shapes (see `convert`), so the stored form
 * is a CoreEvent; the compiler cannot follow a renaming, hence the cast.
 */
export function coreEventOf(event: EventsV1Event): CoreEvent {
  return eventToCore(event) as unknown as CoreEvent;
}

/** A stored core/v1 Event (as JSON) as an events.orch.io/v1 Event; the cast as in `coreEventOf`. */
export function eventFromCore(event: CoreEvent | JsonObject): EventsV1Event {
  return convert(event, FROM_CORE, 'events.orch.io/v1') as unknown as EventsV1Event;
}
