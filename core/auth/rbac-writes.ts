/**
 * Escalation prevention on the object a write stores, as the real RBAC storage checks it: a
 * create, a PUT, every patch type and server-side apply are judged by the role or binding they
 * produce, never by the request body. A role may hold only rules its writer holds (or the writer
 * has `escalate`); an aggregation rule needs full authority; a binding may refer only to a role
 * whose rules the writer holds (or the writer has `bind` on it). A change of nothing but the
 * fields the garbage collector writes (ownerReferences, finalizers) is always allowed.
 */
import { StatusError } from '../errors/status-error.ts';
import type { PolicyRule } from '../registry/types/rbac-v1.ts';
import { deepEqual, type JsonObject } from '../util/json.ts';
import type { Attributes, ResourceAttributes } from './attributes.ts';
import type { Decision } from './authorizer.ts';
import { compactRules, describeRule, uncovered } from './escalation.ts';
import type { UserInfo } from './user.ts';

export const RBAC_GROUP = 'rbac.authorization.orch.io';

const FULL_AUTHORITY: PolicyRule[] = [
  { verbs: ['*'], apiGroups: ['*'], resources: ['*'] },
  { verbs: ['*'], nonResourceURLs: ['*'] },
];

/** What the check asks of the authorizer and the policy. */
export interface RbacWriteDeps {
  authorize(a: Attributes): Decision;
  rulesFor(user: UserInfo, namespace: string): readonly PolicyRule[];
  roleRules(kind: string, namespace: string, name: string): readonly PolicyRule[] | undefined;
}

/** The resources whose writes are checked; undefined for any other. */
export function rbacWriteKind(a: Attributes): 'role' | 'binding' | undefined {
  if (!a.isResourceRequest || a.apiGroup !== RBAC_GROUP || a.subresource) return undefined;
  if (a.resource === 'roles' || a.resource === 'clusterroles') return 'role';
  if (a.resource === 'rolebindings' || a.resource === 'clusterrolebindings') return 'binding';
  return undefined;
}

/** Metadata the garbage collector writes, and bookkeeping every write changes. */
const GC_AND_BOOKKEEPING = ['ownerReferences', 'finalizers', 'managedFields', 'resourceVersion', 'generation'];

function withoutGcFields(obj: JsonObject): JsonObject {
  const meta = { ...((obj.metadata as JsonObject | undefined) ?? {}) };
  for (const k of GC_AND_BOOKKEEPING) delete meta[k];
  return { ...obj, metadata: meta };
}

function onlyGcFieldsChanged(obj: JsonObject, old: JsonObject | undefined): boolean {
  return old !== undefined && deepEqual(withoutGcFields(obj), withoutGcFields(old));
}

function nameOf(obj: JsonObject): string {
  return String((obj.metadata as JsonObject | undefined)?.name ?? '');
}

/**
 * The real message: `user "u" (groups=["a" "b"]) is attempting to grant RBAC permissions not
 * currently held:` and the missing atoms, those of one resource merged into one line, each distinct
 * line once, sorted.
 */
function escalation(a: ResourceAttributes, name: string, missing: readonly PolicyRule[]): StatusError {
  const groups = `[${a.user.groups.map((g) => JSON.stringify(g)).join(' ')}]`;
  const listed = [...new Set(compactRules(missing).map(describeRule))].sort().join('\n');
  return StatusError.forbidden(
    { group: a.apiGroup, resource: a.resource },
    name,
    `user ${JSON.stringify(a.user.name)} (groups=${groups}) is attempting to grant RBAC permissions not currently held:\n${listed}`,
  );
}

/** Throws 403 when the write of `obj` (replacing `old`, if any) would grant what its writer lacks. */
export function confirmRbacWrite(a: ResourceAttributes, obj: JsonObject, old: JsonObject | undefined, deps: RbacWriteDeps): void {
  const kind = rbacWriteKind(a);
  if (!kind || onlyGcFieldsChanged(obj, old)) return;
  const namespace = a.resource === 'roles' || a.resource === 'rolebindings' ? a.namespace : '';
  const name = nameOf(obj) || a.name;
  if (kind === 'role') {
    if (deps.authorize({ ...a, verb: 'escalate' }) === 'Allow') return;
    const held = deps.rulesFor(a.user, namespace);
    const missing = uncovered(held, (obj.rules as PolicyRule[] | undefined) ?? []);
    if (missing.length) throw escalation(a, name, missing);
    if ((obj.aggregationRule || old?.aggregationRule) && uncovered(held, FULL_AUTHORITY).length) {
      throw StatusError.forbidden(
        { group: a.apiGroup, resource: a.resource },
        name,
        'must have cluster-admin privileges to use the aggregationRule',
      );
    }
    return;
  }
  const ref = (obj.roleRef as { kind?: string; name?: string } | undefined) ?? {};
  const refKind = ref.kind ?? '';
  const refName = ref.name ?? '';
  const bind: ResourceAttributes = {
    ...a,
    verb: 'bind',
    resource: refKind === 'Role' ? 'roles' : 'clusterroles',
    subresource: '',
    name: refName,
    namespace,
  };
  if (deps.authorize(bind) === 'Allow') return;
  const rules = deps.roleRules(refKind, namespace, refName);
  if (!rules) {
    throw StatusError.forbidden(
      { group: a.apiGroup, resource: a.resource },
      name,
      `${refKind.toLowerCase()}.${RBAC_GROUP} ${JSON.stringify(refName)} not found`,
    );
  }
  const missing = uncovered(deps.rulesFor(a.user, namespace), rules);
  if (missing.length) throw escalation(a, name, missing);
}
