/**
 * A static worst-case cost estimate of a rule, in the spirit of cel-go's estimator as the real
 * platform configures it: sizes come from the schema (maxLength, maxItems, maxProperties) or, when
 * unbounded, from the 3 MiB request limit; comprehensions multiply their body by the size of what
 * they range over; string, list and map operations cost a tenth of a unit per element they
 * traverse. It is not unit-for-unit equal to cel-go, but it rejects and accepts the same kinds of
 * rules (nested loops over unbounded lists, scans of unbounded strings in loops).
 */
import type { ASTNode } from '@marcbachmann/cel-js';
import { type Decl, MAX_REQUEST_SIZE_BYTES } from './decl.ts';

/** Per-expression limit on the estimate (StaticEstimatedCostLimit). */
export const STATIC_ESTIMATED_COST_LIMIT = 10_000_000;
/** Per-CRD limit on the sum of all estimates (StaticEstimatedCRDCostLimit). */
export const STATIC_ESTIMATED_CRD_COST_LIMIT = 100_000_000;

const TRAVERSAL = 0.1;
const UNBOUNDED_STRING = MAX_REQUEST_SIZE_BYTES - 2;

/** What the estimator knows of a value: its largest size, and for a typed value its schema. */
interface Shape {
  readonly size: number;
  readonly decl?: Decl;
  readonly elem?: Shape;
  readonly key?: Shape;
}

const SCALAR: Shape = { size: 0 };
const UNKNOWN_STRING: Shape = { size: UNBOUNDED_STRING };

export function shapeOf(decl: Decl): Shape {
  if (decl.kind === 'list') return { size: decl.maxElements, decl, elem: decl.elem && shapeOf(decl.elem) };
  if (decl.kind === 'map') return { size: decl.maxElements, decl, elem: decl.elem && shapeOf(decl.elem), key: UNKNOWN_STRING };
  return { size: decl.maxElements, decl };
}

interface Estimate {
  readonly cost: number;
  readonly shape: Shape;
}

const STRING_SCANS = new Set([
  'contains',
  'startsWith',
  'endsWith',
  'matches',
  'find',
  'indexOf',
  'lastIndexOf',
  'charAt',
  'isQuantity',
  'quantity',
  'isURL',
  'url',
  'ip',
  'isIP',
  'cidr',
  'isCIDR',
  'validate',
  'isCanonical',
  'quote',
]);
const STRING_SAME_SIZE = new Set(['lowerAscii', 'upperAscii', 'trim', 'substring', 'reverse', 'replace', 'format']);
const LIST_SCANS = new Set(['isSorted', 'sum', 'min', 'max', 'indexOf', 'lastIndexOf', 'join']);
const MACROS = new Set(['all', 'exists', 'exists_one', 'map', 'filter']);

type Scope = ReadonlyMap<string, Shape>;

function isNode(v: unknown): v is ASTNode {
  return typeof v === 'object' && v !== null && 'op' in v && 'args' in v;
}

function fieldShape(obj: Shape, name: string): Shape {
  const d = obj.decl;
  if (d?.kind === 'object' && d.fields) {
    for (const f of d.fields.values()) if (f.cel === name) return shapeOf(f.decl);
    return SCALAR;
  }
  return obj.elem ?? SCALAR;
}

const max = (a: Shape, b: Shape): Shape => (a.size >= b.size ? a : b);

export function estimate(node: ASTNode, scope: Scope): Estimate {
  switch (node.op) {
    case 'value':
      return { cost: 0, shape: { size: typeof node.args === 'string' ? node.args.length : 0 } };
    case 'id':
      return { cost: 1, shape: scope.get(node.args) ?? SCALAR };
    case '.':
    case '.?': {
      const o = estimate(node.args[0], scope);
      return { cost: o.cost + 1, shape: fieldShape(o.shape, node.args[1]) };
    }
    case '[]':
    case '[?]': {
      const o = estimate(node.args[0], scope);
      const i = estimate(node.args[1], scope);
      return { cost: o.cost + i.cost + 1, shape: o.shape.elem ?? SCALAR };
    }
    case 'list': {
      let cost = 1;
      let elem: Shape = SCALAR;
      for (const e of node.args) {
        const x = estimate(e, scope);
        cost += x.cost;
        elem = max(elem, x.shape);
      }
      return { cost, shape: { size: node.args.length, elem } };
    }
    case 'map': {
      let cost = 1;
      let elem: Shape = SCALAR;
      for (const [k, v] of node.args) {
        const x = estimate(v, scope);
        cost += estimate(k, scope).cost + x.cost;
        elem = max(elem, x.shape);
      }
      return { cost, shape: { size: node.args.length, elem } };
    }
    case '?:': {
      const [c, l, r] = node.args.map((a) => estimate(a, scope));
      return { cost: c.cost + Math.max(l.cost, r.cost), shape: max(l.shape, r.shape) };
    }
    case '&&':
    case '||': {
      const [l, r] = node.args.map((a) => estimate(a, scope));
      return { cost: l.cost + r.cost, shape: SCALAR };
    }
    case '!_':
    case '-_': {
      const a = estimate(node.args, scope);
      return { cost: a.cost + 1, shape: SCALAR };
    }
    case 'call':
      return call(node.args[0], undefined, node.args[1], scope);
    case 'rcall':
      return call(node.args[0], node.args[1], node.args[2], scope);
    default:
      return binary(node.op, node.args as [ASTNode, ASTNode], scope);
  }
}

