/**
 * Merging an apply configuration into the live object: the configuration wins on every leaf it
 * sets; structs and granular maps merge key by key; set and map lists merge item by item, with
 * items the configuration does not mention kept where they were and shared items in the
 * configuration's order; atomic values are replaced whole. Nothing is removed here (that is
 * pruning's job).
 */
import type { Schema } from '../schema/types.ts';
import { isObject, setOwn, type JsonObject, type JsonValue } from '../util/json.ts';
import { childSchema, indexList, isEmptyContainer, nodeOf } from './schema-node.ts';

export function mergeValues(lhs: JsonValue | undefined, rhs: JsonValue | undefined, schema: Schema): JsonValue | undefined {
  return merge(lhs, rhs, schema);
}

function merge(lhs: JsonValue | undefined, rhs: JsonValue | undefined, schema: Schema | undefined): JsonValue | undefined {
  const node = nodeOf(schema, rhs ?? lhs);
  if (node.kind === 'scalar' || node.kind === 'atomic' || (isEmptyContainer(lhs) && isEmptyContainer(rhs))) {
    return rhs !== undefined ? rhs : lhs;
  }
  if (node.kind === 'struct' || node.kind === 'map') {
    const l = isObject(lhs) ? lhs : undefined;
    const r = isObject(rhs) ? rhs : undefined;
    const out: JsonObject = {};
    for (const key of Object.keys(l ?? {})) {
      const v = merge(l![key], r?.[key], childSchema(node, key));
      if (v !== undefined) setOwn(out, key, v);
    }
    for (const key of Object.keys(r ?? {})) {
      if (l && Object.hasOwn(l, key)) continue;
      const v = merge(undefined, r![key], childSchema(node, key));
      if (v !== undefined) setOwn(out, key, v);
    }
    return Object.keys(out).length ? out : undefined;
  }
  return mergeList(node, lhs, rhs);
}

function mergeList(node: Parameters<typeof indexList>[0], lhs: JsonValue | undefined, rhs: JsonValue | undefined): JsonValue | undefined {
  const l = indexList(node, lhs);
  const r = indexList(node, rhs);
  const out: JsonValue[] = [];
  const push = (token: string, withLhs: boolean, withRhs: boolean): void => {
    const v = merge(withLhs ? l.byToken.get(token) : undefined, withRhs ? r.byToken.get(token) : undefined, node.items);
    if (v !== undefined) out.push(v);
  };
  // Items in both lists are emitted in the configuration's order; items only in the live list
  // keep their place relative to them.
  const shared = r.order.filter((e) => l.byToken.has(e.token)).map((e) => e.token);
  let next = 0;
  let li = 0;
  let ri = 0;
  while (li < l.order.length || ri < r.order.length) {
    const lt = l.order[li]?.token;
    const rt = r.order[ri]?.token;
    if (lt !== undefined && rt !== undefined) {
      if (lt === rt) {
        push(lt, true, true);
        li++;
        ri++;
        next++;
        continue;
      }
      if (r.byToken.has(lt) && next < shared.length && shared[next] !== lt) {
        li++; // a shared item that comes later in the configuration
        continue;
      }
    }
    if (lt !== undefined && !r.byToken.has(lt)) {
      push(lt, true, false);
      li++;
      continue;
    }
    if (rt === undefined) {
      li++; // a shared item already emitted in the configuration's order
      continue;
    }
    push(rt, l.byToken.has(rt), true);
    ri++;
    if (shared[next] === rt) next++;
  }
  return out.length ? out : undefined;
}
