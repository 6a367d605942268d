/** P6: resident memory of 100,000 ConfigMaps with 5 minutes of history (one update each) ÷ their JSON bytes (goal ≤ 3). */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { fmt, type BenchResult } from './measure.ts';

export function p6(count = 100_000): BenchResult {
  const child = fileURLToPath(new URL('./p6-memory-child.js', import.meta.url));
  const out = execFileSync(process.execPath, ['--expose-gc', child, String(count)], { encoding: 'utf8', maxBuffer: 1 << 20 });
  const m = JSON.parse(out) as { count: number; rssBytes: number; jsonBytes: number };
  const ratio = m.rssBytes / m.jsonBytes;
  return {
    id: 'P6',
    title: `resident memory of ${count.toLocaleString('en-US')} ConfigMaps with history of one update each ÷ their JSON bytes`,
    ratio,
    goal: '≤ 3',
    met: ratio <= 3,
    details: { 'resident MiB added': fmt(m.rssBytes / 2 ** 20, 1), 'JSON MiB (current objects)': fmt(m.jsonBytes / 2 ** 20, 1) },
  };
}
