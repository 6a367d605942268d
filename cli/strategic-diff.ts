/**
 * Creating strategic merge patches as the real client does for `apply` (three-way: last applied,
 * new configuration, live object) and `edit` (two-way: what was shown, what was saved). Lists the
 * schema marks `merge` are diffed element by element by their merge key: changed elements carry
 * only their changes, removed ones become `{$patch: delete}`, lists of scalars name removals in
 * `$deleteFromPrimitiveList/<key>`, and `$setElementOrder/<key>` keeps the configuration's order;
 * `retainKeys` fields get `$retainKeys`. Everything else is a map merged key by key or a value
 * replaced whole. Pure: the schema comes in as a `PatchSchema`.
 */
import { isObject } from './objects.ts';

/** What the schema says about one field. */
export interface FieldPatchMeta {
  /** The schema of the field's value (of a list's items); undefined when untyped. */
  readonly schema: PatchSchema | undefined;
  /** `merge`, `replace` or `` (the default: maps merge, lists are replaced). */
  readonly strategy: string;
  readonly retainKeys: boolean;
  readonly mergeKey: string;
}

export interface PatchSchema {
  field(key: string): FieldPatchMeta;
}

const UNTYPED: FieldPatchMeta = { schema: undefined, strategy: '', retainKeys: false, mergeKey: '' };

/** A schema that knows nothing: the patch is then a JSON merge patch's equivalent. */
export const NO_SCHEMA: PatchSchema = { field: () => UNTYPED };

type Json = unknown;
type JsonMap = Record<string, Json>;

interface DiffOptions {
  readonly ignoreDeletions: boolean;
  readonly ignoreChangesAndAdditions: boolean;
  readonly setElementOrder: boolean;
  readonly buildRetainKeys: boolean;
}

const DELETE_FROM_PRIMITIVE_LIST = '$deleteFromPrimitiveList';
const SET_ELEMENT_ORDER = '$setElementOrder';
const RETAIN_KEYS = '$retainKeys';

export class StrategicDiffError extends Error {}

/** The patch taking `original` to `modified` (the real client's two-way patch, used by edit). */
export function twoWayStrategicPatch(original: JsonMap, modified: JsonMap, schema: PatchSchema): JsonMap {
  return diffMaps(original, modified, schema, {
    ignoreDeletions: false,
    ignoreChangesAndAdditions: false,
    setElementOrder: true,
    buildRetainKeys: false,
  });
}

/**
 * The patch making `current` carry `modified`, and drop what `original` had and `modified` no
 * longer has; what only `current` has (set by others) stays. Computed as the real client does:
 * the changes and additions from current to modified, merged onto the deletions from original to
 * modified.
 */
export function threeWayStrategicPatch(original: JsonMap, modified: JsonMap, current: JsonMap, schema: PatchSchema): JsonMap {
  const delta = diffMaps(current, modified, schema, {
    ignoreDeletions: true,
    ignoreChangesAndAdditions: false,
    setElementOrder: true,
    buildRetainKeys: false,
  });
  const deletions = diffMaps(original, modified, schema, {
    ignoreDeletions: false,
    ignoreChangesAndAdditions: true,
    setElementOrder: true,
    buildRetainKeys: false,
  });
  return mergePatches(deletions, delta, schema);
}

function kindOf(v: Json): string {
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

export function deepEqual(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => k in b && deepEqual(a[k], b[k]));
  }
  return false;
}

function diffMaps(original: JsonMap, modified: JsonMap, schema: PatchSchema, o: DiffOptions): JsonMap {
  const patch: JsonMap = {};
  const retain: string[] = [];
  for (const [key, mod] of Object.entries(modified)) {
    if (o.buildRetainKeys && mod !== null) retain.push(key);
    if (!(key in original)) {
      if (!o.ignoreChangesAndAdditions) patch[key] = mod;
      continue;
    }
    const orig = original[key];
    if (kindOf(orig) !== kindOf(mod)) {
      if (!o.ignoreChangesAndAdditions) patch[key] = mod;
      continue;
    }
    if (isObject(orig)) mapDiff(key, orig, mod as JsonMap, patch, schema, o);
    else if (Array.isArray(orig)) sliceDiff(key, orig, mod as Json[], patch, schema, o);
    else if (!o.ignoreChangesAndAdditions && !deepEqual(orig, mod)) patch[key] = mod;
  }
  if (!o.ignoreDeletions) for (const key of Object.keys(original)) if (!(key in modified)) patch[key] = null;
  const clearsMore = Object.entries(original).some(([k, v]) => v !== null && !(k in modified));
  if (retain.length > 0 && (Object.keys(patch).length > 0 || clearsMore)) patch[RETAIN_KEYS] = retain.sort();
  return patch;
}

