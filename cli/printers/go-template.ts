/**
 * A subset of Go's text/template for `-o go-template`: field chains (`.a.b`, `$`, `$var`),
 * pipelines, `if`/`else`/`with`/`range` (with `$i, $e :=`), `end`, trim markers, and the
 * functions the real client's templates use most (index, len, printf, print, println, eq, ne,
 * lt, le, gt, ge, not, and, or, base64decode, base64encode, toJson).
 */
import { goJson, goPrint } from './go-format.ts';

export class TemplateError extends Error {}

type Expr =
  | { t: 'field'; base: 'dot' | 'root' | string; path: string[] }
  | { t: 'lit'; value: unknown }
  | { t: 'call'; fn: string; args: Expr[] }
  | { t: 'pipe'; stages: Expr[] };

type Node =
  | { t: 'text'; text: string }
  | { t: 'out'; expr: Expr }
  | { t: 'if' | 'with'; cond: Expr; body: Node[]; otherwise: Node[] }
  | { t: 'range'; cond: Expr; keyVar?: string; valVar?: string; body: Node[]; otherwise: Node[] };

interface Scope {
  dot: unknown;
  root: unknown;
  vars: Map<string, unknown>;
}

const MISSING = Symbol('missing');

export class GoTemplate {
  private readonly nodes: Node[];

  constructor(
    readonly source: string,
    private readonly allowMissingKeys = true,
  ) {
    this.nodes = parse(tokenize(source));
  }

  execute(data: unknown): string {
    const out: string[] = [];
    this.run(this.nodes, { dot: data, root: data, vars: new Map([['$', data]]) }, out);
    return out.join('');
  }

  private run(nodes: Node[], scope: Scope, out: string[]): void {
    for (const n of nodes) {
      switch (n.t) {
        case 'text':
          out.push(n.text);
          break;
        case 'out': {
          const v = this.eval(n.expr, scope);
          out.push(v === MISSING ? '<no value>' : goPrint(v));
          break;
        }
        case 'if': {
          const v = this.eval(n.cond, scope);
          this.run(truthy(v) ? n.body : n.otherwise, scope, out);
          break;
        }
        case 'with': {
          const v = this.eval(n.cond, scope);
          if (truthy(v)) this.run(n.body, { ...scope, dot: v }, out);
          else this.run(n.otherwise, scope, out);
          break;
        }
        case 'range': {
          const v = this.eval(n.cond, scope);
          const entries: [unknown, unknown][] = Array.isArray(v)
            ? v.map((x, i) => [i, x])
            : v && typeof v === 'object'
              ? Object.keys(v)
                  .sort()
                  .map((k) => [k, (v as Record<string, unknown>)[k]])
              : [];
          if (entries.length === 0) this.run(n.otherwise, scope, out);
          for (const [k, x] of entries) {
            const vars = new Map(scope.vars);
            if (n.keyVar) vars.set(n.keyVar, k);
            if (n.valVar) vars.set(n.valVar, x);
            this.run(n.body, { ...scope, dot: x, vars }, out);
          }
          break;
        }
      }
    }
  }

  private eval(e: Expr, scope: Scope, piped?: { value: unknown }): unknown {
    switch (e.t) {
      case 'lit':
        return e.value;
      case 'field': {
        let v: unknown = e.base === 'dot' ? scope.dot : e.base === 'root' ? scope.root : scope.vars.get(e.base);
        if (e.base !== 'dot' && e.base !== 'root' && !scope.vars.has(e.base)) throw new TemplateError(`undefined variable "${e.base}"`);
        for (const key of e.path) {
          if (v === MISSING) return MISSING;
          if (v && typeof v === 'object' && !Array.isArray(v)) {
            if (key in (v as object)) v = (v as Record<string, unknown>)[key];
            else {
              if (!this.allowMissingKeys) throw new TemplateError(`map has no entry for key "${key}"`);
              v = MISSING;
            }
          } else if (v === null || v === undefined) {
            v = MISSING;
          } else throw new TemplateError(`can't evaluate field ${key} in type ${Array.isArray(v) ? '[]interface {}' : typeof v}`);
        }
        return v;
      }
      case 'pipe': {
        let value: { value: unknown } | undefined;
        for (const stage of e.stages) value = { value: this.eval(stage, scope, value) };
        return value?.value;
      }
      case 'call': {
        const args = e.args.map((a) => this.eval(a, scope));
        if (piped) args.push(piped.value);
        return callFunction(
          e.fn,
          args.map((a) => (a === MISSING ? undefined : a)),
        );
      }
    }
  }
}

