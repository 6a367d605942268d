/**
 * Keys written twice in one YAML mapping. The real platform's YAML decoder keeps the last value
 * and says nothing; only its strict pass (fieldValidation Strict or Warn) reports them, in one
 * error whose lines name each repeat: `yaml: unmarshal errors:\n  line 7: key "a" already set in
 * map`. The line is the repeated entry's value's, and a repeat is reported once its value has been
 * read (so repeats inside it come first), as that decoder does. Found here on the parser's events.
 */
import { EVENT_ID, type Event, getScalarValue, SCALAR_STYLE, type ScalarEvent } from 'js-yaml';

/** How the strict decoder's report starts (the real platform splits it into one warning a line). */
export const YAML_UNMARSHAL_ERRORS = 'yaml: unmarshal errors:\n';

/** Plain scalars that YAML 1.1 (the real decoder's YAML) reads as booleans and null. */
const TRUE = new Set(['y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON']);
const FALSE = new Set(['n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF']);
const NULL = new Set(['', '~', 'null', 'Null', 'NULL']);
const NUMBER =
  /^[-+]?(?:\d[\d_]*(?:\.[\d_]*)?(?:[eE][-+]?\d+)?|\.\d[\d_]*(?:[eE][-+]?\d+)?|0x[\dA-Fa-f_]+|0b[01_]+|\.(?:inf|Inf|INF))$|^\.(?:nan|NaN|NAN)$/;
const DECIMAL = /^[-+]?\d[\d_]*$/;

interface Frame {
  /** Keys of a mapping so far; undefined for a sequence. */
  readonly keys: Set<string> | undefined;
  /** A mapping's next node is a key. */
  expectKey: boolean;
  /** The key just read: its identity and how the report prints it (undefined: not a scalar). */
  key: { readonly id: string; readonly shown: string; readonly at: number } | undefined;
  /** Set while this collection is the value of a repeated key: reported when it closes. */
  repeat: string | undefined;
}

/** The strict decoder's report of the repeated keys of a one-document stream, or undefined. */
export function yamlDuplicateKeys(events: readonly Event[], source: string): string | undefined {
  const lines = lineStarts(source);
  const found: string[] = [];
  const stack: Frame[] = [];
  /** A node starts in the current container: a key, a value (maybe of a repeated key), or an item. */
  const begin = (at: number, scalar: ScalarEvent | undefined): string | undefined => {
    const top = stack.at(-1);
    if (!top?.keys) return undefined;
    if (top.expectKey) {
      top.expectKey = false;
      top.key = scalar ? keyOf(scalar, source, at) : undefined;
      return undefined;
    }
    top.expectKey = true;
    const key = top.key;
    top.key = undefined;
    if (!key) return undefined;
    if (!top.keys.has(key.id)) {
      top.keys.add(key.id);
      return undefined;
    }
    return `line ${lineOf(lines, at < 0 ? key.at : at)}: key ${key.shown} already set in map`;
  };
  for (const e of events) {
    switch (e.type) {
      case EVENT_ID.MAPPING:
      case EVENT_ID.SEQUENCE: {
        const repeat = begin(e.start, undefined);
        stack.push({ keys: e.type === EVENT_ID.MAPPING ? new Set() : undefined, expectKey: true, key: undefined, repeat });
        break;
      }
      case EVENT_ID.SCALAR: {
        const repeat = begin(e.valueStart, e);
        if (repeat) found.push(repeat);
        break;
      }
      case EVENT_ID.ALIAS: {
        const repeat = begin(e.anchorStart, undefined);
        if (repeat) found.push(repeat);
        break;
      }
      case EVENT_ID.POP: {
        const done = stack.pop();
        if (done?.repeat) found.push(done.repeat);
        break;
      }
    }
  }
  return found.length ? `${YAML_UNMARSHAL_ERRORS}  ${found.join('\n  ')}` : undefined;
}

/** A scalar key's identity (its YAML 1.1 type and value) and Go's `%#v` of it. */
function keyOf(e: ScalarEvent, source: string, at: number): { id: string; shown: string; at: number } {
  const value = getScalarValue(source, e);
  if (e.style === SCALAR_STYLE.PLAIN && e.tagEnd <= e.tagStart) {
    if (TRUE.has(value) || FALSE.has(value)) return { id: `!${TRUE.has(value)}`, shown: String(TRUE.has(value)), at };
    if (NULL.has(value)) return { id: '!null', shown: '<nil>', at };
    if (NUMBER.test(value)) {
      const shown = DECIMAL.test(value) ? BigInt(value.replace(/_/g, '')).toString() : value;
      return { id: `!${shown}`, shown, at };
    }
  }
  return { id: `s${value}`, shown: JSON.stringify(value), at };
}

/** Offsets where each line starts (`\n`, `\r\n` and a lone `\r` end a line, as in the YAML parser). */
function lineStarts(source: string): number[] {
  const starts = [0];
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\n' || (c === '\r' && source[i + 1] !== '\n')) starts.push(i + 1);
  }
  return starts;
}

/** The 1-based line of an offset. */
function lineOf(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** Whether a body's reported duplicate is this report (a JSON body's duplicates are field paths). */
export function isYamlDuplicateReport(duplicate: string): boolean {
  return duplicate.startsWith(YAML_UNMARSHAL_ERRORS);
}

/** A strict decoding problem as `Warning`s: this report one a line, as the real handler splits it; others as they are. */
export function strictDecodingWarnings(problem: string): string[] {
  if (!isYamlDuplicateReport(problem)) return [problem];
  return problem
    .slice(YAML_UNMARSHAL_ERRORS.length)
    .split('\n')
    .map((line) => line.trim());
}