function mapDiff(key: string, orig: JsonMap, mod: JsonMap, patch: JsonMap, schema: PatchSchema, o: DiffOptions): void {
  const meta = schema.field(key);
  if (meta.strategy === 'replace') {
    if (!o.ignoreChangesAndAdditions) patch[key] = mod;
    return;
  }
  const sub = diffMaps(orig, mod, meta.schema ?? NO_SCHEMA, { ...o, buildRetainKeys: meta.retainKeys });
  if (Object.keys(sub).length > 0) patch[key] = sub;
}

function sliceDiff(key: string, orig: Json[], mod: Json[], patch: JsonMap, schema: PatchSchema, o: DiffOptions): void {
  const meta = schema.field(key);
  if (meta.strategy !== 'merge') {
    if (!o.ignoreChangesAndAdditions && !deepEqual(orig, mod)) patch[key] = mod;
    return;
  }
  const { add, remove, order } = diffLists(orig, mod, meta, { ...o, buildRetainKeys: meta.retainKeys });
  if (add.length > 0) patch[key] = add;
  if (remove.length > 0) patch[`${DELETE_FROM_PRIMITIVE_LIST}/${key}`] = remove;
  if (order.length > 0) patch[`${SET_ELEMENT_ORDER}/${key}`] = order;
}

