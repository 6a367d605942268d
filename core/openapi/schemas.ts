/**
 * Our field schemas as OpenAPI schema objects. Every named object type becomes a definition
 * referenced by `$ref`; merge markers become extensions, written twice: in the seed's `x-orch-*`
 * spelling and in the `x-kubernetes-*` spelling that kubectl reads (explain, apply, validation).
 */
import { jsonFields } from '../schema/index-fields.ts';
import type { ObjectSchema, Schema } from '../schema/types.ts';
import type { JsonObject, JsonValue } from '../util/json.ts';

export type RefStyle = 'v2' | 'v3';

function ext(out: JsonObject, name: string, value: JsonValue): void {
  out[`x-orch-${name}`] = value;
  out[`x-kubernetes-${name}`] = value;
}

export function refTo(name: string, style: RefStyle): string {
  return style === 'v2' ? `#/definitions/${name}` : `#/components/schemas/${name}`;
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
      if (spec.description) {
        if (prop.$ref !== undefined) {
          // A sibling of $ref is ignored by OpenAPI; wrap as the real platform does.
          properties[spec.name] = this.style === 'v3' ? { description: spec.description, allOf: [prop] } : { ...prop, description: spec.description };
        } else {
          properties[spec.name] = { ...prop, description: spec.description };
        }
      } else {
        properties[spec.name] = prop;
      }
      if (spec.default !== undefined) (properties[spec.name] as JsonObject).default = spec.default as JsonValue;
      if (spec.required) required.push(spec.name);
    }
    def.properties = properties;
    if (required.length) def.required = required;
    if (schema.structType === 'atomic') ext(def, 'map-type', 'atomic');
    Object.assign(def, extra);
    return schema.name;
  }

  property(s: Schema): JsonObject {
    switch (s.type) {
      case 'string': {
        const o: JsonObject = { type: 'string' };
        if (s.enum) o.enum = [...s.enum];
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
        return { $ref: refTo(s.precision === 'micro' ? 'io.orch.apimachinery.pkg.apis.meta.v1.MicroTime' : 'io.orch.apimachinery.pkg.apis.meta.v1.Time', this.style) };
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
    put('io.orch.apimachinery.pkg.apis.meta.v1.Time', { description: 'Time is a wrapper around time.Time which supports correct marshaling to YAML and JSON.', type: 'string', format: 'date-time' });
    put('io.orch.apimachinery.pkg.apis.meta.v1.MicroTime', { description: 'MicroTime is version of Time with microsecond level precision.', type: 'string', format: 'date-time' });
    const ios: JsonObject = { description: 'IntOrString is a type that can hold an int32 or a string.', type: 'string', format: 'int-or-string' };
    ext(ios, 'int-or-string', true);
    put('io.orch.apimachinery.pkg.util.intstr.IntOrString', ios);
    put('io.orch.apimachinery.pkg.api.resource.Quantity', { description: 'Quantity is a fixed-point representation of a number.', type: 'string' });
  }
}
