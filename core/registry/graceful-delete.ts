/**
 * Graceful deletion, as the real platform's `BeforeDelete` decides it: a kind whose strategy
 * gives a grace period (Pods) is not removed at once but marked with `deletionTimestamp` (now +
 * the period) and `deletionGracePeriodSeconds`, so that the node stops it and confirms with a
 * DELETE of period 0. A later DELETE may only shorten the period; otherwise the deletion is
 * already pending and nothing changes.
 */
import type { JsonObject } from '../util/json.ts';
import { formatTime, parseTime } from '../util/time.ts';
import type { Strategy } from './definition.ts';
import { metaOf } from './object-meta.ts';

export interface GracefulDecision {
  /** The object was marked (or re-marked) for graceful deletion: it must be written. */
  readonly graceful: boolean;
  /** A graceful deletion is already under way and this request changes nothing. */
  readonly pending: boolean;
  /** The grace period in force after this request (seconds). */
  readonly period: number;
}

const NOT_GRACEFUL: GracefulDecision = { graceful: false, pending: false, period: 0 };

/**
 * Marks an object whose deletion starts: deleted at `at` (ms) after `period` seconds. Deletion
 * starting changes what controllers of the object should do, so its generation moves.
 */
export function markForDeletion(meta: JsonObject, at: number, period: number): void {
  meta.deletionTimestamp = formatTime(at);
  meta.deletionGracePeriodSeconds = period;
  if (typeof meta.generation === 'number' && meta.generation > 0) meta.generation += 1;
}

/**
 * Decides, and updates the object's metadata in place when graceful. `requested` is the
 * request's `gracePeriodSeconds`; `now` is in ms.
 */
export function beforeDelete(
  obj: JsonObject,
  requested: number | undefined,
  strategy: Strategy | undefined,
  now: number,
): GracefulDecision {
  const gracePeriod = strategy?.gracePeriod;
  const meta = metaOf(obj);
  if (!gracePeriod) return NOT_GRACEFUL;
  if (meta.deletionTimestamp !== undefined) {
    const existing = typeof meta.deletionGracePeriodSeconds === 'number' ? meta.deletionGracePeriodSeconds : 0;
    // Marked without a period (or with 0, e.g. a delete that failed after its update): delete now.
    if (existing === 0) return NOT_GRACEFUL;
    if (requested === undefined || requested >= existing) return { graceful: false, pending: true, period: existing };
    // Only shortening: move the deadline back by the difference, never into the past.
    const deadline = parseTime(String(meta.deletionTimestamp))?.ms ?? now;
    let at = deadline - existing * 1000 + requested * 1000;
    let period = requested;
    if (at < now) {
      at = now;
      // The whole period has run out, but a graceful delete was asked for: the shortest one, so
      // that the node still confirms the deletion.
      if (period !== 0) period = 1;
    }
    meta.deletionTimestamp = formatTime(at);
    meta.deletionGracePeriodSeconds = period;
    return { graceful: true, pending: false, period };
  }
  const period = gracePeriod(obj, requested);
  markForDeletion(meta, now + period * 1000, period);
  return { graceful: true, pending: false, period };
}
