/**
 * The OpenAPI v3 schema of a custom resource (JSONSchemaProps), as the JSON it was written in.
 * Its extensions are spelled `x-orch-*`, or `x-kubernetes-*` as the real platform spells them, so
 * CRDs written for the real platform install unchanged; both spellings mean the same.
 */
import { isObject, type JsonObject, type JsonValue } from '../util/json.ts';

/** One node of a schema: a JSON object (its members are read through the helpers below). */
export type SchemaProps = JsonObject;

export type Extension =
  | 'preserve-unknown-fields'
  | 'embedded-resource'
  | 'int-or-string'
  | 'list-type'
  | 'list-map-keys'
  | 'map-type'
  | 'validations';

export const EXTENSION_PREFIXES = ['x-orch-', 'x-kubernetes-'] as const;

/** The key the schema spells an extension with (`x-orch-list-type` or `x-kubernetes-list-type`), if present. */
export function extensionKey(s: SchemaProps, name: Extension): string | undefined {
  for (const prefix of EXTENSION_PREFIXES) if (Object.hasOwn(s, prefix + name)) return prefix + name;
  return undefined;
}

export function extension(s: SchemaProps, name: Extension): JsonValue | undefined {
  const key = extensionKey(s, name);
  return key === undefined ? undefined : s[key];
}

export const preservesUnknown = (s: SchemaProps): boolean => extension(s, 'preserve-unknown-fields') === true;
export const isEmbedded = (s: SchemaProps): boolean => extension(s, 'embedded-resource') === true;
export const isIntOrString = (s: SchemaProps): boolean => extension(s, 'int-or-string') === true;

export function typeOf(s: SchemaProps): string {
  return typeof s.type === 'string' ? s.type : '';
}

export function propertiesOf(s: SchemaProps): Readonly<Record<string, SchemaProps>> | undefined {
  const p = s.properties;
  if (!isObject(p)) return undefined;
  for (const v of Object.values(p)) if (!isObject(v)) return undefined;
  return p as Record<string, SchemaProps>;
}

export function itemsOf(s: SchemaProps): SchemaProps | undefined {
  return isObject(s.items) ? s.items : undefined;
}

/** `additionalProperties` as a schema (an object), `true`/`false`, or undefined. */
export function additionalOf(s: SchemaProps): SchemaProps | boolean | undefined {
  const a = s.additionalProperties;
  if (typeof a === 'boolean') return a;
  return isObject(a) ? a : undefined;
}

export function additionalSchemaOf(s: SchemaProps): SchemaProps | undefined {
  const a = additionalOf(s);
  return typeof a === 'object' ? a : undefined;
}

export function stringList(v: JsonValue | undefined): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}
