/** Go duration strings (`1h30m`, `1.5s`, `-300ms`), which the real platform stores for format: duration. */
import { Duration } from '@marcbachmann/cel-js/evaluator';

const UNIT_NANOS: Record<string, bigint> = {
  ns: 1n,
  us: 1_000n,
  µs: 1_000n,
  μs: 1_000n,
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};

const PART = /(\d*\.?\d*)(ns|us|µs|μs|ms|s|m|h)/y;

export function parseDuration(text: string): Duration | undefined {
  let s = text;
  let sign = 1n;
  if (s[0] === '-' || s[0] === '+') {
    if (s[0] === '-') sign = -1n;
    s = s.slice(1);
  }
  if (s === '0') return new Duration(0, 0);
  if (s === '') return undefined;
  let total = 0n;
  PART.lastIndex = 0;
  while (PART.lastIndex < s.length) {
    const m = PART.exec(s);
    if (!m || m[1] === '' || m[1] === '.') return undefined;
    const [whole, frac = ''] = m[1].split('.');
    const unit = UNIT_NANOS[m[2]];
    total += BigInt(whole || '0') * unit + (BigInt(frac || '0') * unit) / 10n ** BigInt(frac.length);
  }
  total *= sign;
  const seconds = total / 1_000_000_000n;
  return new Duration(seconds, Number(total % 1_000_000_000n));
}
