/** Top-level object and list types: TypeMeta (kind, apiVersion, as Go writes them, first) and metadata. */
import { field, list, str, struct, type FieldDecl } from '../../schema/build.ts';
import type { ObjectSchema } from '../../schema/types.ts';
import { ListMeta, ObjectMeta } from './meta-v1.ts';

/** An object kind: `kind`, `apiVersion`, `metadata` (protobuf field 1), then its own fields. */
export function objectType(name: string, fields: Record<string, FieldDecl>, opts: { structType?: 'atomic' | 'granular'; description?: string } = {}): ObjectSchema {
  return struct(
    name,
    {
      kind: field(undefined, str()),
      apiVersion: field(undefined, str()),
      metadata: field(1, ObjectMeta),
      ...fields,
    },
    opts,
  );
}

/** The list kind of an object kind: metadata (1) and items (2). */
export function listType(item: ObjectSchema): ObjectSchema {
  return struct(`${item.name}List`, {
    kind: field(undefined, str()),
    apiVersion: field(undefined, str()),
    metadata: field(1, ListMeta),
    items: field(2, list(item), { omitEmpty: false, required: true }),
  });
}
