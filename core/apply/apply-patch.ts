/**
 * Server-side apply: the configuration is the applier's whole intent. It is merged into the live
 * object (configuration wins), what the applier applied before and dropped now is removed unless
 * someone else owns it, and the applier owns exactly what it applied. Changing a field another
 * manager owns is a conflict unless forced; applying the value a field already has shares it.
 * For the manager `kubectl`, client-side apply's last-applied annotation forgives conflicts and
 * is kept up to date (`last-applied-conflicts.ts`, `last-applied-rewrite.ts`).
 */
import { StatusError } from '../errors/status-error.ts';
import type { ObjectSchema } from '../schema/types.ts';
import { clone, deepEqual, isObject, type JsonObject, type JsonValue } from '../util/json.ts';
import { formatTime } from '../util/time.ts';
import { ApplyConflictError } from './conflict.ts';
import { unforgivenConflicts } from './last-applied-conflicts.ts';
import { rewriteLastApplied } from './last-applied-rewrite.ts';
import { capUpdateManagers, encodeManaged, identityKey, tryDecodeManaged, type ManagerEntry } from './managers.ts';
import { mergeValues } from './merge.ts';
import { pathsToSet, setManagedFields, withoutManagedFields, zeroObject } from './object.ts';
import { toFieldSet, UNTRACKED_FIELDS } from './to-field-set.ts';
import { prune, reconcileManaged, updateManagers } from './updater.ts';
import { validateConfig, validationErrorText } from './validate-config.ts';

export interface ApplyPatchInput {
  /** The stored object; undefined when the apply creates it. */
  readonly live: JsonObject | undefined;
  /** The applied configuration as sent (parsed YAML/JSON), not decoded or defaulted. */
  readonly config: JsonObject;
  readonly manager: string;
  /** The version of the endpoint (`v1`, `apps/v1`). */
  readonly apiVersion: string;
  /** The endpoint's kind; when given, the configuration must name the same apiVersion and kind. */
  readonly kind?: string;
  /** '' (or absent) for the main resource, else e.g. `status`. */
  readonly subresource?: string;
  readonly force?: boolean;
  readonly schema: ObjectSchema;
  /** Now, in ms. */
  readonly now: number;
  /** Top-level paths this endpoint resets (e.g. `[['status']]` on the main resource): never owned through it. */
  readonly ignored?: readonly (readonly string[])[];
}

function text(v: JsonValue | undefined): string {
  return typeof v === 'string' ? v : '';
}

/** `group/version, Kind=kind`, as Go prints a GroupVersionKind. */
function gvkText(config: JsonObject): string {
  const apiVersion = text(config.apiVersion);
  const slash = apiVersion.indexOf('/');
  const [group, version] = slash >= 0 ? [apiVersion.slice(0, slash), apiVersion.slice(slash + 1)] : ['', apiVersion];
  return `${group}/${version}, Kind=${text(config.kind)}`;
}

function checkConfig(input: ApplyPatchInput): void {
  const { config } = input;
  if (input.kind !== undefined && (text(config.apiVersion) !== input.apiVersion || text(config.kind) !== input.kind)) {
    throw StatusError.badRequest(`invalid object type: ${gvkText(config)}`);
  }
  const meta = isObject(config.metadata) ? config.metadata : undefined;
  if (meta && meta.managedFields !== undefined && meta.managedFields !== null) {
    throw StatusError.badRequest('metadata.managedFields must be nil');
  }
  const errs = validateConfig(config, input.schema);
  if (errs.length) {
    // The real platform answers this with a 500; it is the client's input, so it is a 400 here.
    const where = `${text(meta?.namespace)}/${text(meta?.name)}; ${gvkText(config)}`;
    throw StatusError.badRequest(`failed to create typed patch object (${where}): ${validationErrorText(errs)}`);
  }
}

/**
 * Applies a configuration and returns the object to store, with its managedFields updated.
 * Throws ApplyConflictError (see `conflictStatus`) or a 400 StatusError for a bad configuration.
 */
export function applyPatch(input: ApplyPatchInput): JsonObject {
  let result: JsonObject;
  try {
    result = applyOnce(input);
  } catch (err) {
    if (!(err instanceof ApplyConflictError) || input.force) throw err;
    const rest = unforgivenConflicts(err, input.manager, input.live, input);
    if (rest) throw rest;
    result = applyOnce({ ...input, force: true });
  }
  rewriteLastApplied(result, input.config, input.manager);
  return result;
}

/** The apply itself, before the last-applied annotation has its say. */
function applyOnce(input: ApplyPatchInput): JsonObject {
  checkConfig(input);
  const { schema, config, manager } = input;
  const subresource = input.subresource ?? '';
  const liveManaged = input.live && isObject(input.live.metadata) ? input.live.metadata.managedFields : undefined;
  const managed = tryDecodeManaged(liveManaged) ?? new Map();
  const liveObj = withoutManagedFields(input.live ?? zeroObject(schema));
  const ignored = pathsToSet(input.ignored);

  reconcileManaged(managed, schema);
  const mergedValue = mergeValues(liveObj, config, schema);
  let merged: JsonObject = isObject(mergedValue) ? mergedValue : {};
  const key = identityKey({ manager, operation: 'Apply', apiVersion: '', subresource });
  const last = managed.get(key);
  let applied = toFieldSet(config, schema);
  if (ignored) applied = applied.recursiveDifference(ignored);
  const entry: ManagerEntry = {
    manager,
    operation: 'Apply',
    apiVersion: input.apiVersion,
    subresource,
    set: applied,
    ...(last?.time ? { time: last.time } : {}),
    ...(last?.original ? { original: last.original } : {}),
  };
  managed.set(key, entry);
  merged = prune(merged, managed, last?.set, schema);
  updateManagers(liveObj, merged, schema, managed, key, input.force === true, ignored);

  const mine = managed.get(key);
  if (mine) {
    const set = mine.set.difference(UNTRACKED_FIELDS);
    if (set.empty) managed.delete(key);
    else managed.set(key, { ...mine, set });
  }
  const changed = !deepEqual(liveObj, merged);
  // The time moves only when the object changes: an apply that only shares ownership keeps it.
  const own = managed.get(key);
  if (changed && own) managed.set(key, { ...own, time: formatTime(input.now) });
  capUpdateManagers(managed);

  const result = changed ? merged : clone(liveObj);
  setManagedFields(result, encodeManaged(managed));
  return result;
}
