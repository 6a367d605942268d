/**
 * The real client's JSONPath dialect (`-o jsonpath=...`, custom columns, `wait --for=jsonpath`):
 * text with `{...}` actions; fields, `..` recursive descent, `*`, indexes and slices, unions,
 * filters `[?(@.a=="x")]`, `range`/`end` and string literals.
 */
import { goJson, goPrint } from './go-format.ts';

type Step =
  | { t: 'field'; names: string[] }
  | { t: 'recursive' }
  | { t: 'wildcard' }
  | { t: 'index'; items: ({ start?: number; end?: number; step?: number; single: boolean } | { key: string })[] }
  | { t: 'filter'; left: Step[]; op?: string; right?: Operand };

type Operand = { literal: unknown } | { path: Step[] };

type Node = { t: 'text'; text: string } | { t: 'path'; steps: Step[]; fromRoot: boolean } | { t: 'range'; steps: Step[]; body: Node[] };

export class JsonPathError extends Error {}

export class JsonPath {
  private readonly nodes: Node[];

  constructor(
    readonly template: string,
    private readonly allowMissingKeys = true,
  ) {
    this.nodes = parseTemplate(template);
  }

  /** The values of each action, in order (for jsonpath-as-json and wait). */
  results(data: unknown): unknown[][] {
    const out: unknown[][] = [];
    this.walk(
      this.nodes,
      data,
      data,
      (vals) => out.push(vals),
      () => undefined,
    );
    return out;
  }

  execute(data: unknown): string {
    let text = '';
    this.walk(
      this.nodes,
      data,
      data,
      (vals) => {
        text += vals.map((v) => (typeof v === 'object' && v !== null ? goJson(v) : goPrint(v))).join(' ');
      },
      (t) => {
        text += t;
      },
    );
    return text;
  }

  /** jsonpath-as-json: every value found, as one indented JSON array. */
  executeJson(data: unknown): string {
    const all = this.results(data).flat();
    return `${goJson(all, 4)}\n`;
  }

  private walk(nodes: Node[], root: unknown, current: unknown, emit: (v: unknown[]) => void, text: (t: string) => void): void {
    for (const node of nodes) {
      if (node.t === 'text') text(node.text);
      else if (node.t === 'path') emit(this.evaluate(node.steps, [current], root));
      else {
        const vals = this.evaluate(node.steps, [current], root);
        const items = vals.length === 1 && Array.isArray(vals[0]) ? vals[0] : vals;
        for (const item of items) this.walk(node.body, root, item, emit, text);
      }
    }
  }

  private evaluate(steps: Step[], start: unknown[], root: unknown): unknown[] {
    let vals = start;
    for (const step of steps) {
      vals = this.step(step, vals, root);
    }
    return vals;
  }

  private step(step: Step, vals: unknown[], root: unknown): unknown[] {
    const out: unknown[] = [];
    switch (step.t) {
      case 'field': {
        for (const v of vals) if (isRecord(v)) for (const n of step.names) if (n in v && v[n] !== undefined) out.push(v[n]);
        if (out.length === 0 && !this.allowMissingKeys) throw new JsonPathError(`${step.names.join(',')} is not found`);
        return out;
      }
      case 'wildcard':
        for (const v of vals) {
          if (Array.isArray(v)) out.push(...v);
          else if (isRecord(v)) for (const k of Object.keys(v).sort()) out.push(v[k]);
        }
        return out;
      case 'recursive':
        for (const v of vals) descend(v, out);
        return out;
      case 'index':
        for (const v of vals) {
          for (const item of step.items) {
            if ('key' in item) {
              if (isRecord(v) && item.key in v) out.push(v[item.key]);
              else if (!this.allowMissingKeys) throw new JsonPathError(`${item.key} is not found`);
              continue;
            }
            if (!Array.isArray(v)) continue;
            const len = v.length;
            if (item.single) {
              const i = (item.start ?? 0) < 0 ? (item.start ?? 0) + len : (item.start ?? 0);
              if (i < 0 || i >= len) {
                if (this.allowMissingKeys) continue;
                throw new JsonPathError(`array index out of bounds: index ${item.start}, length ${len}`);
              }
              out.push(v[i]);
              continue;
            }
            const norm = (x: number | undefined, d: number) => (x === undefined ? d : x < 0 ? Math.max(0, x + len) : Math.min(x, len));
            const s = norm(item.start, 0);
            const e = norm(item.end, len);
            const st = item.step ?? 1;
            for (let i = s; i < e; i += st > 0 ? st : 1) out.push(v[i]);
          }
        }
        return out;
      case 'filter':
        for (const v of vals) {
          const items = Array.isArray(v) ? v : [v];
          for (const item of items) {
            const left = safe(() => this.evaluateLenient(step.left, item, root));
            if (!step.op) {
              if (left.length > 0) out.push(item);
              continue;
            }
            const right =
              step.right && 'path' in step.right
                ? safe(() => this.evaluateLenient((step.right as { path: Step[] }).path, item, root))
                : [(step.right as { literal: unknown }).literal];
            if (left.length > 0 && right.length > 0 && compare(left[0], step.op, right[0])) out.push(item);
          }
        }
        return out;
    }
  }

