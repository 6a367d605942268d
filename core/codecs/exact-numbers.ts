/**
 * Numbers a body holds that this server would change. Values are kept as JavaScript numbers
 * (64-bit floats): an integer beyond 2^53 is rounded (9007199254740993 would be stored as
 * …992) and a number beyond the float range becomes Infinity, which JSON writes as null. The
 * real platform keeps int64 exactly and refuses numbers beyond float64; a silently different
 * value is the worst of the answers, so such a body is refused with a 400 naming the number.
 *
 * Such a literal parses to a number of magnitude 2^53 or more, or to an infinity: only a body whose
 * parsed value holds one (a walk of the value, cheaper than any scan of the text) has its number
 * tokens read to find the literal.
 */

/**
 * A YAML scalar worth reading as a number: 16 digits in a row (integers of 15 are exact in a
 * double; 2^53 has 16) or an exponent of 3 digits.
 */
const SUSPECT = /\d{16}|[eE][-+]?\d{3}/;

/** The literal a double cannot hold as written: an integer it rounds, or a number beyond its range. */
export function changedByDouble(literal: string): boolean {
  const n = Number(literal);
  if (!Number.isFinite(n)) return true;
  if (!/^[-+]?\d+$/.test(literal)) return false; // a fraction or an exponent: a float, rounded as Go's float64 is
  return BigInt(literal) !== BigInt(n);
}

const TWO_TO_53 = 2 ** 53;

/**
 * Whether `value` holds a number a changed literal could have become. With a stack of its own:
 * a body may nest 10,000 levels deep, past what recursion allows.
 */
function holdsLargeNumber(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'number') {
      if (!(Math.abs(v) < TWO_TO_53)) return true;
    } else if (Array.isArray(v)) {
      for (const x of v) if (x !== null && typeof x !== 'string' && typeof x !== 'boolean') stack.push(x);
    } else if (v !== null && typeof v === 'object') {
      for (const k in v) {
        const x = (v as Record<string, unknown>)[k];
        if (x !== null && typeof x !== 'string' && typeof x !== 'boolean') stack.push(x);
      }
    }
  }
  return false;
}

/** The first number token of a JSON text (parsed as `value`) that a double would change, or undefined. */
export function inexactJsonNumber(text: string, value: unknown): string | undefined {
  if (!holdsLargeNumber(value)) return undefined;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: skip to its closing quote (numbers inside are text).
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i += 2;
        else if (d === 0x22) break;
        else i++;
      }
      i++;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      const start = i;
      i++;
      while (i < n && /[0-9eE.+-]/.test(text[i])) i++;
      const token = text.slice(start, i);
      if (changedByDouble(token)) return token;
    } else i++;
  }
  return undefined;
}

/** A plain YAML scalar that the core schema reads as a number a double would change. */
export function inexactYamlNumber(plain: string): boolean {
  if (!SUSPECT.test(plain)) return false;
  const literal = plain.replace(/_/g, '');
  return /^[-+]?(\d+|\d*\.\d+([eE][-+]?\d+)?|\d+[eE][-+]?\d+)$/.test(literal) && changedByDouble(literal);
}

export function inexactNumberMessage(literal: string): string {
  return `the number ${literal} cannot be kept exactly: numbers are 64-bit floats here (integers are exact up to 9007199254740991)`;
}
