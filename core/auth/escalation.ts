/**
 * RBAC escalation prevention: a user may create or change a role only with rules it already holds
 * (or the `escalate` verb on roles), and bind a role only if it holds the role's rules (or the
 * `bind` verb on it), as the real RBAC storage checks them.
 */
import type { PolicyRule } from '../registry/types/rbac-v1.ts';
import { orchGroup } from './attributes.ts';
import { apiGroupMatches } from './rbac/rules.ts';

const has = (list: readonly string[] | undefined, v: string) => !!list && (list.includes('*') || list.includes(v));

/**
 * One verb on one group/resource/name, or one verb on one URL: the atoms a rule breaks into, in
 * the real breakdown's order (group, resource, verb, name; then URL, verb), so that the verbs
 * `compactRules` gathers for one resource keep the order the rules wrote them in.
 */
function atoms(rule: PolicyRule): PolicyRule[] {
  const out: PolicyRule[] = [];
  for (const group of rule.apiGroups ?? []) {
    for (const resource of rule.resources ?? []) {
      for (const verb of rule.verbs ?? []) {
        const names = rule.resourceNames?.length ? rule.resourceNames : [undefined];
        for (const name of names)
          out.push({ verbs: [verb], apiGroups: [group], resources: [resource], ...(name !== undefined ? { resourceNames: [name] } : {}) });
      }
    }
  }
  for (const url of rule.nonResourceURLs ?? []) for (const verb of rule.verbs ?? []) out.push({ verbs: [verb], nonResourceURLs: [url] });
  return out;
}

function coversAtom(owner: PolicyRule, atom: PolicyRule): boolean {
  const verb = atom.verbs![0];
  if (!has(owner.verbs ?? undefined, verb)) return false;
  if (atom.nonResourceURLs) {
    const url = atom.nonResourceURLs[0];
    return (owner.nonResourceURLs ?? []).some((u) => u === '*' || u === url || (u.endsWith('*') && url.startsWith(u.slice(0, -1))));
  }
  // Either spelling of a group names it (`coordination.k8s.io` is `coordination.orch.io`), as in authorization.
  if (!apiGroupMatches(owner, orchGroup(atom.apiGroups![0]))) return false;
  const res = atom.resources![0];
  const sub = res.includes('/') ? res.slice(res.indexOf('/') + 1) : '';
  const resOk = (owner.resources ?? []).some((r) => r === '*' || r === res || (sub && r === `*/${sub}`));
  if (!resOk) return false;
  const names = owner.resourceNames ?? [];
  if (!names.length) return true;
  return atom.resourceNames !== undefined && names.includes(atom.resourceNames[0]);
}

/** The atoms of `wanted` no rule of `owned` covers (empty: the user holds them all). */
export function uncovered(owned: readonly PolicyRule[], wanted: readonly PolicyRule[]): PolicyRule[] {
  return wanted.flatMap(atoms).filter((a) => !owned.some((o) => coversAtom(o, a)));
}

/**
 * Merges rules that name one group, one resource and at most one resource name, and differ only in
 * verbs, into one rule per group/resource/name whose verbs are theirs in order (repeats kept), as
 * the real escalation message does before listing the missing atoms. Any other rule (URLs, several
 * names) stays as it is, ahead of the merged ones.
 */
export function compactRules(rules: readonly PolicyRule[]): PolicyRule[] {
  const kept: PolicyRule[] = [];
  const merged = new Map<string, PolicyRule>();
  for (const r of rules) {
    const simple =
      !r.nonResourceURLs?.length && (r.resourceNames?.length ?? 0) <= 1 && r.apiGroups?.length === 1 && r.resources?.length === 1;
    if (!simple) {
      kept.push(r);
      continue;
    }
    const key = JSON.stringify([r.apiGroups![0], r.resources![0], r.resourceNames?.[0] ?? null]);
    const into = merged.get(key);
    if (into) into.verbs = [...(into.verbs ?? []), ...(r.verbs ?? [])];
    else merged.set(key, { ...r, verbs: [...(r.verbs ?? [])] });
  }
  return [...kept, ...merged.values()];
}

/** The real message's listing of a rule: `{APIGroups:["apps"], Resources:["deployments"], Verbs:["get"]}`. */
export function describeRule(r: PolicyRule): string {
  const q = (xs: readonly string[]) => `[${xs.map((x) => JSON.stringify(x)).join(' ')}]`;
  const parts: string[] = [];
  if (r.apiGroups?.length) parts.push(`APIGroups:${q(r.apiGroups)}`);
  if (r.resources?.length) parts.push(`Resources:${q(r.resources)}`);
  if (r.nonResourceURLs?.length) parts.push(`NonResourceURLs:${q(r.nonResourceURLs)}`);
  if (r.resourceNames?.length) parts.push(`ResourceNames:${q(r.resourceNames)}`);
  if (r.verbs?.length) parts.push(`Verbs:${q(r.verbs)}`);
  return `{${parts.join(', ')}}`;
}