  private evaluateLenient(steps: Step[], current: unknown, root: unknown): unknown[] {
    return new JsonPath('', true).evaluate(steps, [current], root);
  }
}

function safe(f: () => unknown[]): unknown[] {
  try {
    return f();
  } catch {
    return [];
  }
}

function compare(a: unknown, op: string, b: unknown): boolean {
  switch (op) {
    case '==':
      return a === b || (typeof a === 'number' && typeof b === 'number' && a === b) || String(a) === String(b);
    case '!=':
      return !(a === b || String(a) === String(b));
    case '<':
      return Number(a) < Number(b);
    case '>':
      return Number(a) > Number(b);
    case '<=':
      return Number(a) <= Number(b);
    case '>=':
      return Number(a) >= Number(b);
  }
  return false;
}

function descend(v: unknown, out: unknown[]): void {
  out.push(v);
  if (Array.isArray(v)) for (const x of v) descend(x, out);
  else if (isRecord(v)) for (const k of Object.keys(v).sort()) descend(v[k], out);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

// ---- parsing ----

function parseTemplate(template: string): Node[] {
  const root: Node[] = [];
  const stack: { body: Node[] }[] = [{ body: root }];
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    if (open < 0) {
      stack.at(-1)!.body.push({ t: 'text', text: template.slice(i) });
      break;
    }
    if (open > i) stack.at(-1)!.body.push({ t: 'text', text: template.slice(i, open) });
    const close = findClose(template, open + 1);
    if (close < 0) throw new JsonPathError(`unclosed action`);
    const action = template.slice(open + 1, close).trim();
    i = close + 1;
    if (action === 'end') {
      if (stack.length === 1) throw new JsonPathError('not in range, nothing to end');
      stack.pop();
      continue;
    }
    if (action.startsWith('range ') || action.startsWith('range\t')) {
      const node: Node = { t: 'range', steps: parsePath(action.slice(6).trim()), body: [] };
      stack.at(-1)!.body.push(node);
      stack.push(node);
      continue;
    }
    if (/^"(?:[^"\\]|\\.)*"$/.test(action) || /^'[^']*'$/.test(action)) {
      stack.at(-1)!.body.push({ t: 'text', text: unquote(action) });
      continue;
    }
    stack.at(-1)!.body.push({ t: 'path', steps: parsePath(action), fromRoot: action.startsWith('$') });
  }
  if (stack.length > 1) throw new JsonPathError('unclosed range');
  return root;
}

function findClose(s: string, from: number): number {
  let quote = '';
  for (let i = from; i < s.length; i++) {
    const c = s[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '}') return i;
  }
  return -1;
}

