/**
 * Strategic merge patch (`application/strategic-merge-patch+json`), applied as the platform
 * applies it (k8s.io/apimachinery pkg/util/strategicpatch, server side): maps merge and `null`
 * deletes; lists whose patchStrategy has `merge` merge by patchMergeKey (primitives: union),
 * other lists are replaced; the directives `$patch`, `$retainKeys`, `$setElementOrder/<list>` and
 * `$deleteFromPrimitiveList/<list>` steer it. Everything about a field comes from the schema.
 */
import type { Schema } from '../schema/types.ts';
import { clone as cloneJson, isObject, setOwn, type JsonObject, type JsonValue } from '../util/json.ts';
import { jsonKind } from './go-format.ts';
import { getOwn, hasOwn } from './own-keys.ts';
import { guardDepth, PatchError } from './patch-error.ts';
import { SharedBacking } from './shared-backing.ts';
import { smpErrors } from './strategic-errors.ts';
import { declaresField, isTyped, listMeta, mapMeta, schemaName, type PatchMeta } from './strategic-meta.ts';
import {
  asMap,
  dedupe,
  DIRECTIVE,
  elementKind,
  findByMergeKey,
  hasDirective,
  kindOf,
  mergeKeyOf,
  normalizeElementOrder,
  partition,
  sameValue,
  splitDeletions,
} from './strategic-order.ts';

const RETAIN_KEYS = '$retainKeys';
const DELETE_FROM_PRIMITIVE_LIST = '$deleteFromPrimitiveList';
const SET_ELEMENT_ORDER = '$setElementOrder';

/**
 * Applies `patch` to `original` (the object as stored) following `schema`'s merge markers.
 * Never mutates its inputs; throws only PatchError.
 */
export function strategicMergePatch(original: JsonValue, patch: JsonValue, schema: Schema): JsonValue {
  if (original !== null && !isObject(original)) throw PatchError.internalError('the object to patch is not a JSON object');
  // A `null` patch decodes to an empty map on the platform: nothing changes.
  if (patch === null) return original === null ? {} : cloneJson(original);
  if (!isObject(patch)) {
    throw PatchError.malformed(`json: cannot unmarshal ${jsonKind(patch)} into Go value of type map[string]interface {}`);
  }
  return guardDepth(() => mergeMap(original === null ? {} : cloneJson(original), cloneJson(patch), schema));
}

// The steps below work on private copies and, like the Go code they follow, change them in place.

function mergeMap(original: JsonObject, patch: JsonObject, schema: Schema | undefined): JsonObject {
  if (hasOwn(patch, DIRECTIVE)) return mapDirective(patch);
  rejectUnknownDirectives(patch, schema);
  applyRetainKeys(original, patch);
  applyElementOrders(original, patch, schema);
  // Deletions from primitive lists come after the lists' own merges (Go visits keys in random order).
  const isDeletion = (key: string): boolean => key.startsWith(DELETE_FROM_PRIMITIVE_LIST);
  const keys = Object.keys(patch).sort((a, b) => Number(isDeletion(a)) - Number(isDeletion(b)));
  for (const key of keys) {
    const isDeleteList = isDeletion(key);
    const k = isDeleteList ? extractKey(key, DELETE_FROM_PRIMITIVE_LIST) : key;
    const patchV = patch[key];
    if (patchV === null) {
      delete original[k];
      continue;
    }
    const originalV = getOwn(original, k);
    if (originalV === undefined || kindOf(originalV) !== kindOf(patchV)) {
      // A deletion list never adds a list that is not there.
      if (!isDeleteList) takePatchValue(original, k, patchV);
      continue;
    }
    if (isObject(originalV)) {
      const meta = mapMeta(schema, k);
      setOwn(original, k, meta.strategy === 'replace' ? patchV : mergeMap(originalV, asMap(patchV), meta.schema));
    } else if (Array.isArray(originalV)) {
      setOwn(original, k, mergeListField(originalV, patchV as JsonValue[], listMeta(schema, k), isDeleteList).merged);
    } else {
      setOwn(original, k, patchV);
    }
  }
  return original;
}

/** `$patch` on a map: `replace` takes the map as given, `delete` empties it; nothing else exists. */
function mapDirective(patch: JsonObject): JsonObject {
  const directive = patch[DIRECTIVE];
  if (directive === 'replace') {
    delete patch[DIRECTIVE];
    return patch;
  }
  if (directive === 'delete') return {};
  throw smpErrors.badPatchType(directive, patch);
}

