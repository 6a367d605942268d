/**
 * resource.Quantity in its canonical form, as the real platform writes it back
 * (`1000m` → `1`, `0.5` → `500m`, `1.5Gi` → `1536Mi`, `1000E` → `1e21`).
 */

const QUANTITY = /^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$/;

const DECIMAL_SUFFIX: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY_SUFFIX: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };

type Format = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

/** Parses a quantity into an exact rational mantissa/exponent pair using BigInt, or undefined. */
function parse(s: string): { num: bigint; den: bigint; format: Format } | undefined {
  const m = QUANTITY.exec(s);
  if (!m) return undefined;
  const numberPart = m[1];
  const suffix = m[2];
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(numberPart)) return undefined;
  let sign = 1n;
  let digits = numberPart;
  if (digits[0] === '+' || digits[0] === '-') {
    if (digits[0] === '-') sign = -1n;
    digits = digits.slice(1);
  }
  const [intPart, fracPart = ''] = digits.split('.');
  let num = BigInt((intPart || '0') + fracPart) * sign;
  let den = 10n ** BigInt(fracPart.length);
  let format: Format;
  if (suffix in BINARY_SUFFIX) {
    num *= 2n ** BigInt(BINARY_SUFFIX[suffix]);
    format = 'BinarySI';
  } else if (suffix in DECIMAL_SUFFIX) {
    const e = DECIMAL_SUFFIX[suffix];
    if (e >= 0) num *= 10n ** BigInt(e);
    else den *= 10n ** BigInt(-e);
    format = 'DecimalSI';
  } else if (/^[eE][-+]?\d+$/.test(suffix)) {
    const e = Number(suffix.slice(1));
    if (e >= 0) num *= 10n ** BigInt(e);
    else den *= 10n ** BigInt(-e);
    format = 'DecimalExponent';
  } else {
    return undefined;
  }
  return { num, den, format };
}

/** Rounds up to nano precision (the platform's maximum) and returns value × 10^9 as an integer. */
function toNanos(num: bigint, den: bigint): bigint {
  const scaled = num * 1_000_000_000n;
  let q = scaled / den;
  if (q * den !== scaled && scaled > 0n) q += 1n;
  return q;
}

export function canonicalQuantity(s: string): string | undefined {
  const p = parse(s.trim());
  if (!p) return undefined;
  const nanos = toNanos(p.num, p.den);
  if (nanos === 0n) return '0';
  const neg = nanos < 0n;
  const abs = neg ? -nanos : nanos;
  const sign = neg ? '-' : '';
  if (p.format === 'BinarySI' && abs % 1_000_000_000n === 0n) {
    const whole = abs / 1_000_000_000n;
    if (whole >= 1024n) {
      let v = whole;
      let i = 0;
      const names = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];
      while (v % 1024n === 0n && i < names.length - 1) {
        v /= 1024n;
        i++;
      }
      return `${sign}${v}${names[i]}`;
    }
    return `${sign}${whole}`;
  }
  // Decimal: the largest exponent (multiple of 3) that keeps an integer mantissa, however large;
  // past E (10^18) there is no SI suffix and the exponent is written out (`1000E` → `1e21`).
  let exp = -9;
  let mant = abs;
  while (mant % 1000n === 0n) {
    mant /= 1000n;
    exp += 3;
  }
  const suffix = p.format === 'DecimalExponent' ? undefined : Object.keys(DECIMAL_SUFFIX).find((k) => DECIMAL_SUFFIX[k] === exp);
  return `${sign}${mant}${suffix ?? (exp === 0 ? '' : `e${exp}`)}`;
}
