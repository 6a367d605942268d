/**
 * Compiling a CRD version's validation rules: each rule is type-checked against the CEL type of
 * its schema node, its worst-case cost estimated, and problems reported as the real platform
 * reports them (paths under `spec.validation.openAPIV3Schema` or the caller's base path, in the
 * extension spelling the CRD used). The result is also the validator, compiled once and reused
 * for every custom resource of that version.
 */
import { Environment, type ParseResult } from '@marcbachmann/cel-js';
import { type FieldError, fieldErrors } from '../errors/field-error.ts';
import { estimate, costErrorMessage, refersTo, STATIC_ESTIMATED_COST_LIMIT, STATIC_ESTIMATED_CRD_COST_LIMIT, shapeOf } from './cost.ts';
import { type Decl, DeclBuilder, registerMessages } from './decl.ts';
import { validFieldPath } from './field-path.ts';
import { registerKubernetesLibrary } from './library/index.ts';
import { formatIssue } from './messages.ts';
import { instrument } from './meter.ts';
import { type MessageFields, presenceTestErrors } from './presence-tests.ts';
import {
  additionalPropertiesOf,
  type CelSchema,
  ext,
  hasRules,
  mapIsCorrelatable,
  rulesOf,
  type ValidationRule,
  validationsKey,
} from './schema.ts';

export type RuleError = FieldError;

/** A compiled CEL program: call with `{ self, oldSelf }`. */
export type Program = ParseResult;

export interface CompiledRule {
  readonly rule: ValidationRule;
  /** Undefined for an empty rule or one that failed to compile (see `error`). */
  readonly program?: Program;
  readonly programSize: number;
  readonly message?: Program;
  readonly messageSize: number;
  readonly error?: string;
  /** The rule reads oldSelf: it runs only when there is an old value (or optionalOldSelf). */
  readonly transition: boolean;
  readonly optionalOldSelf: boolean;
  /** The rule's fieldPath in field-error notation. */
  readonly fieldPath?: string;
}

export interface CompiledNode {
  readonly schema: CelSchema;
  readonly decl: Decl;
  readonly rules: readonly CompiledRule[];
  readonly properties?: ReadonlyMap<string, CompiledNode>;
  readonly items?: CompiledNode;
  readonly additionalProperties?: CompiledNode;
  /** Old map values are correlated by key (not an atomic map). */
  readonly correlatable: boolean;
  /** For listType=map: the keys that correlate old and new items. */
  readonly listMapKeys?: readonly string[];
  /** Rules inside allOf entries, which apply to the same value. */
  readonly allOf?: readonly CompiledNode[];
}

export interface CompiledSchema {
  /** Undefined when the schema has no rules. */
  readonly root?: CompiledNode;
}

export interface CompileOptions {
  /** Where errors are reported (default `spec.validation.openAPIV3Schema`). */
  readonly basePath?: string;
  /** The schema is the root of a resource (default true): apiVersion, kind and metadata.name are visible. */
  readonly isResourceRoot?: boolean;
}

export interface CompileResult {
  readonly errors: RuleError[];
  readonly compiled: CompiledSchema;
}

const SUPPORTED_REASONS = ['FieldValueDuplicate', 'FieldValueForbidden', 'FieldValueInvalid', 'FieldValueRequired'];
const NEWLINES = /[\n\r]+/;

let library: Environment | undefined;
/** The library is registered once; each CRD version clones it (cloning freezes the parent). */
function libraryEnv(): Environment {
  library ??= registerKubernetesLibrary(new Environment({ enableOptionalTypes: true, homogeneousAggregateLiterals: true }));
  return library;
}

/** The least cost of an expression named as "contributed to" an over-budget total. */
const MIN_CONTRIBUTOR_COST = STATIC_ESTIMATED_CRD_COST_LIMIT / 100;

interface Observed {
  readonly path: string;
  readonly cost: number;
}

class Compiler {
  readonly schemaErrors: RuleError[] = [];
  readonly celErrors: RuleError[] = [];
  readonly observed: Observed[] = [];
  total = 0;
  constructor(
    private readonly env: Environment,
    private readonly messages: MessageFields,
  ) {}

