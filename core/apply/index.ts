/**
 * Server-side apply and managed fields, driven by the kinds' schemas: field sets and their
 * FieldsV1 form, ownership on ordinary writes (`recordUpdate`, or the registry hook
 * `managedFieldsHook`), and apply with conflicts (`applyPatch`, `conflictStatus`), which takes over
 * from client-side apply's last-applied annotation.
 */
export { FieldSet } from './field-set.ts';
export { fromFieldsV1, toFieldsV1, FieldsV1Error } from './fields-v1.ts';
export {
  compareElements,
  elementString,
  elementToken,
  fieldElement,
  fieldPath,
  indexElement,
  keyElement,
  parseElementToken,
  pathString,
  valueElement,
  type KeyField,
  type Path,
  type PathElement,
} from './path.ts';
export { fieldsOf, toFieldSet, UNTRACKED_FIELDS } from './to-field-set.ts';
export { compareValues, type Comparison } from './compare.ts';
export { mergeValues } from './merge.ts';
export { decodeManaged, encodeManaged, identityKey, ManagedFieldsError, type Managed, type ManagerEntry } from './managers.ts';
export { recordUpdate, type RecordUpdateInput } from './record-update.ts';
export { applyPatch, type ApplyPatchInput } from './apply-patch.ts';
export { ApplyConflictError, conflictStatus, type ApplyConflict } from './conflict.ts';
export { LAST_APPLIED_ANNOTATION, LAST_APPLIED_MANAGER } from './last-applied.ts';
export { lastAppliedFields } from './last-applied-conflicts.ts';
export { lastAppliedText } from './last-applied-rewrite.ts';
export { managedFieldsHook, resetPathsOf } from './hook.ts';
