/**
 * Client-side apply's bookkeeping: the annotation holding the configuration last applied (named
 * as the real client names it, so either client can take over from the other). The patch made
 * from it is strategic-diff.ts's.
 */
import { type JsonObject, sortedKeys } from './objects.ts';

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
