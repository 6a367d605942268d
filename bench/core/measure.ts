/** Small measuring helpers shared by the benches: best-of-N rates and CPU time. */

export interface Rate {
  readonly opsPerSecond: number;
  readonly ops: number;
  readonly ms: number;
}

/** Runs `fn` (which performs `ops` operations) `rounds` times after a warm-up; the best round counts. */
export async function bestRate(ops: number, rounds: number, fn: (round: number) => Promise<void> | void): Promise<Rate> {
  await fn(-1);
  let best: Rate = { opsPerSecond: 0, ops, ms: Infinity };
  for (let r = 0; r < rounds; r++) {
    globalThis.gc?.();
    const t0 = performance.now();
    await fn(r);
    const ms = performance.now() - t0;
    if (ms < best.ms) best = { opsPerSecond: (ops / ms) * 1000, ops, ms };
  }
  return best;
}

export function cpuMicros(): number {
  const u = process.cpuUsage();
  return u.user + u.system;
}

export function fmt(n: number, digits = 2): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

export interface BenchResult {
  readonly id: string;
  readonly title: string;
  readonly ratio: number;
  readonly goal: string;
  readonly met: boolean;
  readonly details: Record<string, string | number>;
}
