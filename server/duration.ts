/** Go duration text (`1m30s`, `300ms`, `0`) in milliseconds, as the real server's flags take it. */
const UNITS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

export function parseDuration(text: string): number {
  const t = text.trim();
  if (t === '0') return 0;
  const re = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/gy;
  let total = 0;
  let matched = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(t))) {
    total += Number(m[1]) * UNITS[m[2]];
    matched = re.lastIndex;
  }
  if (!t || matched !== t.length) throw new Error(`time: invalid duration ${JSON.stringify(text)}`);
  return total;
}
