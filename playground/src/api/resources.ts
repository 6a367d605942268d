/**
 * Which resources the server has, from discovery (`/api`, `/apis`). Until discovery is served,
 * the worker's control surface lists the kinds it serves.
 */
import type { KindInfo } from '../../../worker/index.ts';
import { api } from './http.ts';

export interface ResourceType {
  readonly group: string;
  readonly version: string;
  readonly resource: string;
  readonly kind: string;
  readonly namespaced: boolean;
  readonly verbs: readonly string[];
}

interface APIResourceList {
  groupVersion: string;
  resources: { name: string; kind: string; namespaced: boolean; verbs?: string[] }[];
}

interface APIGroupList {
  groups: { name: string; preferredVersion?: { groupVersion: string }; versions: { groupVersion: string }[] }[];
}

function fromList(list: APIResourceList): ResourceType[] {
  const [group, version] = list.groupVersion.includes('/') ? list.groupVersion.split('/') : ['', list.groupVersion];
  return list.resources
    .filter((r) => !r.name.includes('/'))
    .map((r) => ({ group, version, resource: r.name, kind: r.kind, namespaced: r.namespaced, verbs: r.verbs ?? [] }));
}

export async function discover(fallback: () => Promise<readonly KindInfo[]>): Promise<ResourceType[]> {
  try {
    const core = await api<{ versions: string[] }>('GET', '/api');
    const lists: Promise<APIResourceList>[] = core.versions.map((v) => api<APIResourceList>('GET', `/api/${v}`));
    const groups = await api<APIGroupList>('GET', '/apis');
    for (const g of groups.groups) {
      const gv = g.preferredVersion?.groupVersion ?? g.versions[0]?.groupVersion;
      if (gv) lists.push(api<APIResourceList>('GET', `/apis/${gv}`));
    }
    return sortTypes((await Promise.all(lists)).flatMap(fromList));
  } catch {
    const kinds = await fallback();
    return sortTypes(kinds.map((k) => ({ group: k.group, version: k.version, resource: k.resource, kind: k.kind, namespaced: k.namespaced, verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'] })));
  }
}

function sortTypes(types: ResourceType[]): ResourceType[] {
  return types.sort((a, b) => a.group.localeCompare(b.group) || a.resource.localeCompare(b.resource));
}

export function apiVersion(t: Pick<ResourceType, 'group' | 'version'>): string {
  return t.group ? `${t.group}/${t.version}` : t.version;
}

/** The collection path: in a namespace, or across all of them when `namespace` is empty. */
export function collectionPath(t: ResourceType, namespace = ''): string {
  const root = t.group ? `/apis/${t.group}/${t.version}` : `/api/${t.version}`;
  return t.namespaced && namespace ? `${root}/namespaces/${encodeURIComponent(namespace)}/${t.resource}` : `${root}/${t.resource}`;
}

export function objectPath(t: ResourceType, namespace: string, name: string): string {
  return `${collectionPath(t, namespace)}/${encodeURIComponent(name)}`;
}

export function findType(types: readonly ResourceType[], apiVersionValue: string, kind: string): ResourceType | undefined {
  return types.find((t) => apiVersion(t) === apiVersionValue && t.kind === kind);
}
