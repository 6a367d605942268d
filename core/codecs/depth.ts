/**
 * Nesting limits of request bodies, checked on the raw bytes before anything recursive runs over
 * them, with the real platform's decoders' limits and words: Go's encoding/json stops at 10,000
 * levels (`invalid character '[' exceeded max depth`), its YAML parser at 10,000 flow levels
 * (`yaml: line 6: exceeded max depth of 10000`), and its CBOR decoder at 64 levels
 * (`cbor: exceeded max nested level 64`). The scans are single loops (no recursion), and a text
 * too short to nest that deep is not scanned at all.
 */

export const MAX_JSON_DEPTH = 10_000;
export const MAX_YAML_DEPTH = 10_000;
export const MAX_CBOR_DEPTH = 64;

const QUOTE = 34; // "
const APOSTROPHE = 39; // '
const BACKSLASH = 92;
const HASH = 35;
const NEWLINE = 10;
const OPEN_BRACKET = 91;
const OPEN_BRACE = 123;
const CLOSE_BRACKET = 93;
const CLOSE_BRACE = 125;

/** Go's error for a JSON text nested deeper than 10,000 levels, or undefined. */
export function jsonDepthError(text: string): string | undefined {
  if (text.length <= MAX_JSON_DEPTH) return undefined;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === BACKSLASH) i++;
        else if (d === QUOTE) break;
      }
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > MAX_JSON_DEPTH) return `invalid character '${text[i]}' exceeded max depth`;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
      depth--;
    }
  }
  return undefined;
}

/**
 * The YAML parser's error for flow collections (`[`, `{`: JSON is YAML) nested deeper than 10,000
 * levels, or undefined. Quoted scalars and comments are skipped; the line is named unless it is
 * the first, as the real parser words it.
 */
export function yamlDepthError(text: string): string | undefined {
  if (text.length <= MAX_YAML_DEPTH) return undefined;
  let depth = 0;
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === NEWLINE) {
      line++;
    } else if (c === QUOTE || c === APOSTROPHE) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === NEWLINE) line++;
        else if (c === QUOTE && d === BACKSLASH) i++;
        else if (d === c) {
          // '' inside a single-quoted scalar is an escaped quote, not its end.
          if (c === APOSTROPHE && text.charCodeAt(i + 1) === APOSTROPHE) i++;
          else break;
        }
      }
    } else if (c === HASH && (i === 0 || text.charCodeAt(i - 1) <= 32)) {
      while (i + 1 < text.length && text.charCodeAt(i + 1) !== NEWLINE) i++;
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > MAX_YAML_DEPTH) return yamlTooDeep(line);
    } else if ((c === CLOSE_BRACKET || c === CLOSE_BRACE) && depth > 0) {
      depth--;
    }
  }
  return undefined;
}

/** `yaml: line N: exceeded max depth of 10000` (no line when it is the first). */
export function yamlTooDeep(line: number | undefined): string {
  return `yaml: ${line !== undefined && line > 1 ? `line ${line}: ` : ''}exceeded max depth of ${MAX_YAML_DEPTH}`;
}

/**
 * The CBOR decoder's error for data items nested deeper than 64 levels (arrays, maps and tags
 * each count, a run of tags once), or undefined. Malformed input is left for the decoder to
 * describe: the walk stops where it cannot go on.
 */
export function cborDepthError(bytes: Uint8Array): string | undefined {
  if (bytes.length <= MAX_CBOR_DEPTH) return undefined;
  const tooDeep = `cbor: exceeded max nested level ${MAX_CBOR_DEPTH}`;
  // The open containers, innermost last: items still to come, or -1 for indefinite length (ended
  // by a 0xff break). A tag is a container of one item.
  const open: number[] = [];
  let afterTag = false;
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i++];
    if (b === 0xff) {
      if (open.length === 0 || open[open.length - 1] !== -1) return undefined;
      open.pop();
      closeItem(open);
      continue;
    }
    const major = b >> 5;
    const info = b & 0x1f;
    // The argument (a length or count), unsigned; past the end of the body it only ends the walk.
    let arg = info;
    if (info >= 24 && info <= 27) {
      const size = 1 << (info - 24);
      if (i + size > n) return undefined;
      arg = 0;
      for (let k = 0; k < size; k++) arg = arg * 256 + bytes[i++];
    } else if (info > 27 && info !== 31) return undefined;
    const indefinite = info === 31;
    if (major === 4 || major === 5) {
      if (open.length + 1 > MAX_CBOR_DEPTH) return tooDeep;
      afterTag = false;
      const items = indefinite ? -1 : major === 5 ? arg * 2 : arg;
      if (items !== 0) {
        open.push(items);
        continue;
      }
    } else if (major === 6) {
      // A run of tags is one level, wrapping the item that follows.
      if (!afterTag) {
        if (open.length + 1 > MAX_CBOR_DEPTH) return tooDeep;
        open.push(1);
      }
      afterTag = true;
      continue;
    } else if ((major === 2 || major === 3) && indefinite) {
      // Chunks follow until a break.
      afterTag = false;
      open.push(-1);
      continue;
    } else if (major === 2 || major === 3) {
      i += arg;
      if (i > n) return undefined;
    }
    afterTag = false;
    closeItem(open);
  }
  return undefined;
}

/** One item of the innermost container is done: close every container that is now complete. */
function closeItem(open: number[]): void {
  while (open.length) {
    const top = open.length - 1;
    if (open[top] === -1) return;
    if (--open[top] > 0) return;
    open.pop();
  }
}

/**
 * How deep an object this server keeps (or answers with) may nest. Far below what a body may
 * nest (unknown fields are dropped before this applies): the server's own recursive steps on
 * stored objects (copies, comparisons, the YAML and CBOR writers) need the JS stack, which ends
 * at a few thousand levels; real objects nest a few dozen.
 */
export const MAX_OBJECT_DEPTH = 500;

/**
 * Whether a decoded value nests more than `limit` levels of objects and arrays. Recursive, but
 * never deeper than `limit` (it stops there), and without allocating: it runs on every write.
 */
export function nestedDeeperThan(v: unknown, limit: number): boolean {
  if (v === null || typeof v !== 'object') return false;
  if (limit <= 0) return true;
  if (Array.isArray(v)) {
    for (const x of v) if (nestedDeeperThan(x, limit - 1)) return true;
    return false;
  }
  for (const k in v) if (nestedDeeperThan((v as Record<string, unknown>)[k], limit - 1)) return true;
  return false;
}
