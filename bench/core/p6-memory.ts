/** P6: resident memory of 100,000 ConfigMaps with 5 minutes of history (one update each) ÷ their JSON bytes (goal ≤ 2.0, issue #21). */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { fmt, type BenchResult } from './measure.ts';

export function p6(count = 100_000): BenchResult {
  const child = fileURLToPath(new URL('./p6-memory-child.js', import.meta.url));
  // Resident memory after a burst of writes depends on when V8's collections happened to run:
  // the median of three fresh processes is the figure, the spread is shown.
  const runs = [0, 1, 2].map(() => {
    const out = execFileSync(process.execPath, ['--expose-gc', child, String(count)], { encoding: 'utf8', maxBuffer: 1 << 20 });
    return JSON.parse(out) as {
      count: number;
      rssBytes: number;
      burstRssBytes: number;
      compactions: number;
      settles: number;
      heapUsedBytes: number;
      jsonBytes: number;
      firstVersionBytes: number;
    };
  });
  runs.sort((a, b) => a.rssBytes - b.rssBytes);
  const m = runs[1];
  const ratio = m.rssBytes / m.jsonBytes;
  return {
    id: 'P6',
    title: `resident memory of ${count.toLocaleString('en-US')} ConfigMaps with history of one update each ÷ their JSON bytes`,
    ratio,
    goal: '≤ 2.0',
    met: ratio <= 2,
    details: {
      'resident MiB added, idle and settled (median of 3 processes)': fmt(m.rssBytes / 2 ** 20, 1),
      "resident ÷ JSON right after the burst, before the host's idle compaction": fmt(m.burstRssBytes / m.jsonBytes, 2),
      'idle compactions run': String(m.compactions),
      'times the young generation was given back after them': String(m.settles),
      'resident ÷ JSON, lowest and highest of the 3': `${fmt(runs[0].rssBytes / m.jsonBytes, 2)} – ${fmt(runs[2].rssBytes / m.jsonBytes, 2)}`,
      'JSON MiB (current objects)': fmt(m.jsonBytes / 2 ** 20, 1),
      'JSON MiB of the versions history holds (current + the one before)': fmt((m.jsonBytes + m.firstVersionBytes) / 2 ** 20, 1),
      'resident ÷ JSON of every version held': fmt(m.rssBytes / (m.jsonBytes + m.firstVersionBytes), 2),
      // What the data itself takes; the rest of the resident memory is the young generation and
      // old-generation pages V8 keeps part empty.
      'live heap ÷ JSON (current objects)': fmt(m.heapUsedBytes / m.jsonBytes, 2),
    },
  };
}
