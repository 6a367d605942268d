/**
 * Conversion between events.orch.io/v1 Events and the core/v1 Events they are stored as (the
 * two versions share one storage, as in the real platform): `regarding` is `involvedObject`,
 * `note` is `message`, `reportingController` is `reportingComponent`, and the `deprecated*`
 * members are core's `source`, `firstTimestamp`, `lastTimestamp` and `count`.
 */
import { clone, type JsonObject } from '../../util/json.ts';

/** [events.orch.io/v1 member, core/v1 member]; members not listed keep their name. */
const RENAMED: readonly (readonly [string, string])[] = [
  ['regarding', 'involvedObject'],
  ['note', 'message'],
  ['reportingController', 'reportingComponent'],
  ['deprecatedSource', 'source'],
  ['deprecatedFirstTimestamp', 'firstTimestamp'],
  ['deprecatedLastTimestamp', 'lastTimestamp'],
  ['deprecatedCount', 'count'],
];
const SAME = ['metadata', 'eventTime', 'series', 'reportingInstance', 'action', 'reason', 'related', 'type'];

function convert(obj: JsonObject, pairs: readonly (readonly [string, string])[], apiVersion: string): JsonObject {
  const out: JsonObject = { apiVersion, kind: 'Event' };
  for (const [from, to] of pairs) if (obj[from] !== undefined) out[to] = clone(obj[from]);
  return out;
}

const TO_CORE = [...SAME.map((n) => [n, n] as const), ...RENAMED];
const FROM_CORE = TO_CORE.map(([v1, core]) => [core, v1] as const);

/** An events.orch.io/v1 Event as the core/v1 Event it is stored as. */
export function eventToCore(event: JsonObject): JsonObject {
  return convert(event, TO_CORE, 'v1');
}

/** A stored core/v1 Event as an events.orch.io/v1 Event. */
export function eventFromCore(event: JsonObject): JsonObject {
  return convert(event, FROM_CORE, 'events.orch.io/v1');
}
