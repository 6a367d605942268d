/** How long a failing key waits before its next try: base × 2^failures, capped; per key. */

export interface RateLimiterOptions {
  /** Delay after the first failure (default 5 ms, as the real controllers use). */
  readonly baseMs?: number;
  /** The longest delay (default 1000 s). */
  readonly capMs?: number;
}

export class ExponentialRateLimiter<K> {
  private readonly failures = new Map<K, number>();
  readonly baseMs: number;
  readonly capMs: number;

  constructor(opts: RateLimiterOptions = {}) {
    this.baseMs = opts.baseMs ?? 5;
    this.capMs = opts.capMs ?? 1_000_000;
  }

  /** The delay for this key's next retry; counts one more failure. */
  when(key: K): number {
    const n = this.failures.get(key) ?? 0;
    this.failures.set(key, n + 1);
    // 2^n overflows to Infinity for large n, which the cap absorbs.
    return Math.min(this.baseMs * 2 ** n, this.capMs);
  }

  numRequeues(key: K): number {
    return this.failures.get(key) ?? 0;
  }

  forget(key: K): void {
    this.failures.delete(key);
  }
}