  node(
    s: CelSchema,
    decl: Decl | undefined,
    path: string,
    forbidOldSelf: string | undefined,
    cardinality: number,
  ): CompiledNode | undefined {
    if (!hasRules(s)) return undefined;
    const rules = rulesOf(s).length ? this.rules(s, decl, path, forbidOldSelf, cardinality) : [];
    const target = decl?.schema ?? s;
    let properties: Map<string, CompiledNode> | undefined;
    if (s.properties) {
      for (const k of Object.keys(s.properties)) {
        const sub = s.properties[k];
        const field = decl?.fields?.get(k);
        const forbid = forbidOldSelf ?? (mapIsCorrelatable(s) ? undefined : path);
        const n = this.node(sub, field?.decl, `${path}.properties[${k}]`, forbid, cardinality);
        if (n) (properties ??= new Map()).set(k, n);
      }
    }
    let items: CompiledNode | undefined;
    if (s.items) {
      const listType = ext(s, 'list-type');
      const forbid = forbidOldSelf ?? (listType !== 'map' ? path : undefined);
      items = this.node(s.items, decl?.elem, `${path}.items`, forbid, cardinality * Math.max(1, decl?.maxElements ?? 1));
    }
    let additionalProperties: CompiledNode | undefined;
    const ap = additionalPropertiesOf(s);
    if (ap) {
      additionalProperties = this.node(
        ap,
        decl?.elem,
        `${path}.additionalProperties`,
        forbidOldSelf,
        cardinality * Math.max(1, decl?.maxElements ?? 1),
      );
    }
    // Rules inside allOf run against the same value; like the real platform, a CRD write does not
    // report their errors (they surface at runtime as "rule compile error").
    let allOf: CompiledNode[] | undefined;
    for (const [i, sub] of (s.allOf ?? []).entries()) {
      const n = this.quietly(() => this.node(sub, decl, `${path}.allOf[${i}]`, forbidOldSelf, cardinality));
      if (n) (allOf ??= []).push(n);
    }
    if (!decl) return undefined;
    return {
      allOf,
      schema: target,
      decl,
      rules,
      properties,
      items,
      additionalProperties,
      // Correlation follows the value's own schema (for an allOf entry, the schema it applies to).
      correlatable: mapIsCorrelatable(target),
      listMapKeys: ext(target, 'list-type') === 'map' ? ext(target, 'list-map-keys') : undefined,
    };
  }

