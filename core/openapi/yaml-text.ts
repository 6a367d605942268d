/**
 * A JSON value as the YAML text gnostic stores in an `Any` (the real server's YAML writer, with
 * every node's style cleared): block collections, a 4-column step (2 inside a sequence item, after
 * its "- "), empty collections as `{}` and `[]`, numbers as the JSON text writes them, and strings
 * plain where that reads back as the same string, else quoted — single quotes when they can carry
 * it, double quotes with escapes otherwise — or as a literal block when they hold a line break.
 * Lines are never folded. Readers (kubectl) only parse it back, but writing the same text keeps
 * the bytes of /openapi/v2 and /openapi/v3 as the real server's.
 *
 * Not covered: keys longer than 128 bytes or holding a line break (written as simple keys here,
 * as complex `? ` keys there), and line separators other than "\n" inside strings.
 */
import { isObject, type JsonValue } from '../util/json.ts';

const STEP = 4;

/** The indentation of a collection or block scalar nested at `parent` (-1: the document). */
function nested(parent: number, inSequenceItem: boolean, scalar: boolean): number {
  if (parent < 0) return scalar ? STEP : 0;
  return inSequenceItem ? parent + 2 : STEP * Math.floor((parent + STEP) / STEP);
}

// --- which strings would read back as something else ---------------------------------------

const RESERVED = new Set([
  '',
  ...'true True TRUE false False FALSE ~ null Null NULL .nan .NaN .NAN .inf .Inf .INF +.inf +.Inf +.INF -.inf -.Inf -.INF'.split(' '),
]);
const INTEGER = /^[-+]?(0[xX][0-9a-fA-F]+|0[oO]?[0-7]+|0[bB][01]+|0|[1-9][0-9]*)$/;
const FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const TIMESTAMP =
  /^\d{4}-(0?[1-9]|1[0-2])-(0?[1-9]|[12]\d|3[01])(([Tt]([01]?\d|2[0-3]):[0-5]?\d:[0-5]?\d(\.\d+)?(Z|[+-]\d{2}:\d{2}))|( ([01]?\d|2[0-3]):[0-5]?\d:[0-5]?\d(\.\d+)?))?$/;

/** True when the plain text `s` would be read as a boolean, null, number or timestamp. */
function readsAsOtherThanString(s: string): boolean {
  if (RESERVED.has(s)) return true;
  const first = s[0]!;
  if (first === '.') return /^\.[0-9]+([eE][-+]?[0-9]+)?$/.test(s);
  if (!/[-+0-9]/.test(first)) return false;
  if (TIMESTAMP.test(s)) return true;
  const plain = s.replaceAll('_', '');
  return INTEGER.test(plain) || FLOAT.test(plain);
}

// --- what a string may be written as --------------------------------------------------------

/** Printable as is in YAML (the YAML writer's set: no controls but "\n", no BOM, nothing past the BMP). */
function printable(cp: number): boolean {
  return cp === 0x0a || (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd && cp !== 0xfeff);
}
const isBreak = (c: string) => c === '\n' || c === '\r' || c === '\u0085' || c === '\u2028' || c === '\u2029';

interface Allowed {
  plain: boolean;
  single: boolean;
  block: boolean;
  multiline: boolean;
}

