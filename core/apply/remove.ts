/**
 * Removing fields from a value: a member path removes that field, map key or list item with
 * everything inside it; deeper paths are followed into granular values. A granular map or list
 * left with nothing becomes `null` (absent once decoded), as on the real platform.
 */
import type { Schema } from '../schema/types.ts';
import { isObject, setOwn, type JsonObject, type JsonValue } from '../util/json.ts';
import type { FieldSet } from './field-set.ts';
import { fieldElement } from './path.ts';
import { childSchema, itemElement, nodeOf } from './schema-node.ts';

export function removeItems(value: JsonValue, toRemove: FieldSet, schema: Schema): JsonValue {
  return remove(value, toRemove, schema);
}

function remove(value: JsonValue, toRemove: FieldSet, schema: Schema | undefined): JsonValue {
  if (toRemove.empty) return value;
  const node = nodeOf(schema, value);
  if (node.kind === 'scalar' || node.kind === 'atomic') return value;
  if (node.kind === 'struct' || node.kind === 'map') {
    if (!isObject(value) || Object.keys(value).length === 0) return value;
    const out: JsonObject = {};
    for (const key of Object.keys(value)) {
      const pe = fieldElement(key);
      if (toRemove.hasMember(pe)) continue;
      const sub = toRemove.child(pe);
      setOwn(out, key, sub ? remove(value[key], sub, childSchema(node, key)) : value[key]);
    }
    return Object.keys(out).length ? out : null;
  }
  if (!Array.isArray(value) || value.length === 0) return value;
  const out: JsonValue[] = [];
  for (const item of value) {
    const pe = itemElement(node, item);
    if (typeof pe === 'string') {
      out.push(item);
      continue;
    }
    if (toRemove.hasMember(pe)) continue;
    const sub = toRemove.child(pe);
    out.push(sub ? remove(item, sub, node.items) : item);
  }
  return out.length ? out : null;
}
