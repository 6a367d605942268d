/**
 * Label selector text as clients send it (`a=b,c!=d,e in (f,g),h notin (i),j,!k`), parsed with
 * the real platform's grammar and error texts (returned as 400 BadRequest).
 */
import { isQualifiedName, isValidLabelValue } from '../meta/names.ts';

export type Operator = '=' | '==' | '!=' | 'in' | 'notin' | 'exists' | '!' | 'gt' | 'lt';

export interface Requirement {
  readonly key: string;
  readonly operator: Operator;
  readonly values: readonly string[];
}

export class SelectorParseError extends Error {}

export interface LabelSelector {
  readonly requirements: readonly Requirement[];
  /** True when the selector selects everything (empty text). */
  readonly empty: boolean;
  matches(labels: Readonly<Record<string, string>> | undefined): boolean;
  toString(): string;
}

type Tok =
  | { t: 'id'; v: string }
  | { t: 'op'; v: '=' | '==' | '!=' | '!' | '>' | '<' }
  | { t: ','; v: ',' }
  | { t: '('; v: '(' }
  | { t: ')'; v: ')' }
  | { t: 'in'; v: 'in' }
  | { t: 'notin'; v: 'notin' }
  | { t: 'end'; v: '' };

const SPECIAL = new Set(['=', '!', '(', ')', ',', '>', '<']);

function lex(text: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    if (c === ',' || c === '(' || c === ')') {
      out.push({ t: c, v: c } as Tok);
      i++;
      continue;
    }
    if (c === '=' || c === '!' || c === '>' || c === '<') {
      const two = text.slice(i, i + 2);
      if (two === '==' || two === '!=') {
        out.push({ t: 'op', v: two });
        i += 2;
      } else {
        out.push({ t: 'op', v: c as '=' | '!' | '>' | '<' });
        i++;
      }
      continue;
    }
    let j = i;
    while (j < text.length && !SPECIAL.has(text[j]) && !/\s/.test(text[j])) j++;
    const word = text.slice(i, j);
    if (word === 'in') out.push({ t: 'in', v: 'in' });
    else if (word === 'notin') out.push({ t: 'notin', v: 'notin' });
    else out.push({ t: 'id', v: word });
    i = j;
  }
  out.push({ t: 'end', v: '' });
  return out;
}

function describe(t: Tok): string {
  return t.t === 'end' ? '' : t.v;
}

function validateKey(key: string): void {
  const errs = isQualifiedName(key);
  if (errs.length) throw new SelectorParseError(`key: Invalid value: ${JSON.stringify(key)}: ${errs.join('; ')}`);
}

function validateValue(key: string, v: string): void {
  const errs = isValidLabelValue(v);
  if (errs.length) throw new SelectorParseError(`values[0][${key}]: Invalid value: ${JSON.stringify(v)}: ${errs.join('; ')}`);
}

