/**
 * Our field schemas as OpenAPI schema objects. Every named object type becomes a definition
 * referenced by `$ref`; merge markers become extensions, written twice: in this API's `x-orch-*`
 * spelling and in the `x-kubernetes-*` spelling that kubectl reads (explain, apply, validation).
 */
import { jsonFields } from '../schema/index-fields.ts';
import type { FieldSpec, ObjectSchema, Schema, StringSchema } from '../schema/types.ts';
import type { JsonObject, JsonValue } from '../util/json.ts';

export type RefStyle = 'v2' | 'v3';

function ext(out: JsonObject, name: string, value: JsonValue): void {
  out[`x-orch-${name}`] = value;
  out[`x-kubernetes-${name}`] = value;
}

export function refTo(name: string, style: RefStyle): string {
  return style === 'v2' ? `#/definitions/${name}` : `#/components/schemas/${name}`;
}

/** The values a string field is documented to take, sorted as the real platform publishes them. */
function publishedValues(s: StringSchema): string[] | undefined {
  const values = s.enumValues ? Object.keys(s.enumValues) : s.enum;
  return values ? [...values].sort() : undefined;
}

/**
 * A field's description; for a field of documented values, followed by what each value means
 * in the real platform's shape (a "Possible enum values:" paragraph, one line per value, sorted).
 * Lists and maps of such values get only the `enum` of their items, as there.
 */
function describe(spec: FieldSpec): string | undefined {
  const s = spec.schema;
  if (s.type !== 'string') return spec.description;
  const values = publishedValues(s);
  if (!values) return spec.description;
  const lines = values.map((v) => {
    const meaning = s.enumValues?.[v];
    return ` - \`${JSON.stringify(v)}\`${meaning ? ` ${meaning}` : ''}`;
  });
  return [...(spec.description ? [spec.description, ''] : []), 'Possible enum values:', ...lines].join('\n');
}

/** Collects the definitions reachable from some object types. */
export class DefinitionCollector {
  readonly definitions = new Map<string, JsonObject>();

  constructor(private readonly style: RefStyle) {}

  add(schema: ObjectSchema, extra: JsonObject = {}): string {
    const existing = this.definitions.get(schema.name);
    if (existing) {
      Object.assign(existing, extra);
      return schema.name;
    }
    const def: JsonObject = {};
    this.definitions.set(schema.name, def); // before recursing: types may refer to themselves
    if (schema.description) def.description = schema.description;
    def.type = 'object';
    const properties: JsonObject = {};
    const required: string[] = [];
    for (const { spec } of jsonFields(schema)) {
      const prop = this.property(spec.schema);
      const siblings: JsonObject = {};
      const description = describe(spec);
      if (description) siblings.description = description;
      if (spec.default !== undefined) siblings.default = spec.default as JsonValue;
      // OpenAPI 3.0 ignores the siblings of a $ref: wrap it in allOf, as the real platform does.
      properties[spec.name] =
        prop.$ref !== undefined && this.style === 'v3' && Object.keys(siblings).length
          ? { ...siblings, allOf: [prop] }
          : { ...prop, ...siblings };
      if (spec.required) required.push(spec.name);
    }
    def.properties = properties;
    if (required.length) def.required = required;
    if (schema.structType === 'atomic') ext(def, 'map-type', 'atomic');
    Object.assign(def, extra);
    return schema.name;
  }

  /**
   * A schema its author wrote (a custom resource's), published as written under `name`, with
   * `metadata` a reference to ObjectMeta. Swagger 2.0 has no `nullable` and no alternatives, so
   * those are left out of the v2 form, as the real platform leaves them out.
   */
  addPublished(name: string, schema: JsonObject, metadata: ObjectSchema, extra: JsonObject = {}): string {
    const def = this.style === 'v2' ? withoutV3Only(schema) : structuredClone(schema);
    const props = def.properties as JsonObject | undefined;
    if (props) props.metadata = { $ref: refTo(this.add(metadata), this.style) };
    this.definitions.set(name, { ...def, ...extra });
    return name;
  }

