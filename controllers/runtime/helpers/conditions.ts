/**
 * Status conditions, kept as the real platform's helpers keep them: one entry per type, and
 * `lastTransitionTime` moves only when `status` does (a new reason or message alone is not a
 * transition).
 */
import { formatTime } from '../api/time.ts';

/**
 * What these helpers need of a condition, so that every kind's fits: metav1.Condition (reason and
 * transition time required), and the older kinds' (NamespaceCondition, PodCondition,
 * StatefulSetCondition, ...: no `observedGeneration`, and a transition time the server may write
 * as null).
 */
export interface ConditionLike {
  type: string;
  status: string;
  observedGeneration?: number;
  lastTransitionTime?: string | null;
  reason?: string;
  message?: string;
}

/** A condition to set: its transition time may be left out, since setCondition stamps one. */
export type ConditionUpdate<C extends ConditionLike> = Omit<C, 'lastTransitionTime'> & { lastTransitionTime?: string | null };

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
export function setCondition<C extends ConditionLike>(conditions: C[], next: ConditionUpdate<C>, now: number): boolean {
  const existing = findCondition(conditions, next.type);
  if (!existing) {
    // With its transition time set, `next` is a whole C.
    conditions.push({ ...next, lastTransitionTime: next.lastTransitionTime ?? formatTime(now) } as unknown as C);
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
