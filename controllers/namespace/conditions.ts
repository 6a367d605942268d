/**
 * The namespace conditions the real namespace controller maintains while a namespace terminates:
 * five types, each either a failure (status True, with what went wrong) or its "all is well"
 * form (status False, fixed reason and message). The wording is the real controller's.
 */
import type { NamespaceCondition } from '../../core/registry/types/index.ts';
import { setCondition } from '../runtime/helpers/conditions.ts';

export const NamespaceDeletionDiscoveryFailure = 'NamespaceDeletionDiscoveryFailure';
export const NamespaceDeletionGVParsingFailure = 'NamespaceDeletionGroupVersionParsingFailure';
export const NamespaceDeletionContentFailure = 'NamespaceDeletionContentFailure';
export const NamespaceContentRemaining = 'NamespaceContentRemaining';
export const NamespaceFinalizersRemaining = 'NamespaceFinalizersRemaining';

const TYPES = [
  NamespaceDeletionDiscoveryFailure,
  NamespaceDeletionGVParsingFailure,
  NamespaceDeletionContentFailure,
  NamespaceContentRemaining,
  NamespaceFinalizersRemaining,
] as const;

const OK: Readonly<Record<(typeof TYPES)[number], { reason: string; message: string }>> = {
  [NamespaceDeletionDiscoveryFailure]: { reason: 'ResourcesDiscovered', message: 'All resources successfully discovered' },
  [NamespaceDeletionGVParsingFailure]: { reason: 'ParsedGroupVersions', message: 'All legacy kube types successfully parsed' },
  [NamespaceDeletionContentFailure]: {
    reason: 'ContentDeleted',
    message: 'All content successfully deleted, may be waiting on finalization',
  },
  [NamespaceContentRemaining]: { reason: 'ContentRemoved', message: 'All content successfully removed' },
  [NamespaceFinalizersRemaining]: { reason: 'ContentHasNoFinalizers', message: 'All content-preserving finalizers finished' },
};

/** What one pass of content deletion found. */
export interface DeletionReport {
  /** Discovery failed (in part): its message. */
  discoveryError?: string;
  /** Deleting some resources failed: one message each. */
  contentErrors: string[];
  /** `resource.group` → instances still there. */
  remaining: Map<string, number>;
  /** finalizer → instances waiting on it. */
  finalizers: Map<string, number>;
}

function failures(report: DeletionReport): Map<string, { reason: string; message: string }> {
  const out = new Map<string, { reason: string; message: string }>();
  if (report.discoveryError !== undefined)
    out.set(NamespaceDeletionDiscoveryFailure, { reason: 'DiscoveryFailed', message: report.discoveryError });
  if (report.contentErrors.length) {
    const msgs = [...report.contentErrors].sort();
    out.set(NamespaceDeletionContentFailure, {
      reason: 'ContentDeletionFailed',
      message: `Failed to delete all resource types, ${msgs.length} remaining: ${msgs.join(', ')}`,
    });
  }
  const remaining = [...report.remaining]
    .filter(([, n]) => n > 0)
    .map(([gr, n]) => `${gr} has ${n} resource instances`)
    .sort();
  if (report.remaining.size) {
    out.set(NamespaceContentRemaining, { reason: 'SomeResourcesRemain', message: `Some resources are remaining: ${remaining.join(', ')}` });
  }
  const byFinalizer = [...report.finalizers]
    .filter(([, n]) => n > 0)
    .map(([f, n]) => `${f} in ${n} resource instances`)
    .sort();
  if (report.finalizers.size) {
    out.set(NamespaceFinalizersRemaining, {
      reason: 'SomeFinalizersRemain',
      message: `Some content in the namespace has finalizers remaining: ${byFinalizer.join(', ')}`,
    });
  }
  return out;
}

/** Brings `conditions` in line with the report (in place); true if anything changed. */
export function updateConditions(conditions: NamespaceCondition[], report: DeletionReport, now: number): boolean {
  const failed = failures(report);
  let changed = false;
  for (const type of TYPES) {
    const f = failed.get(type);
    const next: NamespaceCondition = f ? { type, status: 'True', ...f } : { type, status: 'False', ...OK[type] };
    if (setCondition(conditions, next, now)) changed = true;
  }
  return changed;
}
