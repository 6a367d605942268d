/**
 * The fields that differ between two values of a schema: added (absent before), modified (a leaf
 * with another value) and removed (absent after). A list item, map key or struct that appears or
 * disappears is itself added or removed along with everything inside it, which is why a writer
 * that creates a map owns the map (`"."`) as well as its keys.
 */
import type { Schema } from '../schema/types.ts';
import { deepEqual, isObject, type JsonValue } from '../util/json.ts';
import { FieldSet } from './field-set.ts';
import { fieldElement, type PathElement } from './path.ts';
import { childSchema, indexList, isEmptyContainer, nodeOf } from './schema-node.ts';

export interface Comparison {
  readonly added: FieldSet;
  readonly modified: FieldSet;
  readonly removed: FieldSet;
}

/** `undefined` is "absent"; `null` is a value (present, but an empty container). */
export function compareValues(lhs: JsonValue | undefined, rhs: JsonValue | undefined, schema: Schema): Comparison {
  const c: Comparison = { added: new FieldSet(), modified: new FieldSet(), removed: new FieldSet() };
  if (lhs !== undefined || rhs !== undefined) walk(lhs, rhs, schema, [], c);
  return c;
}

/** Drops the given fields and everything below them from a comparison. */
export function excludeFields(c: Comparison, fields: FieldSet | undefined): Comparison {
  if (!fields || fields.empty) return c;
  return {
    added: c.added.recursiveDifference(fields),
    modified: c.modified.recursiveDifference(fields),
    removed: c.removed.recursiveDifference(fields),
  };
}

function leaf(lhs: JsonValue | undefined, rhs: JsonValue | undefined, path: PathElement[], c: Comparison): void {
  if (lhs === undefined) c.added.insert(path);
  else if (rhs === undefined) c.removed.insert(path);
  else if (!deepEqual(lhs, rhs)) c.modified.insert(path);
}

/**
 * `path` is one array pushed and popped along the walk (sets copy what they keep, never the
 * array): a fresh array per visited field was most of a create's comparison garbage.
 */
function walk(
  lhs: JsonValue | undefined,
  rhs: JsonValue | undefined,
  schema: Schema | undefined,
  path: PathElement[],
  c: Comparison,
): void {
  const node = nodeOf(schema, rhs ?? lhs);
  // Two empty containers compare as leaves, so that `{}` against absent still counts as a change.
  if (node.kind === 'scalar' || node.kind === 'atomic' || (isEmptyContainer(lhs) && isEmptyContainer(rhs))) {
    leaf(lhs, rhs, path, c);
    return;
  }
  if (node.kind === 'struct' || node.kind === 'map') {
    const l = isObject(lhs) ? lhs : undefined;
    const r = isObject(rhs) ? rhs : undefined;
    if (r) {
      for (const key in r) {
        path.push(fieldElement(key));
        walk(l?.[key], r[key], childSchema(node, key), path, c);
        path.pop();
      }
    }
    if (l) {
      for (const key in l) {
        if (r && Object.hasOwn(r, key)) continue;
        path.push(fieldElement(key));
        walk(l[key], undefined, childSchema(node, key), path, c);
        path.pop();
      }
    }
  } else {
    const l = indexList(node, lhs);
    const r = indexList(node, rhs);
    for (const { pe, token } of r.order) {
      path.push(pe);
      walk(l.byToken.get(token), r.byToken.get(token), node.items, path, c);
      path.pop();
    }
    for (const { pe, token } of l.order) {
      if (r.byToken.has(token)) continue;
      path.push(pe);
      walk(l.byToken.get(token), undefined, node.items, path, c);
      path.pop();
    }
  }
  if (lhs === undefined) c.added.insert(path);
  else if (rhs === undefined) c.removed.insert(path);
}
