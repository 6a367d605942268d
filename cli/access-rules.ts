/**
 * The table `auth can-i --list` prints from a SelfSubjectRulesReview, shaped as the real client
 * shapes it: every rule broken down to one verb × group × resource × name (one verb × URL for
 * non-resource rules), the single-resource pieces gathered again per group/resource/name with
 * their verbs in the order first met, then sorted by the Go text of the rule (verbs first), which is
 * why `[create]` rows come before `[get]` rows.
 */
import { TabWriter } from './printers/tab-writer.ts';

export interface ResourceRule {
  readonly verbs?: readonly string[];
  readonly apiGroups?: readonly string[];
  readonly resources?: readonly string[];
  readonly resourceNames?: readonly string[];
}

export interface NonResourceRule {
  readonly verbs?: readonly string[];
  readonly nonResourceURLs?: readonly string[];
}

export interface RulesReviewStatus {
  readonly resourceRules?: readonly ResourceRule[];
  readonly nonResourceRules?: readonly NonResourceRule[];
  readonly incomplete?: boolean;
  readonly evaluationError?: string;
}

interface Rule {
  verbs: string[];
  apiGroups: string[];
  resources: string[];
  resourceNames: string[];
  nonResourceURLs: string[];
}

const rule = (r: Partial<Rule>): Rule => ({
  verbs: r.verbs ?? [],
  apiGroups: r.apiGroups ?? [],
  resources: r.resources ?? [],
  resourceNames: r.resourceNames ?? [],
  nonResourceURLs: r.nonResourceURLs ?? [],
});

function breakdown(r: Rule): Rule[] {
  const out: Rule[] = [];
  for (const group of r.apiGroups)
    for (const resource of r.resources)
      for (const verb of r.verbs) {
        const base = { apiGroups: [group], resources: [resource], verbs: [verb] };
        if (r.resourceNames.length === 0) out.push(rule(base));
        else for (const name of r.resourceNames) out.push(rule({ ...base, resourceNames: [name] }));
      }
  for (const url of r.nonResourceURLs) for (const verb of r.verbs) out.push(rule({ nonResourceURLs: [url], verbs: [verb] }));
  return out;
}

/** Pieces naming one group, one resource and at most one name merge their verbs; others stay. */
function compact(rules: readonly Rule[]): Rule[] {
  const kept: Rule[] = [];
  const simple = new Map<string, Rule>();
  for (const r of rules) {
    const isSimple = r.resourceNames.length <= 1 && r.nonResourceURLs.length === 0 && r.apiGroups.length === 1 && r.resources.length === 1;
    if (!isSimple) {
      kept.push(r);
      continue;
    }
    const key = JSON.stringify([r.apiGroups[0], r.resources[0], r.resourceNames.length > 0, r.resourceNames[0] ?? '']);
    const existing = simple.get(key);
    // kubectl 1.32 keeps each verb once, in the order first met (checked against its output).
    if (existing) existing.verbs.push(...r.verbs.filter((v) => !existing.verbs.includes(v)));
    else simple.set(key, rule({ ...r, verbs: [...r.verbs] }));
  }
  return [...kept, ...simple.values()];
}

/** Go's `%v` of a string slice. */
const list = (xs: readonly string[]) => `[${xs.join(' ')}]`;

/** The generated String() of rbac/v1 PolicyRule, the real client's sort key. */
const goText = (r: Rule) =>
  `&PolicyRule{Verbs:${list(r.verbs)},APIGroups:${list(r.apiGroups)},Resources:${list(r.resources)},ResourceNames:${list(r.resourceNames)},NonResourceURLs:${list(r.nonResourceURLs)},}`;

/** `resource.group/subresource`, as the real client's describe helper joins them. */
function resourceColumn(r: Rule): string {
  const first = r.resources[0];
  if (first === undefined) return '';
  const slash = first.indexOf('/');
  let out = slash < 0 ? first : first.slice(0, slash);
  const group = r.apiGroups[0];
  if (group) out += `.${group}`;
  if (slash >= 0) out += first.slice(slash);
  return out;
}

/** The rows of the table, sorted as the real client sorts them. */
export function accessRows(status: RulesReviewStatus): string[][] {
  const rules = [
    ...(status.resourceRules ?? []).map((r) =>
      rule({
        verbs: [...(r.verbs ?? [])],
        apiGroups: [...(r.apiGroups ?? [])],
        resources: [...(r.resources ?? [])],
        resourceNames: [...(r.resourceNames ?? [])],
      }),
    ),
    ...(status.nonResourceRules ?? []).map((r) => rule({ verbs: [...(r.verbs ?? [])], nonResourceURLs: [...(r.nonResourceURLs ?? [])] })),
  ];
  const keyed = compact(rules.flatMap(breakdown)).map((r) => ({ r, key: goText(r) }));
  // Array.prototype.sort is stable, as the real client's sort.Stable.
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map(({ r }) => [resourceColumn(r), list(r.nonResourceURLs), list(r.resourceNames), list(r.verbs)]);
}

export const ACCESS_HEADERS = ['Resources', 'Non-Resource URLs', 'Resource Names', 'Verbs'];

/** The whole table text (header unless `noHeaders`). */
export function accessTable(status: RulesReviewStatus, noHeaders = false): string {
  const rows = accessRows(status);
  return new TabWriter().format(noHeaders ? rows : [ACCESS_HEADERS, ...rows]);
}
