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

/**
 * The aggregated form of `/api` and `/apis` (one document each, with every group version's
 * resources), which the real client asks for first; a server that does not have it answers the
 * plain documents, and the group versions are then read one by one.
 */
const AGGREGATED_ACCEPT = 'application/json;g=apidiscovery.orch.io;v=v2;as=APIGroupDiscoveryList,application/json';

interface DiscoveryResource {
  resource: string;
  responseKind?: { kind?: string };
  scope?: string;
  singularResource?: string;
  verbs?: string[];
  shortNames?: string[];
  categories?: string[];
}
interface APIGroupDiscoveryList {
  kind: 'APIGroupDiscoveryList';
  items?: { metadata?: { name?: string }; versions?: { version: string; resources?: DiscoveryResource[]; freshness?: string }[] }[];
}

type Listed = { group: string; version: string; list: APIResourceList } | { group: string; version: string; error: Error };

function isAggregated(doc: unknown): doc is APIGroupDiscoveryList {
  return (doc as { kind?: unknown } | null)?.kind === 'APIGroupDiscoveryList';
}

/** The resource lists an aggregated document holds; a stale group version counts as failed, as the real client counts it. */
function fromAggregated(doc: APIGroupDiscoveryList): Listed[] {
  const out: Listed[] = [];
  for (const g of doc.items ?? []) {
    const group = g.metadata?.name ?? '';
    for (const v of g.versions ?? []) {
      if (v.freshness === 'Stale') {
        out.push({ group, version: v.version, error: new Error('the group version is stale') });
        continue;
      }
      const resources: APIResource[] = (v.resources ?? []).map((r) => ({
        name: r.resource,
        namespaced: r.scope === 'Namespaced',
        kind: r.responseKind?.kind ?? '',
        verbs: r.verbs,
        ...(r.singularResource ? { singularName: r.singularResource } : {}),
        ...(r.shortNames ? { shortNames: r.shortNames } : {}),
        ...(r.categories ? { categories: r.categories } : {}),
      }));
      out.push({ group, version: v.version, list: { groupVersion: group ? `${group}/${v.version}` : v.version, resources } });
    }
  }
  return out;
}

/** The group versions of the plain documents, each read on its own (preferred version first). */
async function fromPlain(client: Client, core: { versions?: string[] }, groups: APIGroupList): Promise<Listed[]> {
  const groupVersions: { group: string; version: string }[] = [];
  for (const v of core.versions ?? []) groupVersions.push({ group: '', version: v });
  for (const g of groups.groups ?? []) {
    const preferred = g.preferredVersion?.version;
    const versions = g.versions.map((v) => v.version);
    const ordered = preferred ? [preferred, ...versions.filter((v) => v !== preferred)] : versions;
    for (const v of ordered) groupVersions.push({ group: g.name, version: v });
  }
  return Promise.all(
    groupVersions.map(async ({ group, version }): Promise<Listed> => {
      const path = group ? `/apis/${group}/${version}` : `/api/${version}`;
      try {
        return { group, version, list: await client.requestJson<APIResourceList>('GET', path) };
      } catch (err) {
        return { group, version, error: err instanceof Error ? err : new Error(String(err)) };
      }
    }),
  );
}

export async function discoverResources(client: Client): Promise<DiscoveryResult> {
  // Both documents at once: a browser tab starting its lesson waits on this.
  const [core, groups] = await Promise.all([
    client.requestJson<{ versions?: string[] } | APIGroupDiscoveryList>('GET', '/api', { accept: AGGREGATED_ACCEPT }),
    client.requestJson<APIGroupList | APIGroupDiscoveryList>('GET', '/apis', { accept: AGGREGATED_ACCEPT }),
  ]);
  const lists = (
    await Promise.all([
      isAggregated(core) ? fromAggregated(core) : fromPlain(client, core, { groups: [] }),
      isAggregated(groups) ? fromAggregated(groups) : fromPlain(client, {}, groups),
    ])
  ).flat();

  const seen = new Set<string>();
  const resources: DiscoveredResource[] = [];
  const failed = new Map<string, Error>();
  for (const entry of lists) {
    const gv = entry.group ? `${entry.group}/${entry.version}` : entry.version;
    if ('error' in entry) {
      failed.set(gv, entry.error);
      continue;
    }
    for (const r of entry.list.resources ?? []) {
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
