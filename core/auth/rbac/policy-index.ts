/**
 * The RBAC objects, indexed for authorization: roles by name, and bindings by the subjects they
 * name, so a request looks only at the bindings of its own user, groups and service account. The
 * index is rebuilt on first use after any RBAC object changed; `generation` counts the changes
 * (decision caches key on it).
 */
import type { ClusterRole, ClusterRoleBinding, PolicyRule, Role, RoleBinding, Subject } from '../../registry/types/rbac-v1.ts';
import type { UserInfo } from '../user.ts';

export type RbacResource = 'roles' | 'clusterroles' | 'rolebindings' | 'clusterrolebindings';

/** Where the objects come from (the registries of the server; a fixed list in tests). */
export interface PolicySource {
  list(resource: 'roles'): readonly Role[];
  list(resource: 'clusterroles'): readonly ClusterRole[];
  list(resource: 'rolebindings'): readonly RoleBinding[];
  list(resource: 'clusterrolebindings'): readonly ClusterRoleBinding[];
  /** Calls back after any RBAC object changed. */
  onChange(listener: () => void): void;
}

interface RoleRefEntry {
  readonly kind: string;
  readonly name: string;
  /** The binding's namespace ('' for a ClusterRoleBinding). */
  readonly namespace: string;
  /** Description of the binding, for reasons. */
  readonly binding: string;
}

/** Bindings by subject: `u:<name>`, `g:<group>`, `sa:<ns>:<name>`. */
type BySubject = Map<string, RoleRefEntry[]>;

class Snapshot {
  readonly roles = new Map<string, readonly PolicyRule[]>();
  readonly clusterRoles = new Map<string, readonly PolicyRule[]>();
  readonly cluster: BySubject = new Map();
  readonly namespaced = new Map<string, BySubject>();
}

function subjectKeys(s: Subject, bindingNamespace: string): string[] {
  switch (s.kind) {
    case 'User':
      return [`u:${s.name}`];
    case 'Group':
      return [`g:${s.name}`];
    case 'ServiceAccount': {
      const ns = s.namespace || bindingNamespace;
      return ns ? [`u:system:serviceaccount:${ns}:${s.name}`] : [];
    }
    default:
      return [];
  }
}

function add(map: BySubject, key: string, e: RoleRefEntry): void {
  const list = map.get(key);
  if (list) list.push(e);
  else map.set(key, [e]);
}

export class PolicyIndex {
  private snapshot: Snapshot | undefined;
  generation = 0;

  constructor(private readonly source: PolicySource) {
    source.onChange(() => {
      this.snapshot = undefined;
      this.generation++;
    });
  }

  private current(): Snapshot {
    if (this.snapshot) return this.snapshot;
    const s = new Snapshot();
    for (const r of this.source.list('roles')) s.roles.set(`${r.metadata?.namespace}/${r.metadata?.name}`, r.rules ?? []);
    for (const r of this.source.list('clusterroles')) s.clusterRoles.set(r.metadata?.name ?? '', r.rules ?? []);
    for (const b of this.source.list('clusterrolebindings')) {
      const e = {
        kind: b.roleRef.kind ?? '',
        name: b.roleRef.name ?? '',
        namespace: '',
        binding: `ClusterRoleBinding "${b.metadata?.name}"`,
      };
      for (const subj of b.subjects ?? []) for (const k of subjectKeys(subj, '')) add(s.cluster, k, e);
    }
    for (const b of this.source.list('rolebindings')) {
      const ns = b.metadata?.namespace ?? '';
      let map = s.namespaced.get(ns);
      if (!map) s.namespaced.set(ns, (map = new Map()));
      const e = {
        kind: b.roleRef.kind ?? '',
        name: b.roleRef.name ?? '',
        namespace: ns,
        binding: `RoleBinding "${b.metadata?.name}/${ns}"`,
      };
      for (const subj of b.subjects ?? []) for (const k of subjectKeys(subj, ns)) add(map, k, e);
    }
    this.snapshot = s;
    return s;
  }

  /**
   * Calls `visit` with the rules of every role bound to the user cluster-wide and, when a
   * namespace is given, in that namespace; stops when `visit` returns true. Returns the errors met
   * (bindings to roles that do not exist), which the real authorizer reports as its reason.
   */
  visitRules(user: UserInfo, namespace: string, visit: (rule: PolicyRule) => boolean): { found: boolean; errors: string[] } {
    const s = this.current();
    const keys = [`u:${user.name}`, ...user.groups.map((g) => `g:${g}`)];
    const errors: string[] = [];
    const walk = (map: BySubject | undefined): boolean => {
      if (!map) return false;
      for (const k of keys) {
        for (const e of map.get(k) ?? []) {
          const rules =
            e.kind === 'ClusterRole' ? s.clusterRoles.get(e.name) : e.kind === 'Role' ? s.roles.get(`${e.namespace}/${e.name}`) : undefined;
          if (!rules) {
            errors.push(
              e.kind === 'ClusterRole'
                ? `clusterrole.rbac.authorization.orch.io "${e.name}" not found`
                : `role.rbac.authorization.orch.io "${e.name}" not found`,
            );
            continue;
          }
          for (const r of rules) if (visit(r)) return true;
        }
      }
      return false;
    };
    if (walk(s.cluster)) return { found: true, errors };
    if (namespace && walk(s.namespaced.get(namespace))) return { found: true, errors };
    return { found: false, errors };
  }

  /** The rules of a role a binding refers to (for `bind` escalation checks). */
  roleRules(kind: string, namespace: string, name: string): readonly PolicyRule[] | undefined {
    const s = this.current();
    return kind === 'ClusterRole' ? s.clusterRoles.get(name) : s.roles.get(`${namespace}/${name}`);
  }
}
