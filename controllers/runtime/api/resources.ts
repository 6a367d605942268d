/**
 * Which resource a client, informer or controller talks about. A ResourceType carries the object
 * type it serves (a phantom parameter), so `client.resource(CONFIG_MAPS)` is typed as ConfigMaps.
 */
import type { ConfigMap, Event, KubeObject, Namespace } from './types.ts';

export interface ResourceType<T extends KubeObject = KubeObject> {
  /** '' for the core group. */
  readonly group: string;
  readonly version: string;
  /** Plural, as in URLs. */
  readonly resource: string;
  readonly kind: string;
  readonly namespaced: boolean;
  /** Never set; carries T for inference. */
  readonly __object?: T;
}

export function resourceType<T extends KubeObject = KubeObject>(r: Omit<ResourceType<T>, '__object'>): ResourceType<T> {
  return { group: r.group, version: r.version, resource: r.resource, kind: r.kind, namespaced: r.namespaced };
}

export const NAMESPACES = resourceType<Namespace>({ group: '', version: 'v1', resource: 'namespaces', kind: 'Namespace', namespaced: false });
export const CONFIG_MAPS = resourceType<ConfigMap>({ group: '', version: 'v1', resource: 'configmaps', kind: 'ConfigMap', namespaced: true });
export const EVENTS = resourceType<Event>({ group: 'events.orch.io', version: 'v1', resource: 'events', kind: 'Event', namespaced: true });

export function apiVersionOf(r: { readonly group: string; readonly version: string }): string {
  return r.group ? `${r.group}/${r.version}` : r.version;
}

/** `group/version/resource`, a stable identity for maps. */
export function resourceId(r: ResourceType): string {
  return `${r.group}/${r.version}/${r.resource}`;
}

/** The group of an apiVersion (`apps/v1` → `apps`, `v1` → ''). */
export function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}

/** A work-queue and cache key: `namespace/name`, or `name` for cluster-scoped objects. */
export function objectKey(obj: KubeObject): string {
  return keyOf(obj.metadata.namespace ?? '', obj.metadata.name ?? '');
}

export function keyOf(namespace: string, name: string): string {
  return namespace ? `${namespace}/${name}` : name;
}

export function splitKey(key: string): { namespace: string; name: string } {
  const slash = key.indexOf('/');
  return slash < 0 ? { namespace: '', name: key } : { namespace: key.slice(0, slash), name: key.slice(slash + 1) };
}
