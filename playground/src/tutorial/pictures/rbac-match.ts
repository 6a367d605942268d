/**
 * How RBAC decides one request, told for the picture: the request's attributes (from the
 * learner's request: who, verb, resource, namespace), each ClusterRoleBinding (granting its
 * ClusterRole everywhere) and each RoleBinding of the namespace (granting its Role, or a
 * ClusterRole's rules within the namespace only) with whether its subjects name the user, and
 * each rule of the role with which of its parts match. The server decides for real; this retells
 * it from the objects the lesson watches.
 */
import type { LoggedRequest } from '../lesson.ts';

export interface RequestAttributes {
  readonly user: string;
  readonly groups: readonly string[];
  readonly verb: string;
  readonly apiGroup: string;
  readonly resource: string;
  readonly namespace: string;
  readonly name: string;
}

export interface RbacRule {
  readonly verbs?: readonly string[];
  readonly apiGroups?: readonly string[];
  readonly resources?: readonly string[];
  readonly resourceNames?: readonly string[];
  /** A rule for paths such as /healthz or /api (discovery): it never matches a resource request. */
  readonly nonResourceURLs?: readonly string[];
}

interface Subject {
  readonly kind: string;
  readonly name: string;
  readonly namespace?: string;
}

export interface RbacObject {
  readonly kind: string;
  readonly metadata: { readonly name?: string; readonly namespace?: string };
  readonly rules?: readonly RbacRule[];
  readonly subjects?: readonly Subject[];
  readonly roleRef?: { readonly kind: string; readonly name: string };
}

export interface RuleMatch {
  readonly rule: RbacRule;
  readonly verb: boolean;
  readonly apiGroup: boolean;
  readonly resource: boolean;
  readonly resourceName: boolean;
  readonly matches: boolean;
}

export type BindingKind = 'ClusterRoleBinding' | 'RoleBinding';

export interface BindingMatch {
  readonly kind: BindingKind;
  readonly binding: string;
  readonly role: string;
  readonly subjects: readonly string[];
  readonly subjectMatches: boolean;
  /** Undefined: the role it refers to does not exist. */
  readonly rules: readonly RuleMatch[] | undefined;
}

export interface Explanation {
  readonly attributes: RequestAttributes;
  readonly bindings: readonly BindingMatch[];
  /** Who allowed it, or why nothing did. */
  readonly verdict: { readonly allowed: boolean; readonly why: string };
}

const MASTERS = 'system:masters';

/** The request's attributes; undefined when it is not a request for a resource. */
export function attributesOf(req: Pick<LoggedRequest, 'method' | 'path' | 'requestHeaders'>): RequestAttributes | undefined {
  const [pathname = '', query = ''] = req.path.split('?');
  const parts = pathname.split('/').filter(Boolean);
  let rest: string[];
  let apiGroup: string;
  if (parts[0] === 'api' && parts.length >= 3) {
    apiGroup = '';
    rest = parts.slice(2);
  } else if (parts[0] === 'apis' && parts.length >= 4) {
    apiGroup = parts[1] ?? '';
    rest = parts.slice(3);
  } else return undefined;
  let namespace = '';
  if (rest[0] === 'namespaces' && rest.length >= 3) {
    namespace = rest[1] ?? '';
    rest = rest.slice(2);
  }
  const [resource = '', name = ''] = rest;
  const watch = /(^|&)watch=(1|true)(&|$)/.test(query);
  const verbs: Record<string, string> = { POST: 'create', PUT: 'update', PATCH: 'patch', DELETE: name ? 'delete' : 'deletecollection' };
  const verb = req.method === 'GET' ? (watch ? 'watch' : name ? 'get' : 'list') : (verbs[req.method] ?? req.method.toLowerCase());
  const h = req.requestHeaders;
  const impersonated = h['impersonate-user'];
  const user = impersonated ?? 'admin';
  const groups = impersonated
    ? [
        ...(h['impersonate-group'] ?? '')
          .split(',')
          .map((g) => g.trim())
          .filter(Boolean),
        'system:authenticated',
      ]
    : [MASTERS, 'system:authenticated'];
  return { user, groups, verb, apiGroup, resource, namespace, name };
}

const has = (list: readonly string[] | undefined, value: string): boolean => (list ?? []).some((x) => x === '*' || x === value);

