/**
 * The FieldsV1 a create gives its writer, built in one walk of the new object. A create has no
 * one to take fields from and nothing to diff against but the type's zero value, so the general
 * bookkeeping (compare into field sets, set algebra, then encode) does the same work three times
 * over; this walk makes the same choices as `compareValues` against the zero value, followed by
 * the same exclusions, and writes the FieldsV1 tree directly (P1: a fifth of a create was the
 * general path). `test/core/apply/created-fields.test.ts` checks both give the same entries.
 */
import type { Schema } from '../schema/types.ts';
import { deepEqual, isObject, type JsonObject, type JsonValue } from '../util/json.ts';
import type { FieldSet } from './field-set.ts';
import { compareElements, elementToken, fieldElement, type PathElement } from './path.ts';
import { childSchema, indexList, isEmptyContainer, nodeOf } from './schema-node.ts';
import { UNTRACKED_FIELDS } from './to-field-set.ts';

/** One level of the tree being built: whether the path is owned, and what is owned below it. */
class Level {
  member = false;
  kids: Map<string, Kid> | undefined;

  child(token: string, pe: PathElement): Level {
    const kids = (this.kids ??= new Map());
    let k = kids.get(token);
    if (!k) kids.set(token, (k = { pe, token, level: new Level() }));
    return k.level;
  }
}

interface Kid {
  readonly pe: PathElement;
  readonly token: string;
  readonly level: Level;
}

const byElement = (a: Kid, b: Kid): number => compareElements(a.pe, b.pe);

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
  const root = new Level();
  walk(zero, obj, schema, root);
  if (ignored) for (const path of ignored) drop(root, path);
  untrack(root, UNTRACKED_FIELDS);
  return emit(root);
}

/** `compareValues`' walk, keeping only what is added or modified (on `level`, the path's own level). */
function walk(lhs: JsonValue | undefined, rhs: JsonValue | undefined, schema: Schema | undefined, level: Level): void {
  const node = nodeOf(schema, rhs ?? lhs);
  if (node.kind === 'scalar' || node.kind === 'atomic' || (isEmptyContainer(lhs) && isEmptyContainer(rhs))) {
    if (rhs !== undefined && (lhs === undefined || !deepEqual(lhs, rhs))) level.member = true;
    return;
  }
  if (node.kind === 'struct' || node.kind === 'map') {
    const l = isObject(lhs) ? lhs : undefined;
    if (isObject(rhs)) {
      for (const key in rhs) {
        const pe = fieldElement(key);
        walk(l?.[key], rhs[key], childSchema(node, key), level.child(elementToken(pe), pe));
      }
    }
  } else if (rhs !== undefined) {
    const l = indexList(node, lhs);
    const r = indexList(node, rhs);
    for (const { pe, token } of r.order) walk(l.byToken.get(token), r.byToken.get(token), node.items, level.child(token, pe));
  }
  if (lhs === undefined && rhs !== undefined) level.member = true;
}

/** Removes a path and everything below it. */
function drop(root: Level, path: readonly string[]): void {
  let level: Level | undefined = root;
  for (let i = 0; i < path.length - 1 && level; i++) level = level.kids?.get(`f:${path[i]}`)?.level;
  level?.kids?.delete(`f:${path[path.length - 1]}`);
}

/** Unowns the exact paths of `fields` (`UNTRACKED_FIELDS`): their members only, what lies below them stays. */
function untrack(level: Level, fields: FieldSet): void {
  for (const pe of fields.members()) {
    const k = level.kids?.get(elementToken(pe));
    if (k) k.level.member = false;
  }
  for (const c of fields.children()) {
    const k = level.kids?.get(elementToken(c.pe));
    if (k) untrack(k.level, c.set);
  }
}

/**
 * FieldsV1 of a level, or undefined when nothing at or below it is owned: keys in element order
 * (decoded maps are already sorted, so the sort has little to do), `"."` last for a member that
 * also has owned children.
 */
function emit(level: Level): JsonObject | undefined {
  let out: JsonObject | undefined;
  if (level.kids) {
    const kids = level.kids.size > 1 ? [...level.kids.values()].sort(byElement) : level.kids.values();
    for (const k of kids) {
      const sub = k.level.kids ? emit(k.level) : undefined;
      if (sub) (out ??= {})[k.token] = sub;
      else if (k.level.member) (out ??= {})[k.token] = {};
    }
  }
  if (out && level.member) out['.'] = {};
  return out;
}