/** Go's `%v` of a scalar, which the real client sorts and matches list elements by. */
function goText(v: Json): string {
  return typeof v === 'string' ? v : v === null || v === undefined ? '<nil>' : String(v);
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function diffLists(orig: Json[], mod: Json[], meta: FieldPatchMeta, o: DiffOptions): { add: Json[]; remove: Json[]; order: Json[] } {
  const none = { add: [], remove: [], order: [] };
  if (orig.length === 0) return mod.length === 0 || o.ignoreChangesAndAdditions ? none : { add: mod, remove: [], order: [] };
  const sample = orig.find((v) => v !== null) ?? mod.find((v) => v !== null);
  if (Array.isArray(sample)) throw new StrategicDiffError('lists of lists are not supported');
  if (isObject(sample)) return diffListsOfMaps(orig, mod, meta, o);
  return diffListsOfScalars(orig, mod, o);
}

function keyOf(el: Json, mergeKey: string): Json {
  if (!isObject(el)) throw new StrategicDiffError(`expected a map in a list merged by ${mergeKey}`);
  if (!(mergeKey in el)) throw new StrategicDiffError(`map: ${JSON.stringify(el)} does not contain declared merge key: ${mergeKey}`);
  return el[mergeKey];
}

function diffListsOfMaps(orig: Json[], mod: Json[], meta: FieldPatchMeta, o: DiffOptions): { add: Json[]; remove: Json[]; order: Json[] } {
  const mk = meta.mergeKey;
  const schema = meta.schema ?? NO_SCHEMA;
  const sorted = (list: Json[]) =>
    list.map((el) => ({ el: el as JsonMap, key: keyOf(el, mk) })).sort((a, b) => byText(goText(a.key), goText(b.key)));
  const os = sorted(orig);
  const ms = sorted(mod);
  const patch: JsonMap[] = [];
  const deletions: JsonMap[] = [];
  let i = 0;
  let j = 0;
  while (i < os.length || j < ms.length) {
    const oi = os[i];
    const mj = ms[j];
    const cmp = oi && mj ? byText(goText(oi.key), goText(mj.key)) : oi ? -1 : 1;
    if (cmp === 0) {
      const sub = diffMaps(oi!.el, mj!.el, schema, o);
      if (Object.keys(sub).length > 0) patch.push({ ...sub, [mk]: mj!.key });
      i++;
      j++;
    } else if (cmp > 0) {
      if (!o.ignoreChangesAndAdditions) patch.push(mj!.el);
      j++;
    } else {
      if (!o.ignoreDeletions) deletions.push({ [mk]: oi!.key, $patch: 'delete' });
      i++;
    }
  }
  const position = new Map(mod.map((el, n) => [goText(keyOf(el, mk)), n]));
  patch.sort((a, b) => (position.get(goText(a[mk])) ?? 0) - (position.get(goText(b[mk])) ?? 0));
  const orderSame = orig.length === mod.length && orig.every((el, n) => goText(keyOf(el, mk)) === goText(keyOf(mod[n], mk)));
  const add: Json[] = [...patch, ...deletions];
  const wantsOrder =
    o.setElementOrder && ((!o.ignoreChangesAndAdditions && (add.length > 0 || !orderSame)) || (!o.ignoreDeletions && add.length > 0));
  const order = wantsOrder ? mod.map((el) => ({ [mk]: keyOf(el, mk) })) : [];
  return { add, remove: [], order };
}

function diffListsOfScalars(orig: Json[], mod: Json[], o: DiffOptions): { add: Json[]; remove: Json[]; order: Json[] } {
  const os = [...orig].sort((a, b) => byText(goText(a), goText(b)));
  const ms = [...mod].sort((a, b) => byText(goText(a), goText(b)));
  const add: Json[] = [];
  const remove: Json[] = [];
  let i = 0;
  let j = 0;
  while (i < os.length || j < ms.length) {
    const cmp = i < os.length && j < ms.length ? byText(goText(os[i]), goText(ms[j])) : i < os.length ? -1 : 1;
    if (cmp === 0) {
      i++;
      j++;
    } else if (cmp < 0) {
      if (!o.ignoreDeletions) remove.push(os[i]);
      i++;
    } else {
      if (!o.ignoreChangesAndAdditions) add.push(ms[j]);
      j++;
    }
  }
  const position = new Map(mod.map((v, n) => [goText(v), n]));
  add.sort((a, b) => (position.get(goText(a)) ?? 0) - (position.get(goText(b)) ?? 0));
  const dedup = remove.filter((v, n) => remove.findIndex((w) => goText(w) === goText(v)) === n);
  const wantsOrder =
    o.setElementOrder && ((!o.ignoreDeletions && dedup.length > 0) || (!o.ignoreChangesAndAdditions && !deepEqual(orig, mod)));
  return { add, remove: dedup, order: wantsOrder ? mod : [] };
}

/**
 * The delta (current → modified, no deletions) laid over the deletions (original → modified):
 * directives are copied, maps merge, merged lists join element by element (scalars once each),
 * anything else takes the delta's value.
 */
function mergePatches(deletions: JsonMap, delta: JsonMap, schema: PatchSchema): JsonMap {
  const out: JsonMap = { ...deletions };
  for (const [key, d] of Object.entries(delta)) {
    if (!(key in out) || d === null || key.startsWith('$')) {
      out[key] = d;
      continue;
    }
    const existing = out[key];
    if (kindOf(existing) !== kindOf(d)) {
      out[key] = d;
      continue;
    }
    if (isObject(existing)) {
      const meta = schema.field(key);
      out[key] = meta.strategy === 'replace' ? d : mergePatches(existing, d as JsonMap, meta.schema ?? NO_SCHEMA);
    } else if (Array.isArray(existing)) {
      const meta = schema.field(key);
      out[key] = meta.strategy === 'merge' ? mergeLists(existing, d as Json[], meta) : d;
    } else out[key] = d;
  }
  return out;
}

function mergeLists(deletions: Json[], delta: Json[], meta: FieldPatchMeta): Json[] {
  const sample = deletions.find((v) => v !== null) ?? delta.find((v) => v !== null);
  if (!isObject(sample)) {
    const seen = new Set(delta.map(goText));
    return [...delta, ...deletions.filter((v) => !seen.has(goText(v)))];
  }
  const mk = meta.mergeKey;
  const merged: Json[] = [];
  const rest = [...deletions];
  for (const d of delta) {
    const n = rest.findIndex((e) => isObject(e) && goText(e[mk]) === goText((d as JsonMap)[mk]));
    if (n < 0) merged.push(d);
    else merged.push(mergePatches(rest.splice(n, 1)[0] as JsonMap, d as JsonMap, meta.schema ?? NO_SCHEMA));
  }
  return [...merged, ...rest];
}
