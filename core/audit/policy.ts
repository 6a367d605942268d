/**
 * Audit policy (`--audit-policy-file`, `audit.orch.io/v1` Policy; the `audit.k8s.io` spelling is
 * accepted too): the first rule matching a request gives its level (None, Metadata, Request,
 * RequestResponse) and the stages to leave out; no matching rule means None.
 */
import { load } from 'js-yaml';
import { orchGroup, type Attributes } from '../auth/attributes.ts';
import { isDNS1123Subdomain } from '../meta/names.ts';

export type AuditLevel = 'None' | 'Metadata' | 'Request' | 'RequestResponse';
export type AuditStage = 'RequestReceived' | 'ResponseStarted' | 'ResponseComplete' | 'Panic';

const LEVELS: readonly AuditLevel[] = ['None', 'Metadata', 'Request', 'RequestResponse'];
const STAGES: readonly AuditStage[] = ['RequestReceived', 'ResponseStarted', 'ResponseComplete', 'Panic'];

export interface GroupResources {
  readonly group?: string;
  readonly resources?: readonly string[];
  readonly resourceNames?: readonly string[];
}

export interface AuditPolicyRule {
  readonly level: AuditLevel;
  readonly users?: readonly string[];
  readonly userGroups?: readonly string[];
  readonly verbs?: readonly string[];
  readonly resources?: readonly GroupResources[];
  readonly namespaces?: readonly string[];
  readonly nonResourceURLs?: readonly string[];
  readonly omitStages?: readonly AuditStage[];
  readonly omitManagedFields?: boolean;
}

export interface AuditPolicy {
  readonly rules: readonly AuditPolicyRule[];
  readonly omitStages?: readonly AuditStage[];
  readonly omitManagedFields?: boolean;
}

export class AuditPolicyError extends Error {}

function strings(v: unknown, where: string): string[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.some((s) => typeof s !== 'string')) throw new AuditPolicyError(`${where}: must be a list of strings`);
  return v as string[];
}

function stages(v: unknown, where: string): AuditStage[] | undefined {
  const list = strings(v, where);
  for (const s of list ?? []) if (!STAGES.includes(s as AuditStage)) throw new AuditPolicyError(`${where}: unknown stage "${s}"`);
  return list as AuditStage[] | undefined;
}

/** A rule's `resources`: each group a DNS subdomain ('' for the core group), as the real validation requires. */
function groupResources(v: unknown, where: string): GroupResources[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v)) throw new AuditPolicyError(`${where}: must be a list`);
  return v.map((raw: unknown, i: number): GroupResources => {
    const at = `${where}[${i}]`;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new AuditPolicyError(`${at}: must be an object`);
    const gr = raw as Record<string, unknown>;
    if (gr.group !== undefined && gr.group !== null && typeof gr.group !== 'string')
      throw new AuditPolicyError(`${at}.group: must be a string`);
    const group = gr.group ?? '';
    const errs = group ? isDNS1123Subdomain(group) : [];
    if (errs.length) throw new AuditPolicyError(`${at}.group: Invalid value: ${JSON.stringify(group)}: ${errs.join(',')}`);
    const resources = strings(gr.resources, `${at}.resources`);
    const resourceNames = strings(gr.resourceNames, `${at}.resourceNames`);
    return { group, ...(resources ? { resources } : {}), ...(resourceNames ? { resourceNames } : {}) };
  });
}

