/**
 * `metadata.managedFields` in memory: one field set per manager identity. An identity is the
 * manager name, the operation, the subresource and (for Update only) the apiVersion, so one
 * applier keeps one entry whatever version it applies with, while an updater gets one entry per
 * version it writes.
 */
import { isObject, type JsonObject, type JsonValue } from '../util/json.ts';
import { parseTime } from '../util/time.ts';
import type { FieldSet } from './field-set.ts';
import { fromFieldsV1, toFieldsV1 } from './fields-v1.ts';
import { compareStrings } from '../util/compare.ts';
import { goJson } from '../util/go-json.ts';

export type Operation = 'Apply' | 'Update';

export interface ManagerIdentity {
  readonly manager: string;
  readonly operation: Operation;
  /** The version its fields are expressed in ('' in the identity of an applier). */
  readonly apiVersion: string;
  readonly subresource: string;
}

export interface ManagerEntry extends ManagerIdentity {
  readonly set: FieldSet;
  /** RFC 3339, when the entry's fields last changed; absent when never set. */
  readonly time?: string;
  /** The entry as it was read, re-written as is while its fields stay the same. */
  readonly original?: { readonly entry: JsonObject; readonly set: FieldSet };
}

/** Entries by identity key. */
export type Managed = Map<string, ManagerEntry>;

/** The identity key: the entry's JSON without fields, time and (for appliers) apiVersion, as the real platform keys it. */
export function identityKey(id: Pick<ManagerIdentity, 'manager' | 'operation' | 'apiVersion' | 'subresource'>): string {
  // Every write keys every entry; the same few identities come back all the time, and their
  // escaping was a tenth of a create's ownership bookkeeping (bench P1).
  // Length-prefixed, so no choice of names can make two identities share a memo.
  const m = id.manager ?? '';
  const o = id.operation ?? '';
  const a = id.apiVersion ?? '';
  const memo = `${m.length}:${m}${o.length}:${o}${a.length}:${a}${id.subresource ?? ''}`;
  let key = identityKeys.get(memo);
  if (key === undefined) {
    key = computeIdentityKey(id);
    // Manager names come from clients: bounded, so a stream of new names cannot grow it forever.
    if (identityKeys.size >= MAX_REMEMBERED_IDENTITIES) identityKeys.clear();
    identityKeys.set(memo, key);
  }
  return key;
}

const identityKeys = new Map<string, string>();
const MAX_REMEMBERED_IDENTITIES = 1024;

function computeIdentityKey(id: Pick<ManagerIdentity, 'manager' | 'operation' | 'apiVersion' | 'subresource'>): string {
  const parts: string[] = [];
  if (id.manager) parts.push(`"manager":${goJson(id.manager)}`);
  if (id.operation) parts.push(`"operation":${goJson(id.operation)}`);
  const apiVersion = id.operation === 'Apply' ? '' : id.apiVersion;
  if (apiVersion) parts.push(`"apiVersion":${goJson(apiVersion)}`);
  if (id.subresource) parts.push(`"subresource":${goJson(id.subresource)}`);
  return `{${parts.join(',')}}`;
}

/** managedFields that cannot be used (the real platform then keeps the stored ones). */
export class ManagedFieldsError extends Error {}

function text(v: JsonValue | undefined): string {
  return typeof v === 'string' ? v : '';
}

/** Reads `metadata.managedFields` with the real platform's checks. */
export function decodeManaged(list: JsonValue | undefined): Managed {
  const out: Managed = new Map();
  if (list === undefined || list === null) return out;
  if (!Array.isArray(list)) throw new ManagedFieldsError('managedFields must be a list');
  list.forEach((raw, i) => {
    if (!isObject(raw)) throw new ManagedFieldsError(`managed fields entry ${i} is not an object`);
    const operation = text(raw.operation);
    if (operation !== 'Apply' && operation !== 'Update') throw new ManagedFieldsError('operation must be `Apply` or `Update`');
    const apiVersion = text(raw.apiVersion);
    if (!apiVersion) throw new ManagedFieldsError('apiVersion must not be empty');
    const fieldsType = text(raw.fieldsType);
    if (fieldsType === '') throw new ManagedFieldsError(`missing fieldsType in managed fields entry ${i}`);
    if (fieldsType !== 'FieldsV1')
      throw new ManagedFieldsError(`invalid fieldsType ${JSON.stringify(fieldsType)} in managed fields entry ${i}`);
    let set: FieldSet;
    try {
      set = fromFieldsV1(raw.fieldsV1);
    } catch (err) {
      throw new ManagedFieldsError(`error decoding versioned set: error decoding set: ${err instanceof Error ? err.message : String(err)}`);
    }
    const id = { manager: text(raw.manager), operation, apiVersion, subresource: text(raw.subresource) } as const;
    const time = typeof raw.time === 'string' ? raw.time : undefined;
    out.set(identityKey(id), { ...id, set, ...(time ? { time } : {}), original: { entry: raw, set } });
  });
  return out;
}

