/**
 * Which message schema an object of a given kind is written with, at an endpoint of a kind:
 * the kind itself, its list, or one of the meta types any endpoint answers or accepts.
 */
import { listKindOf, type KindDefinition } from '../../registry/definition.ts';
import { DeleteOptions, Status } from '../../registry/types/meta-v1.ts';
import { listType } from '../../registry/types/object.ts';
import type { ObjectSchema } from '../../schema/types.ts';

/** Types every endpoint may answer (Status) or receive (DeleteOptions), whatever its kind. */
const META_TYPES: ReadonlyMap<string, ObjectSchema> = new Map([
  ['Status', Status],
  ['DeleteOptions', DeleteOptions],
]);

const lists = new WeakMap<ObjectSchema, ObjectSchema>();

export function listSchemaOf(item: ObjectSchema): ObjectSchema {
  let s = lists.get(item);
  if (!s) {
    s = listType(item);
    lists.set(item, s);
  }
  return s;
}

/** The schema of `kind` at the endpoint of `def` (undefined: this kind cannot be written here). */
export function messageSchema(kind: string, def: KindDefinition | undefined): ObjectSchema | undefined {
  if (def) {
    if (kind === def.kind) return def.schema;
    if (kind === listKindOf(def)) return listSchemaOf(def.schema);
  }
  return META_TYPES.get(kind);
}
