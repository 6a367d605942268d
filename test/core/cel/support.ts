/** Helpers for the CEL tests: compile a schema, validate objects, render errors as the API does. */
import { compileSchemaRules, type CelSchema, type ValidateOptions, validateRules, type ValidationRule } from '../../../core/cel/index.ts';
import { errorString } from '../../../core/errors/field-error.ts';

/** Compile errors of a schema, as `path: message` lines. */
export function compileErrors(schema: CelSchema): string[] {
  return compileSchemaRules(schema).errors.map(errorString);
}

/** A resource schema whose `spec` has the given properties and rules. */
export function specSchema(properties: Record<string, CelSchema>, rules: ValidationRule[] = [], extra: Partial<CelSchema> = {}): CelSchema {
  return { type: 'object', properties: { spec: { type: 'object', properties, 'x-kubernetes-validations': rules, ...extra } } };
}

/** Validates an object (and old object) against a schema, returning the errors as strings. */
export function check(schema: CelSchema, obj: unknown, old?: unknown, options?: ValidateOptions): string[] {
  const { errors, compiled } = compileSchemaRules(schema);
  if (errors.length) throw new Error(`schema does not compile: ${errors.map(errorString).join('; ')}`);
  return validateRules(compiled, obj, old, options).map(errorString);
}
