/**
 * Which resources the server serves, from its discovery documents (`/api`, `/api/v1`, `/apis`,
 * `/apis/{group}/{version}`), one entry per group and resource at the version the server prefers,
 * as the real client's "preferred resources" are. A group version that fails to answer is
 * reported and left out; the rest is still returned, because callers (the namespace controller,
 * the garbage collector) can do useful work with a partial list.
 */
import { resourceType, type ResourceType } from '../api/resources.ts';
import type { Client } from './client.ts';

export interface DiscoveredResource extends ResourceType {
  readonly verbs: readonly string[];
}

interface APIResource {
  name: string;
  namespaced: boolean;
  kind: string;
  verbs?: string[];
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
      });
    }
  }
  return { resources, failed };
}

/** Resources that support every verb given (`['list', 'watch', 'delete']`). */
export function supportingVerbs(resources: readonly DiscoveredResource[], verbs: readonly string[]): DiscoveredResource[] {
  return resources.filter((r) => verbs.every((v) => r.verbs.includes(v)));
}
