/**
 * Upgrading from client-side to server-side apply without conflicts. The fields client-side apply
 * set are owned by its update manager (`kubectl-client-side-apply`), so the first server-side
 * apply that changes one of them would conflict. When `kubectl` applies, a conflict is forgiven
 * (and the apply forced) if the field is in the last-applied annotation with the value the object
 * still has: that field is still what the user last applied, so the user owns it. The apply is
 * forced only when every conflict is forgiven; otherwise only the others are reported. An
 * annotation that is missing, does not parse, names another version or kind, or does not fit the
 * schema forgives nothing.
 */
import type { ObjectSchema } from '../schema/types.ts';
import { isObject, type JsonObject, type JsonValue } from '../util/json.ts';
import { compareValues } from './compare.ts';
import { ApplyConflictError, type ApplyConflict } from './conflict.ts';
import type { FieldSet } from './field-set.ts';
import { lastAppliedOf, LAST_APPLIED_MANAGER } from './last-applied.ts';
import { identityKey } from './managers.ts';
import { toFieldSet } from './to-field-set.ts';
import { validateConfig } from './validate-config.ts';

export interface LastAppliedTarget {
  /** The endpoint's version (`v1`, `apps/v1`): the annotation must name the same. */
  readonly apiVersion: string;
  /** The endpoint's kind; when given, the annotation must name the same (another kind is another type). */
  readonly kind?: string;
  readonly schema: ObjectSchema;
}

/**
 * The fields the last-applied annotation of `live` sets with the values `live` has; undefined
 * when the annotation cannot be used (then no conflict is forgiven).
 */
export function lastAppliedFields(live: JsonObject | undefined, target: LastAppliedTarget): FieldSet | undefined {
  const text = lastAppliedOf(live);
  if (text === undefined || live === undefined) return undefined;
  let parsed: JsonValue;
  try {
    parsed = JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
  // The real platform decodes it as an object of some kind, so it needs a kind to decode at all.
  if (!isObject(parsed) || typeof parsed.kind !== 'string' || parsed.kind === '') return undefined;
  if (parsed.apiVersion !== target.apiVersion) return undefined;
  if (target.kind !== undefined && parsed.kind !== target.kind) return undefined;
  if (validateConfig(parsed, target.schema).length) return undefined;
  const c = compareValues(parsed, live, target.schema);
  // What differs from the live object (changed, added or gone since) is no longer the user's.
  return toFieldSet(parsed, target.schema).difference(c.modified).difference(c.added).difference(c.removed);
}

/**
 * The conflicts of `err` that the last-applied annotation does not forgive for `manager`:
 * `undefined` when all are forgiven (the apply may be forced), else an error listing the rest.
 */
export function unforgivenConflicts(
  err: ApplyConflictError,
  manager: string,
  live: JsonObject | undefined,
  target: LastAppliedTarget,
): ApplyConflictError | undefined {
  if (manager !== LAST_APPLIED_MANAGER) return err;
  const allowed = lastAppliedFields(live, target);
  if (!allowed) return err;
  const rest = err.conflicts.filter((c) => !allowed.has(c.path));
  if (!rest.length) return undefined;
  if (rest.length === err.conflicts.length) return err;
  const groups = new Map<string, ApplyConflict[]>();
  for (const c of rest) {
    const key = identityKey(c);
    const list = groups.get(key);
    if (list) list.push(c);
    else groups.set(key, [c]);
  }
  return new ApplyConflictError([...groups].map(([key, conflicts]) => ({ key, conflicts })));
}