function analyze(s: string): Allowed {
  if (s === '') return { plain: true, single: true, block: false, multiline: false };
  const chars = [...s];
  let indicators = s.startsWith('---') || s.startsWith('...');
  let lineBreaks = false;
  let tabs = false;
  let special = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let previousSpace = false;
  let previousBreak = false;
  let precededByWhitespace = true;
  chars.forEach((c, i) => {
    const next = chars[i + 1];
    const followedByWhitespace = next === undefined || next === ' ' || next === '\t';
    if (i === 0) {
      if ('#,[]{}&*!|>\'"%@`'.includes(c)) indicators = true;
      else if ((c === '?' || c === ':' || c === '-') && followedByWhitespace) indicators = true;
    } else if ((c === ':' && followedByWhitespace) || (c === '#' && precededByWhitespace)) indicators = true;
    if (c === '\t') tabs = true;
    else if (!printable(c.codePointAt(0)!)) special = true;
    const last = i === chars.length - 1;
    if (c === ' ') {
      if (i === 0) leadingSpace = true;
      if (last) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreak(c)) {
      lineBreaks = true;
      if (i === 0) leadingBreak = true;
      if (last) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = c === ' ' || c === '\t' || isBreak(c);
  });
  const noPlain =
    leadingSpace || leadingBreak || trailingSpace || trailingBreak || breakSpace || spaceBreak || tabs || special || lineBreaks;
  return {
    plain: !noPlain && !indicators,
    single: !(breakSpace || spaceBreak || tabs || special),
    block: !(trailingSpace || spaceBreak || special),
    multiline: lineBreaks,
  };
}

const ESCAPES: Readonly<Record<number, string>> = {
  0: '\\0',
  7: '\\a',
  8: '\\b',
  9: '\\t',
  10: '\\n',
  11: '\\v',
  12: '\\f',
  13: '\\r',
  27: '\\e',
  34: '\\"',
  92: '\\\\',
  133: '\\N',
  8232: '\\L',
  8233: '\\P',
};

function doubleQuoted(s: string): string {
  let out = '"';
  for (const c of s) {
    const cp = c.codePointAt(0)!;
    if (!printable(cp) || cp === 0xfeff || isBreak(c) || c === '"' || c === '\\') {
      const hex = cp.toString(16).toUpperCase();
      out +=
        ESCAPES[cp] ??
        (cp <= 0xff ? `\\x${hex.padStart(2, '0')}` : cp <= 0xffff ? `\\u${hex.padStart(4, '0')}` : `\\U${hex.padStart(8, '0')}`);
    } else out += c;
  }
  return `${out}"`;
}

/**
 * A literal block (`|`): chomping by how the text ends, an indentation digit when it starts blank.
 * Breaks are written as they come, so a leading one ends the header line; the text's final break
 * is left to the caller, which ends every node's last line.
 */
function literal(s: string, indent: number): string {
  const chomp = !isBreak(s.at(-1)!) ? '-' : s.length === 1 || isBreak(s.at(-2)!) ? '+' : '';
  let out = `|${s[0] === ' ' || isBreak(s[0]!) ? String(STEP) : ''}${chomp}`;
  let lineStart = true;
  let broken = false;
  for (const c of s) {
    if (isBreak(c)) {
      out += '\n';
      lineStart = broken = true;
      continue;
    }
    if (lineStart) out += `${broken ? '' : '\n'}${' '.repeat(indent)}`;
    out += c;
    lineStart = false;
  }
  return out.endsWith('\n') ? out.slice(0, -1) : out;
}

/** A string scalar; `indent` is where a literal block's lines would go. */
function stringScalar(s: string, key: boolean, indent: number): string {
  const allowed = analyze(s);
  let style: 'plain' | 'single' | 'double' | 'literal' = s.includes('\n') ? 'literal' : readsAsOtherThanString(s) ? 'double' : 'plain';
  if (key && allowed.multiline) style = 'double';
  if (style === 'plain' && (!allowed.plain || (s === '' && key))) style = 'single';
  if (style === 'single' && !allowed.single) style = 'double';
  if (style === 'literal' && (!allowed.block || key)) style = 'double';
  if (style === 'plain') return s;
  if (style === 'single') return `'${s.replaceAll("'", "''")}'`;
  if (style === 'literal') return literal(s, indent);
  return doubleQuoted(s);
}

function scalar(v: JsonValue, key: boolean, indent: number): string {
  return typeof v === 'string' ? stringScalar(v, key, indent) : JSON.stringify(v);
}

const isEmpty = (v: JsonValue) => (Array.isArray(v) ? v.length === 0 : isObject(v) && Object.keys(v).length === 0);

/**
 * A node placed after its parent's marker (`key:` or `-`, or at the start of the document):
 * what follows on that line, then its own lines. `parent` is the parent collection's indentation.
 */
function node(v: JsonValue, parent: number, inSequenceItem: boolean): string {
  if (isEmpty(v)) return Array.isArray(v) ? ' []' : ' {}';
  if (Array.isArray(v) || isObject(v)) {
    const indent = nested(parent, inSequenceItem, false);
    const body = Array.isArray(v) ? sequence(v, indent) : mapping(v, indent);
    // Inside a sequence item (or at the top) the first line goes on the marker's line.
    return inSequenceItem || parent < 0 ? ` ${body.slice(indent)}` : `\n${body}`;
  }
  return ` ${scalar(v, false, nested(parent, inSequenceItem, true))}`;
}

function mapping(m: Readonly<Record<string, JsonValue>>, indent: number): string {
  return Object.entries(m)
    .map(([k, v]) => `${' '.repeat(indent)}${stringScalar(k, true, indent)}:${node(v, indent, false)}`)
    .join('\n');
}

function sequence(items: readonly JsonValue[], indent: number): string {
  return items.map((v) => `${' '.repeat(indent)}-${node(v, indent, true)}`).join('\n');
}

export function yamlText(v: JsonValue): string {
  return `${node(v, -1, false).slice(1)}\n`;
}