/** A `$` key that is neither a directive nor a field of the type would otherwise be stored as data. */
function rejectUnknownDirectives(patch: JsonObject, schema: Schema | undefined): void {
  if (!isTyped(schema)) return;
  for (const key of Object.keys(patch)) {
    if (!key.startsWith('$') || declaresField(schema, key)) continue;
    if (key === RETAIN_KEYS || key.startsWith(DELETE_FROM_PRIMITIVE_LIST) || key.startsWith(SET_ELEMENT_ORDER)) continue;
    throw smpErrors.unknownDirective(key);
  }
}

/** `$deleteFromPrimitiveList/<field>` and `$setElementOrder/<field>` name the field after the slash. */
function extractKey(key: string, prefix: string): string {
  const slash = key.indexOf('/');
  if (slash < 0 || key.slice(0, slash) !== prefix) {
    throw prefix === DELETE_FROM_PRIMITIVE_LIST ? smpErrors.primitiveListFormat() : smpErrors.setElementOrderFormat();
  }
  return key.slice(slash + 1);
}

/**
 * `$retainKeys`: keys of the original missing from the list are cleared, and the patch may only
 * set keys the list names.
 */
function applyRetainKeys(original: JsonObject, patch: JsonObject): void {
  if (!hasOwn(patch, RETAIN_KEYS)) return;
  const list = patch[RETAIN_KEYS];
  delete patch[RETAIN_KEYS];
  if (!Array.isArray(list)) throw smpErrors.retainKeysFormat();
  const retained = (k: string): boolean => list.includes(k);
  for (const [k, v] of Object.entries(patch)) {
    if (v === null || k.startsWith(DELETE_FROM_PRIMITIVE_LIST) || k.startsWith(SET_ELEMENT_ORDER)) continue;
    if (!retained(k)) throw smpErrors.retainKeysFormat();
  }
  for (const k of Object.keys(original)) if (!retained(k)) delete original[k];
}

/**
 * `$setElementOrder/<field>`: merges the list now (so the main loop skips it) and orders the
 * result by the directive, then by the live order for items the directive does not name.
 */
function applyElementOrders(original: JsonObject, patch: JsonObject, schema: Schema | undefined): void {
  for (const key of Object.keys(patch)) {
    if (!key.startsWith(SET_ELEMENT_ORDER)) continue;
    const order = patch[key];
    delete patch[key];
    if (!Array.isArray(order)) throw smpErrors.badArgType('list', order);
    const k = extractKey(key, SET_ELEMENT_ORDER);
    const originalList = getOwn(original, k);
    const patchList = getOwn(patch, k);
    if (originalList !== undefined && !Array.isArray(originalList)) throw smpErrors.badArgType('list', originalList);
    if (patchList !== undefined && !Array.isArray(patchList)) throw smpErrors.badArgType('list', patchList);
    const meta = listMeta(schema, k);
    checkOrderMatchesPatch(patchList ?? [], order, meta.mergeKey);

    let merged: JsonValue[];
    let live: readonly JsonValue[] = originalList ?? [];
    if (originalList && patchList) ({ merged, live } = mergeListField(originalList, patchList, meta, false));
    else if (originalList) merged = originalList;
    else if (patchList) merged = removeDirectives(patchList)[0] as JsonValue[];
    else continue;

    delete patch[k];
    const kind = elementKind(live, patchList ?? []);
    if (kind === undefined) {
      setOwn(original, k, merged);
      continue;
    }
    if (kind === 'map' && !meta.mergeKey) throw smpErrors.noMergeKeyDeclared(schemaName(meta.schema));
    const [named, serverOnly] = partition(merged, order, meta.mergeKey);
    setOwn(original, k, normalizeElementOrder(named, serverOnly, order, live, meta.mergeKey, kind));
  }
}

/** The patch list's items (directives aside) must appear in `$setElementOrder` in the same order. */
function checkOrderMatchesPatch(patchList: readonly JsonValue[], order: readonly JsonValue[], mergeKey: string): void {
  if (order.length === 0 || patchList.length === 0) return;
  const items = mergeKey ? splitDeletions(patchList)[0] : patchList;
  const same = (a: JsonValue, b: JsonValue): boolean =>
    mergeKey ? sameValue(mergeKeyOf(a, mergeKey), mergeKeyOf(b, mergeKey)) : sameValue(a, b);
  let p = 0;
  let o = 0;
  while (p < items.length && o < order.length) {
    if (hasDirective(items[p])) {
      p++;
      continue;
    }
    if (same(items[p], order[o])) p++;
    o++;
  }
  if (p < items.length) throw smpErrors.orderMismatch(patchList, order);
}

interface ListMerge {
  readonly merged: JsonValue[];
  /** The caller's list as the in-place merge left it (see SharedBacking). */
  readonly live: readonly JsonValue[];
}

