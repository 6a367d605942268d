/**
 * Which resources the server has, from discovery (`/api`, `/apis`) as the controller runtime reads
 * it. Until discovery is served, the worker's control surface lists the kinds it serves.
 */
import { apiVersionOf, discoverResources, type DiscoveredResource } from '../../../controllers/runtime/index.ts';
import type { KindInfo } from '../../../worker/index.ts';
import { compareStrings } from '../../../core/util/index.ts';
import { client } from './client.ts';

/** A served resource and its verbs. */
export type ResourceType = DiscoveredResource;

export async function discover(fallback: () => Promise<readonly KindInfo[]>): Promise<ResourceType[]> {
  try {
    const { resources, failed } = await discoverResources(client);
    // A partial answer is no answer here: the kinds the worker lists are complete.
    if (failed.size) throw [...failed.values()][0];
    return sortTypes([...resources]);
  } catch {
    const kinds = await fallback();
    return sortTypes(
      kinds.map((k) => ({
        group: k.group,
        version: k.version,
        resource: k.resource,
        kind: k.kind,
        namespaced: k.namespaced,
        verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'],
      })),
    );
  }
}

function sortTypes(types: ResourceType[]): ResourceType[] {
  // Code point order, not localeCompare: its first call builds an ICU collator (~40 ms of a
  // cold start measured in the page).
  return types.sort((a, b) => compareStrings(a.group, b.group) || compareStrings(a.resource, b.resource));
}

/** The collection path: in a namespace, or across all of them when `namespace` is empty. */
export function collectionPath(t: ResourceType, namespace = ''): string {
  return client.resource(t, namespace || undefined).collectionPath();
}

/** An object's path; unlike the client's, it takes an empty name (the server then says what is wrong). */
export function objectPath(t: ResourceType, namespace: string, name: string): string {
  return `${collectionPath(t, namespace)}/${encodeURIComponent(name)}`;
}

export function findType(types: readonly ResourceType[], apiVersion: string, kind: string): ResourceType | undefined {
  return types.find((t) => apiVersionOf(t) === apiVersion && t.kind === kind);
}
