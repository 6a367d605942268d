/**
 * Borrowing between priority levels: the server's seats are shared out again every adjustment
 * period. Each level asks for a target (its smoothed seat demand, at least its lower bound) and
 * gets `clamp(F × target, lower, upper)` where one fair fraction F is chosen for all so that the
 * shares add up to the server's seats — as the real controller's concurrency allocation does. A
 * level's lower bound is what it does not lend (nominal − lendable, or its demand's high
 * watermark when lower, but never under that); its upper bound is nominal + what it may borrow.
 */

export interface AllocationItem {
  readonly lower: number;
  readonly upper: number;
  readonly target: number;
}

/** The fair shares of `total` seats (not rounded). */
export function allocate(total: number, items: readonly AllocationItem[]): number[] {
  const targets = items.map((i) => Math.min(i.upper, Math.max(i.lower, i.target)));
  const at = (f: number) => items.map((it, k) => Math.min(it.upper, Math.max(it.lower, f * targets[k])));
  const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
  if (sum(items.map((i) => i.lower)) >= total) return items.map((i) => i.lower);
  if (sum(items.map((i) => i.upper)) <= total) return items.map((i) => i.upper);
  // The shares grow with F, so F is found by bisection; past `hi` every positive target is at its upper bound.
  const positive = targets.filter((t) => t > 0);
  if (!positive.length) return items.map((i) => i.lower);
  let lo = 0;
  let hi = Math.max(...items.map((i) => i.upper)) / Math.min(...positive);
  for (let i = 0; i < 100; i++) {
    const mid = (lo + hi) / 2;
    if (sum(at(mid)) < total) lo = mid;
    else hi = mid;
  }
  return at(hi);
}