function mergeListField(original: JsonValue[], patch: JsonValue[], meta: PatchMeta, isDeleteList: boolean): ListMerge {
  // A deletion list deletes whatever the field's strategy.
  if (meta.strategy === 'merge' || isDeleteList) return mergeList(original, patch, meta, isDeleteList);
  return { merged: patch, live: original };
}

function mergeList(original: JsonValue[], patch: JsonValue[], meta: PatchMeta, isDeleteList: boolean): ListMerge {
  if (original.length === 0 && patch.length === 0) return { merged: original, live: original };
  const kind = elementKind(original, patch) ?? 'null';
  const { mergeKey } = meta;
  if (kind !== 'map') {
    if (isDeleteList) return { merged: original.filter((v) => !patch.some((d) => sameValue(d, v))), live: original };
    const merged = dedupe([...original, ...patch]);
    const [inPatch, serverOnly] = partition(merged, patch, '');
    return { merged: normalizeElementOrder(inPatch, serverOnly, patch, original, '', kind), live: original };
  }
  if (!mergeKey) throw smpErrors.noMergeKeyDeclared(schemaName(meta.schema));
  const backing = new SharedBacking(original);
  const rest = applyItemDirectives(backing, patch, mergeKey);
  // After the directives, the list the patch items merge into (and whose order counts as live).
  const base = rest.replace ? rest.items : backing.items();
  const toMerge = rest.replace ? [] : rest.items;
  const merged = mergeItems(base, toMerge, mergeKey, meta.schema, backing);
  const [inPatch, serverOnly] = partition(merged, toMerge, mergeKey);
  return { merged: normalizeElementOrder(inPatch, serverOnly, toMerge, base, mergeKey, kind), live: backing.view };
}

/**
 * `$patch` on list items: `delete` removes every item with that merge key, `replace` makes the
 * other items the whole list. Returns the items left to merge.
 */
function applyItemDirectives(backing: SharedBacking, patch: JsonValue[], mergeKey: string): { items: JsonValue[]; replace: boolean } {
  const items: JsonValue[] = [];
  let replace = false;
  for (const v of patch) {
    const item = asMap(v);
    if (!hasOwn(item, DIRECTIVE)) {
      items.push(v);
      continue;
    }
    switch (item[DIRECTIVE]) {
      case 'delete': {
        if (!hasOwn(item, mergeKey)) throw smpErrors.noMergeKey(item, mergeKey);
        let i: number;
        while ((i = findByMergeKey(backing.items(), mergeKey, item[mergeKey])) >= 0) backing.removeAt(i);
        break;
      }
      case 'replace':
        // Keep going: the other directive items still have to be dropped.
        replace = true;
        break;
      case 'merge':
        throw smpErrors.mergeDirectiveInList();
      default:
        throw smpErrors.badPatchType(item[DIRECTIVE], item);
    }
  }
  if (replace) backing.detach();
  return { items, replace };
}

/** Patch items merge into the original item with the same merge key value, or are appended. */
function mergeItems(
  base: JsonValue[],
  patch: JsonValue[],
  mergeKey: string,
  itemSchema: Schema | undefined,
  backing: SharedBacking,
): JsonValue[] {
  const out = [...base];
  for (const v of patch) {
    const i = findByMergeKey(out, mergeKey, mergeKeyOf(v, mergeKey));
    if (i >= 0) {
      out[i] = mergeMap(asMap(out[i]), asMap(v), itemSchema);
    } else {
      out.push(v);
      backing.append(v);
    }
  }
  return out;
}

/** A patch value with nothing to merge into is taken without its nulls and directive maps. */
function takePatchValue(original: JsonObject, k: string, patchV: JsonValue): void {
  discardNulls(patchV);
  const [value, keep] = removeDirectives(patchV);
  if (keep) setOwn(original, k, value);
  else delete original[k];
}

function discardNulls(v: JsonValue): void {
  if (Array.isArray(v)) {
    v.forEach(discardNulls);
  } else if (isObject(v)) {
    for (const [k, member] of Object.entries(v)) {
      if (member === null) delete v[k];
      else discardNulls(member);
    }
  }
}

/** Drops maps carrying `$patch` (and so list items and fields holding them); says whether to keep `v`. */
function removeDirectives(v: JsonValue): [JsonValue, boolean] {
  if (Array.isArray(v)) {
    const kept = v.flatMap((item) => {
      const [value, keep] = removeDirectives(item);
      return keep ? [value] : [];
    });
    return [kept, true];
  }
  if (!isObject(v)) return [v, true];
  if (hasOwn(v, DIRECTIVE)) return [null, false];
  for (const [k, member] of Object.entries(v)) {
    const [value, keep] = removeDirectives(member);
    if (keep) setOwn(v, k, value);
    else delete v[k];
  }
  return [v, true];
}
