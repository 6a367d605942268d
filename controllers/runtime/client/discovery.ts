/**
 * Which resources the server serves, from its discovery documents (`/api`, `/api/v1`, `/apis`,
 * `/apis/{group}/{version}`), one entry per group and resource at the version the server prefers,
 * as the real client's "preferred resources" are. A group version that fails to answer is
 * reported and left out; the rest is still returned, because callers (the namespace controller,
 * the garbage collector) can do useful work with a partial list.
 */
import type { UnstructuredObject } from '../api/custom-resources.ts';
import { resourceType, type ResourceType } from '../api/resources.ts';
import type { KubeObject } from '../api/types.ts';
import type { Client } from './client.ts';

export interface DiscoveredResource extends ResourceType {
  readonly verbs: readonly string[];
  readonly singularName?: string;
  readonly shortNames?: readonly string[];
  readonly categories?: readonly string[];
}

interface APIResource {
  name: string;
  namespaced: boolean;
  kind: string;
  verbs?: string[];
  singularName?: string;
  shortNames?: string[];
  categories?: string[];
}
interface APIResourceList {
  groupVersion: string;
  resources: APIResource[];
}
interface GroupVersionForDiscovery {
  groupVersion: string;
  version: string;
}
interface APIGroupList {
  groups: { name: string; versions: GroupVersionForDiscovery[]; preferredVersion?: GroupVersionForDiscovery }[];
}

export interface DiscoveryResult {
  readonly resources: readonly DiscoveredResource[];
  /** Group versions whose resource lists could not be read, with why. */
  readonly failed: ReadonlyMap<string, Error>;
}

/** The real client's wording for a partial discovery. */
export class GroupDiscoveryFailedError extends Error {
  constructor(readonly failed: ReadonlyMap<string, Error>) {
    super(`unable to retrieve the complete list of server APIs: ${[...failed].map(([gv, e]) => `${gv}: ${e.message}`).join(', ')}`);
    this.name = 'GroupDiscoveryFailedError';
  }
}

export async function discoverResources(client: Client): Promise<DiscoveryResult> {
  const groupVersions: { group: string; version: string }[] = [];
  const core = await client.requestJson<{ versions: string[] }>('GET', '/api');
  for (const v of core.versions ?? []) groupVersions.push({ group: '', version: v });
  const groups = await client.requestJson<APIGroupList>('GET', '/apis');
  for (const g of groups.groups ?? []) {
    const preferred = g.preferredVersion?.version;
    const versions = g.versions.map((v) => v.version);
    const ordered = preferred ? [preferred, ...versions.filter((v) => v !== preferred)] : versions;
    for (const v of ordered) groupVersions.push({ group: g.name, version: v });
  }

  const lists = await Promise.all(
    groupVersions.map(async ({ group, version }) => {
      const path = group ? `/apis/${group}/${version}` : `/api/${version}`;
      try {
        return { group, version, list: await client.requestJson<APIResourceList>('GET', path) };
      } catch (err) {
        return { group, version, error: err instanceof Error ? err : new Error(String(err)) };
      }
    }),
  );

  const seen = new Set<string>();
  const resources: DiscoveredResource[] = [];
  const failed = new Map<string, Error>();
  for (const entry of lists) {
    const gv = entry.group ? `${entry.group}/${entry.version}` : entry.version;
    if ('error' in entry && entry.error) {
      failed.set(gv, entry.error);
      continue;
    }
    for (const r of entry.list?.resources ?? []) {
      if (r.name.includes('/')) continue; // subresources
      const id = `${entry.group}/${r.name}`;
      if (seen.has(id)) continue;
      seen.add(id);
      resources.push({
        ...resourceType({ group: entry.group, version: entry.version, resource: r.name, kind: r.kind, namespaced: r.namespaced }),
        verbs: r.verbs ?? [],
        ...(r.singularName ? { singularName: r.singularName } : {}),
        ...(r.shortNames?.length ? { shortNames: r.shortNames } : {}),
        ...(r.categories?.length ? { categories: r.categories } : {}),
      });
    }
  }
  return { resources, failed };
}

/** Resources that support every verb given (`['list', 'watch', 'delete']`). */
export function supportingVerbs(resources: readonly DiscoveredResource[], verbs: readonly string[]): DiscoveredResource[] {
  return resources.filter((r) => verbs.every((v) => r.verbs.includes(v)));
}

/**
 * The resource a name means, as kubectl resolves `kubectl get <name>`: a plural, singular, short
 * name or kind (any case), optionally qualified by its group (`websites.example.com`,
 * `Website.example.com`). Built-in and custom resources alike; at the server's preferred version.
 */
export function findResource(resources: readonly DiscoveredResource[], name: string): DiscoveredResource | undefined {
  const lower = name.toLowerCase();
  const matches = (r: DiscoveredResource, n: string) =>
    r.resource === n || r.singularName === n || r.kind.toLowerCase() === n || (r.shortNames ?? []).includes(n);
  return (
    resources.find((r) => matches(r, lower)) ??
    resources.find((r) => r.group && lower.endsWith(`.${r.group}`) && matches(r, lower.slice(0, -r.group.length - 1)))
  );
}

/** `findResource` over the server's discovery, typed as the caller says its objects are. */
export async function resolveResource<T extends KubeObject = UnstructuredObject>(client: Client, name: string): Promise<ResourceType<T>> {
  const { resources } = await discoverResources(client);
  const found = findResource(resources, name);
  if (!found) throw new Error(`the server doesn't have a resource type "${name}"`);
  return resourceType<T>(found);
}
