/**
 * The CEL validation rules of a schema (`x-orch-validations` / `x-kubernetes-validations`), from
 * core/cel: compiled (and cost-checked) when a CRD is written, evaluated on every write of a
 * custom resource. This is the one place apiextensions calls the CEL engine.
 */
import { compileSchemaRules, hasRules, validateRules, type CelSchema } from '../cel/index.ts';
import type { FieldError } from '../errors/field-error.ts';
import type { JsonObject } from '../util/json.ts';
import type { RuleChecker } from './kinds-from-crd.ts';
import type { SchemaProps } from './schema-props.ts';

const asCel = (schema: SchemaProps): CelSchema => schema as unknown as CelSchema;

/** Rule problems of a CRD version's schema (compile errors, unsupported reasons, estimated cost over the limit). */
export function ruleSchemaErrors(schema: SchemaProps, path: string): FieldError[] {
  const cel = asCel(schema);
  if (!hasRules(cel)) return [];
  return compileSchemaRules(cel, { basePath: path, isResourceRoot: true }).errors;
}

export const celRuleChecker: RuleChecker = {
  compile(schema) {
    const cel = asCel(schema);
    if (!hasRules(cel)) return undefined;
    const { compiled } = compileSchemaRules(cel, { isResourceRoot: true });
    return (obj: JsonObject, old: JsonObject | undefined, warnings?: string[]) =>
      validateRules(compiled, obj, old, warnings ? { warnings } : {});
  },
};