/** Reads `metadata.managedFields`, or undefined when they cannot be used. */
export function tryDecodeManaged(list: JsonValue | undefined): Managed | undefined {
  try {
    return decodeManaged(list);
  } catch (err) {
    if (err instanceof ManagedFieldsError) return undefined;
    throw err;
  }
}

function seconds(time: string | undefined): number {
  const t = time ? parseTime(time) : undefined;
  return t ? Math.floor(t.ms / 1000) : 0;
}

/** Entries as the real platform writes them: appliers first, then by time, manager, apiVersion, subresource. */
export function encodeManaged(managed: Managed): JsonObject[] {
  const entries = [...managed.values()].filter((e) => !e.set.empty);
  entries.sort(
    (p, q) =>
      compareStrings(p.operation, q.operation) ||
      seconds(p.time) - seconds(q.time) ||
      compareStrings(p.manager, q.manager) ||
      compareStrings(p.apiVersion, q.apiVersion) ||
      compareStrings(p.subresource, q.subresource),
  );
  return entries.map(encodeEntry);
}

function encodeEntry(e: ManagerEntry): JsonObject {
  const o = e.original;
  if (
    o &&
    text(o.entry.apiVersion) === e.apiVersion &&
    text(o.entry.operation) === e.operation &&
    o.entry.fieldsV1 !== undefined &&
    o.set.equals(e.set)
  ) {
    const entry: JsonObject = { ...o.entry };
    if (e.time !== undefined) entry.time = e.time;
    return reorder(entry);
  }
  const entry: JsonObject = {};
  if (e.manager) entry.manager = e.manager;
  entry.operation = e.operation;
  entry.apiVersion = e.apiVersion;
  if (e.time !== undefined) entry.time = e.time;
  entry.fieldsType = 'FieldsV1';
  entry.fieldsV1 = toFieldsV1(e.set);
  if (e.subresource) entry.subresource = e.subresource;
  return entry;
}

const ENTRY_ORDER = ['manager', 'operation', 'apiVersion', 'time', 'fieldsType', 'fieldsV1', 'subresource'];

function reorder(entry: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const k of ENTRY_ORDER) if (entry[k] !== undefined) out[k] = entry[k];
  return out;
}

/** The bucket older updaters are merged into once there are too many. */
export const ANCIENT_CHANGES = 'ancient-changes';
export const MAX_UPDATE_MANAGERS = 10;

/**
 * Keeps at most `max` Update entries: the oldest are merged, per apiVersion, into an
 * `ancient-changes` entry, which takes the time of the newest entry merged into it.
 */
export function capUpdateManagers(managed: Managed, max = MAX_UPDATE_MANAGERS): void {
  const updaters = [...managed.entries()].filter(([, e]) => e.operation === 'Update');
  if (updaters.length <= max) return;
  updaters.sort(([ka, a], [kb, b]) => seconds(a.time) - seconds(b.time) || compareStrings(ka, kb));
  const firstOfVersion = new Map<string, string>();
  let count = updaters.length;
  for (const [key, entry] of updaters) {
    if (count <= max) break;
    const bucketId = { manager: ANCIENT_CHANGES, operation: 'Update', apiVersion: entry.apiVersion, subresource: '' } as const;
    const bucketKey = identityKey(bucketId);
    const first = firstOfVersion.get(entry.apiVersion);
    if (key === bucketKey) {
      // An existing bucket collects the others; it is never merged into itself.
      if (first === undefined) firstOfVersion.set(entry.apiVersion, key);
      continue;
    }
    if (first === undefined) {
      firstOfVersion.set(entry.apiVersion, key);
      continue;
    }
    let bucket = managed.get(bucketKey);
    if (!bucket) {
      const firstEntry = managed.get(first)!;
      managed.delete(first);
      bucket = { ...bucketId, set: firstEntry.set, ...(firstEntry.time ? { time: firstEntry.time } : {}) };
    }
    managed.set(bucketKey, { ...bucketId, set: entry.set.union(bucket.set), ...(entry.time ? { time: entry.time } : {}) });
    managed.delete(key);
    count--;
  }
}
