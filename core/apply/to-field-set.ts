/**
 * The set of fields a value sets, as server-side apply counts them: every scalar and every atomic
 * value is a leaf; struct fields are walked into; map keys and list items are members themselves
 * (so an owned item or key goes away as a whole) and are walked into as well.
 */
import type { Schema } from '../schema/types.ts';
import { isObject, type JsonValue } from '../util/json.ts';
import { FieldSet } from './field-set.ts';
import { fieldElement, fieldPath, type PathElement } from './path.ts';
import { childSchema, isNamedField, itemElement, nodeOf } from './schema-node.ts';

/** Every path the value sets, including the ones server-side apply never tracks (see `fieldsOf`). */
export function toFieldSet(value: JsonValue, schema: Schema): FieldSet {
  const out = new FieldSet();
  walk(value, schema, [], out);
  return out;
}

/** `path` is pushed and popped along the walk: sets copy what they keep, never the array. */
function walk(value: JsonValue, schema: Schema | undefined, path: PathElement[], out: FieldSet): void {
  const node = nodeOf(schema, value);
  switch (node.kind) {
    case 'scalar':
    case 'atomic':
      out.insert(path);
      return;
    case 'struct':
    case 'map':
      if (!isObject(value)) return;
      for (const key of Object.keys(value)) {
        path.push(fieldElement(key));
        walk(value[key], childSchema(node, key), path, out);
        if (!isNamedField(node, key)) out.insert(path);
        path.pop();
      }
      return;
    case 'set':
    case 'keyed':
      if (!Array.isArray(value)) return;
      for (const item of value) {
        const pe = itemElement(node, item);
        if (typeof pe === 'string') continue;
        path.push(pe);
        walk(item, node.items, path, out);
        out.insert(path);
        path.pop();
      }
  }
}

/**
 * Fields that no manager ever owns: type and identity, and what the server sets. Only these exact
 * paths are dropped; the rest of `metadata` (labels, annotations, finalizers, ownerReferences,
 * generateName, ...) is tracked like any field.
 */
export const UNTRACKED_FIELDS: FieldSet = FieldSet.of(
  fieldPath('apiVersion'),
  fieldPath('kind'),
  fieldPath('metadata'),
  fieldPath('metadata', 'name'),
  fieldPath('metadata', 'namespace'),
  fieldPath('metadata', 'creationTimestamp'),
  fieldPath('metadata', 'selfLink'),
  fieldPath('metadata', 'uid'),
  fieldPath('metadata', 'clusterName'),
  fieldPath('metadata', 'generation'),
  fieldPath('metadata', 'managedFields'),
  fieldPath('metadata', 'resourceVersion'),
);

/** The fields a value sets that a manager can own (what its managedFields entry would list). */
export function fieldsOf(value: JsonValue, schema: Schema): FieldSet {
  return toFieldSet(value, schema).difference(UNTRACKED_FIELDS);
}