  private rules(
    s: CelSchema,
    decl: Decl | undefined,
    path: string,
    forbidOldSelf: string | undefined,
    cardinality: number,
  ): CompiledRule[] {
    const key = `${path}.${validationsKey(s)}`;
    const list = rulesOf(s);
    let schemaOk = true;
    list.forEach((r, i) => {
      const at = `${key}[${i}]`;
      const rule = (r.rule ?? '').trim();
      const msg = (r.message ?? '').trim();
      const before = this.schemaErrors.length;
      if (!rule) this.schemaErrors.push(fieldErrors.required(`${at}.rule`, 'rule is not specified'));
      else if ((r.message ?? '').length > 0 && !msg)
        this.schemaErrors.push(fieldErrors.invalid(`${at}.message`, r.message, 'message must be non-empty if specified'));
      else if (NEWLINES.test(msg))
        this.schemaErrors.push(fieldErrors.invalid(`${at}.message`, r.message, 'message must not contain line breaks'));
      else if (NEWLINES.test(rule) && !msg)
        this.schemaErrors.push(fieldErrors.required(`${at}.message`, 'message must be specified if rule contains line breaks'));
      if ((r.messageExpression ?? '').length > 0 && !(r.messageExpression ?? '').trim()) {
        this.schemaErrors.push(fieldErrors.required(`${at}.messageExpression`, 'messageExpression must be non-empty if specified'));
      }
      if (r.reason !== undefined && !SUPPORTED_REASONS.includes(r.reason)) {
        this.schemaErrors.push(fieldErrors.notSupported(`${at}.reason`, r.reason, SUPPORTED_REASONS));
      }
      const fp = r.fieldPath;
      if (fp !== undefined && fp.length > 0) {
        if (!fp.trim()) this.schemaErrors.push(fieldErrors.invalid(`${at}.fieldPath`, fp, 'fieldPath must be non-empty if specified'));
        if (NEWLINES.test(fp)) this.schemaErrors.push(fieldErrors.invalid(`${at}.fieldPath`, fp, 'fieldPath must not contain line breaks'));
        if (validFieldPath(fp, s).error)
          this.schemaErrors.push(fieldErrors.invalid(`${at}.fieldPath`, fp, 'fieldPath must be a valid path'));
      }
      if (this.schemaErrors.length !== before) schemaOk = false;
    });
    if (!decl) {
      if (schemaOk) {
        this.celErrors.push({
          type: 'InternalError',
          field: key,
          detail: `rule declared on schema that does not support validation rules type: '${s.type ?? ''}' x-kubernetes-preserve-unknown-fields: '${ext(s, 'preserve-unknown-fields') === true}'`,
        });
      }
      return [];
    }
    const node = this.env.clone();
    node.registerVariable('self', decl.celType).registerVariable('oldSelf', decl.celType);
    let optionalEnv: Environment | undefined;
    const shapes = new Map([
      ['self', shapeOf(decl)],
      ['oldSelf', shapeOf(decl)],
    ]);
    return list.map((r, i) => {
      const at = `${key}[${i}]`;
      const optionalOldSelf = r.optionalOldSelf === true;
      const base = {
        rule: r,
        transition: false,
        optionalOldSelf,
        programSize: 0,
        messageSize: 0,
        fieldPath: r.fieldPath ? validFieldPath(r.fieldPath, s).path : undefined,
      };
      const text = (r.rule ?? '').trim();
      if (!text) return base;
      let env = node;
      if (optionalOldSelf) {
        if (!optionalEnv) {
          optionalEnv = this.env.clone();
          optionalEnv.registerVariable('self', decl.celType).registerVariable('oldSelf', `optional<${decl.celType}>`);
        }
        env = optionalEnv;
      }
      const compiled = compileExpression(env, r.rule ?? '', this.messages);
      if ('error' in compiled) {
        const detail = `compilation failed: ${compiled.error}`;
        if (schemaOk) this.celErrors.push(fieldErrors.invalid(`${at}.rule`, r, detail));
        return { ...base, error: detail };
      }
      if (compiled.type !== 'bool') {
        const detail = 'cel expression must evaluate to a bool';
        if (schemaOk) this.celErrors.push(fieldErrors.invalid(`${at}.rule`, r, detail));
        return { ...base, error: detail };
      }
      const transition = refersTo(compiled.program.ast, 'oldSelf');
      const cost = estimate(compiled.program.ast, shapes).cost * cardinality;
      if (schemaOk) {
        if (cost > STATIC_ESTIMATED_COST_LIMIT)
          this.celErrors.push(
            fieldErrors.forbidden(`${at}.rule`, costErrorMessage('estimated rule cost', cost, STATIC_ESTIMATED_COST_LIMIT)),
          );
        this.observe(`${at}.rule`, cost);
      }
      let message: Program | undefined;
      let messageSize = 0;
      const mx = (r.messageExpression ?? '').trim();
      if (mx) {
        const m = compileExpression(env, r.messageExpression ?? '', this.messages);
        if ('error' in m) {
          if (schemaOk)
            this.celErrors.push(fieldErrors.invalid(`${at}.messageExpression`, r, `messageExpression compilation failed: ${m.error}`));
        } else if (m.type !== 'string') {
          if (schemaOk)
            this.celErrors.push(fieldErrors.invalid(`${at}.messageExpression`, r, 'messageExpression must evaluate to a string'));
        } else {
          message = m.program;
          messageSize = m.size;
          const mcost = estimate(m.program.ast, shapes).cost * cardinality;
          if (schemaOk) {
            if (mcost > STATIC_ESTIMATED_COST_LIMIT) {
              this.celErrors.push(
                fieldErrors.forbidden(
                  `${at}.messageExpression`,
                  costErrorMessage('estimated messageExpression cost', mcost, STATIC_ESTIMATED_COST_LIMIT),
                ),
              );
            }
            this.observe(`${at}.messageExpression`, mcost);
          }
        }
      }
      if (schemaOk) {
        if (transition && forbidOldSelf !== undefined) {
          this.celErrors.push(
            fieldErrors.invalid(
              `${at}.rule`,
              r.rule,
              `oldSelf cannot be used on the uncorrelatable portion of the schema within ${forbidOldSelf}`,
            ),
          );
        } else if (!transition && r.optionalOldSelf !== undefined) {
          this.celErrors.push(
            fieldErrors.invalid(`${at}.optionalOldSelf`, r.optionalOldSelf, 'may not be set if oldSelf is not used in rule'),
          );
        }
      }
      return { ...base, program: compiled.program, programSize: compiled.size, transition, message, messageSize };
    });
  }