function truthy(v: unknown): boolean {
  if (v === MISSING || v === null || v === undefined || v === false || v === 0 || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'object') return Object.keys(v as object).length > 0;
  return true;
}

function callFunction(fn: string, args: unknown[]): unknown {
  switch (fn) {
    case 'index': {
      let v = args[0];
      for (const k of args.slice(1)) {
        if (Array.isArray(v)) v = v[Number(k)];
        else if (v && typeof v === 'object') v = (v as Record<string, unknown>)[String(k)];
        else throw new TemplateError(`error calling index: index of untyped nil`);
      }
      return v;
    }
    case 'len': {
      const v = args[0];
      if (typeof v === 'string' || Array.isArray(v)) return v.length;
      if (v && typeof v === 'object') return Object.keys(v).length;
      throw new TemplateError(`error calling len: len of type ${typeof v}`);
    }
    case 'printf':
      return sprintf(String(args[0] ?? ''), args.slice(1));
    case 'print':
      return args.map(goPrint).join('');
    case 'println':
      return `${args.map(goPrint).join(' ')}\n`;
    case 'eq':
      return args.slice(1).some((a) => a === args[0]);
    case 'ne':
      return args[0] !== args[1];
    case 'lt':
      return Number(args[0]) < Number(args[1]) || (typeof args[0] === 'string' && String(args[0]) < String(args[1]));
    case 'le':
      return (args[0] as number) <= (args[1] as number);
    case 'gt':
      return (args[0] as number) > (args[1] as number);
    case 'ge':
      return (args[0] as number) >= (args[1] as number);
    case 'not':
      return !truthy(args[0]);
    case 'and':
      return args.find((a) => !truthy(a)) ?? args.at(-1);
    case 'or':
      return args.find((a) => truthy(a)) ?? args.at(-1);
    case 'base64decode':
      return new TextDecoder().decode(Uint8Array.from(atob(String(args[0] ?? '')), (c) => c.charCodeAt(0)));
    case 'base64encode':
      return btoa(String.fromCharCode(...new TextEncoder().encode(String(args[0] ?? ''))));
    case 'toJson':
      return goJson(args[0]);
    default:
      throw new TemplateError(`function "${fn}" not defined`);
  }
}

function sprintf(format: string, args: unknown[]): string {
  let i = 0;
  return format.replace(/%([-+ 0#]*)(\d*)(?:\.(\d+))?([vsdqtfx%])/g, (_m, _flags: string, width: string, _prec, verb: string) => {
    if (verb === '%') return '%';
    const a = args[i++];
    let s: string;
    switch (verb) {
      case 'q':
        s = JSON.stringify(String(a));
        break;
      case 'd':
        s = String(Math.trunc(Number(a)));
        break;
      case 'x':
        s =
          typeof a === 'number'
            ? a.toString(16)
            : [...new TextEncoder().encode(String(a))].map((b) => b.toString(16).padStart(2, '0')).join('');
        break;
      default:
        s = goPrint(a);
    }
    return width ? s.padStart(Number(width)) : s;
  });
}

// ---- lexing and parsing ----

type Token = { t: 'text'; text: string } | { t: 'action'; text: string };

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const open = src.indexOf('{{', i);
    if (open < 0) {
      out.push({ t: 'text', text: src.slice(i) });
      break;
    }
    let text = src.slice(i, open);
    let start = open + 2;
    if (src[start] === '-' && /\s/.test(src[start + 1] ?? '')) {
      text = text.replace(/\s+$/, '');
      start++;
    }
    if (text) out.push({ t: 'text', text });
    const close = src.indexOf('}}', start);
    if (close < 0) throw new TemplateError('unclosed action');
    let body = src.slice(start, close);
    i = close + 2;
    if (/\s-$/.test(body)) {
      body = body.slice(0, -1);
      const m = /^\s*/.exec(src.slice(i));
      i += m ? m[0].length : 0;
    }
    body = body.trim();
    if (!body.startsWith('/*')) out.push({ t: 'action', text: body });
  }
  return out;
}

