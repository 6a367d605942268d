/**
 * What a write of a custom resource is checked against, in the real platform's order: the
 * schema, the scale subresource's paths, the list types' uniqueness, then the CEL rules (not
 * run when the schema already refused the object, as their input is not what they were written
 * for).
 *
 * On update, with CRDValidationRatcheting (beta, on by default), schema errors of values that
 * did not change are dropped, so that tightening a schema does not lock stored objects. A write
 * of the status subresource checks only `status` against its schema, without ratcheting (as the
 * real status strategy does), and only the status paths of the scale subresource.
 */
import type { FieldError } from '../errors/field-error.ts';
import type { Strategy, StrategyContext } from '../registry/definition.ts';
import type { CustomResourceSubresourceScale } from '../registry/types/apiextensions-v1.ts';
import type { JsonObject } from '../util/json.ts';
import type { RuleChecker } from './kinds-from-crd.ts';
import { validateScaleSpec, validateScaleStatus } from './scale-validation.ts';
import { propertiesOf, type SchemaProps } from './schema-props.ts';
import { validateAgainstSchema, validateListTypes, validateProperty } from './validate-cr.ts';

type RuleCheck = NonNullable<ReturnType<RuleChecker['compile']>>;

/** Schema failures after which the rules are not run (their input is not what they were written for). */
const BLOCKING: ReadonlySet<FieldError['type']> = new Set([
  'FieldValueNotSupported',
  'FieldValueRequired',
  'FieldValueTooLong',
  'FieldValueTooMany',
  'FieldValueTypeInvalid',
]);

/** The rules' errors, or the real platform's one note when the errors so far block them. */
function rulesAfter(errs: readonly FieldError[], rules: () => FieldError[]): FieldError[] {
  if (!errs.some((e) => BLOCKING.has(e.type))) return rules();
  return [
    {
      type: 'FieldValueInvalid',
      field: '<nil>',
      badValue: null,
      detail: 'some validation rules were not checked because the object was invalid; correct the existing errors to complete validation',
    },
  ];
}

export function customResourceStrategy(
  schema: SchemaProps,
  scale: CustomResourceSubresourceScale | undefined,
  rules: RuleCheck | undefined,
): Strategy {
  const withRules = (errs: FieldError[], obj: JsonObject, old: JsonObject | undefined): FieldError[] =>
    rules ? [...errs, ...rulesAfter(errs, () => rules(obj, old))] : errs;

  const onUpdate = (obj: JsonObject, old: JsonObject, ctx: StrategyContext): FieldError[] => {
    if (ctx.subresource === 'status') {
      const statusSchema = propertiesOf(schema)?.status;
      const errs = [
        ...(statusSchema && obj.status !== undefined ? validateProperty(obj.status, statusSchema, 'status') : []),
        ...validateScaleStatus(obj, scale),
        ...validateListTypes(obj, schema, old),
      ];
      return withRules(errs, obj, old);
    }
    const ratchet = ctx.gates.enabled('CRDValidationRatcheting');
    const errs = [
      ...validateAgainstSchema(obj, schema, ratchet ? old : undefined),
      ...validateScaleSpec(obj, scale),
      ...validateScaleStatus(obj, scale),
      ...validateListTypes(obj, schema, old),
    ];
    return withRules(errs, obj, old);
  };

  return {
    // An update is checked by validateUpdate alone: it needs the stored object.
    validate: (obj, ctx) =>
      ctx.operation === 'update'
        ? []
        : withRules(
            [
              ...validateAgainstSchema(obj, schema),
              ...validateScaleSpec(obj, scale),
              ...validateScaleStatus(obj, scale),
              ...validateListTypes(obj, schema),
            ],
            obj,
            undefined,
          ),
    validateUpdate: onUpdate,
  };
}