  private quietly<T>(f: () => T): T {
    const counts = [this.schemaErrors.length, this.celErrors.length, this.observed.length, this.total];
    const out = f();
    this.schemaErrors.length = counts[0];
    this.celErrors.length = counts[1];
    this.observed.length = counts[2];
    this.total = counts[3];
    return out;
  }

  private observe(path: string, cost: number): void {
    this.total += cost;
    // Only expressions worth at least 1% of the CRD's limit can be named as contributors.
    if (cost >= MIN_CONTRIBUTOR_COST) this.observed.push({ path, cost });
  }
}

type Compiled = { program: Program; type: string; size: number } | { error: string };

function compileExpression(env: Environment, source: string, messages: MessageFields): Compiled {
  let program: Program;
  try {
    program = env.parse(source);
  } catch (e) {
    return { error: formatIssue(source, e as Error) };
  }
  const checked = program.check();
  if (!checked.valid) return { error: formatIssue(source, checked.error ?? new Error('invalid expression')) };
  const presence = presenceTestErrors(program.ast, source, messages);
  if (presence) return { error: presence };
  const size = instrument(program.ast);
  return { program, type: checked.type ?? 'dyn', size };
}

/** How many of the most expensive expressions the real platform names when the CRD total is over. */
const MOST_EXPENSIVE = 4;

/** Compiles every rule of a structural schema; see CompileResult. */
export function compileSchemaRules(schema: CelSchema, options: CompileOptions = {}): CompileResult {
  const basePath = options.basePath ?? 'spec.validation.openAPIV3Schema';
  if (!hasRules(schema)) return { errors: [], compiled: {} };
  const builder = new DeclBuilder();
  const decl = builder.build(schema, options.isResourceRoot ?? true);
  const env = libraryEnv().clone();
  registerMessages(env, builder.messages);
  const c = new Compiler(env, new Map(builder.messages.map((m) => [m.name, m.fields])));
  const root = c.node(schema, decl, basePath, undefined, 1);
  const errors = [...c.schemaErrors, ...c.celErrors];
  if (c.total > STATIC_ESTIMATED_CRD_COST_LIMIT) {
    const worst = [...c.observed].sort((a, b) => b.cost - a.cost).slice(0, MOST_EXPENSIVE);
    for (const w of worst)
      errors.push(
        fieldErrors.forbidden(w.path, 'contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema'),
      );
    errors.push(
      fieldErrors.forbidden(
        basePath,
        costErrorMessage(
          'x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema',
          c.total,
          STATIC_ESTIMATED_CRD_COST_LIMIT,
        ),
      ),
    );
  }
  return { errors, compiled: { root } };
}

const cache = new WeakMap<CelSchema, CompiledSchema>();

/** The compiled validator of a schema object, compiled on first use and cached with the object. */
export function validatorFor(schema: CelSchema, options: CompileOptions = {}): CompiledSchema {
  let v = cache.get(schema);
  if (!v) {
    v = compileSchemaRules(schema, options).compiled;
    cache.set(schema, v);
  }
  return v;
}
