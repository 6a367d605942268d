/** Field-set operations that need the schema. */
import { fieldOf } from '../schema/index-fields.ts';
import type { Schema } from '../schema/types.ts';
import { FieldSet } from './field-set.ts';
import type { PathElement } from './path.ts';
import { isAtomicSchema, listRelation } from './schema-node.ts';

/** The schema below one element, from the schema alone (no value). */
function schemaBelow(schema: Schema | undefined, pe: PathElement): Schema | undefined {
  if (!schema) return undefined;
  if (pe.kind === 'field') {
    if (schema.type === 'object') return fieldOf(schema, pe.name)?.schema ?? schema.unknownFields;
    if (schema.type === 'map') return schema.values;
    if (schema.type === 'raw') return schema;
    return undefined;
  }
  if (schema.type === 'array') return schema.items;
  return undefined;
}

/**
 * The set plus, as members, every struct field that has owned fields below it. Pruning removes
 * members; this makes a struct whose owned fields all go away go away too, while a map key or
 * list item is only removed when it was owned itself.
 */
export function ensureNamedFieldsAreMembers(set: FieldSet, schema: Schema | undefined): FieldSet {
  const out = new FieldSet();
  for (const pe of set.members()) out.addMember(pe);
  for (const c of set.children()) {
    if (isDeclaredField(schema, c.pe)) out.addMember(c.pe);
    const below = c.pe.kind === 'field' || c.pe.kind === 'key' ? schemaBelow(schema, c.pe) : undefined;
    out.setChild(c.pe, ensureNamedFieldsAreMembers(c.set, below));
  }
  return out;
}

function isDeclaredField(schema: Schema | undefined, pe: PathElement): boolean {
  return pe.kind === 'field' && schema?.type === 'object' && fieldOf(schema, pe.name) !== undefined;
}

/**
 * Adjusts a manager's set to the current schema: where a list, map or struct is atomic now but
 * the set owns parts of it, the manager owns the whole value instead. (Ownership of a value that
 * was atomic and is granular now stays on the value itself.) Undefined when nothing changes.
 */
export function reconcileWithSchema(set: FieldSet, schema: Schema): FieldSet | undefined {
  const toReplace: PathElement[][] = [];
  visit(set, schema, [], false, toReplace);
  if (!toReplace.length) return undefined;
  const paths = FieldSet.of(...toReplace);
  return set.recursiveDifference(paths).union(paths);
}

function visit(
  set: FieldSet | undefined,
  schema: Schema | undefined,
  path: PathElement[],
  ownedWhole: boolean,
  out: PathElement[][],
): void {
  if (!schema || schema.type === 'raw') return;
  if (schema.type !== 'object' && schema.type !== 'map' && schema.type !== 'array') return;
  if (!ownedWhole && isAtomicSchema(schema)) {
    // Lists always become one leaf; maps and structs only when something below them is owned.
    if (schema.type === 'array' ? path.length > 0 : set !== undefined && set.size > 0) out.push(path);
    return;
  }
  if (!set) return;
  if (schema.type === 'array' && listRelation(schema).kind === 'atomic') return;
  const handle = (pe: PathElement, isMember: boolean): void => {
    const below = schemaBelow(schema, pe);
    if (!below && schema.type !== 'array') return; // fields the schema does not know are left alone
    const sub = set.child(pe);
    visit(sub, below, [...path, pe], isMember && !sub, out);
  };
  for (const c of set.children()) if (!set.hasMember(c.pe)) handle(c.pe, false);
  for (const pe of set.members()) handle(pe, true);
}
