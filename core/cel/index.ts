/**
 * CEL validation rules of CustomResourceDefinitions (`x-kubernetes-validations`, also spelled
 * `x-orch-validations`): compile a schema's rules when the CRD is written, then validate custom
 * resources against the compiled result.
 */
export {
  type CompiledNode,
  type CompiledRule,
  type CompiledSchema,
  type CompileOptions,
  type CompileResult,
  compileSchemaRules,
  type RuleError,
  validatorFor,
} from './compile.ts';
export { STATIC_ESTIMATED_COST_LIMIT, STATIC_ESTIMATED_CRD_COST_LIMIT } from './cost.ts';
export { type Decl, DeclBuilder, type DeclKind } from './decl.ts';
export { escapeName } from './escape.ts';
export { registerKubernetesLibrary } from './library/index.ts';
export { PER_CALL_LIMIT, RUNTIME_COST_BUDGET } from './meter.ts';
export { type CelSchema, hasRules, type RuleReason, type ValidationRule } from './schema.ts';
export { type ValidateOptions, validateRules } from './validate.ts';
