/**
 * List helpers of strategic merge patch: element kinds, identity by merge key, and the order of a
 * merged list (precedence: `$setElementOrder`, then the patch's order, then the live object's).
 */
import { deepEqual, isObject, type JsonObject, type JsonValue } from '../util/json.ts';
import { hasOwn } from './own-keys.ts';
import { smpErrors } from './strategic-errors.ts';

export const DIRECTIVE = '$patch';

export type ElementKind = 'map' | 'list' | 'string' | 'number' | 'boolean' | 'null';

export function kindOf(v: JsonValue): ElementKind {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'list';
  if (isObject(v)) return 'map';
  return typeof v as 'string' | 'number' | 'boolean';
}

/** The one kind of all elements; undefined when the lists are empty. */
export function elementKind(...lists: readonly (readonly JsonValue[])[]): ElementKind | undefined {
  let kind: ElementKind | undefined;
  for (const list of lists) {
    for (const v of list) {
      const k = kindOf(v);
      if (kind === undefined) {
        if (k === 'list') throw smpErrors.listOfLists();
        kind = k;
      } else if (k !== kind) {
        throw smpErrors.mixedElements(lists);
      }
    }
  }
  return kind;
}

/** Equality of merge key values and primitive items (Go's `==` on decoded JSON). */
export function sameValue(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  return a === b || (typeof a === 'object' && typeof b === 'object' && deepEqual(a, b));
}

export function dedupe(values: readonly JsonValue[]): JsonValue[] {
  const out: JsonValue[] = [];
  for (const v of values) if (!out.some((o) => sameValue(o, v))) out.push(v);
  return out;
}

export function hasDirective(v: JsonValue): boolean {
  return isObject(v) && hasOwn(v, DIRECTIVE);
}

export function asMap(v: JsonValue): JsonObject {
  if (!isObject(v)) throw smpErrors.badArgType('map', v);
  return v;
}

export function mergeKeyOf(v: JsonValue, mergeKey: string): JsonValue {
  const m = asMap(v);
  if (!hasOwn(m, mergeKey)) throw smpErrors.noMergeKey(m, mergeKey);
  return m[mergeKey];
}

/** Index of the map with this merge key value; every element must be a map. */
export function findByMergeKey(list: readonly JsonValue[], mergeKey: string, value: JsonValue): number {
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    if (!isObject(item)) throw smpErrors.notAMap(i);
    if (hasOwn(item, mergeKey) && sameValue(item[mergeKey], value)) return i;
  }
  return -1;
}

/** Items present in `by` first, the others (server-only) second; order kept within each. */
export function partition(merged: readonly JsonValue[], by: readonly JsonValue[], mergeKey: string): [JsonValue[], JsonValue[]] {
  const inPatch: JsonValue[] = [];
  const serverOnly: JsonValue[] = [];
  for (const v of merged) {
    const found = mergeKey ? findByMergeKey(by, mergeKey, mergeKeyOf(v, mergeKey)) >= 0 : by.some((b) => sameValue(b, v));
    (found ? inPatch : serverOnly).push(v);
  }
  return [inPatch, serverOnly];
}

function indexIn(list: readonly JsonValue[], item: JsonValue, mergeKey: string, kind: ElementKind): number {
  const id = (v: JsonValue): JsonValue | undefined => (kind === 'map' ? (isObject(v) ? v[mergeKey] : undefined) : v);
  const wanted = id(item);
  return list.findIndex((v) => sameValue(id(v), wanted));
}

/** Splits out the `$patch: delete` items, which sort after everything else. */
export function splitDeletions(list: readonly JsonValue[]): [JsonValue[], JsonValue[]] {
  const keep: JsonValue[] = [];
  const deletions: JsonValue[] = [];
  for (const v of list) (asMap(v)[DIRECTIVE] === 'delete' ? deletions : keep).push(v);
  return [keep, deletions];
}

/**
 * Sorts `items` by their position in `order`, stably. Items that `order` does not hold keep their
 * slots (the platform's comparator is not a strict ordering for them; merged lists never have any).
 */
function sortByOrder(items: readonly JsonValue[], order: readonly JsonValue[], mergeKey: string, kind: ElementKind): JsonValue[] {
  let sorted = [...items];
  let deletions: JsonValue[] = [];
  if (kind === 'map') {
    for (const v of [...sorted, ...order]) mergeKeyOf(v, mergeKey);
    [sorted, deletions] = splitDeletions(sorted);
  }
  const positions = sorted.map((v) => indexIn(order, v, mergeKey, kind));
  const slots = positions.flatMap((p, i) => (p >= 0 ? [i] : []));
  const ranked = slots.map((i) => ({ v: sorted[i], p: positions[i] })).sort((a, b) => a.p - b.p);
  slots.forEach((slot, n) => {
    sorted[slot] = ranked[n].v;
  });
  return [...sorted, ...deletions];
}

/**
 * Interleaves the sorted patch items with the sorted server-only items: a server-only item goes
 * before a patch item only when the live object had it before that item.
 */
export function normalizeElementOrder(
  patchItems: readonly JsonValue[],
  serverOnly: readonly JsonValue[],
  patchOrder: readonly JsonValue[],
  serverOrder: readonly JsonValue[],
  mergeKey: string,
  kind: ElementKind,
): JsonValue[] {
  const right = sortByOrder(patchItems, patchOrder, mergeKey, kind);
  const left = sortByOrder(serverOnly, serverOrder, mergeKey, kind);
  const out: JsonValue[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    if (i >= left.length) out.push(right[j++]);
    else if (j >= right.length) out.push(left[i++]);
    else {
      const li = indexIn(serverOrder, left[i], mergeKey, kind);
      const ri = indexIn(serverOrder, right[j], mergeKey, kind);
      if (li >= 0 && ri >= 0 && li < ri) out.push(left[i++]);
      else out.push(right[j++]);
    }
  }
  return out;
}
