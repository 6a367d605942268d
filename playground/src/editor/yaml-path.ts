/**
 * Where the cursor is in a YAML document, read from the lines before it by their indentation:
 * the path of keys and list items down to the mapping it writes in, and whether it writes a key
 * or a key's value. The text being edited is mostly not valid YAML (a half-typed key), so this
 * does not parse: it reads block style line by line, which is what manifests are written in.
 * Flow collections (`{a: 1}`, `[x]`) are values it does not enter; block scalars (`|`, `>`) are
 * skipped as text.
 */

/** A list item in a path; any other step is a mapping key. */
export const ITEM = '[]' as const;
export type PathStep = string;

export interface YamlCursor {
  /** From the document's root to the mapping the cursor writes in (keys, and ITEM for list items). */
  readonly path: readonly PathStep[];
  /** A key of that mapping, or the value of `key` in it. */
  readonly writing: 'key' | 'value';
  /** For a value: the key it belongs to. */
  readonly key?: string;
  /** What is typed of the word so far, and where it starts in the text. */
  readonly prefix: string;
  readonly from: number;
  /** The keys already written in the same mapping (a completion need not offer them again). */
  readonly siblings: readonly string[];
}

/** The document's `apiVersion` and `kind` (top-level), if written, wherever they are in it. */
export interface TypeMeta {
  readonly apiVersion?: string;
  readonly kind?: string;
}

interface Frame {
  readonly col: number;
  readonly step: PathStep;
  /** The keys written in the mapping this frame opens. */
  readonly keys: string[];
}

interface Line {
  /** Columns of the `- ` markers, left to right. */
  readonly dashes: number[];
  /** The key at the end of them, if the line has `key:`. */
  readonly key?: { readonly name: string; readonly col: number; readonly value: string };
  /** Column of the first thing after the markers (a key, a scalar). */
  readonly contentCol: number;
}

