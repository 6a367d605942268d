/**
 * Client-side apply's bookkeeping: the annotation holding the configuration last applied (named
 * as the real client names it, so either client can take over from the other), and the three-way
 * merge that turns (last applied, new configuration, live object) into a JSON merge patch.
 */
import { isObject, type JsonObject, sortedKeys } from './objects.ts';

export const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/** The configuration as stored: compact JSON with sorted keys, the annotation itself left out, and a newline. */
export function lastAppliedValue(obj: JsonObject): string {
  const annotations = { ...(obj.metadata?.annotations ?? {}) };
  delete annotations[LAST_APPLIED];
  const metadata = { ...obj.metadata };
  if (Object.keys(annotations).length) metadata.annotations = annotations;
  else delete metadata.annotations;
  return `${JSON.stringify(sortedKeys({ ...obj, metadata }))}\n`;
}

/**
 * What to send so that the live object ends up with `modified`'s fields, and without the fields
 * the last applied configuration had and `modified` no longer has. Fields others set stay.
 */
export function threeWayMergePatch(original: unknown, modified: Record<string, unknown>, current: unknown): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  const cur = isObject(current) ? current : {};
  const orig = isObject(original) ? original : {};
  for (const [k, v] of Object.entries(modified)) {
    if (isObject(v) && isObject(cur[k])) {
      const sub = threeWayMergePatch(orig[k], v, cur[k]);
      if (Object.keys(sub).length) patch[k] = sub;
    } else if (JSON.stringify(sortedKeys(v)) !== JSON.stringify(sortedKeys(cur[k]))) patch[k] = v;
  }
  for (const k of Object.keys(orig)) if (!(k in modified) && k in cur) patch[k] = null;
  return patch;
}
