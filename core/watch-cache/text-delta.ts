/**
 * Superseded versions kept as differences. History must keep the text of every version a watcher
 * may still ask for, but successive versions of one object are nearly the same text (a new
 * resourceVersion, a managedFields time, the field that changed). Keeping the older one as copy
 * ranges of the newer one plus the few characters that differ costs a small fraction of a second
 * full copy, and is rebuilt only when history is actually read.
 *
 * The diff works on tokens (text up to and including one of `,{}[]`), so it is linear in the text
 * and needs no general diff algorithm: prefix and suffix are matched by character, and in between
 * each older token is copied from the place it next occurs in the newer text, else kept literally.
 */
import { flatText } from '../util/json.ts';

export interface TextDelta {
  /**
   * Pairs `(from, to)`, packed into a string by `packOps` (a number array would cost several
   * times the text it saves): `from >= 0` copies `base.slice(from, to)`, `from < 0` copies
   * `literals.slice(~from, to)`.
   */
  readonly ops: string;
  /** Every character not found in the base, concatenated (shares no storage with the older text). */
  readonly literals: string;
}

/** Below this, a delta is not worth its bookkeeping. */
const MIN_SAVING = 64;

function isBoundary(c: number): boolean {
  // , { } [ ]
  return c === 44 || c === 123 || c === 125 || c === 91 || c === 93;
}

/** End (exclusive) of the token starting at `i`, at most `end`. */
function tokenEnd(text: string, i: number, end: number): number {
  while (i < end) if (isBoundary(text.charCodeAt(i++))) return i;
  return end;
}

class DeltaBuilder {
  readonly ops: number[] = [];
  private readonly pieces: string[] = [];
  private literalLength = 0;

  constructor(private readonly older: string) {}

  copy(from: number, to: number): void {
    if (to <= from) return;
    const ops = this.ops;
    const n = ops.length;
    if (n >= 2 && ops[n - 2] >= 0 && ops[n - 1] === from) ops[n - 1] = to;
    else ops.push(from, to);
  }

  /** Keeps older[from, to) literally. */
  literal(from: number, to: number): void {
    if (to <= from) return;
    const ops = this.ops;
    const n = ops.length;
    const start = this.literalLength;
    this.pieces.push(this.older.slice(from, to));
    this.literalLength += to - from;
    if (n >= 2 && ops[n - 2] < 0 && ops[n - 1] === start) ops[n - 1] = this.literalLength;
    else ops.push(~start, this.literalLength);
  }

  get literalChars(): number {
    return this.literalLength;
  }

  /**
   * The literals as one string of their own. A slice of the older text would keep all of it
   * alive, so the text is copied: joining several pieces makes a new string, and a single piece
   * is joined with a trailing character that no op reads, which forces the copy.
   */
  literals(): string {
    if (this.pieces.length === 0) return '';
    if (this.pieces.length > 1) return this.pieces.join('');
    return flatText(`${this.pieces[0]} `);
  }
}

/**
 * `older` as differences from `newer`, or undefined when that would not save memory (texts
 * that share little).
 */
export function encodeDelta(older: string, newer: string): TextDelta | undefined {
  const n = older.length;
  const m = newer.length;
  const max = Math.min(n, m);
  let prefix = 0;
  while (prefix < max && older.charCodeAt(prefix) === newer.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (suffix < max - prefix && older.charCodeAt(n - 1 - suffix) === newer.charCodeAt(m - 1 - suffix)) suffix++;

  const b = new DeltaBuilder(older);
  b.copy(0, prefix);
  matchMiddle(b, older, prefix, n - suffix, newer, prefix, m - suffix);
  b.copy(m - suffix, m);

  // Each op value costs two or four bytes; literals one byte a character (more for non-Latin-1 text).
  const cost = b.ops.length * 4 + b.literalChars * 2 + 64;
  if (n - cost < MIN_SAVING) return undefined;
  return { ops: packOps(b.ops), literals: b.literals() };
}

/**
 * The op pairs as UTF-16 code units: a pair's source is folded into one non-negative value (even:
 * base offset, odd: literal offset), and each value takes one unit below 0x8000, else two (the
 * first with its top bit set). Texts are rarely longer than 32 K, so most values take one.
 */
function packOps(ops: readonly number[]): string {
  const units: number[] = [];
  const put = (v: number): void => {
    if (v < 0x8000) units.push(v);
    else units.push(0x8000 | (v >>> 16), v & 0xffff);
  };
  for (let i = 0; i < ops.length; i += 2) {
    const from = ops[i];
    put(from >= 0 ? from * 2 : ~from * 2 + 1);
    put(ops[i + 1]);
  }
  // String.fromCharCode takes arguments: chunked, so long op lists stay under the argument limit.
  let text = '';
  for (let i = 0; i < units.length; i += 4096) text += String.fromCharCode(...units.slice(i, i + 4096));
  return text;
}

/** The op pairs of a delta (`from`, `to`, ...), as `TextDelta.ops` describes them. */
export function unpackOps(packed: string): number[] {
  const ops: number[] = [];
  for (let i = 0; i < packed.length; ) {
    let v = packed.charCodeAt(i++);
    if (v >= 0x8000) v = (v & 0x7fff) * 0x10000 + packed.charCodeAt(i++);
    // Even positions hold the folded source, odd ones the end.
    ops.push(ops.length % 2 === 1 ? v : v % 2 === 0 ? v / 2 : ~((v - 1) / 2));
  }
  return ops;
}

/** Older[a, b) against newer[c, d): each token copied from where it occurs next in newer, else literal. */
function matchMiddle(b: DeltaBuilder, older: string, a: number, bEnd: number, newer: string, c: number, d: number): void {
  if (a >= bEnd) return;
  if (c >= d) {
    b.literal(a, bEnd);
    return;
  }
  // Where each token of the newer middle starts (first occurrences suffice: tokens repeat rarely,
  // and when they do the run that follows decides the match).
  const starts = new Map<string, number[]>();
  for (let i = c; i < d; ) {
    const e = tokenEnd(newer, i, d);
    const t = newer.slice(i, e);
    const at = starts.get(t);
    if (at) at.push(i);
    else starts.set(t, [i]);
    i = e;
  }
  let expect = -1; // where in newer the previous copied token ended
  for (let i = a; i < bEnd; ) {
    const e = tokenEnd(older, i, bEnd);
    const len = e - i;
    if (expect >= 0 && expect + len <= d && newer.startsWith(older.slice(i, e), expect)) {
      b.copy(expect, expect + len);
      expect += len;
    } else {
      const at = starts.get(older.slice(i, e));
      if (at) {
        // Prefer the first occurrence after the previous match, keeping copies in order.
        let pos = at[0];
        for (const p of at)
          if (p >= expect) {
            pos = p;
            break;
          }
        b.copy(pos, pos + len);
        expect = pos + len;
      } else {
        b.literal(i, e);
        expect = -1;
      }
    }
    i = e;
  }
}

/** Rebuilds the older text from its delta and the newer text. */
export function applyDelta(delta: TextDelta, base: string): string {
  const ops = unpackOps(delta.ops);
  const literals = delta.literals;
  const parts: string[] = new Array<string>(ops.length / 2);
  for (let i = 0, k = 0; i < ops.length; i += 2, k++) {
    const from = ops[i];
    parts[k] = from >= 0 ? base.slice(from, ops[i + 1]) : literals.slice(~from, ops[i + 1]);
  }
  return parts.join('');
}
