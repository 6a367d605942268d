/** Top-level object and list types: TypeMeta (kind, apiVersion, as Go writes them, first) and metadata. */
import { field, list, str, struct, type FieldDecl } from '../../schema/build.ts';
import type { ObjectSchema } from '../../schema/types.ts';
import { ListMeta, ObjectMeta } from './meta-v1.ts';

const KIND = 'The kind of the object, in CamelCase (such as StatefulSet). The server can tell it from the endpoint; it cannot be updated.';
const API_VERSION =
  'The version of the schema the object is written in: <group>/<version>, or just <version> (such as v1) for the core group. The server converts objects between the versions it serves.';

/** An object kind: `kind`, `apiVersion`, `metadata` (protobuf field 1), then its own fields. */
export function objectType(
  name: string,
  fields: Record<string, FieldDecl>,
  opts: { structType?: 'atomic' | 'granular'; description?: string } = {},
): ObjectSchema {
  return struct(
    name,
    {
      kind: field(undefined, str(), { description: KIND }),
      apiVersion: field(undefined, str(), { description: API_VERSION }),
      metadata: field(1, ObjectMeta, {
        description: 'Standard object metadata: name, namespace, labels, annotations, and what the system records.',
      }),
      ...fields,
    },
    opts,
  );
}

/** The list kind of an object kind: metadata (1) and items (2). */
export function listType(item: ObjectSchema): ObjectSchema {
  const kind = item.name.slice(item.name.lastIndexOf('.') + 1);
  return struct(
    `${item.name}List`,
    {
      kind: field(undefined, str(), { description: `The kind of the list, ${kind}List.` }),
      apiVersion: field(undefined, str(), { description: API_VERSION }),
      metadata: field(1, ListMeta, {
        description: 'Standard list metadata: the version of the collection and the token of the next page.',
      }),
      items: field(2, list(item), { omitEmpty: false, required: true, description: `The ${kind} objects. Required.` }),
    },
    { description: `A list of ${kind} objects.` },
  );
}
