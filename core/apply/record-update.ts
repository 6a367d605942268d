/**
 * Ownership on writes that are not server-side apply (create, update, JSON/merge/strategic
 * patch): the writer takes every field it added or changed, from whoever owned it; nobody keeps
 * fields that were removed. Such writes never conflict.
 */
import type { ObjectSchema } from '../schema/types.ts';
import { isObject, type JsonObject, type JsonValue } from '../util/json.ts';
import { formatTime } from '../util/time.ts';
import { capUpdateManagers, encodeManaged, identityKey, tryDecodeManaged, type Managed } from './managers.ts';
import { pathsToSet, setManagedFields, withoutManagedFields, zeroObject } from './object.ts';
import type { FieldSet } from './field-set.ts';
import { UNTRACKED_FIELDS } from './to-field-set.ts';
import { createdFieldsV1 } from './created-fields.ts';
import { reconcileManaged, updateManagers } from './updater.ts';

export interface RecordUpdateInput {
  /** The stored object; undefined on create. */
  readonly live: JsonObject | undefined;
  /** The object about to be stored; its `metadata.managedFields` is rewritten. */
  readonly next: JsonObject;
  readonly manager: string;
  /** The version the write was made in (`v1`, `apps/v1`). */
  readonly apiVersion: string;
  /** '' (or absent) for the main resource, else e.g. `status`. */
  readonly subresource?: string;
  readonly schema: ObjectSchema;
  /** Now, in ms. */
  readonly now: number;
  /** Top-level paths this endpoint resets (e.g. `[['status']]` on the main resource): never owned through it. */
  readonly ignored?: readonly (readonly string[])[];
}

/** Placeholder identity of the write being recorded; merged into the writer's entry afterwards. */
const CURRENT_OPERATION = 'current-operation';

/** A list with one empty entry: the client asks to forget all ownership. */
function isReset(list: JsonValue | undefined): boolean {
  return Array.isArray(list) && list.length === 1 && isObject(list[0]) && Object.values(list[0]).every((v) => v === '' || v === null);
}

/**
 * Where ownership starts from. The main resource honours managedFields the client sent when they
 * are valid and not empty (clients may edit them), and a single empty entry resets them; anything
 * else (absent, `[]`, invalid, or any subresource write) keeps the stored ones, so that clients
 * unaware of the field cannot wipe it.
 */
function startingPoint(input: RecordUpdateInput): Managed {
  const live = input.live && isObject(input.live.metadata) ? input.live.metadata.managedFields : undefined;
  const sent = isObject(input.next.metadata) ? input.next.metadata.managedFields : undefined;
  if (!input.subresource) {
    if (isReset(sent)) return new Map();
    const fromClient = tryDecodeManaged(sent);
    if (fromClient?.size) return fromClient;
  }
  return tryDecodeManaged(live) ?? new Map();
}

/** The set of `ignored` paths, made once per paths array (the hook passes one array per kind and subresource). */
const ignoredSets = new WeakMap<object, FieldSet | undefined>();
function ignoredSet(paths: readonly (readonly string[])[] | undefined): FieldSet | undefined {
  if (!paths) return undefined;
  if (!ignoredSets.has(paths)) ignoredSets.set(paths, pathsToSet(paths));
  return ignoredSets.get(paths);
}

/** Rewrites `next.metadata.managedFields` for a non-apply write and returns the entries. */
export function recordUpdate(input: RecordUpdateInput): JsonObject[] {
  const { schema, manager, apiVersion } = input;
  const subresource = input.subresource ?? '';
  const managed = startingPoint(input);
  if (!input.live && managed.size === 0) return recordCreate(input, subresource);
  const oldObj = withoutManagedFields(input.live ?? zeroObject(schema));
  const newObj = withoutManagedFields(input.next);
  const ignored = ignoredSet(input.ignored);

  reconcileManaged(managed, schema);
  const compare = updateManagers(oldObj, newObj, schema, managed, CURRENT_OPERATION, true, ignored);
  // Most writes only add or only change: skip the set operations that would copy for nothing.
  let taken = compare.modified.empty ? compare.added : compare.added.empty ? compare.modified : compare.modified.union(compare.added);
  if (!compare.removed.empty) taken = taken.difference(compare.removed);
  if (ignored) taken = taken.recursiveDifference(ignored);
  taken = taken.difference(UNTRACKED_FIELDS);

  if (!taken.empty) {
    const id = { manager, operation: 'Update', apiVersion, subresource } as const;
    const key = identityKey(id);
    const previous = managed.get(key);
    managed.set(key, {
      ...id,
      set: previous ? taken.union(previous.set) : taken,
      time: formatTime(input.now),
      ...(previous?.original ? { original: previous.original } : {}),
    });
  }
  capUpdateManagers(managed);
  const entries = encodeManaged(managed);
  setManagedFields(input.next, entries);
  return entries;
}

/**
 * A create with no managedFields sent: the writer owns everything it set, and nobody else owns
 * anything. The same entry the general path makes, without its field sets.
 */
function recordCreate(input: RecordUpdateInput, subresource: string): JsonObject[] {
  const fieldsV1 = createdFieldsV1(zeroObject(input.schema), withoutManagedFields(input.next), input.schema, input.ignored);
  const entries: JsonObject[] = [];
  if (fieldsV1) {
    const entry: JsonObject = {};
    if (input.manager) entry.manager = input.manager;
    entry.operation = 'Update';
    entry.apiVersion = input.apiVersion;
    entry.time = formatTime(input.now);
    entry.fieldsType = 'FieldsV1';
    entry.fieldsV1 = fieldsV1;
    if (subresource) entry.subresource = subresource;
    entries.push(entry);
  }
  setManagedFields(input.next, entries);
  return entries;
}
