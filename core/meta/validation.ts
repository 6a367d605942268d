/** ObjectMeta validation common to every kind (create and update). */
import { fieldErrors, type FieldError } from '../errors/field-error.ts';
import { compareStrings } from '../util/compare.ts';
import type { JsonObject } from '../util/json.ts';
import { isObject, quote, utf8Length } from '../util/json.ts';
import { isQualifiedName, isValidLabelValue, type NameValidator } from './names.ts';

const TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024;
/** The standard finalizers, which need no domain prefix. */
const STANDARD_FINALIZERS: ReadonlySet<string> = new Set(['orchestrator', 'orphan', 'foregroundDeletion']);
/**
 * Where built-in kinds refuse other names without a `/`, the one the API server itself puts on
 * CustomResourceDefinitions it is deleting is allowed too (their validation, in the real
 * platform, has no such rule).
 */
const UNREFUSED_FINALIZERS: ReadonlySet<string> = new Set([...STANDARD_FINALIZERS, 'customresourcecleanup.apiextensions.orch.io']);

export interface MetaRules {
  readonly namespaced: boolean;
  readonly validateName: NameValidator;
  /**
   * Finalizer names without a `/` that are not standard: refused (the default, as the built-in
   * kinds' validation does) or left to a warning (`warn`, custom resources; see finalizerWarnings).
   */
  readonly unqualifiedFinalizers?: 'refuse' | 'warn';
}

/**
 * A label map (labels, nodeSelector, a selector's matchLabels): a bad key or a bad value is
 * reported at the map's own path with the offending key or value, as the real ValidateLabels
 * reports it (`metadata.labels: Invalid value: "b c": a valid label must be ...`).
 */
export function validateLabels(labels: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!isObject(labels)) return errs;
  for (const [k, v] of Object.entries(labels)) {
    for (const m of isQualifiedName(k)) errs.push(fieldErrors.invalid(path, k, m));
    if (typeof v === 'string') for (const m of isValidLabelValue(v)) errs.push(fieldErrors.invalid(path, v, m));
  }
  return errs;
}

/** Annotation keys at the map's path; their total size (keys and values, in bytes) at most 256 KiB. */
export function validateAnnotations(annotations: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!isObject(annotations)) return errs;
  let total = 0;
  for (const [k, v] of Object.entries(annotations)) {
    for (const m of isQualifiedName(k.toLowerCase())) errs.push(fieldErrors.invalid(path, k, m));
    total += utf8Length(k) + (typeof v === 'string' ? utf8Length(v) : 0);
  }
  if (total > TOTAL_ANNOTATION_SIZE_LIMIT) errs.push(fieldErrors.tooLong(path, TOTAL_ANNOTATION_SIZE_LIMIT));
  return errs;
}

function validateFinalizers(finalizers: unknown, path: string, refuseUnqualified: boolean): FieldError[] {
  const errs: FieldError[] = [];
  if (!Array.isArray(finalizers)) return errs;
  const names = finalizers.map((f, i) => [f, i] as const).filter((e): e is readonly [string, number] => typeof e[0] === 'string');
  // Every kind: qualified names, reported at the list's own path (the generic ObjectMeta rule).
  for (const [f] of names) for (const m of isQualifiedName(f)) errs.push(fieldErrors.invalid(path, f, m));
  // Built-in kinds: a name without a domain must be a standard one, reported at its index.
  if (refuseUnqualified) {
    for (const [f, i] of names) {
      if (!f.includes('/') && !UNREFUSED_FINALIZERS.has(f)) {
        errs.push(fieldErrors.invalid(`${path}[${i}]`, f, 'name is neither a standard finalizer name nor is it fully qualified'));
      }
    }
  }
  const seen = new Set<string>();
  for (const [f, i] of names) {
    if (seen.has(f)) errs.push(fieldErrors.duplicate(`${path}[${i}]`, f));
    seen.add(f);
  }
  return errs;
}

/**
 * The warnings of a write to a kind that accepts finalizer names without a domain (custom
 * resources): one for each such name the write adds, none for those the object had before, in
 * name order, as the real custom resource strategy words them.
 */
export function finalizerWarnings(finalizers: unknown, before: unknown, path = 'metadata.finalizers'): string[] {
  const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((f): f is string => typeof f === 'string') : []);
  const had = new Set(strings(before));
  const added = [...new Set(strings(finalizers))].filter((f) => !had.has(f)).sort(compareStrings);
  const out: string[] = [];
  for (const f of added) {
    for (const m of isQualifiedName(f)) out.push(`${path}: ${quote(f)}: ${m}`);
    if (!f.includes('/') && !STANDARD_FINALIZERS.has(f)) {
      out.push(`${path}: ${quote(f)}: prefer a domain-qualified finalizer name to avoid accidental conflicts with other finalizer writers`);
    }
  }
  return out;
}

