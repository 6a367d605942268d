/**
 * The ownership bookkeeping shared by apply and update: given the object before and after a
 * write, managers lose the fields that were removed, and fields that changed are either taken
 * from their owners (update, forced apply) or reported as conflicts (apply). Pruning removes
 * what an applier stopped applying, unless someone else still owns it.
 */
import type { ObjectSchema } from '../schema/types.ts';
import type { JsonObject, JsonValue } from '../util/json.ts';
import { compareValues, excludeFields, type Comparison } from './compare.ts';
import { ApplyConflictError, conflictFromPath } from './conflict.ts';
import { FieldSet } from './field-set.ts';
import type { Managed } from './managers.ts';
import { removeItems } from './remove.ts';
import { ensureNamedFieldsAreMembers, reconcileWithSchema } from './set-schema.ts';
import { toFieldSet } from './to-field-set.ts';

/**
 * Applies the effects of a write (`oldObj` → `newObj`) on every manager but `writer`. Without
 * `force`, fields the write changes that others own throw an ApplyConflictError.
 */
export function updateManagers(
  oldObj: JsonObject,
  newObj: JsonObject,
  schema: ObjectSchema,
  managed: Managed,
  writer: string,
  force: boolean,
  ignored: FieldSet | undefined,
): Comparison {
  const compare = excludeFields(compareValues(oldObj, newObj, schema), ignored);
  const changed = compare.modified.union(compare.added);
  const conflicts = new Map<string, FieldSet>();
  for (const [key, entry] of managed) {
    if (key === writer) continue;
    const c = entry.set.intersection(changed);
    if (!c.empty) conflicts.set(key, c);
  }
  if (!force && conflicts.size) {
    throw new ApplyConflictError(
      [...conflicts].map(([key, set]) => ({ key, conflicts: set.paths().map((p) => conflictFromPath(managed.get(key)!, p)) })),
    );
  }
  for (const [key, entry] of managed) {
    if (key === writer) continue;
    let set = entry.set;
    const c = conflicts.get(key);
    if (c) set = set.difference(c);
    if (!compare.removed.empty) set = set.difference(compare.removed);
    if (set.empty) managed.delete(key);
    else if (set !== entry.set) managed.set(key, { ...entry, set });
  }
  return compare;
}

/** Adjusts every manager's set to the schema (see `reconcileWithSchema`). */
export function reconcileManaged(managed: Managed, schema: ObjectSchema): void {
  for (const [key, entry] of managed) {
    const set = reconcileWithSchema(entry.set, schema);
    if (set) managed.set(key, { ...entry, set });
  }
}

/**
 * Removes from the merged object what the applier applied last time (`lastSet`) and no longer
 * applies, unless a manager (the applier's new configuration included) still owns it. Struct
 * fields count as owned when anything below them is owned, so shared parents stay.
 */
export function prune(merged: JsonObject, managed: Managed, lastSet: FieldSet | undefined, schema: ObjectSchema): JsonObject {
  if (!lastSet || lastSet.empty) return merged;
  const named = (s: FieldSet): FieldSet => ensureNamedFieldsAreMembers(s, schema);
  let owned = new FieldSet();
  for (const e of managed.values()) owned = owned.union(e.set);

  // First everything the applier owned goes, then whatever anyone owns comes back.
  const stripped = asObject(removeItems(merged, named(lastSet), schema));
  const mergedSet = named(toFieldSet(merged, schema));
  const kept = asObject(removeItems(merged, mergedSet.difference(named(toFieldSet(stripped, schema)).union(named(owned))), schema));
  // Only what the applier itself owned may go: the rest of what went with it comes back.
  const gone = mergedSet.difference(named(toFieldSet(kept, schema))).intersection(named(lastSet));
  return asObject(removeItems(merged, gone, schema));
}

function asObject(v: JsonValue): JsonObject {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? v : {};
}
