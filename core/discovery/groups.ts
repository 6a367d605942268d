/** Group/version facts shared by discovery and OpenAPI, derived from the served kind definitions. */
import { apiVersionOf, ALL_VERBS, type KindDefinition, type Verb } from '../registry/definition.ts';
import { compareStrings } from '../util/compare.ts';

/** The real platform's order of groups in `/apis` (others follow alphabetically). */
const GROUP_ORDER = [
  'apiregistration.orch.io',
  'apps',
  'events.orch.io',
  'authentication.orch.io',
  'authorization.orch.io',
  'autoscaling',
  'batch',
  'certificates.orch.io',
  'networking.orch.io',
  'policy',
  'rbac.authorization.orch.io',
  'storage.orch.io',
  'admissionregistration.orch.io',
  'apiextensions.orch.io',
  'scheduling.orch.io',
  'coordination.orch.io',
  'node.orch.io',
  'discovery.orch.io',
  'flowcontrol.apiserver.orch.io',
  'resource.orch.io',
];

/** Version preference: GA over beta over alpha, higher numbers first (v2 > v1 > v1beta2 > v1beta1 > v1alpha1). */
export function compareVersions(a: string, b: string): number {
  const parse = (v: string) => {
    const m = /^v(\d+)(?:(alpha|beta)(\d+))?$/.exec(v);
    if (!m) return [0, 0, 0];
    const level = m[2] === 'alpha' ? 0 : m[2] === 'beta' ? 1 : 2;
    return [level, Number(m[1]), Number(m[3] ?? 0)];
  };
  const [la, ma, na] = parse(a);
  const [lb, mb, nb] = parse(b);
  return lb - la || mb - ma || nb - na || compareStrings(a, b);
}

export interface GroupInfo {
  readonly name: string;
  /** Served versions, most preferred first. */
  readonly versions: readonly string[];
  readonly kinds: ReadonlyMap<string, readonly KindDefinition[]>;
}

export function groupsOf(kinds: readonly KindDefinition[]): GroupInfo[] {
  const byGroup = new Map<string, Map<string, KindDefinition[]>>();
  for (const k of kinds) {
    let versions = byGroup.get(k.group);
    if (!versions) byGroup.set(k.group, (versions = new Map()));
    let list = versions.get(k.version);
    if (!list) versions.set(k.version, (list = []));
    list.push(k);
  }
  const rank = (g: string) => {
    const i = GROUP_ORDER.indexOf(g);
    return i < 0 ? GROUP_ORDER.length : i;
  };
  return [...byGroup.entries()]
    .sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : rank(a) - rank(b) || compareStrings(a, b)))
    .map(([name, versions]) => ({
      name,
      versions: [...versions.keys()].sort(compareVersions),
      kinds: new Map([...versions.entries()].map(([v, ks]) => [v, [...ks].sort((x, y) => compareStrings(x.resource, y.resource))])),
    }));
}

/** Verbs discovery lists while a custom resource's definition is being deleted. */
const TERMINATING_VERBS: readonly Verb[] = ['delete', 'deletecollection', 'get', 'list', 'watch'];

export function verbsOf(def: KindDefinition): Verb[] {
  return [...(def.verbs ?? ALL_VERBS)].filter((v) => !def.terminating || TERMINATING_VERBS.includes(v)).sort();
}

/** Subresources with their verbs and response kinds, sorted by name. */
export function subresourcesOf(def: KindDefinition): { name: string; verbs: Verb[]; group: string; version: string; kind: string }[] {
  return Object.entries(def.subresources ?? {})
    .sort(([a], [b]) => compareStrings(a, b))
    .map(([name, sub]) => {
      if (sub.kind === 'scale')
        return { name, verbs: ['get', 'patch', 'update'] as Verb[], group: 'autoscaling', version: 'v1', kind: 'Scale' };
      if (sub.kind === 'create') {
        const [g, v] = sub.apiVersion.includes('/') ? sub.apiVersion.split('/') : ['', sub.apiVersion];
        return { name, verbs: ['create'] as Verb[], group: g, version: v, kind: sub.bodyKind };
      }
      return { name, verbs: [...sub.verbs].sort(), group: def.group, version: def.version, kind: def.kind };
    });
}

export { apiVersionOf };
