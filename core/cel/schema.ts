/**
 * The slice of a structural schema (JSONSchemaProps) that CEL validation reads. A CRD's
 * `openAPIV3Schema` object passes as is. Every extension is read under both spellings,
 * `x-orch-*` and `x-kubernetes-*`, because orch accepts either wherever the real platform
 * accepts the latter.
 */

export type RuleReason = 'FieldValueInvalid' | 'FieldValueForbidden' | 'FieldValueRequired' | 'FieldValueDuplicate';

/** One entry of `x-kubernetes-validations`. */
export interface ValidationRule {
  readonly rule?: string;
  readonly message?: string;
  readonly messageExpression?: string;
  readonly reason?: string;
  readonly fieldPath?: string;
  readonly optionalOldSelf?: boolean;
}

export interface CelSchema {
  readonly type?: string;
  readonly format?: string;
  readonly properties?: Readonly<Record<string, CelSchema>>;
  readonly items?: CelSchema;
  readonly additionalProperties?: CelSchema | boolean;
  readonly required?: readonly string[];
  readonly nullable?: boolean;
  readonly enum?: readonly unknown[];
  readonly default?: unknown;
  readonly maxLength?: number;
  readonly maxItems?: number;
  readonly maxProperties?: number;
  readonly allOf?: readonly CelSchema[];
  readonly 'x-kubernetes-preserve-unknown-fields'?: boolean;
  readonly 'x-orch-preserve-unknown-fields'?: boolean;
  readonly 'x-kubernetes-int-or-string'?: boolean;
  readonly 'x-orch-int-or-string'?: boolean;
  readonly 'x-kubernetes-embedded-resource'?: boolean;
  readonly 'x-orch-embedded-resource'?: boolean;
  readonly 'x-kubernetes-list-type'?: string;
  readonly 'x-orch-list-type'?: string;
  readonly 'x-kubernetes-list-map-keys'?: readonly string[];
  readonly 'x-orch-list-map-keys'?: readonly string[];
  readonly 'x-kubernetes-map-type'?: string;
  readonly 'x-orch-map-type'?: string;
  readonly 'x-kubernetes-validations'?: readonly ValidationRule[];
  readonly 'x-orch-validations'?: readonly ValidationRule[];
}

type Extension =
  | 'preserve-unknown-fields'
  | 'int-or-string'
  | 'embedded-resource'
  | 'list-type'
  | 'list-map-keys'
  | 'map-type'
  | 'validations';

interface ExtensionValues {
  'preserve-unknown-fields': boolean;
  'int-or-string': boolean;
  'embedded-resource': boolean;
  'list-type': string;
  'list-map-keys': readonly string[];
  'map-type': string;
  validations: readonly ValidationRule[];
}

/** The value of an extension under either spelling (the `x-orch-` one wins when both are set). */
export function ext<K extends Extension>(s: CelSchema, name: K): ExtensionValues[K] | undefined {
  const o = s as Record<string, unknown>;
  const v = o[`x-orch-${name}`] ?? o[`x-kubernetes-${name}`];
  return v as ExtensionValues[K] | undefined;
}

/** The key the schema author used for the validations extension, for error paths. */
export function validationsKey(s: CelSchema): string {
  return (s as Record<string, unknown>)['x-orch-validations'] !== undefined ? 'x-orch-validations' : 'x-kubernetes-validations';
}

/** The node's validation rules (none when the extension is absent). */
export function rulesOf(s: CelSchema): readonly ValidationRule[] {
  return ext(s, 'validations') ?? [];
}

export function additionalPropertiesOf(s: CelSchema): CelSchema | undefined {
  const ap = s.additionalProperties;
  return ap && typeof ap === 'object' ? ap : undefined;
}

/** The real platform correlates old and new values through a map unless it is atomic. */
export function mapIsCorrelatable(s: CelSchema): boolean {
  const t = ext(s, 'map-type');
  return t === undefined || t === 'granular';
}

/** Whether any node of the schema carries validation rules. */
export function hasRules(s: CelSchema | undefined): boolean {
  if (!s) return false;
  if (rulesOf(s).length > 0) return true;
  if (s.properties) for (const k of Object.keys(s.properties)) if (hasRules(s.properties[k])) return true;
  if (hasRules(s.items) || hasRules(additionalPropertiesOf(s))) return true;
  if (s.allOf) for (const a of s.allOf) if (hasRules(a)) return true;
  return false;
}
