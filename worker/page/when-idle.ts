/**
 * Runs `fn` once the page has nothing else to do, or after `timeoutMs` at the latest: work that
 * may wait (views not yet shown, caching for offline use) then does not slow the start down.
 * Browsers without `requestIdleCallback` (Safari) wait the timeout's tenth.
 */
export function whenIdle(fn: () => void, timeoutMs = 2_000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => fn(), { timeout: timeoutMs });
  else setTimeout(fn, timeoutMs / 10);
}
