/**
 * `npm run bench`: every figure of the README's table, each measured side by side in one run, printed as
 * a table and written to test-results/bench.json. Ratios, never absolute times, are the result.
 * Select with arguments: `npm run bench -- P1 P5`. The browser's P8 is `npm run bench:browser`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { applyVsUpdate } from './core/apply-vs-update.ts';
import { c1 } from './core/c1-custom-resources.ts';
import type { BenchResult } from './core/measure.ts';
import { p1 } from './core/p1-creates.ts';
import { p2 } from './core/p2-http.ts';
import { p4 } from './core/p4-watch-fanout.ts';
import { p5 } from './core/p5-paging.ts';
import { p6 } from './core/p6-memory.ts';
import { p3 } from './controllers/p3.ts';
import { p7 } from './server/p7-storage.ts';
import { o1 } from './cli/o1-orchctl-start.ts';
import { s1, s2 } from './core/s1-security.ts';

const BENCHES: Record<string, () => Promise<BenchResult | BenchResult[]> | BenchResult> = {
  P1: () => p1(),
  P2: () => p2(),
  P3: () => p3(),
  P4: () => p4(),
  P5: () => p5(),
  P6: () => p6(),
  P7: () => p7(),
  A1: () => applyVsUpdate(),
  C1: () => c1(),
  S1: () => s1(),
  S2: () => s2(),
  O1: () => o1(),
};

const wanted = process.argv.slice(2).map((a) => a.toUpperCase());
const results: BenchResult[] = [];
for (const [id, run] of Object.entries(BENCHES)) {
  if (wanted.length && !wanted.includes(id)) continue;
  process.stdout.write(`${id} ...\n`);
  const out = await run();
  for (const r of Array.isArray(out) ? out : [out]) {
    results.push(r);
    process.stdout.write(`  ${r.title}: ratio ${r.ratio.toFixed(3)} (goal ${r.goal}) ${r.met ? 'met' : 'NOT met'}\n`);
    for (const [k, v] of Object.entries(r.details)) process.stdout.write(`    ${k}: ${v}\n`);
  }
}
mkdirSync('test-results', { recursive: true });
writeFileSync('test-results/bench.json', `${JSON.stringify(results, null, 2)}\n`);
