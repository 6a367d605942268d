/**
 * The five conditions of a terminating namespace, worded as the real namespace controller words
 * them (pkg/controller/namespace/deletion/status_condition_utils.go): each failure, and each
 * condition's "all is well" form.
 */
import { describe, expect, it } from 'vitest';
import { type DeletionReport, updateConditions } from '../../controllers/namespace/conditions.ts';
import type { NamespaceCondition } from '../../core/registry/types/index.ts';

const report = (r: Partial<DeletionReport> = {}): DeletionReport => ({
  contentErrors: [],
  remaining: new Map(),
  finalizers: new Map(),
  ...r,
});

function conditionsOf(r: DeletionReport): Record<string, [string, string, string]> {
  const conditions: NamespaceCondition[] = [];
  updateConditions(conditions, r, 0);
  return Object.fromEntries(conditions.map((c) => [c.type, [c.status, c.reason ?? '', c.message ?? '']]));
}

describe('namespace deletion conditions', () => {
  it('all clear: every condition False with its fixed reason and message', () => {
    expect(conditionsOf(report())).toEqual({
      NamespaceDeletionDiscoveryFailure: ['False', 'ResourcesDiscovered', 'All resources successfully discovered'],
      NamespaceDeletionGroupVersionParsingFailure: ['False', 'ParsedGroupVersions', 'All legacy kube types successfully parsed'],
      NamespaceDeletionContentFailure: ['False', 'ContentDeleted', 'All content successfully deleted, may be waiting on finalization'],
      NamespaceContentRemaining: ['False', 'ContentRemoved', 'All content successfully removed'],
      NamespaceFinalizersRemaining: ['False', 'ContentHasNoFinalizers', 'All content-preserving finalizers finished'],
    });
  });

  it('content held by finalizers: the remaining content and its finalizers, counted and sorted', () => {
    const c = conditionsOf(
      report({
        remaining: new Map([
          ['widgets.example.com', 2],
          ['configmaps.', 1],
        ]),
        finalizers: new Map([
          ['example.com/hold', 2],
          ['a.example.com/keep', 1],
        ]),
      }),
    );
    expect(c.NamespaceContentRemaining).toEqual([
      'True',
      'SomeResourcesRemain',
      'Some resources are remaining: configmaps. has 1 resource instances, widgets.example.com has 2 resource instances',
    ]);
    expect(c.NamespaceFinalizersRemaining).toEqual([
      'True',
      'SomeFinalizersRemain',
      'Some content in the namespace has finalizers remaining: a.example.com/keep in 1 resource instances, example.com/hold in 2 resource instances',
    ]);
  });
});
