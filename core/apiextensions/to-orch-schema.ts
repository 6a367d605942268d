/**
 * A CRD version's OpenAPI schema as orch's schema model, which drives server-side apply (merge
 * markers: `x-orch-list-type`, `x-orch-list-map-keys`, `x-orch-map-type`, with their
 * `x-kubernetes-*` aliases), managed fields and CBOR. Nothing here validates or decodes: custom
 * resources have their own codec and validation; every field is a pointer (kept as sent).
 */
import { bool, double, field, int64, intOrString, list, map, raw, str, struct, type FieldDecl } from '../schema/build.ts';
import type { ListType, ObjectSchema, Schema, StructType } from '../schema/types.ts';
import { ObjectMeta } from '../registry/types/meta-v1.ts';
import {
  additionalOf,
  extension,
  isEmbedded,
  isIntOrString,
  itemsOf,
  preservesUnknown,
  propertiesOf,
  stringList,
  typeOf,
  type SchemaProps,
} from './schema-props.ts';

/** `example.com`, `v1`, `Widget` → `com.example.v1.Widget`, the definition name the real platform publishes. */
export function definitionName(group: string, version: string, kind: string): string {
  return [...group.split('.').reverse(), version, kind].join('.');
}

const describe = (s: SchemaProps): { description?: string } => (typeof s.description === 'string' ? { description: s.description } : {});

function typeMeta(): Record<string, FieldDecl> {
  return {
    kind: field(undefined, str(), { pointer: true }),
    apiVersion: field(undefined, str(), { pointer: true }),
    metadata: field(undefined, ObjectMeta, { pointer: true }),
  };
}

/**
 * An object's type. One that keeps unknown fields (`x-kubernetes-preserve-unknown-fields`) takes
 * them as untyped values beside its declared ones, as the real platform's structured-merge schema
 * does: the declared fields keep their merge rules (a keyed list stays keyed), the others are
 * merged by shape (maps field by field, lists and scalars whole).
 */
function objectOf(s: SchemaProps, name: string, withTypeMeta: boolean): ObjectSchema {
  const fields: Record<string, FieldDecl> = withTypeMeta ? typeMeta() : {};
  for (const [k, p] of Object.entries(propertiesOf(s) ?? {})) {
    if (withTypeMeta && k in fields) continue;
    fields[k] = field(undefined, convert(p, `${name}.${k}`), { pointer: true, ...describe(p) });
  }
  const mapType = extension(s, 'map-type');
  return struct(name, fields, {
    ...(mapType === 'atomic' ? { structType: 'atomic' as StructType } : {}),
    ...(preservesUnknown(s) ? { unknownFields: raw() } : {}),
    ...describe(s),
  });
}

function convert(s: SchemaProps, name: string): Schema {
  if (isIntOrString(s)) return intOrString();
  // Kept whole as an untyped value unless it also declares properties (or is an embedded object).
  if (preservesUnknown(s) && !(typeOf(s) === 'object' && (Object.keys(propertiesOf(s) ?? {}).length || isEmbedded(s)))) return raw();
  switch (typeOf(s)) {
    case 'string':
      return str();
    case 'integer':
      return int64();
    case 'number':
      return double();
    case 'boolean':
      return bool();
    case 'array': {
      const items = itemsOf(s);
      const lt = extension(s, 'list-type');
      const keys = stringList(extension(s, 'list-map-keys'));
      return list(items ? convert(items, name) : raw(), {
        listType: lt === 'set' || lt === 'map' ? (lt as ListType) : 'atomic',
        ...(lt === 'map' && keys.length ? { listMapKeys: keys } : {}),
      });
    }
    case 'object': {
      const additional = additionalOf(s);
      if (typeof additional === 'object') {
        const mapType = extension(s, 'map-type');
        return map(convert(additional, name), mapType === 'atomic' ? { mapType: 'atomic' } : {});
      }
      if (additional === true) return raw();
      return objectOf(s, name, isEmbedded(s));
    }
    default:
      return raw();
  }
}

/** The object type of one version of a custom resource. */
export function toObjectSchema(schema: SchemaProps, group: string, version: string, kind: string): ObjectSchema {
  return objectOf(schema, definitionName(group, version, kind), true);
}
