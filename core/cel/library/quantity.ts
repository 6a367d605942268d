/** The Kubernetes quantity library: quantity(), isQuantity and the Quantity methods. */
import type { Environment } from '@marcbachmann/cel-js';
import { celError } from './errors.ts';

const PATTERN = /^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$/;
const FORMAT_WRONG = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
const DECIMAL: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

/** An exact rational value num/den (den > 0). */
export class Quantity {
  constructor(
    readonly num: bigint,
    readonly den: bigint,
    readonly text: string,
  ) {}

  compare(o: Quantity): number {
    const l = this.num * o.den;
    const r = o.num * this.den;
    return l < r ? -1 : l > r ? 1 : 0;
  }
  equals(o: unknown): boolean {
    return o instanceof Quantity && this.compare(o) === 0;
  }
  plus(o: Quantity, sign: bigint): Quantity {
    return new Quantity(this.num * o.den + sign * o.num * this.den, this.den * o.den, '');
  }
  toString(): string {
    return this.text;
  }
}

export function parseQuantity(s: string): Quantity | undefined {
  const m = PATTERN.exec(s);
  if (!m || !/^[+-]?(\d+\.?\d*|\.\d+)$/.test(m[1])) return undefined;
  let digits = m[1];
  let sign = 1n;
  if (digits[0] === '+' || digits[0] === '-') {
    if (digits[0] === '-') sign = -1n;
    digits = digits.slice(1);
  }
  const [whole, frac = ''] = digits.split('.');
  let num = BigInt((whole || '0') + frac) * sign;
  let den = 10n ** BigInt(frac.length);
  const suffix = m[2];
  if (suffix in BINARY) num *= 2n ** BigInt(BINARY[suffix]);
  else if (suffix in DECIMAL) {
    const e = DECIMAL[suffix];
    if (e >= 0) num *= 10n ** BigInt(e);
    else den *= 10n ** BigInt(-e);
  } else if (/^[eE][-+]?\d+$/.test(suffix)) {
    const e = Number(suffix.slice(1));
    if (Math.abs(e) > 1000) return undefined;
    if (e >= 0) num *= 10n ** BigInt(e);
    else den *= 10n ** BigInt(-e);
  } else return undefined;
  return new Quantity(num, den, s);
}

const fromInt = (i: bigint) => new Quantity(i, 1n, String(i));

function asInteger(q: Quantity): bigint {
  if (q.num % q.den !== 0n) throw celError('cannot convert value to integer');
  const v = q.num / q.den;
  if (v > INT64_MAX || v < INT64_MIN) throw celError('cannot convert value to integer');
  return v;
}

const T = 'kubernetes.Quantity';

export function registerQuantity(env: Environment): void {
  env.registerType(T, Quantity);
  env.registerFunction(`quantity(string): ${T}`, (s: string) => {
    const q = parseQuantity(s);
    if (!q) throw celError(FORMAT_WRONG);
    return q;
  });
  env.registerFunction('isQuantity(string): bool', (s: string) => parseQuantity(s) !== undefined);
  env.registerFunction(`${T}.isInteger(): bool`, (q: Quantity) => {
    if (q.num % q.den !== 0n) return false;
    const v = q.num / q.den;
    return v <= INT64_MAX && v >= INT64_MIN;
  });
  env.registerFunction(`${T}.asInteger(): int`, asInteger);
  env.registerFunction(`${T}.asApproximateFloat(): double`, (q: Quantity) => Number(q.num) / Number(q.den));
  env.registerFunction(`${T}.sign(): int`, (q: Quantity) => BigInt(q.num > 0n ? 1 : q.num < 0n ? -1 : 0));
  env.registerFunction(`${T}.add(${T}): ${T}`, (a: Quantity, b: Quantity) => a.plus(b, 1n));
  env.registerFunction(`${T}.add(int): ${T}`, (a: Quantity, b: bigint) => a.plus(fromInt(b), 1n));
  env.registerFunction(`${T}.sub(${T}): ${T}`, (a: Quantity, b: Quantity) => a.plus(b, -1n));
  env.registerFunction(`${T}.sub(int): ${T}`, (a: Quantity, b: bigint) => a.plus(fromInt(b), -1n));
  env.registerFunction(`${T}.isGreaterThan(${T}): bool`, (a: Quantity, b: Quantity) => a.compare(b) > 0);
  env.registerFunction(`${T}.isLessThan(${T}): bool`, (a: Quantity, b: Quantity) => a.compare(b) < 0);
  env.registerFunction(`${T}.compareTo(${T}): int`, (a: Quantity, b: Quantity) => BigInt(a.compare(b)));
  env.registerOperator(`${T} == ${T}`, (a: Quantity, b: Quantity) => a.compare(b) === 0);
}
