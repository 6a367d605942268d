/**
 * Test-only: turns the upstream strategic-merge test types, given as Swagger 2.0 `definitions` or
 * OpenAPI 3 `components.schemas`, into our Schema, so that the merge runs against their markers.
 */
import { bool, bytes, double, int32, int64, list, map, raw, str } from '../../core/schema/build.ts';
import type { FieldSpec, ObjectSchema, Schema } from '../../core/schema/types.ts';

interface OpenApiSchema {
  type?: string;
  format?: string;
  $ref?: string;
  allOf?: OpenApiSchema[];
  items?: OpenApiSchema;
  properties?: Record<string, OpenApiSchema>;
  additionalProperties?: unknown;
  'x-kubernetes-patch-strategy'?: string;
  'x-kubernetes-patch-merge-key'?: string;
}

interface OpenApiDocument {
  definitions?: Record<string, OpenApiSchema>;
  components?: { schemas?: Record<string, OpenApiSchema> };
}

/** RawExtension's JSON form is the embedded object itself; its `Raw` property is the Go side. */
const RAW_EXTENSION = 'io.k8s.apimachinery.pkg.runtime.RawExtension';

export function schemaFromOpenApi(doc: OpenApiDocument, root: string): Schema {
  const definitions = doc.definitions ?? doc.components?.schemas ?? {};
  const built = new Map<string, ObjectSchema>();

  function definition(name: string): Schema {
    if (name === RAW_EXTENSION) return raw();
    const existing = built.get(name);
    if (existing) return existing;
    const def = definitions[name];
    if (!def?.properties) return raw();
    // Registered before its fields are filled: the test types refer to themselves.
    const fields: FieldSpec[] = [];
    const schema: ObjectSchema = { type: 'object', name, fields };
    built.set(name, schema);
    for (const [field, prop] of Object.entries(def.properties)) fields.push({ name: field, schema: property(prop) });
    return schema;
  }

  function refName(s: OpenApiSchema): string | undefined {
    const ref = s.$ref ?? (s.allOf?.length === 1 ? s.allOf[0].$ref : undefined);
    return ref?.slice(ref.lastIndexOf('/') + 1);
  }

  function property(s: OpenApiSchema): Schema {
    const patchStrategy = s['x-kubernetes-patch-strategy'];
    const patchMergeKey = s['x-kubernetes-patch-merge-key'];
    const ref = refName(s);
    if (ref !== undefined) {
      // Our Schema carries strategies on lists and maps only (where real kinds need them). On a
      // struct, `merge` and `retainKeys` change nothing when a patch is applied; `replace` does,
      // so such a field becomes a map of free values that is replaced whole.
      if (patchStrategy?.split(',').includes('replace')) return map(raw(), { patchStrategy });
      return definition(ref);
    }
    switch (s.type) {
      case 'array':
        return list(s.items ? property(s.items) : raw(), {
          ...(patchStrategy ? { patchStrategy } : {}),
          ...(patchMergeKey ? { patchMergeKey } : {}),
        });
      case 'object':
        return typeof s.additionalProperties === 'object' && s.additionalProperties !== null
          ? map(property(s.additionalProperties as OpenApiSchema), patchStrategy ? { patchStrategy } : {})
          : raw();
      case 'string':
        return s.format === 'byte' ? bytes() : str();
      case 'integer':
        return s.format === 'int64' ? int64() : int32();
      case 'number':
        return double();
      case 'boolean':
        return bool();
      default:
        // No type (e.g. `jsonItem`, or retainKeysMergeItem's malformed `simpleMap`): free JSON.
        return raw();
    }
  }

  return definition(root);
}
