/**
 * ClusterRole aggregation, as the real clusterrole-aggregation controller does it: a ClusterRole
 * with an `aggregationRule` carries the rules of every other ClusterRole its selectors match, in
 * name order, each rule once. `aggregationsToWrite` names the roles whose stored rules differ
 * from what they should be; the server writes them after each ClusterRole change.
 */
import type { ClusterRole, PolicyRule } from '../../registry/types/rbac-v1.ts';
import { selectorFromObject } from '../../selection/label-selector.ts';
import { compareStrings } from '../../util/compare.ts';

function ruleKey(r: PolicyRule): string {
  return JSON.stringify([r.verbs ?? [], r.apiGroups ?? [], r.resources ?? [], r.resourceNames ?? [], r.nonResourceURLs ?? []]);
}

export function aggregatedRules(target: ClusterRole, all: readonly ClusterRole[]): PolicyRule[] {
  const selectors = (target.aggregationRule?.clusterRoleSelectors ?? []).map((s) => selectorFromObject(s));
  const rules: PolicyRule[] = [];
  const seen = new Set<string>();
  const sorted = [...all].sort((a, b) => compareStrings(a.metadata?.name ?? '', b.metadata?.name ?? ''));
  for (const role of sorted) {
    if (role.metadata?.name === target.metadata?.name) continue;
    if (!selectors.some((s) => s.matches(role.metadata?.labels))) continue;
    for (const r of role.rules ?? []) {
      const k = ruleKey(r);
      if (seen.has(k)) continue;
      seen.add(k);
      rules.push(r);
    }
  }
  return rules;
}

/** The aggregated roles whose rules are not yet what their selectors make them, with the rules they should have. */
export function aggregationsToWrite(all: readonly ClusterRole[]): { name: string; rules: PolicyRule[] }[] {
  const out: { name: string; rules: PolicyRule[] }[] = [];
  for (const role of all) {
    if (!role.aggregationRule) continue;
    const rules = aggregatedRules(role, all);
    const current = (role.rules ?? []).map(ruleKey);
    const wanted = rules.map(ruleKey);
    if (current.length !== wanted.length || current.some((k, i) => k !== wanted[i])) out.push({ name: role.metadata?.name ?? '', rules });
  }
  return out;
}
