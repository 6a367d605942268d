/**
 * Go's `time.ParseDuration`, which the real platform uses wherever a duration is text: the
 * `duration` format of custom resource schemas and CEL's `duration()` both accept exactly what it
 * does, so they share this one reading.
 */

const NANOS_PER_UNIT: Readonly<Record<string, bigint>> = {
  ns: 1n,
  us: 1_000n,
  µs: 1_000n, // U+00B5, micro sign
  μs: 1_000n, // U+03BC, Greek mu
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};

/** 2^63: a duration is an int64 count of nanoseconds. */
const INT64_LIMIT = 1n << 63n;

/**
 * The nanoseconds `text` names (signed sums of decimal numbers with units: `1h30m`, `-1.5s`, `0`),
 * or undefined where Go answers an error: a missing or unknown unit, a number with no digits, a
 * value outside int64.
 */
export function goDurationNanos(text: string): bigint | undefined {
  let s = text;
  let negative = false;
  if (s[0] === '-' || s[0] === '+') {
    negative = s[0] === '-';
    s = s.slice(1);
  }
  if (s === '0') return 0n;
  if (s === '') return undefined;
  let total = 0n;
  while (s !== '') {
    const num = /^(\d*)(?:\.(\d*))?/.exec(s)!;
    const whole = num[1] ?? '';
    const frac = num[2] ?? '';
    if (!whole && !frac) return undefined;
    s = s.slice(num[0].length);
    const unitEnd = s.search(/[.0-9]/);
    const unit = unitEnd < 0 ? s : s.slice(0, unitEnd);
    const per = NANOS_PER_UNIT[unit];
    if (per === undefined) return undefined;
    s = s.slice(unit.length);
    let value = BigInt(whole || '0') * per;
    // Go scales the fraction in floating point, as this does.
    if (/[1-9]/.test(frac)) value += BigInt(Math.floor(Number(`0.${frac}`) * Number(per)));
    total += value;
    if (total > INT64_LIMIT) return undefined;
  }
  // int64 holds -2^63 but not +2^63.
  if (!negative && total === INT64_LIMIT) return undefined;
  return negative ? -total : total;
}

/** The same in milliseconds (fractional below one), for the hosts' flags and timeouts. */
export function goDurationMs(text: string): number | undefined {
  const nanos = goDurationNanos(text);
  return nanos === undefined ? undefined : Number(nanos) / 1e6;
}