function validateOwnerReferences(refs: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!Array.isArray(refs)) return errs;
  let controllers = 0;
  refs.forEach((r, i) => {
    if (!isObject(r)) return;
    const p = `${path}[${i}]`;
    if (!r.apiVersion) errs.push(fieldErrors.invalid(`${p}.apiVersion`, r.apiVersion ?? '', 'version must not be empty'));
    if (!r.kind) errs.push(fieldErrors.invalid(`${p}.kind`, r.kind ?? '', 'kind must not be empty'));
    if (!r.name) errs.push(fieldErrors.invalid(`${p}.name`, r.name ?? '', 'name must not be empty'));
    if (!r.uid) errs.push(fieldErrors.invalid(`${p}.uid`, r.uid ?? '', 'uid must not be empty'));
    if (r.controller === true) controllers++;
  });
  if (controllers > 1) {
    errs.push(fieldErrors.invalid(path, refs, 'Only one reference can have Controller set to true'));
  }
  return errs;
}

export function validateObjectMeta(meta: JsonObject, rules: MetaRules, path = 'metadata'): FieldError[] {
  const errs: FieldError[] = [];
  const name = typeof meta.name === 'string' ? meta.name : '';
  const generateName = typeof meta.generateName === 'string' ? meta.generateName : '';
  if (generateName) {
    for (const m of rules.validateName(generateName, true)) errs.push(fieldErrors.invalid(`${path}.generateName`, generateName, m));
  }
  if (!name) {
    errs.push(fieldErrors.required(`${path}.name`, 'name or generateName is required'));
  } else {
    for (const m of rules.validateName(name, false)) errs.push(fieldErrors.invalid(`${path}.name`, name, m));
  }
  const ns = typeof meta.namespace === 'string' ? meta.namespace : '';
  if (rules.namespaced) {
    if (!ns) errs.push(fieldErrors.required(`${path}.namespace`));
  } else if (ns) {
    errs.push(fieldErrors.forbidden(`${path}.namespace`, 'not allowed on this type'));
  }
  if (typeof meta.generation === 'number' && meta.generation < 0) {
    errs.push(fieldErrors.invalid(`${path}.generation`, meta.generation, 'must be greater than or equal to 0'));
  }
  errs.push(...validateLabels(meta.labels, `${path}.labels`));
  errs.push(...validateAnnotations(meta.annotations, `${path}.annotations`));
  errs.push(...validateOwnerReferences(meta.ownerReferences, `${path}.ownerReferences`));
  errs.push(...validateFinalizers(meta.finalizers, `${path}.finalizers`, rules.unqualifiedFinalizers !== 'warn'));
  return errs;
}

const IMMUTABLE = 'field is immutable';

export function validateObjectMetaUpdate(meta: JsonObject, old: JsonObject, rules: MetaRules, path = 'metadata'): FieldError[] {
  const errs = validateObjectMeta(meta, rules, path);
  for (const f of ['name', 'namespace', 'uid', 'creationTimestamp'] as const) {
    if ((meta[f] ?? '') !== (old[f] ?? '')) errs.push(fieldErrors.invalid(`${path}.${f}`, meta[f] ?? '', IMMUTABLE));
  }
  // Only a DELETE starts deletion: an update may neither set the timestamp on a live object nor
  // change or drop it (the registry carries the stored one over before this check).
  if (meta.deletionTimestamp !== old.deletionTimestamp) {
    errs.push(fieldErrors.invalid(`${path}.deletionTimestamp`, meta.deletionTimestamp ?? null, IMMUTABLE));
  }
  if (old.deletionTimestamp !== undefined && Array.isArray(meta.finalizers)) {
    // While terminating, finalizers may only be removed, never added (the object is going away).
    const before = new Set(Array.isArray(old.finalizers) ? (old.finalizers as string[]) : []);
    const added = (meta.finalizers as string[]).filter((f) => !before.has(f));
    if (added.length) {
      errs.push(
        fieldErrors.forbidden(
          `${path}.finalizers`,
          `no new finalizers can be added if the object is being deleted, found new finalizers ${JSON.stringify(added)}`,
        ),
      );
    }
  }
  return errs;
}