export function parseLabelSelector(text: string): LabelSelector {
  const toks = lex(text);
  let p = 0;
  const reqs: Requirement[] = [];
  const peek = () => toks[p];
  const next = () => toks[p++];
  if (peek().t === 'end') return makeSelector([], text);
  for (;;) {
    const first = peek();
    if (first.t !== 'id' && !(first.t === 'op' && first.v === '!')) {
      throw new SelectorParseError(`found '${describe(first)}', expected: !, identifier, or 'end of string'`);
    }
    try {
      parseOne();
    } catch (err) {
      // Errors inside one requirement carry the real parser's prefix; top-level ones do not.
      if (err instanceof SelectorParseError) throw new SelectorParseError(`unable to parse requirement: ${err.message}`);
      throw err;
    }
    const sep = next();
    if (sep.t === 'end') break;
    if (sep.t !== ',') throw new SelectorParseError(`found '${describe(sep)}', expected: ',' or 'end of string'`);
    if (peek().t === 'end') throw new SelectorParseError(`found '${describe(peek())}', expected: identifier after ','`);
  }
  return makeSelector(reqs, text);

  function parseOne(): void {
    let tok = next();
    let negated = false;
    if (tok.t === 'op' && tok.v === '!') {
      negated = true;
      tok = next();
    }
    if (tok.t !== 'id') throw new SelectorParseError(`found '${describe(tok)}', expected: identifier`);
    const key = tok.v;
    validateKey(key);
    if (negated) {
      reqs.push({ key, operator: '!', values: [] });
    } else {
      const op = peek();
      if (op.t === ',' || op.t === 'end') {
        reqs.push({ key, operator: 'exists', values: [] });
      } else if (op.t === 'in' || op.t === 'notin') {
        next();
        const open = next();
        if (open.t !== '(') throw new SelectorParseError(`found '${describe(open)}', expected: '('`);
        const values: string[] = [];
        for (;;) {
          const v = next();
          if (v.t === ')' && values.length === 0) {
            break;
          }
          if (v.t === 'id') {
            validateValue(key, v.v);
            values.push(v.v);
          } else if (v.t === ',' || v.t === ')') {
            // An empty value between commas: allowed by the real grammar as "".
            values.push('');
            if (v.t === ')') break;
            continue;
          } else {
            throw new SelectorParseError(`found '${describe(v)}', expected: ',', ')' or identifier`);
          }
          const sep = next();
          if (sep.t === ')') break;
          if (sep.t !== ',') throw new SelectorParseError(`found '${describe(sep)}', expected: ',' or ')'`);
        }
        if (values.length === 0) throw new SelectorParseError(`for 'in', 'notin' operators, values set can't be empty`);
        reqs.push({ key, operator: op.t, values: [...new Set(values)].sort() });
      } else if (op.t === 'op' && op.v !== '!') {
        next();
        const opName: Operator = op.v === '>' ? 'gt' : op.v === '<' ? 'lt' : (op.v as Operator);
        const v = peek();
        let value = '';
        if (v.t === 'id') {
          next();
          value = v.v;
        } else if (v.t !== ',' && v.t !== 'end') {
          throw new SelectorParseError(`found '${describe(v)}', expected: identifier`);
        }
        if (opName === 'gt' || opName === 'lt') {
          if (!/^-?\d+$/.test(value)) throw new SelectorParseError(`for 'Gt', 'Lt' operators, the value must be an integer`);
        } else {
          validateValue(key, value);
        }
        reqs.push({ key, operator: opName, values: [value] });
      } else {
        throw new SelectorParseError(`found '${describe(op)}', expected: in, notin, =, ==, !=, gt, lt`);
      }
    }
  }
}

function matchOne(r: Requirement, labels: Readonly<Record<string, string>> | undefined): boolean {
  const has = labels !== undefined && Object.hasOwn(labels, r.key);
  const v = has ? labels![r.key] : undefined;
  switch (r.operator) {
    case '=':
    case '==':
    case 'in':
      return has && r.values.includes(v!);
    case '!=':
    case 'notin':
      return !has || !r.values.includes(v!);
    case 'exists':
      return has;
    case '!':
      return !has;
    case 'gt':
    case 'lt': {
      if (!has || !/^-?\d+$/.test(v!)) return false;
      const a = Number(v);
      const b = Number(r.values[0]);
      return r.operator === 'gt' ? a > b : a < b;
    }
  }
}

function makeSelector(reqs: Requirement[], text: string): LabelSelector {
  const sorted = [...reqs].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return {
    requirements: sorted,
    empty: sorted.length === 0,
    matches: (labels) => sorted.every((r) => matchOne(r, labels)),
    toString: () => text,
  };
}

/** A metav1.LabelSelector object (matchLabels + matchExpressions) as a selector. */
export function selectorFromObject(sel: {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}): LabelSelector {
  const reqs: Requirement[] = [];
  for (const [k, v] of Object.entries(sel.matchLabels ?? {})) reqs.push({ key: k, operator: '=', values: [v] });
  for (const e of sel.matchExpressions ?? []) {
    const op: Operator = e.operator === 'In' ? 'in' : e.operator === 'NotIn' ? 'notin' : e.operator === 'Exists' ? 'exists' : '!';
    reqs.push({ key: e.key, operator: op, values: e.values ?? [] });
  }
  return makeSelector(reqs, '');
}
