/**
 * Status conditions, kept as the real platform's helpers keep them: one entry per type, and
 * `lastTransitionTime` moves only when `status` does (a new reason or message alone is not a
 * transition).
 */
import { formatTime } from '../api/time.ts';
import type { Condition } from '../api/types.ts';

/** Any kind's condition: metav1.Condition, or an older kind's without `observedGeneration`. */
export type ConditionLike = Condition;

export function findCondition<C extends ConditionLike>(conditions: readonly C[] | undefined, type: string): C | undefined {
  return conditions?.find((c) => c.type === type);
}

export function isConditionTrue(conditions: readonly ConditionLike[] | undefined, type: string): boolean {
  return findCondition(conditions, type)?.status === 'True';
}

/**
 * Sets `next` in `conditions` (in place). Returns whether anything changed. `now` (ms) stamps a
 * transition unless `next` carries its own `lastTransitionTime`.
 */
export function setCondition<C extends ConditionLike>(conditions: C[], next: C, now: number): boolean {
  const existing = findCondition(conditions, next.type);
  if (!existing) {
    conditions.push({ ...next, lastTransitionTime: next.lastTransitionTime ?? formatTime(now) });
    return true;
  }
  let changed = false;
  if (existing.status !== next.status) {
    existing.status = next.status;
    existing.lastTransitionTime = next.lastTransitionTime ?? formatTime(now);
    changed = true;
  }
  for (const field of ['reason', 'message', 'observedGeneration'] as const) {
    if (existing[field] !== next[field]) {
      if (next[field] === undefined) delete existing[field];
      else (existing as ConditionLike)[field] = next[field] as never;
      changed = true;
    }
  }
  return changed;
}

/** Removes the condition of `type` (in place); true if there was one. */
export function removeCondition(conditions: ConditionLike[], type: string): boolean {
  const i = conditions.findIndex((c) => c.type === type);
  if (i < 0) return false;
  conditions.splice(i, 1);
  return true;
}