function binary(op: string, args: readonly [ASTNode, ASTNode], scope: Scope): Estimate {
  const l = estimate(args[0], scope);
  const r = estimate(args[1], scope);
  const base = l.cost + r.cost + 1;
  switch (op) {
    case '+':
      if (l.shape.size || r.shape.size) {
        return {
          cost: base + Math.ceil(TRAVERSAL * (l.shape.size + r.shape.size)),
          shape: { size: l.shape.size + r.shape.size, elem: l.shape.elem ?? r.shape.elem },
        };
      }
      return { cost: base, shape: SCALAR };
    case 'in':
      // A map lookup is constant; a list is scanned.
      return { cost: base + (r.shape.key ? 0 : r.shape.size), shape: SCALAR };
    case '==':
    case '!=':
    case '<':
    case '<=':
    case '>':
    case '>=':
      return { cost: base + Math.ceil(TRAVERSAL * Math.min(l.shape.size, r.shape.size)), shape: SCALAR };
    default:
      return { cost: base, shape: SCALAR };
  }
}

function call(name: string, receiver: ASTNode | undefined, args: readonly ASTNode[], scope: Scope): Estimate {
  if (receiver && MACROS.has(name) && args.length >= 2 && args[0].op === 'id') {
    const r = estimate(receiver, scope);
    const iter = r.shape.key ?? r.shape.elem ?? SCALAR;
    const inner = new Map(scope).set(args[0].args as string, iter);
    let step = 0;
    let out: Shape = SCALAR;
    for (const a of args.slice(1)) {
      const e = estimate(a, inner);
      step += e.cost;
      out = e.shape;
    }
    const n = r.shape.size;
    const shape = name === 'map' ? { size: n, elem: out } : name === 'filter' ? { size: n, elem: r.shape.elem } : SCALAR;
    return { cost: r.cost + n * (step + 1), shape };
  }
  if (name === 'has') return { cost: 1 + (args[0] ? estimate(args[0], scope).cost - 1 : 0), shape: SCALAR };
  const recv = receiver ? estimate(receiver, scope) : undefined;
  const ests = args.map((a) => estimate(a, scope));
  let cost = 1 + (recv?.cost ?? 0) + ests.reduce((s, e) => s + e.cost, 0);
  const target = recv?.shape ?? ests[0]?.shape ?? SCALAR;
  const argSize = ests.reduce((s, e) => s + e.shape.size, 0);
  if (
    receiver?.op === 'id' &&
    (receiver.args === 'sets' || receiver.args === 'strings' || receiver.args === 'format' || receiver.args === 'ip')
  ) {
    if (receiver.args === 'sets') return { cost: cost + (ests[0]?.shape.size ?? 0) * (ests[1]?.shape.size ?? 0), shape: SCALAR };
    return { cost: cost + Math.ceil(TRAVERSAL * argSize), shape: { size: argSize } };
  }
  if (recv && (name === 'split' || name === 'findAll')) {
    return { cost: cost + Math.ceil(TRAVERSAL * recv.shape.size), shape: { size: recv.shape.size, elem: { size: recv.shape.size } } };
  }
  if (recv && LIST_SCANS.has(name) && recv.shape.elem) {
    const elemCost = 1 + Math.ceil(TRAVERSAL * recv.shape.elem.size);
    cost += recv.shape.size * elemCost;
    return { cost, shape: name === 'join' ? { size: recv.shape.size * recv.shape.elem.size } : (recv.shape.elem ?? SCALAR) };
  }
  if (STRING_SCANS.has(name)) return { cost: cost + Math.ceil(TRAVERSAL * (target.size + (recv ? argSize : 0))), shape: SCALAR };
  if (STRING_SAME_SIZE.has(name)) {
    const size = target.size + (name === 'replace' || name === 'format' ? argSize : 0);
    return { cost: cost + Math.ceil(TRAVERSAL * size), shape: { size } };
  }
  if (name === 'string' || name === 'bytes') return { cost: cost + Math.ceil(TRAVERSAL * target.size), shape: { size: target.size } };
  if (name === 'orValue' || name === 'value' || name === 'dyn' || name === 'of')
    return { cost, shape: max(target, ests[0]?.shape ?? SCALAR) };
  return { cost, shape: SCALAR };
}

/** Whether the expression refers to the given variable anywhere (oldSelf makes a transition rule). */
export function refersTo(node: unknown, name: string): boolean {
  if (!isNode(node)) return Array.isArray(node) ? node.some((n) => refersTo(n, name)) : false;
  if (node.op === 'id') return node.args === name;
  return refersTo(node.args, name);
}

/** The cost the real platform prints in its budget messages. */
export function costErrorMessage(costName: string, cost: number, limit: number): string {
  const factor = cost / limit;
  let text: string;
  if (factor > 100) text = 'more than 100x';
  else if (factor < 1.5) text = `${factor.toFixed(6)}x`;
  else text = `${factor.toFixed(1)}x`;
  return `${costName} exceeds budget by factor of ${text} (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)`;
}
