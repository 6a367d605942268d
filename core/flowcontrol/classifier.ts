/**
 * Which FlowSchema a request matches, by the real rules: schemas in increasing
 * `matchingPrecedence` (then name), the first whose rules match wins; a schema whose priority
 * level does not exist is skipped. The flow a request belongs to is its schema and its
 * distinguisher (ByUser: the user name; ByNamespace: the namespace).
 */
import type { Attributes } from '../auth/attributes.ts';
import type {
  FlowSchema,
  NonResourcePolicyRule,
  PolicyRulesWithSubjects,
  ResourcePolicyRule,
  Subject,
} from '../registry/types/flowcontrol-v1.ts';
import { compareStrings } from '../util/compare.ts';

const ALL = '*';

function subjectMatches(s: Subject, a: Attributes): boolean {
  const u = a.user;
  switch (s.kind) {
    case 'User':
      return s.user?.name === ALL || s.user?.name === u.name;
    case 'Group':
      return s.group?.name === ALL || u.groups.includes(s.group?.name ?? '');
    case 'ServiceAccount': {
      const prefix = 'system:serviceaccount:';
      if (!u.name.startsWith(prefix)) return false;
      const [ns, name] = u.name.slice(prefix.length).split(':');
      const sa = s.serviceAccount;
      return !!sa && (sa.namespace === ALL || sa.namespace === ns) && (sa.name === ALL || sa.name === name);
    }
    default:
      return false;
  }
}

function has(list: readonly string[] | null | undefined, v: string): boolean {
  return !!list && (list.includes(ALL) || list.includes(v));
}

function resourceRuleMatches(r: ResourcePolicyRule, a: Attributes): boolean {
  if (!a.isResourceRequest) return false;
  const resource = a.subresource ? `${a.resource}/${a.subresource}` : a.resource;
  if (!has(r.verbs, a.verb) || !has(r.apiGroups, a.apiGroup) || !has(r.resources, resource)) return false;
  return a.namespace ? has(r.namespaces, a.namespace) : r.clusterScope === true;
}

function nonResourceRuleMatches(r: NonResourcePolicyRule, a: Attributes): boolean {
  if (a.isResourceRequest || !has(r.verbs, a.verb)) return false;
  for (const u of r.nonResourceURLs ?? []) {
    if (u === ALL || u === a.path) return true;
    if (u.endsWith('/*') && (a.path.startsWith(u.slice(0, -1)) || a.path === u.slice(0, -2))) return true;
  }
  return false;
}

function policyMatches(p: PolicyRulesWithSubjects, a: Attributes): boolean {
  if (!(p.subjects ?? []).some((s) => subjectMatches(s, a))) return false;
  return (
    (p.resourceRules ?? []).some((r) => resourceRuleMatches(r, a)) || (p.nonResourceRules ?? []).some((r) => nonResourceRuleMatches(r, a))
  );
}

/** The schemas in the order they are tried. */
export function orderSchemas(schemas: readonly FlowSchema[]): FlowSchema[] {
  return [...schemas].sort(
    (x, y) =>
      (x.spec?.matchingPrecedence ?? 1000) - (y.spec?.matchingPrecedence ?? 1000) ||
      compareStrings(x.metadata?.name ?? '', y.metadata?.name ?? ''),
  );
}

export interface Classification {
  readonly schema: FlowSchema;
  /** The distinguisher value ('' without one). */
  readonly flow: string;
}

/** `ordered` from `orderSchemas`; `levelExists` skips dangling schemas. */
export function classify(
  ordered: readonly FlowSchema[],
  a: Attributes,
  levelExists: (name: string) => boolean,
): Classification | undefined {
  for (const fs of ordered) {
    const spec = fs.spec;
    if (!spec || !levelExists(spec.priorityLevelConfiguration.name ?? '')) continue;
    if (!(spec.rules ?? []).some((p) => policyMatches(p, a))) continue;
    const method = spec.distinguisherMethod?.type;
    const flow = method === 'ByUser' ? a.user.name : method === 'ByNamespace' && a.isResourceRequest ? a.namespace : '';
    return { schema: fs, flow };
  }
  return undefined;
}