const KEY = /^((?:"[^"]*"|'[^']*'|[^\s#:'"][^#:]*?)):(?:\s+(.*))?$/;

function unquote(s: string): string {
  return /^(["']).*\1$/.test(s) ? s.slice(1, -1) : s;
}

function readLine(text: string): Line | undefined {
  const indent = text.length - text.trimStart().length;
  let col = indent;
  let rest = text.slice(indent);
  if (rest === '' || rest.startsWith('#')) return undefined;
  const dashes: number[] = [];
  for (let m = /^-(\s+|$)/.exec(rest); m; m = /^-(\s+|$)/.exec(rest)) {
    dashes.push(col);
    col += m[0].length;
    rest = rest.slice(m[0].length);
  }
  const k = KEY.exec(rest.replace(/\s+#.*$/, '').trimEnd());
  if (!k) return { dashes, contentCol: col };
  return { dashes, contentCol: col, key: { name: unquote(k[1]!.trim()), col, value: (k[2] ?? '').trim() } };
}

const BLOCK_SCALAR = /^[|>][-+0-9]*$/;

/** A frame for the document's root mapping; every path starts under it. */
const root = (): Frame => ({ col: -1, step: '', keys: [] });

/** Leaves the frames a token at `col` is not inside of. */
function popFor(stack: Frame[], col: number, isDash: boolean): void {
  // A key closes everything at its column or deeper; a list item keeps a key at its own column
  // open (`key:` followed by `- item` at the same indentation is how lists are usually written).
  while (stack.length > 1) {
    const top = stack[stack.length - 1]!;
    if (top.col > col || (top.col === col && (!isDash || top.step === ITEM))) stack.pop();
    else break;
  }
}

function pushKey(stack: Frame[], name: string, col: number): void {
  stack[stack.length - 1]!.keys.push(name);
  stack.push({ col, step: name, keys: [] });
}

/** Applies a line's markers and key to the stack (the key left open: lines under it are inside it). */
function apply(stack: Frame[], line: Line): void {
  const [first] = line.dashes;
  if (first !== undefined) popFor(stack, first, true);
  else if (line.key) popFor(stack, line.key.col, false);
  for (const d of line.dashes) stack.push({ col: d, step: ITEM, keys: [] });
  if (line.key) pushKey(stack, line.key.name, line.key.col);
}

/** The lines of the document (between `---` markers) that holds `offset`, and where it starts. */
function documentAt(text: string, offset: number): { start: number; end: number } {
  let start = 0;
  let end = text.length;
  const sep = /^---[ \t]*(?:#.*)?$/gm;
  for (let m = sep.exec(text); m; m = sep.exec(text)) {
    const lineEnd = m.index + m[0].length;
    if (m.index < offset && offset > lineEnd) start = lineEnd + 1;
    else if (m.index >= offset) {
      end = m.index;
      break;
    }
  }
  return { start: Math.min(start, text.length), end };
}

/** What the cursor at `offset` writes; undefined inside a comment, a block scalar or a flow collection. */
export function yamlCursor(text: string, offset: number): YamlCursor | undefined {
  const doc = documentAt(text, offset);
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const before = text.slice(Math.max(lineStart, doc.start), offset);
  const stack = [root()];
  let scalarCol: number | undefined;
  for (const raw of text.slice(doc.start, Math.max(lineStart, doc.start)).split('\n')) {
    const indent = raw.length - raw.trimStart().length;
    if (scalarCol !== undefined) {
      if (raw.trim() === '' || indent > scalarCol) continue;
      scalarCol = undefined;
    }
    const line = readLine(raw);
    if (!line) continue;
    apply(stack, line);
    if (line.key) {
      if (BLOCK_SCALAR.test(line.key.value)) scalarCol = line.key.col;
      else if (line.key.value !== '' && !line.key.value.startsWith('#')) stack.pop(); // a scalar or flow value: nothing is inside it
    } else if (line.dashes.length) {
      // `- value`: an item that is a scalar; `- ` alone opens an item written on the lines below.
      if (line.contentCol < raw.length && raw.slice(line.contentCol).trim() !== '') stack.pop();
    }
  }
  if (scalarCol !== undefined && before.trim() !== '' && before.length - before.trimStart().length > scalarCol) return undefined;
  if (before.includes('#')) return undefined;
  const value = /^(\s*(?:-\s+)*)((?:"[^"]*"|'[^']*'|[^\s#:'"][^#:]*?)):\s+(.*)$/.exec(before);
  if (value) {
    const line = readLine(`${value[1]}${value[2]}:`)!;
    const typed = value[3]!;
    if (/^[[{|>&*!]/.test(typed) || /\s/.test(typed.trim())) return undefined;
    apply(stack, line);
    const key = stack.pop()!;
    return {
      path: stack.map((f) => f.step).slice(1),
      writing: 'value',
      key: key.step,
      prefix: typed,
      from: offset - typed.length,
      siblings: [],
    };
  }
  const keyOnly = /^(\s*(?:-\s+)*)([\w.\-/]*)$/.exec(before);
  if (!keyOnly) return undefined;
  const line = readLine(`${keyOnly[1]}x:`)!;
  apply(stack, { dashes: line.dashes, contentCol: line.contentCol });
  if (!line.dashes.length) popFor(stack, line.contentCol, false);
  const siblings = stack[stack.length - 1]!.keys;
  return { path: stack.map((f) => f.step).slice(1), writing: 'key', prefix: keyOnly[2]!, from: offset - keyOnly[2]!.length, siblings };
}

/** The top-level `apiVersion` and `kind` of the document that holds `offset`. */
export function typeMetaAt(text: string, offset: number): TypeMeta {
  const doc = documentAt(text, offset);
  const out: { apiVersion?: string; kind?: string } = {};
  for (const raw of text.slice(doc.start, doc.end).split('\n')) {
    const m = /^(apiVersion|kind):\s*(\S[^#]*?)\s*(?:#.*)?$/.exec(raw);
    if (m) out[m[1] as 'apiVersion' | 'kind'] = unquote(m[2]!);
  }
  return out;
}

/** A path as text, for messages and tests: `spec.template.spec.containers[].name`. */
export function pathText(path: readonly PathStep[]): string {
  return path.map((s, i) => (s === ITEM ? ITEM : i === 0 ? s : `.${s}`)).join('');
}
