/** Patch kinds other than server-side apply: JSON patch, JSON merge patch, strategic merge patch. */
export { applyJsonPatch, MAX_JSON_PATCH_COPY_BYTES, MAX_JSON_PATCH_OPERATIONS, type JsonPatchOptions } from './json-patch.ts';
export { mergePatch } from './merge-patch.ts';
export { strategicMergePatch } from './strategic-merge.ts';
export { PatchError } from './patch-error.ts';