function unquote(s: string): string {
  if (s.startsWith("'")) return s.slice(1, -1);
  return JSON.parse(s.replace(/\\([^"\\/bfnrtu])/g, '$1')) as string;
}

export function parsePath(text: string): Step[] {
  const steps: Step[] = [];
  let i = 0;
  const s = text.trim();
  if (s.startsWith('$') || s.startsWith('@')) i = 1;
  while (i < s.length) {
    const c = s[i];
    if (c === '.') {
      if (s[i + 1] === '.') {
        steps.push({ t: 'recursive' });
        i += 2;
        if (s[i] === '*') {
          i++;
        } else if (s[i] && s[i] !== '[') {
          const [name, next] = readName(s, i);
          steps.push({ t: 'field', names: [name] });
          i = next;
        }
        continue;
      }
      i++;
      if (s[i] === '*') {
        steps.push({ t: 'wildcard' });
        i++;
        continue;
      }
      if (i >= s.length || s[i] === '.' || s[i] === '[') continue;
      const [name, next] = readName(s, i);
      steps.push({ t: 'field', names: [name] });
      i = next;
    } else if (c === '[') {
      const close = matchingBracket(s, i);
      if (close < 0) throw new JsonPathError(`unterminated array`);
      steps.push(parseBracket(s.slice(i + 1, close).trim()));
      i = close + 1;
    } else if (c === ' ' || c === '\t') {
      i++;
    } else {
      const [name, next] = readName(s, i);
      if (!name)
        throw new JsonPathError(
          `unrecognized character in action: U+${c!.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} '${c}'`,
        );
      steps.push({ t: 'field', names: [name] });
      i = next;
    }
  }
  return steps;
}

function readName(s: string, i: number): [string, number] {
  let name = '';
  while (i < s.length) {
    const c = s[i]!;
    if (c === '\\' && i + 1 < s.length) {
      name += s[i + 1];
      i += 2;
      continue;
    }
    if ('.[]{}()@$ \t,=!<>"\''.includes(c)) break;
    name += c;
    i++;
  }
  return [name, i];
}

function matchingBracket(s: string, from: number): number {
  let depth = 0;
  let quote = '';
  for (let i = from; i < s.length; i++) {
    const c = s[i];
    if (quote) {
      if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '[') depth++;
    else if (c === ']' && --depth === 0) return i;
  }
  return -1;
}

function parseBracket(inner: string): Step {
  if (inner === '*') return { t: 'wildcard' };
  if (inner.startsWith('?')) {
    const m = /^\?\((.*)\)$/s.exec(inner);
    if (!m) throw new JsonPathError(`unclosed filter`);
    const expr = m[1]!.trim();
    const opMatch = /(==|!=|<=|>=|<|>)/.exec(expr);
    if (!opMatch) return { t: 'filter', left: parsePath(expr) };
    const left = parsePath(expr.slice(0, opMatch.index).trim());
    const rightText = expr.slice(opMatch.index + opMatch[0].length).trim();
    let right: Operand;
    if (/^["']/.test(rightText)) right = { literal: unquote(rightText) };
    else if (/^-?\d+(\.\d+)?$/.test(rightText)) right = { literal: Number(rightText) };
    else if (rightText === 'true' || rightText === 'false') right = { literal: rightText === 'true' };
    else right = { path: parsePath(rightText) };
    return { t: 'filter', left, op: opMatch[0], right };
  }
  const items: ({ start?: number; end?: number; step?: number; single: boolean } | { key: string })[] = [];
  for (const part of splitUnion(inner)) {
    const p = part.trim();
    if (/^["']/.test(p)) items.push({ key: unquote(p) });
    else if (p.includes(':')) {
      const [a, b, c] = p.split(':').map((x) => (x.trim() === '' ? undefined : Number(x)));
      items.push({ start: a, end: b, step: c, single: false });
    } else if (/^-?\d+$/.test(p)) items.push({ start: Number(p), single: true });
    else if (p) items.push({ key: p });
    else throw new JsonPathError(`invalid array index`);
  }
  return { t: 'index', items };
}

function splitUnion(s: string): string[] {
  const parts: string[] = [];
  let quote = '';
  let cur = '';
  for (const c of s) {
    if (quote) {
      if (c === quote) quote = '';
      cur += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      cur += c;
    } else if (c === ',') {
      parts.push(cur);
      cur = '';
    } else cur += c;
  }
  parts.push(cur);
  return parts;
}

/** Custom columns and sort-by accept `.a.b`, `a.b` or `{.a.b}`; all mean `{.a.b}`. */
export function relaxedJsonPath(expr: string): string {
  const e = expr.trim();
  if (e.startsWith('{') && e.endsWith('}')) return e;
  if (e.startsWith('.')) return `{${e}}`;
  return `{.${e}}`;
}