/** Parses a policy file (YAML or JSON). */
export function parseAuditPolicy(text: string): AuditPolicy {
  const doc = load(text) as Record<string, unknown> | null;
  if (!doc || typeof doc !== 'object') throw new AuditPolicyError('the audit policy is empty');
  if (doc.kind !== 'Policy' || !/^audit\.(orch|k8s)\.io\/v1$/.test(String(doc.apiVersion))) {
    throw new AuditPolicyError(`the audit policy must be a Policy of audit.orch.io/v1, not ${String(doc.apiVersion)} ${String(doc.kind)}`);
  }
  if (!Array.isArray(doc.rules) || doc.rules.length === 0) throw new AuditPolicyError('the audit policy has no rules');
  const rules = doc.rules.map((raw: Record<string, unknown>, i: number): AuditPolicyRule => {
    const at = `rules[${i}]`;
    if (!LEVELS.includes(raw.level as AuditLevel)) throw new AuditPolicyError(`${at}.level: unknown level "${String(raw.level)}"`);
    const resources = groupResources(raw.resources, `${at}.resources`);
    const nonResourceURLs = strings(raw.nonResourceURLs, `${at}.nonResourceURLs`);
    const namespaces = strings(raw.namespaces, `${at}.namespaces`);
    if ((resources?.length || namespaces?.length) && nonResourceURLs?.length)
      throw new AuditPolicyError(`${at}: rules cannot apply to both regular resources and non-resource URLs`);
    return {
      level: raw.level as AuditLevel,
      users: strings(raw.users, `${at}.users`),
      userGroups: strings(raw.userGroups, `${at}.userGroups`),
      verbs: strings(raw.verbs, `${at}.verbs`),
      resources,
      namespaces,
      nonResourceURLs,
      omitStages: stages(raw.omitStages, `${at}.omitStages`),
      ...(typeof raw.omitManagedFields === 'boolean' ? { omitManagedFields: raw.omitManagedFields } : {}),
    };
  });
  return {
    rules,
    omitStages: stages(doc.omitStages, 'omitStages'),
    ...(typeof doc.omitManagedFields === 'boolean' ? { omitManagedFields: doc.omitManagedFields } : {}),
  };
}

/**
 * One `resources` entry of a rule, by the real checker's rules: the group (its `k8s.io` spelling
 * names the served `orch.io` group requests are audited as, so published policies work as
 * written); no resources means the whole group, whatever `resourceNames` says; else one of
 * `pods`, `pods/log`, `*`, `*\/log` (any resource's log) or `pods/*` (pods and every subresource
 * of pods), for one of `resourceNames` when there are any.
 */
function groupResourcesMatch(gr: GroupResources, a: Attributes & { isResourceRequest: true }): boolean {
  if (orchGroup(gr.group ?? '') !== a.apiGroup) return false;
  if (!gr.resources?.length) return true;
  if (gr.resourceNames?.length && !gr.resourceNames.includes(a.name)) return false;
  const combined = a.subresource ? `${a.resource}/${a.subresource}` : a.resource;
  return gr.resources.some(
    (res) => res === combined || res === '*' || res === `${a.resource}/*` || (!!a.subresource && res === `*/${a.subresource}`),
  );
}

function ruleMatches(r: AuditPolicyRule, a: Attributes): boolean {
  if (r.users?.length && !r.users.includes(a.user.name)) return false;
  if (r.userGroups?.length && !a.user.groups.some((g) => r.userGroups!.includes(g))) return false;
  if (r.verbs?.length && !r.verbs.includes(a.verb)) return false;
  if (r.namespaces?.length || r.resources?.length) {
    if (!a.isResourceRequest) return false;
    if (r.namespaces?.length && !r.namespaces.includes(a.namespace)) return false;
    if (r.resources?.length && !r.resources.some((gr) => groupResourcesMatch(gr, a))) return false;
  }
  if (r.nonResourceURLs?.length) {
    if (a.isResourceRequest) return false;
    const ok = r.nonResourceURLs.some((u) => u === a.path || (u.endsWith('*') && a.path.startsWith(u.slice(0, -1))));
    if (!ok) return false;
  }
  return true;
}

export interface AuditDecision {
  readonly level: AuditLevel;
  readonly omitStages: readonly AuditStage[];
  readonly omitManagedFields: boolean;
}

const NONE: AuditDecision = { level: 'None', omitStages: [], omitManagedFields: false };

export function auditLevelOf(policy: AuditPolicy, a: Attributes): AuditDecision {
  for (const r of policy.rules) {
    if (!ruleMatches(r, a)) continue;
    return {
      level: r.level,
      omitStages: [...(policy.omitStages ?? []), ...(r.omitStages ?? [])],
      omitManagedFields: r.omitManagedFields ?? policy.omitManagedFields ?? false,
    };
  }
  return NONE;
}
