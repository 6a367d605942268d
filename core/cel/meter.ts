/**
 * Runtime cost accounting. cel-js has no cost tracking, so after type checking the body of every
 * comprehension is wrapped to charge its size per iteration to a shared meter; a rule that goes
 * over its per-call limit is stopped mid-loop (instead of blocking the event loop) with the real
 * platform's "actual cost limit exceeded" error.
 */
import type { ASTNode } from '@marcbachmann/cel-js';

/** Per-call runtime limit (PerCallLimit). */
export const PER_CALL_LIMIT = 1_000_000;
/** Runtime budget for all rules of one object (RuntimeCELCostBudget). */
export const RUNTIME_COST_BUDGET = 10_000_000;

export class CostLimitExceeded extends Error {
  constructor() {
    super('operation cancelled: actual cost limit exceeded');
  }
}

export const meter = { cost: 0, limit: Number.POSITIVE_INFINITY };

type Evaluate = (this: unknown, ev: unknown, ast: unknown, ctx: unknown) => unknown;

interface InternalNode {
  readonly op: string;
  readonly args: unknown;
  readonly meta: { alternate?: InternalNode; macro?: { evaluate: Evaluate }; evaluate: Evaluate };
  evaluate: Evaluate;
}

function isNode(v: unknown): v is InternalNode {
  return typeof v === 'object' && v !== null && 'op' in v && 'meta' in v;
}

function children(n: InternalNode): InternalNode[] {
  const out: unknown[] = [];
  if (n.meta.alternate) out.push(n.meta.alternate);
  const a = n.args;
  if (Array.isArray(a)) {
    for (const x of a) {
      if (Array.isArray(x)) out.push(...x.flat());
      else out.push(x);
    }
  } else if (isNode(a)) out.push(a);
  else if (n.op === 'comprehension' && typeof a === 'object' && a !== null) {
    const c = a as { iterable?: unknown; init?: unknown; step?: unknown };
    out.push(c.iterable, c.init, c.step);
  }
  return out.filter((x): x is InternalNode => isNode(x));
}

function size(n: InternalNode): number {
  let s = 1;
  for (const c of children(n)) s += size(c);
  return s;
}

/** Wraps the loop bodies of a checked expression; returns the expression's own (loop-free) size. */
export function instrument(root: ASTNode): number {
  const seen = new Set<InternalNode>();
  const visit = (n: InternalNode): void => {
    if (seen.has(n)) return;
    seen.add(n);
    if (n.op === 'comprehension') {
      const step = (n.args as { step: InternalNode }).step;
      if (step && !seen.has(step)) {
        const charge = size(step);
        const meta = step.meta;
        const alt = meta.alternate;
        const macro = meta.macro;
        const inner: Evaluate = alt
          ? (ev, _a, ctx) => alt.evaluate(ev, alt, ctx)
          : macro
            ? (ev, _a, ctx) => macro.evaluate.call(macro, ev, macro, ctx)
            : meta.evaluate;
        step.evaluate = function (this: unknown, ev, ast, ctx) {
          meter.cost += charge;
          if (meter.cost > meter.limit) throw new CostLimitExceeded();
          return inner.call(this, ev, ast, ctx);
        };
      }
    }
    for (const c of children(n)) visit(c);
  };
  const r = root as unknown as InternalNode;
  visit(r);
  return size(r);
}
