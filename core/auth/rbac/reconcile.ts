/**
 * Bootstrap policy reconciliation at start, as the real server's `rbac/bootstrap-roles` hook
 * does it for the roles and bindings it ships: a stored one whose
 * `rbac.authorization.orchestrator.io/autoupdate` annotation is `false` is left alone; any other
 * gets back the labels, annotations, rules, aggregation selectors and subjects of the shipped one
 * that it lacks, keeping everything a user added (the union, never removing). A binding whose
 * roleRef no longer matches is recreated with the shipped roleRef (keeping its subjects), since a
 * roleRef cannot be changed in place.
 */
import type { AggregationRule, ClusterRole, ClusterRoleBinding, PolicyRule, Subject } from '../../registry/types/rbac-v1.ts';
import { deepEqual } from '../../util/json.ts';
import { uncovered } from '../escalation.ts';
import { AUTOUPDATE_ANNOTATION } from './bootstrap-policy.ts';

/** What to store instead of the existing object: the object, and whether it must be deleted and created again. */
export interface Reconciled<T> {
  readonly object: T;
  readonly recreate: boolean;
}

type Meta = { labels?: Record<string, string>; annotations?: Record<string, string> };

function isProtected(existing: { metadata?: Meta }): boolean {
  return existing.metadata?.annotations?.[AUTOUPDATE_ANNOTATION] === 'false';
}

/** The shipped labels and annotations under the stored ones (stored values win). */
function mergedMeta<T extends { metadata?: Meta }>(existing: T, expected: T): { meta: Meta; changed: boolean } {
  const before = existing.metadata ?? {};
  const labels = { ...(expected.metadata?.labels ?? {}), ...(before.labels ?? {}) };
  const annotations = { ...(expected.metadata?.annotations ?? {}), ...(before.annotations ?? {}) };
  const changed = !deepEqual(labels, before.labels ?? {}) || !deepEqual(annotations, before.annotations ?? {});
  return { meta: { ...before, labels, annotations }, changed };
}

export function reconcileClusterRole(existing: ClusterRole, expected: ClusterRole): Reconciled<ClusterRole> | undefined {
  if (isProtected(existing)) return undefined;
  const { meta, changed: metaChanged } = mergedMeta(existing, expected);
  let changed = metaChanged;
  let rules: PolicyRule[] = [...(existing.rules ?? [])];
  const missing = uncovered(rules, expected.rules ?? []);
  if (missing.length) {
    rules = [...rules, ...missing];
    changed = true;
  }
  let aggregationRule: AggregationRule | null | undefined = existing.aggregationRule;
  if (!expected.aggregationRule && existing.aggregationRule) {
    aggregationRule = undefined;
    changed = true;
  } else if (expected.aggregationRule) {
    const have = existing.aggregationRule?.clusterRoleSelectors ?? [];
    const lacking = (expected.aggregationRule.clusterRoleSelectors ?? []).filter((s) => !have.some((h) => deepEqual(h, s)));
    if (lacking.length) {
      aggregationRule = { ...(existing.aggregationRule ?? {}), clusterRoleSelectors: [...have, ...lacking] };
      changed = true;
    }
  }
  if (!changed) return undefined;
  const { aggregationRule: _, ...rest } = existing;
  return {
    object: { ...rest, metadata: { ...existing.metadata, ...meta }, ...(aggregationRule ? { aggregationRule } : {}), rules },
    recreate: false,
  };
}

function sameSubject(a: Subject, b: Subject): boolean {
  return a.kind === b.kind && a.name === b.name && (a.namespace ?? '') === (b.namespace ?? '') && (a.apiGroup ?? '') === (b.apiGroup ?? '');
}

export function reconcileClusterRoleBinding(
  existing: ClusterRoleBinding,
  expected: ClusterRoleBinding,
): Reconciled<ClusterRoleBinding> | undefined {
  if (isProtected(existing)) return undefined;
  const { meta, changed: metaChanged } = mergedMeta(existing, expected);
  const refChanged = !deepEqual(existing.roleRef, expected.roleRef);
  const have = existing.subjects ?? [];
  const lacking = (expected.subjects ?? []).filter((s) => !have.some((h) => sameSubject(h, s)));
  if (!metaChanged && !refChanged && !lacking.length) return undefined;
  return {
    object: {
      ...existing,
      metadata: { ...existing.metadata, ...meta },
      roleRef: expected.roleRef,
      subjects: [...have, ...lacking],
    },
    recreate: refChanged,
  };
}
