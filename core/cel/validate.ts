/**
 * Evaluating compiled rules against a custom resource: every rule runs with `self` at its node;
 * `oldSelf` is the old value at the same path where the real platform correlates one (object
 * properties, map keys, listType=map items by their keys; never atomic or set lists); transition
 * rules without an old value are skipped unless optionalOldSelf. Failures come back as FieldErrors
 * worded as the real platform words them; cost is metered per call and per object.
 */
import { EvaluationError, Optional } from '@marcbachmann/cel-js';
import { type FieldError, fieldErrors } from '../errors/field-error.ts';
import { deepEqual } from '../util/json.ts';
import type { CompiledNode, CompiledRule, CompiledSchema, Program } from './compile.ts';
import { celGoMessage } from './messages.ts';
import { CostLimitExceeded, meter, PER_CALL_LIMIT, RUNTIME_COST_BUDGET } from './meter.ts';

export interface ValidateOptions {
  /** The path of the object (default: the resource root, reported as `<nil>` as the real platform does). */
  readonly path?: string;
  /** Per-rule runtime limit (default 1,000,000). */
  readonly perCallLimit?: number;
  /** Runtime budget for the whole object (default 10,000,000). */
  readonly costBudget?: number;
  /** Receives the errors that ratcheting turned into warnings (unchanged values on update). */
  readonly warnings?: string[];
}

const MAX_MESSAGE_BYTES = 5 * 1024;

class Run {
  remaining: number;
  stopped = false;
  readonly errors: FieldError[] = [];
  constructor(
    readonly perCall: number,
    budget: number,
    readonly warnings: string[] | undefined,
  ) {
    this.remaining = budget;
  }

  /** Records the error that ends the run: no rule after it is evaluated. */
  halt(error: FieldError): void {
    this.errors.push(error);
    this.stopped = true;
  }
}

function join(path: string, child: string): string {
  return path ? `${path}.${child}` : child;
}

function shown(path: string): string {
  return path || '<nil>';
}

function ruleErrorString(r: CompiledRule): string {
  const m = (r.rule.message ?? '').trim();
  return m || (r.rule.rule ?? '').trim();
}

type Activation = { self: unknown; oldSelf?: unknown };

/** Evaluates one program under the meter; returns its value, or the error it raised. */
function evaluate(
  run: Run,
  program: Program,
  size: number,
  vars: Activation,
): { value?: unknown; error?: unknown; cost: number; overLimit: boolean } {
  meter.cost = size;
  meter.limit = run.perCall;
  let value: unknown;
  let error: unknown;
  try {
    value = program(vars);
  } catch (e) {
    error = e;
  }
  const cost = meter.cost;
  meter.limit = Number.POSITIVE_INFINITY;
  return { value, error, cost, overLimit: error instanceof CostLimitExceeded || cost > run.perCall };
}

function errorText(e: unknown): string {
  if (e instanceof EvaluationError) return celGoMessage(e.summary, true);
  return e instanceof Error ? e.message : String(e);
}

function rules(run: Run, node: CompiledNode, path: string, value: unknown, old: unknown, ratchet: () => boolean): void {
  if (node.rules.length === 0) return;
  const type = node.schema.type ?? '';
  if (run.remaining <= 0) {
    run.halt(
      fieldErrors.invalid(
        shown(path),
        type,
        'validation failed due to running out of cost budget, no further validation rules will be run',
      ),
    );
    return;
  }
  let self: unknown;
  let oldSelf: unknown;
  let converted = false;
  for (const r of node.rules) {
    if (r.error) {
      run.errors.push(fieldErrors.invalid(shown(path), type, `rule compile error: ${r.error}`));
      continue;
    }
    if (!r.program) continue;
    if (r.transition && old === undefined && !r.optionalOldSelf) continue;
    if (!converted) {
      self = node.decl.toCel(value);
      oldSelf = old === undefined ? undefined : node.decl.toCel(old);
      converted = true;
    }
    const vars: Activation = { self };
    if (r.optionalOldSelf) vars.oldSelf = oldSelf === undefined ? Optional.none() : Optional.of(oldSelf);
    else if (oldSelf !== undefined) vars.oldSelf = oldSelf;
    const res = evaluate(run, r.program, r.programSize, vars);
    if (res.overLimit) {
      run.halt(
        fieldErrors.invalid(
          shown(path),
          type,
          `'operation cancelled: actual cost limit exceeded': no further validation rules will be run due to call cost exceeds limit for rule: ${ruleErrorString(r)}`,
        ),
      );
      return;
    }
    if (res.cost > run.remaining) {
      run.halt(
        fieldErrors.invalid(
          shown(path),
          type,
          'validation failed due to running out of cost budget, no further validation rules will be run',
        ),
      );
      return;
    }
    run.remaining -= res.cost;
    if (res.error !== undefined) {
      const text = errorText(res.error);
      if (text.startsWith('no such overload') || text.startsWith('found no matching overload')) {
        run.errors.push(
          fieldErrors.invalid(
            shown(path),
            type,
            `'${text}': call arguments did not match a supported operator, function or macro signature for rule: ${ruleErrorString(r)}`,
          ),
        );
      } else {
        run.errors.push(fieldErrors.invalid(shown(path), type, `${text} evaluating rule: ${ruleErrorString(r)}`));
      }
      continue;
    }
    if (res.value === true) continue;
    const at = r.fieldPath ? join(path, r.fieldPath) : path;
    let detail: string | undefined;
    if (r.message) {
      const m = evaluate(run, r.message, r.messageSize, vars);
      if (m.overLimit) {
        run.halt(
          fieldErrors.invalid(
            shown(at),
            type,
            `no further validation rules will be run due to call cost exceeds limit for messageExpression: ${JSON.stringify(r.rule.messageExpression)}`,
          ),
        );
        return;
      }
      if (m.cost > run.remaining) {
        run.halt(
          fieldErrors.invalid(
            shown(at),
            type,
            'messageExpression evaluation failed due to running out of cost budget, no further validation rules will be run',
          ),
        );
        return;
      }
      run.remaining -= m.cost;
      if (m.error === undefined && typeof m.value === 'string') {
        const t = m.value.trim();
        if (t && t.length <= MAX_MESSAGE_BYTES && !/\n/.test(t)) detail = t;
      }
    }
    detail ??= (r.rule.message ?? '').trim() || `failed rule: ${ruleErrorString(r)}`;
    const err = errorForReason(r.rule.reason, shown(at), type, detail);
    if (!r.transition && ratchet()) run.warnings?.push(`${err.field}: ${detail}`);
    else run.errors.push(err);
  }
}

