/**
 * Reading an OpenAPI v3 document (one group-version of `/openapi/v3`) for the editor: which
 * schema describes an `apiVersion` and `kind` (`x-kubernetes-group-version-kind`), the schema
 * at a path in it, and the fields and enum values there. A property refers to its type with
 * `$ref`, or with `allOf: [{$ref}]` when it has a description of its own (OpenAPI 3.0 ignores a
 * `$ref`'s siblings); both are followed, and the parts of an `allOf` are merged.
 */
import { ITEM, type PathStep } from './yaml-path.ts';

export interface Schema {
  readonly type?: string;
  readonly description?: string;
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly additionalProperties?: Schema | boolean;
  readonly items?: Schema;
  readonly enum?: readonly unknown[];
  readonly required?: readonly string[];
  readonly allOf?: readonly Schema[];
  readonly $ref?: string;
  readonly default?: unknown;
  readonly 'x-kubernetes-group-version-kind'?: readonly { group: string; version: string; kind: string }[];
}

export interface OpenApiDocument {
  readonly components?: { readonly schemas?: Readonly<Record<string, Schema>> };
}

export interface Field {
  readonly name: string;
  /** How a reader would write the type: `string`, `[]Container`, `map[string]string`, `ObjectMeta`. */
  readonly type: string;
  readonly required: boolean;
  /** Where its value is written: on the key's line (a scalar) or on the lines below. */
  readonly shape: 'scalar' | 'mapping' | 'list';
  readonly description?: string;
}

const REF_PREFIX = '#/components/schemas/';
/** Deeper than any real type; a schema that refers to itself (JSONSchemaProps) stops here. */
const MAX_DEPTH = 32;

function named(doc: OpenApiDocument, ref: string): Schema | undefined {
  return ref.startsWith(REF_PREFIX) ? doc.components?.schemas?.[ref.slice(REF_PREFIX.length)] : undefined;
}

/** The schema with its `$ref` followed and its `allOf` parts merged in (its own words first). */
export function resolve(doc: OpenApiDocument, schema: Schema | undefined, depth = 0): Schema | undefined {
  if (!schema || depth > MAX_DEPTH) return undefined;
  if (schema.$ref) {
    const target = resolve(doc, named(doc, schema.$ref), depth + 1);
    return target && { ...target, ...(schema.description ? { description: schema.description } : {}) };
  }
  if (!schema.allOf?.length) return schema;
  const { allOf, ...own } = schema;
  const parts = allOf.map((p) => resolve(doc, p, depth + 1)).filter((p): p is Schema => p !== undefined);
  const properties = Object.assign({}, ...parts.map((p) => p.properties ?? {}), own.properties ?? {});
  const required = [...new Set([...parts.flatMap((p) => p.required ?? []), ...(own.required ?? [])])];
  const merged: Schema = Object.assign({}, ...parts, own);
  return {
    ...merged,
    ...(Object.keys(properties).length ? { properties } : {}),
    ...(required.length ? { required } : {}),
  };
}

/** The schema of the object written as `apiVersion` and `kind`, if the document has it. */
export function schemaFor(doc: OpenApiDocument, apiVersion: string, kind: string): Schema | undefined {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/', 2) : ['', apiVersion];
  for (const s of Object.values(doc.components?.schemas ?? {})) {
    const gvks = s['x-kubernetes-group-version-kind'] ?? [];
    if (gvks.some((g) => g.group === group && g.version === version && g.kind === kind)) return s;
  }
  return undefined;
}

/** The schema at `path` under `root`: a key is a property (or a map's value), ITEM a list's item. */
export function schemaAt(doc: OpenApiDocument, root: Schema, path: readonly PathStep[]): Schema | undefined {
  let at = resolve(doc, root);
  for (const step of path) {
    if (!at) return undefined;
    if (step === ITEM) at = resolve(doc, at.items);
    else {
      const extra = typeof at.additionalProperties === 'object' ? at.additionalProperties : undefined;
      at = resolve(doc, at.properties?.[step] ?? extra);
    }
  }
  return at;
}

function refName(s: Schema): string | undefined {
  const ref = s.$ref ?? s.allOf?.find((p) => p.$ref)?.$ref;
  return ref?.slice(ref.lastIndexOf('.') + 1);
}

/** A type as `kubectl explain` writes it. */
export function typeName(doc: OpenApiDocument, s: Schema, depth = 0): string {
  const ref = refName(s);
  if (ref) return ref;
  if (depth > 4) return s.type ?? 'Object';
  if (s.type === 'array') return `[]${s.items ? typeName(doc, s.items, depth + 1) : 'Object'}`;
  if (s.type === 'object' && typeof s.additionalProperties === 'object')
    return `map[string]${typeName(doc, s.additionalProperties, depth + 1)}`;
  return s.type ?? 'Object';
}

/** The fields of the mapping described by `schema`, in the document's order. */
export function fieldsOf(doc: OpenApiDocument, schema: Schema | undefined): Field[] {
  const s = resolve(doc, schema);
  if (!s?.properties) return [];
  const required = new Set(s.required ?? []);
  return Object.entries(s.properties).map(([name, p]) => {
    const r = resolve(doc, p);
    const description = r?.description ?? p.description;
    const shape = r?.type === 'array' ? 'list' : r?.type === 'object' || r?.properties ? 'mapping' : 'scalar';
    return { name, type: typeName(doc, p), required: required.has(name), shape, ...(description ? { description } : {}) };
  });
}

/** The values a field may take, when its schema lists them (strings, numbers, booleans, as written in YAML). */
export function enumOf(doc: OpenApiDocument, schema: Schema | undefined): string[] {
  const s = resolve(doc, schema);
  if (s?.enum?.length) return s.enum.filter((v) => v !== null && typeof v !== 'object').map(String);
  return s?.type === 'boolean' ? ['true', 'false'] : [];
}
