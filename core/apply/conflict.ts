/**
 * Apply conflicts: fields the configuration would change that other managers own. The error reads
 * as the real platform's (`Apply failed with 1 conflict: conflict with "mgr" using v1: .data.key`)
 * and becomes a 409 Conflict Status with one `FieldManagerConflict` cause per field.
 */
import { StatusError, type GroupResource, type StatusCause } from '../errors/status-error.ts';
import { pathString, type Path } from './path.ts';
import { compareStrings } from '../util/compare.ts';
import type { ManagerIdentity } from './managers.ts';

export interface ApplyConflict {
  /** The other manager's name. */
  readonly manager: string;
  readonly operation: ManagerIdentity['operation'];
  readonly apiVersion: string;
  readonly subresource: string;
  /** The field, as the real platform prints it (`.data.key`). */
  readonly field: string;
  readonly path: Path;
}

/**
 * How a manager is named in conflict messages: by name, with its subresource when it wrote through
 * one (`"kubectl" with subresource "scale"`), and an updater with its version.
 */
export function conflictManagerText(
  c: Pick<ApplyConflict, 'manager' | 'operation' | 'apiVersion'> & { readonly subresource?: string },
): string {
  const name = c.subresource ? `${JSON.stringify(c.manager)} with subresource ${JSON.stringify(c.subresource)}` : JSON.stringify(c.manager);
  return c.operation === 'Update' ? `${name} using ${c.apiVersion}` : name;
}

export class ApplyConflictError extends Error {
  readonly conflicts: readonly ApplyConflict[];

  /** `conflicts` grouped by manager key, in the order they should be listed. */
  constructor(groups: readonly { readonly key: string; readonly conflicts: readonly ApplyConflict[] }[]) {
    const sorted = [...groups].sort((a, b) => compareStrings(a.key, b.key));
    const conflicts = sorted.flatMap((g) => g.conflicts);
    super(conflictMessage(sorted, conflicts));
    this.name = 'ApplyConflictError';
    this.conflicts = conflicts;
  }
}

function conflictMessage(groups: readonly { readonly conflicts: readonly ApplyConflict[] }[], all: readonly ApplyConflict[]): string {
  if (all.length === 1) return `Apply failed with 1 conflict: conflict with ${conflictManagerText(all[0])}: ${all[0].field}`;
  const lines: string[] = [];
  for (const g of groups) {
    if (!g.conflicts.length) continue;
    lines.push(`conflicts with ${conflictManagerText(g.conflicts[0])}:`);
    for (const c of g.conflicts) lines.push(`- ${c.field}`);
  }
  return `Apply failed with ${all.length} conflicts: ${lines.join('\n')}`;
}

export function conflictFromPath(id: ManagerIdentity, path: Path): ApplyConflict {
  return {
    manager: id.manager,
    operation: id.operation,
    apiVersion: id.apiVersion,
    subresource: id.subresource,
    field: pathString(path),
    path,
  };
}

/**
 * The 409 answer to an apply conflict. The real platform's Status names neither the resource nor
 * the object (its details hold only the causes), so `gr` and `name` are not part of it; they are
 * accepted so that callers need not special-case this error.
 */
export function conflictStatus(_gr: GroupResource | undefined, _name: string | undefined, err: ApplyConflictError): StatusError {
  const causes: StatusCause[] = err.conflicts.map((c) => ({
    reason: 'FieldManagerConflict',
    message: `conflict with ${conflictManagerText(c)}`,
    field: c.field,
  }));
  return new StatusError(409, 'Conflict', err.message, { causes });
}
