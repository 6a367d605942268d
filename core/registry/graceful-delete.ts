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
 * Decides, and updates `meta` in place when graceful. `requested` is the request's
 * `gracePeriodSeconds`; `now` is in ms.
 */
export function beforeDelete(obj: JsonObject, meta: JsonObject, requested: number | undefined, strategy: Strategy | undefined, now: number): GracefulDecision {
  const gracePeriod = strategy?.gracePeriod;
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
  meta.deletionTimestamp = formatTime(now + period * 1000);
  meta.deletionGracePeriodSeconds = period;
  // Deletion starting changes what controllers of the object should do.
  if (typeof meta.generation === 'number' && meta.generation > 0) meta.generation += 1;
  return { graceful: true, pending: false, period };
}