function errorForReason(reason: string | undefined, field: string, type: string, detail: string): FieldError {
  switch (reason) {
    case 'FieldValueForbidden':
      return fieldErrors.forbidden(field, detail);
    case 'FieldValueRequired':
      return fieldErrors.required(field, detail);
    case 'FieldValueDuplicate':
      return fieldErrors.duplicate(field, type);
    default:
      return fieldErrors.invalid(field, type, detail);
  }
}

const NEVER = () => false;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Old items of a listType=map list, by the JSON of their key values. */
function oldItemsByKey(keys: readonly string[], old: unknown): Map<string, unknown> | undefined {
  if (!Array.isArray(old)) return undefined;
  const m = new Map<string, unknown>();
  for (const item of old) if (isObject(item)) m.set(JSON.stringify(keys.map((k) => item[k] ?? null)), item);
  return m;
}

function walk(
  run: Run,
  node: CompiledNode,
  path: string,
  value: unknown,
  old: unknown,
  parentUnchanged: () => boolean,
  ratchetable = true,
): void {
  if (value === undefined || value === null || run.stopped) return;
  // A value is ratcheted when it equals its correlated old value, or (uncorrelated) its nearest correlated parent did.
  let unchanged: boolean | undefined;
  const ratchet = !ratchetable ? parentUnchanged : old === undefined ? parentUnchanged : () => (unchanged ??= deepEqual(value, old));
  rules(run, node, path, value, old, ratchet);
  if (run.stopped) return;
  if (node.allOf) {
    // The real platform does not ratchet errors of allOf rules.
    for (const sub of node.allOf) {
      walk(run, sub, path, value, old, NEVER, false);
      if (run.stopped) return;
    }
  }
  if (Array.isArray(value)) {
    const items = node.items;
    if (!items) return;
    const byKey = node.listMapKeys ? oldItemsByKey(node.listMapKeys, old) : undefined;
    const keys = node.listMapKeys;
    for (let i = 0; i < value.length && !run.stopped; i++) {
      const item = value[i];
      const oldItem = byKey && keys && isObject(item) ? byKey.get(JSON.stringify(keys.map((k) => item[k] ?? null))) : undefined;
      walk(run, items, `${path}[${i}]`, item, oldItem, ratchet, ratchetable);
    }
    return;
  }
  if (!isObject(value)) return;
  const oldMap = node.correlatable && isObject(old) ? old : undefined;
  if (node.additionalProperties) {
    for (const k of Object.keys(value)) {
      if (run.stopped) return;
      walk(run, node.additionalProperties, `${path}[${k}]`, value[k], oldMap?.[k], ratchet, ratchetable);
    }
  }
  if (node.properties) {
    for (const k of Object.keys(value)) {
      if (run.stopped) return;
      const sub = node.properties.get(k);
      if (sub) walk(run, sub, join(path, k), value[k], oldMap?.[k], ratchet, ratchetable);
    }
  }
}

/**
 * Runs every rule of a compiled schema against an object (and, on update, its old version).
 * Returns the field errors for a 422; an empty list means the object passed.
 */
export function validateRules(compiled: CompiledSchema, obj: unknown, oldObj: unknown, options: ValidateOptions = {}): FieldError[] {
  const root = compiled.root;
  if (!root) return [];
  const run = new Run(options.perCallLimit ?? PER_CALL_LIMIT, options.costBudget ?? RUNTIME_COST_BUDGET, options.warnings);
  walk(run, root, options.path ?? '', obj, oldObj ?? undefined, NEVER);
  return run.errors;
}
