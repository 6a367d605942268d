/**
 * Keeping client-side apply's annotation true after a server-side apply by `kubectl`: when the
 * applied object carries the annotation, it is rewritten to the configuration just applied, so
 * that a later client-side apply diffs against what was really applied last. An object without
 * the annotation never gets one. The rewrite comes after ownership is recorded, so it changes no
 * managedFields entry (the annotation stays owned by whoever set it).
 */
import { goJson } from '../util/go-json.ts';
import { clone, isObject, utf8Length, type JsonObject } from '../util/json.ts';
import { lastAppliedOf, LAST_APPLIED_ANNOTATION, LAST_APPLIED_MANAGER } from './last-applied.ts';

/** The limit on all annotations of an object together, keys and values in UTF-8 bytes (as `core/meta/validation.ts`). */
const TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024;

/**
 * The annotation's value for a configuration: the configuration as sent, without the annotation
 * itself, as Go's encoder writes it (sorted keys, a final newline).
 */
export function lastAppliedText(config: JsonObject): string {
  const copy = clone(config);
  const meta = isObject(copy.metadata) ? copy.metadata : undefined;
  if (meta && Object.hasOwn(meta, 'annotations')) {
    const annotations = meta.annotations;
    // Go reads annotations as a map of strings: anything else reads as none and is dropped.
    if (isObject(annotations) && Object.values(annotations).every((v) => typeof v === 'string')) {
      delete annotations[LAST_APPLIED_ANNOTATION];
    } else {
      delete meta.annotations;
    }
  }
  return `${goJson(copy)}\n`;
}

/**
 * After a successful apply by `manager` of `config`, rewrites the annotation on `applied` (the
 * object about to be stored, whose metadata the caller owns). When the annotations would then
 * exceed their size limit, the annotation is dropped instead, so the write itself still fits.
 */
export function rewriteLastApplied(applied: JsonObject, config: JsonObject, manager: string): void {
  if (manager !== LAST_APPLIED_MANAGER || lastAppliedOf(applied) === undefined) return;
  const meta = applied.metadata as JsonObject;
  // A fresh map: the stored object's may be shared with the live one.
  const annotations: JsonObject = { ...(meta.annotations as JsonObject), [LAST_APPLIED_ANNOTATION]: lastAppliedText(config) };
  let total = 0;
  for (const [k, v] of Object.entries(annotations)) total += utf8Length(k) + (typeof v === 'string' ? utf8Length(v) : 0);
  if (total > TOTAL_ANNOTATION_SIZE_LIMIT) delete annotations[LAST_APPLIED_ANNOTATION];
  meta.annotations = annotations;
}
