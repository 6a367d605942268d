/** CustomResourceDefinitions: their validation, the kinds they serve, and the controllers that serve them. */
export { celRuleChecker, ruleSchemaErrors } from './cel-rules.ts';
export { customResourceCodec } from './codec.ts';
export { conditionOf, isEstablished, setCondition, type CRDConditionType } from './conditions.ts';
export { CRD_CLEANUP_FINALIZER, CustomResourceController, type CustomResourceHost } from './controller.ts';
export { API_APPROVED_ANNOTATION, validateCRD, validateCRDUpdate, validateNames } from './crd-validation.ts';
export { evaluate as evaluateJsonPath, parseSimplePath } from './jsonpath.ts';
export { kindsFromCRD, type RuleChecker } from './kinds-from-crd.ts';
export { validateSchemaProps } from './structural.ts';
export { definitionName, toObjectSchema } from './to-orch-schema.ts';
export { validateCustomResource } from './validate-cr.ts';
