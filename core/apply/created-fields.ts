/**
 * The FieldsV1 a create gives its writer, built in one walk of the new object. A create has no
 * one to take fields from and nothing to diff against but the type's zero value, so the general
 * bookkeeping (compare into field sets, set algebra, then encode) does the same work three times
 * over; this walk makes the same choices as `compareValues` against the zero value, with the same
 * exclusions applied on the way down, and writes the FieldsV1 objects as it returns (P1: a fifth
 * of a create was the general path; a tree of levels built first, then emitted, was still a
 * tenth). `test/core/apply/created-fields.test.ts` checks both give the same entries.
 */
import type { Schema } from '../schema/types.ts';
import { compareStrings, sortStrings } from '../util/compare.ts';
import { deepEqual, isObject, type JsonObject, type JsonValue } from '../util/json.ts';
import type { FieldSet } from './field-set.ts';
import { compareElements, elementToken } from './path.ts';
import { childSchema, indexList, isEmptyContainer, nodeOf } from './schema-node.ts';
import { UNTRACKED_FIELDS } from './to-field-set.ts';

/** Paths left out with everything below them (`true`), by FieldsV1 token, level by level. */
type Excluded = Map<string, Excluded | true>;

/** The untracked fields by token: whether the path itself is unowned, and what is below it. */
interface Untracked {
  readonly unowned: boolean;
  readonly below: Map<string, Untracked> | undefined;
}

function untrackedTree(set: FieldSet, unowned: boolean): Untracked {
  const below = new Map<string, Untracked>();
  for (const pe of set.members()) below.set(elementToken(pe), { unowned: true, below: undefined });
  for (const c of set.children()) {
    const token = elementToken(c.pe);
    below.set(token, untrackedTree(c.set, below.get(token)?.unowned ?? false));
  }
  return { unowned, below };
}

const UNTRACKED = untrackedTree(UNTRACKED_FIELDS, false);

/** The endpoint's reset paths as a tree, made once per list (each kind and subresource has one). */
const excludedTrees = new WeakMap<readonly (readonly string[])[], Excluded>();

function excludedTree(paths: readonly (readonly string[])[]): Excluded {
  let tree = excludedTrees.get(paths);
  if (!tree) {
    tree = new Map();
    for (const path of paths) {
      let level = tree;
      for (let i = 0; i < path.length; i++) {
        const token = `f:${path[i]}`;
        if (i === path.length - 1) level.set(token, true);
        else {
          let next = level.get(token);
          if (next === true) break; // already left out whole
          if (!next) level.set(token, (next = new Map()));
          level = next;
        }
      }
    }
    excludedTrees.set(paths, tree);
  }
  return tree;
}

/**
 * The fields `obj` sets compared with `zero` (added or changed), without the untracked ones and
 * without `ignored` paths and everything below them, as FieldsV1; undefined when nothing is left.
 */
export function createdFieldsV1(
  zero: JsonObject,
  obj: JsonObject,
  schema: Schema,
  ignored: readonly (readonly string[])[] | undefined,
): JsonObject | undefined {
  return build(zero, obj, schema, UNTRACKED.below, ignored?.length ? excludedTree(ignored) : undefined);
}

/** Set by `build`: whether the path it was given is itself owned (added or changed). */
let owned = false;

/**
 * `compareValues`' walk, keeping only what is added or modified: the FieldsV1 of what is owned
 * below the path (undefined when nothing is), with `owned` telling whether the path itself is.
 */
function build(
  lhs: JsonValue | undefined,
  rhs: JsonValue | undefined,
  schema: Schema | undefined,
  untracked: Map<string, Untracked> | undefined,
  excluded: Excluded | undefined,
): JsonObject | undefined {
  const node = nodeOf(schema, rhs ?? lhs);
  if (node.kind === 'scalar' || node.kind === 'atomic' || (isEmptyContainer(lhs) && isEmptyContainer(rhs))) {
    owned = rhs !== undefined && (lhs === undefined || !deepEqual(lhs, rhs));
    return undefined;
  }
  let out: JsonObject | undefined;
  if (node.kind === 'struct' || node.kind === 'map') {
    const l = isObject(lhs) ? lhs : undefined;
    if (isObject(rhs)) {
      const keys = Object.keys(rhs);
      // Field elements are ordered by name; decoded maps are sorted already, structs rarely are.
      for (let i = 1; i < keys.length; i++) {
        if (compareStrings(keys[i - 1], keys[i]) > 0) {
          sortStrings(keys);
          break;
        }
      }
      for (const key of keys) {
        const token = `f:${key}`;
        const ex = excluded?.get(token);
        if (ex === true) continue;
        const u = untracked?.get(token);
        const sub = build(l?.[key], rhs[key], childSchema(node, key), u?.below, ex);
        out = place(out, token, sub, owned && !u?.unowned);
      }
    }
  } else if (rhs !== undefined) {
    const l = indexList(node, lhs);
    const r = indexList(node, rhs);
    const order = r.order.length > 1 ? [...r.order].sort((a, b) => compareElements(a.pe, b.pe)) : r.order;
    for (const { token } of order) {
      const u = untracked?.get(token);
      const sub = build(l.byToken.get(token), r.byToken.get(token), node.items, u?.below, undefined);
      out = place(out, token, sub, owned && !u?.unowned);
    }
  }
  owned = lhs === undefined && rhs !== undefined;
  return out;
}

/** Adds a child's entry: its own FieldsV1 (with `"."` last when it is also owned itself), or `{}`. */
function place(out: JsonObject | undefined, token: string, sub: JsonObject | undefined, member: boolean): JsonObject | undefined {
  if (sub) {
    if (member) sub['.'] = {};
    (out ??= {})[token] = sub;
  } else if (member) (out ??= {})[token] = {};
  return out;
}
