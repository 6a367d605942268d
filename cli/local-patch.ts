/**
 * Applying a patch on the client (`patch --local`, `--dry-run=client`) with the server's own patch
 * code from core: JSON patch, JSON merge patch, and strategic merge patch with the built-in
 * kind's schema (strategic merge is not possible for kinds the client has no schema for).
 */
import type { JsonValue } from '../core/util/index.ts';
import { usageError } from './errors.ts';
import type { JsonObject } from './objects.ts';

export type PatchType = 'json' | 'merge' | 'strategic';

export async function applyLocally(obj: JsonObject, type: PatchType, patch: unknown): Promise<JsonObject> {
  const { applyJsonPatch, mergePatch, strategicMergePatch, BUILTIN_KINDS } = await import('./core-parts.ts');
  try {
    if (type === 'json') return applyJsonPatch(obj as JsonValue, patch) as JsonObject;
    if (type === 'merge') return mergePatch(obj as JsonValue, patch as JsonValue) as JsonObject;
    const [group, version] = (obj.apiVersion ?? '').includes('/') ? (obj.apiVersion ?? '').split('/', 2) : ['', obj.apiVersion ?? ''];
    const def = BUILTIN_KINDS.find((k) => k.group === group && k.version === version && k.kind === obj.kind);
    if (!def) throw usageError(`strategic merge patch is not supported for ${obj.kind}.${version}.${group} locally, try --type merge`);
    return strategicMergePatch(obj as JsonValue, patch as JsonValue, def.schema) as JsonObject;
  } catch (err) {
    if (err instanceof Error && err.name !== 'CliError') throw usageError(err.message);
    throw err;
  }
}