  property(s: Schema): JsonObject {
    switch (s.type) {
      case 'string': {
        const o: JsonObject = { type: 'string' };
        const values = publishedValues(s);
        if (values) o.enum = values;
        if (s.format) o.format = s.format;
        if (s.maxLength !== undefined) o.maxLength = s.maxLength;
        return o;
      }
      case 'integer': {
        const o: JsonObject = { type: 'integer', format: s.format };
        if (s.minimum !== undefined) o.minimum = s.minimum;
        if (s.maximum !== undefined) o.maximum = s.maximum;
        return o;
      }
      case 'number':
        return { type: 'number', format: 'double' };
      case 'boolean':
        return { type: 'boolean' };
      case 'bytes':
        return { type: 'string', format: 'byte' };
      case 'time':
        return {
          $ref: refTo(
            s.precision === 'micro' ? 'io.orch.apimachinery.pkg.apis.meta.v1.MicroTime' : 'io.orch.apimachinery.pkg.apis.meta.v1.Time',
            this.style,
          ),
        };
      case 'int-or-string':
        return { $ref: refTo('io.orch.apimachinery.pkg.util.intstr.IntOrString', this.style) };
      case 'quantity':
        return { $ref: refTo('io.orch.apimachinery.pkg.api.resource.Quantity', this.style) };
      case 'raw':
        return { type: 'object' };
      case 'object':
        return { $ref: refTo(this.add(s), this.style) };
      case 'array': {
        const o: JsonObject = { type: 'array', items: this.property(s.items) };
        if (s.listType) ext(o, 'list-type', s.listType);
        if (s.listMapKeys) ext(o, 'list-map-keys', [...s.listMapKeys]);
        if (s.patchStrategy) ext(o, 'patch-strategy', s.patchStrategy);
        if (s.patchMergeKey) ext(o, 'patch-merge-key', s.patchMergeKey);
        if (s.maxItems !== undefined) o.maxItems = s.maxItems;
        return o;
      }
      case 'map': {
        const o: JsonObject = { type: 'object', additionalProperties: this.property(s.values) };
        if (s.mapType) ext(o, 'map-type', s.mapType);
        if (s.patchStrategy) ext(o, 'patch-strategy', s.patchStrategy);
        return o;
      }
    }
  }

  /** The scalar-like types the properties above refer to. */
  addPrimitives(): void {
    const put = (name: string, def: JsonObject) => {
      if (!this.definitions.has(name)) this.definitions.set(name, def);
    };
    put('io.orch.apimachinery.pkg.apis.meta.v1.Time', {
      description: 'A point in time, written as RFC 3339 text in UTC with whole seconds.',
      type: 'string',
      format: 'date-time',
    });
    put('io.orch.apimachinery.pkg.apis.meta.v1.MicroTime', {
      description: 'A point in time with microseconds, written as RFC 3339 text in UTC.',
      type: 'string',
      format: 'date-time',
    });
    // In v3 these two say what they are with oneOf and no type, as the real platform's do (so
    // kubectl explain names them, `<IntOrString>`, rather than printing `<string>`); v2 has no
    // oneOf and calls both strings.
    const v3 = this.style === 'v3';
    const ios: JsonObject = {
      description: 'Either a 32-bit integer or a string (such as a port number or a port name, or a number or a percentage).',
      ...(v3 ? { format: 'int-or-string', oneOf: [{ type: 'integer' }, { type: 'string' }] } : { type: 'string', format: 'int-or-string' }),
    };
    ext(ios, 'int-or-string', true);
    put('io.orch.apimachinery.pkg.util.intstr.IntOrString', ios);
    put('io.orch.apimachinery.pkg.api.resource.Quantity', {
      description:
        'An exact decimal amount with an optional suffix: binary (Ki, Mi, Gi, ...), decimal (m, k, M, G, ...) or an exponent (1e3). Written in its canonical form, such as "500m" or "1Gi".',
      ...(v3 ? { oneOf: [{ type: 'string' }, { type: 'number' }] } : { type: 'string' }),
    });
  }
}

const V3_ONLY = new Set(['nullable', 'anyOf', 'oneOf', 'not', 'allOf']);

function withoutV3Only(v: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [k, x] of Object.entries(v)) {
    if (V3_ONLY.has(k)) continue;
    if (k === 'properties' && x && typeof x === 'object' && !Array.isArray(x)) {
      out[k] = Object.fromEntries(
        Object.entries(x).map(([n, p]) => [n, p && typeof p === 'object' && !Array.isArray(p) ? withoutV3Only(p) : p]),
      );
    } else if ((k === 'items' || k === 'additionalProperties') && x && typeof x === 'object' && !Array.isArray(x)) {
      out[k] = withoutV3Only(x);
    } else out[k] = x;
  }
  return out;
}