function parse(tokens: Token[]): Node[] {
  let pos = 0;
  const block = (terminators: string[]): { nodes: Node[]; end: string } => {
    const nodes: Node[] = [];
    while (pos < tokens.length) {
      const tok = tokens[pos++]!;
      if (tok.t === 'text') {
        nodes.push({ t: 'text', text: tok.text });
        continue;
      }
      const word = tok.text.split(/\s+/)[0]!;
      if (terminators.includes(word)) return { nodes, end: tok.text };
      if (word === 'if' || word === 'with') {
        const cond = parseExpr(tok.text.slice(word.length));
        const body = block(['else', 'end']);
        let otherwise: Node[] = [];
        if (body.end.startsWith('else')) otherwise = elseBranch(body.end);
        nodes.push({ t: word, cond, body: body.nodes, otherwise });
      } else if (word === 'range') {
        let rest = tok.text.slice(5).trim();
        let keyVar: string | undefined;
        let valVar: string | undefined;
        const decl = /^(\$\w*)\s*(?:,\s*(\$\w*))?\s*:=\s*/.exec(rest);
        if (decl) {
          if (decl[2]) {
            keyVar = decl[1];
            valVar = decl[2];
          } else valVar = decl[1];
          rest = rest.slice(decl[0].length);
        }
        const body = block(['else', 'end']);
        let otherwise: Node[] = [];
        if (body.end.startsWith('else')) otherwise = block(['end']).nodes;
        nodes.push({ t: 'range', cond: parseExpr(rest), keyVar, valVar, body: body.nodes, otherwise });
      } else if (word === 'end' || word === 'else') {
        throw new TemplateError(`unexpected {{${word}}}`);
      } else nodes.push({ t: 'out', expr: parseExpr(tok.text) });
    }
    if (terminators.length) throw new TemplateError('unexpected EOF');
    return { nodes, end: '' };
  };
  // `{{else if x}}` chains: the rest of the chain becomes the else branch.
  const elseBranch = (end: string): Node[] => {
    const rest = end.slice(4).trim();
    if (rest.startsWith('if ')) {
      const cond = parseExpr(rest.slice(3));
      const body = block(['else', 'end']);
      const otherwise = body.end.startsWith('else') ? elseBranch(body.end) : [];
      return [{ t: 'if', cond, body: body.nodes, otherwise }];
    }
    return block(['end']).nodes;
  };
  return block([]).nodes;
}

function parseExpr(text: string): Expr {
  const stages = splitOutside(text.trim(), '|').map((s) => parseCommand(s.trim()));
  return stages.length === 1 ? stages[0]! : { t: 'pipe', stages };
}

function parseCommand(text: string): Expr {
  const words = splitWords(text);
  if (words.length === 0) throw new TemplateError('missing value for command');
  const [first, ...rest] = words;
  if (/^[A-Za-z_]\w*$/.test(first!) && !['true', 'false', 'nil'].includes(first!))
    return { t: 'call', fn: first!, args: rest.map(parseOperand) };
  if (rest.length) throw new TemplateError(`can't give argument to non-function ${first}`);
  return parseOperand(first!);
}

function parseOperand(w: string): Expr {
  if (w.startsWith('(') && w.endsWith(')')) return parseExpr(w.slice(1, -1));
  if (w.startsWith('"') || w.startsWith('`')) return { t: 'lit', value: w.startsWith('`') ? w.slice(1, -1) : JSON.parse(w) };
  if (/^-?\d+(\.\d+)?$/.test(w)) return { t: 'lit', value: Number(w) };
  if (w === 'true' || w === 'false') return { t: 'lit', value: w === 'true' };
  if (w === 'nil') return { t: 'lit', value: null };
  if (w === '.') return { t: 'field', base: 'dot', path: [] };
  if (w.startsWith('.')) return { t: 'field', base: 'dot', path: w.slice(1).split('.') };
  if (w.startsWith('$')) {
    const [name, ...path] = w.split('.');
    return { t: 'field', base: name === '$' ? 'root' : name!, path };
  }
  throw new TemplateError(`unexpected "${w}" in operand`);
}

function splitWords(s: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < s.length) {
    if (/\s/.test(s[i]!)) {
      i++;
      continue;
    }
    let j = i;
    if (s[i] === '"') {
      j++;
      while (j < s.length && s[j] !== '"') j += s[j] === '\\' ? 2 : 1;
      j++;
    } else if (s[i] === '`') {
      j = s.indexOf('`', i + 1) + 1;
    } else if (s[i] === '(') {
      let depth = 0;
      for (; j < s.length; j++) {
        if (s[j] === '(') depth++;
        else if (s[j] === ')' && --depth === 0) {
          j++;
          break;
        }
      }
    } else while (j < s.length && !/\s/.test(s[j]!)) j++;
    out.push(s.slice(i, j));
    i = j;
  }
  return out;
}

function splitOutside(s: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let cur = '';
  for (const c of s) {
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === '`') quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === sep && depth === 0) {
      out.push(cur);
      cur = '';
      continue;
    }
    cur += c;
  }
  out.push(cur);
  return out;
}
