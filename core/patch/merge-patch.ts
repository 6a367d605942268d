/** JSON merge patch (RFC 7386/7396): objects merge member by member, `null` deletes, anything else replaces. */
import { isObject, type JsonValue } from '../util/json.ts';

export function mergePatch(target: JsonValue | undefined, patch: JsonValue): JsonValue {
  if (!isObject(patch)) return patch;
  const out: Record<string, JsonValue> = isObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}
