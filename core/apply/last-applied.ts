/**
 * Client-side apply's annotation as server-side apply sees it. Client-side apply (kubectl's, or
 * orchctl's, which spells it the same) keeps the configuration it last applied in this
 * annotation; server-side apply by the manager `kubectl` takes the upgrade from it without
 * conflicts (`last-applied-conflicts.ts`) and keeps it up to date (`last-applied-rewrite.ts`).
 * Any other manager name opts out of both, as on the real platform.
 */
import { isObject, type JsonObject } from '../util/json.ts';

/** Spelled as kubectl 1.32 sends it: kubectl's own domain, which orch does not rename. */
export const LAST_APPLIED_ANNOTATION = 'kubectl.kubernetes.io/last-applied-configuration';

/** The one field manager for which the annotation counts: `kubectl apply --server-side`'s default. */
export const LAST_APPLIED_MANAGER = 'kubectl';

/** The annotation's value; undefined when the object has none or it is empty (both mean "none"). */
export function lastAppliedOf(obj: JsonObject | undefined): string | undefined {
  const meta = obj && isObject(obj.metadata) ? obj.metadata : undefined;
  const annotations = meta && isObject(meta.annotations) ? meta.annotations : undefined;
  const value = annotations ? annotations[LAST_APPLIED_ANNOTATION] : undefined;
  return typeof value === 'string' && value !== '' ? value : undefined;
}
