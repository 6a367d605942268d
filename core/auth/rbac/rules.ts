/** Whether one RBAC PolicyRule allows a request: the real rule-matching functions. */
import type { PolicyRule } from '../../registry/types/rbac-v1.ts';
import { orchGroup, type Attributes } from '../attributes.ts';

const ALL = '*';

export function verbMatches(rule: PolicyRule, verb: string): boolean {
  const verbs = rule.verbs ?? [];
  return verbs.includes(ALL) || verbs.includes(verb);
}

/**
 * `*`, or the request's group (always the served `orch.io` spelling) by either spelling: a rule
 * is stored as written, and one written for the real platform (`coordination.k8s.io`) grants on
 * the group it names.
 */
export function apiGroupMatches(rule: PolicyRule, group: string): boolean {
  for (const g of rule.apiGroups ?? []) if (g === ALL || g === group || orchGroup(g) === group) return true;
  return false;
}

/** `pods`, `pods/log`, `*`, and `*\/scale` (any resource's scale subresource). */
export function resourceMatches(rule: PolicyRule, combined: string, subresource: string): boolean {
  for (const r of rule.resources ?? []) {
    if (r === ALL || r === combined) return true;
    if (subresource && r.length === subresource.length + 2 && r.startsWith('*/') && r.endsWith(subresource)) return true;
  }
  return false;
}

export function resourceNameMatches(rule: PolicyRule, name: string): boolean {
  const names = rule.resourceNames ?? [];
  return names.length === 0 || names.includes(name);
}

/** `/healthz` exactly, or a prefix ending in `*` (`/apis/*`), or `*` for every path. */
export function nonResourceURLMatches(rule: PolicyRule, path: string): boolean {
  for (const u of rule.nonResourceURLs ?? []) {
    if (u === ALL || u === path) return true;
    if (u.endsWith('*') && path.startsWith(u.slice(0, -1))) return true;
  }
  return false;
}

export function ruleAllows(rule: PolicyRule, a: Attributes): boolean {
  if (!a.isResourceRequest) return verbMatches(rule, a.verb) && nonResourceURLMatches(rule, a.path);
  const combined = a.subresource ? `${a.resource}/${a.subresource}` : a.resource;
  return (
    verbMatches(rule, a.verb) &&
    apiGroupMatches(rule, a.apiGroup) &&
    resourceMatches(rule, combined, a.subresource) &&
    resourceNameMatches(rule, a.name)
  );
}
