/** JSON merge patch (RFC 7386/7396): objects merge member by member, `null` deletes, anything else replaces. */
import { clone as cloneJson, isObject, setOwn, type JsonObject, type JsonValue } from '../util/json.ts';
import { hasOwn } from './own-keys.ts';
import { guardDepth } from './patch-error.ts';

/** Never mutates its inputs; the result shares nothing with them. */
export function mergePatch(target: JsonValue | undefined, patch: JsonValue): JsonValue {
  return guardDepth(() => merge(target, patch));
}

function merge(target: JsonValue | undefined, patch: JsonValue): JsonValue {
  if (!isObject(patch)) return cloneJson(patch);
  const base: JsonObject = isObject(target) ? target : {};
  const out: JsonObject = {};
  // Members keep the target's order; new ones follow in the patch's order.
  for (const k of Object.keys(base)) {
    if (!hasOwn(patch, k)) setOwn(out, k, cloneJson(base[k]));
    else if (patch[k] !== null) setOwn(out, k, merge(base[k], patch[k]));
  }
  for (const k of Object.keys(patch)) {
    if (!hasOwn(base, k) && patch[k] !== null) setOwn(out, k, merge(undefined, patch[k]));
  }
  return out;
}