export function ruleMatch(rule: RbacRule, a: RequestAttributes): RuleMatch {
  const verb = has(rule.verbs, a.verb);
  const apiGroup = has(rule.apiGroups, a.apiGroup);
  const resource = has(rule.resources, a.resource);
  // resourceNames never allow a list, a watch of all or a create: those have no name to match.
  const resourceName = !rule.resourceNames?.length || (a.name !== '' && rule.resourceNames.includes(a.name));
  return { rule, verb, apiGroup, resource, resourceName, matches: verb && apiGroup && resource && resourceName };
}

function subjectNames(s: Subject, a: RequestAttributes, namespace: string): boolean {
  if (s.kind === 'User') return s.name === a.user;
  if (s.kind === 'Group') return a.groups.includes(s.name);
  if (s.kind === 'ServiceAccount') return a.user === `system:serviceaccount:${s.namespace ?? namespace}:${s.name}`;
  return false;
}

/**
 * A binding against the request. A ClusterRoleBinding may refer only to a ClusterRole; a
 * RoleBinding to a Role of its own namespace or to a ClusterRole.
 */
function bindingMatch(b: RbacObject, a: RequestAttributes, objects: readonly RbacObject[]): BindingMatch {
  const kind = b.kind as BindingKind;
  const ref = b.roleRef ?? { kind: kind === 'RoleBinding' ? 'Role' : 'ClusterRole', name: '' };
  const namespace = b.metadata.namespace ?? '';
  const role =
    kind === 'ClusterRoleBinding' && ref.kind !== 'ClusterRole'
      ? undefined
      : objects.find(
          (o) => o.kind === ref.kind && o.metadata.name === ref.name && (ref.kind === 'ClusterRole' || o.metadata.namespace === namespace),
        );
  return {
    kind,
    binding: b.metadata.name ?? '',
    role: `${ref.kind} ${ref.name}`,
    subjects: (b.subjects ?? []).map((s) => `${s.kind} ${s.name}`),
    subjectMatches: (b.subjects ?? []).some((s) => subjectNames(s, a, namespace)),
    rules: role ? (role.rules ?? []).map((r) => ruleMatch(r, a)) : undefined,
  };
}

/** Why the request was (or would be) allowed or denied, from the roles and bindings given. */
export function explain(a: RequestAttributes, objects: readonly RbacObject[]): Explanation {
  // As the server's authorizer visits them: the cluster-wide bindings first, then the namespace's
  // (a cluster-scoped request has no namespace, so no RoleBinding can grant it).
  const bindings = [
    ...objects.filter((o) => o.kind === 'ClusterRoleBinding'),
    ...objects.filter((o) => o.kind === 'RoleBinding' && a.namespace !== '' && o.metadata.namespace === a.namespace),
  ].map((b) => bindingMatch(b, a, objects));
  const ask = `${a.verb} ${a.resource}${a.apiGroup ? `.${a.apiGroup}` : ''}${a.namespace ? ` in ${a.namespace}` : ''}`;
  if (a.groups.includes(MASTERS)) return { attributes: a, bindings, verdict: { allowed: true, why: `${MASTERS} is allowed everything` } };
  for (const b of bindings) {
    if (!b.subjectMatches || !b.rules) continue;
    const i = b.rules.findIndex((r) => r.matches);
    if (i >= 0) return { attributes: a, bindings, verdict: { allowed: true, why: `${b.kind} ${b.binding} → ${b.role}, rule ${i + 1}` } };
  }
  const roles = (kind: BindingKind) => [...new Set(bindings.filter((b) => b.kind === kind && b.subjectMatches).map((b) => b.role))];
  const why: string[] = [];
  if (a.namespace) {
    const granted = roles('RoleBinding');
    why.push(
      granted.length ? `no rule of ${granted.join(', ')} allows ${ask}` : `no RoleBinding in ${a.namespace} names ${a.user} or its groups`,
    );
  }
  // Without any ClusterRoleBinding among the objects the picture was not told of them: say nothing.
  if (!a.namespace || objects.some((o) => o.kind === 'ClusterRoleBinding')) {
    const granted = roles('ClusterRoleBinding');
    why.push(
      granted.length
        ? `no rule of ${granted.join(', ')} (bound cluster-wide) allows ${ask}`
        : `no ClusterRoleBinding names ${a.user} or its groups`,
    );
  }
  return { attributes: a, bindings, verdict: { allowed: false, why: why.join('; ') } };
}
