/**
 * Which resource a client, informer or controller talks about. A ResourceType carries the object
 * type it serves (a phantom parameter), so `client.resource(CONFIG_MAPS)` is typed as ConfigMaps.
 */
import type {
  ClusterRole,
  ClusterRoleBinding,
  ConfigMap,
  ControllerRevision,
  Event,
  FlowSchema,
  Namespace,
  PersistentVolumeClaim,
  Pod,
  PriorityLevelConfiguration,
  ResourceClaim,
  ResourceClaimTemplate,
  Role,
  RoleBinding,
  Secret,
  Service,
  ServiceAccount,
  StatefulSet,
} from '../../../core/registry/types/index.ts';
import type { KubeObject } from './types.ts';

export { apiVersionOf } from '../../../core/util/index.ts';

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

// Every resource the runtime and the built-in controllers talk about, in one place.

export const NAMESPACES = resourceType<Namespace>({
  group: '',
  version: 'v1',
  resource: 'namespaces',
  kind: 'Namespace',
  namespaced: false,
});
export const CONFIG_MAPS = resourceType<ConfigMap>({
  group: '',
  version: 'v1',
  resource: 'configmaps',
  kind: 'ConfigMap',
  namespaced: true,
});
export const SERVICES = resourceType<Service>({ group: '', version: 'v1', resource: 'services', kind: 'Service', namespaced: true });
export const SERVICE_ACCOUNTS = resourceType<ServiceAccount>({
  group: '',
  version: 'v1',
  resource: 'serviceaccounts',
  kind: 'ServiceAccount',
  namespaced: true,
});
export const PODS = resourceType<Pod>({ group: '', version: 'v1', resource: 'pods', kind: 'Pod', namespaced: true });
export const PERSISTENT_VOLUME_CLAIMS = resourceType<PersistentVolumeClaim>({
  group: '',
  version: 'v1',
  resource: 'persistentvolumeclaims',
  kind: 'PersistentVolumeClaim',
  namespaced: true,
});
export const EVENTS = resourceType<Event>({ group: 'events.orch.io', version: 'v1', resource: 'events', kind: 'Event', namespaced: true });
export const STATEFUL_SETS = resourceType<StatefulSet>({
  group: 'apps',
  version: 'v1',
  resource: 'statefulsets',
  kind: 'StatefulSet',
  namespaced: true,
});
export const CONTROLLER_REVISIONS = resourceType<ControllerRevision>({
  group: 'apps',
  version: 'v1',
  resource: 'controllerrevisions',
  kind: 'ControllerRevision',
  namespaced: true,
});
export const FLOW_SCHEMAS = resourceType<FlowSchema>({
  group: 'flowcontrol.apiserver.orch.io',
  version: 'v1',
  resource: 'flowschemas',
  kind: 'FlowSchema',
  namespaced: false,
});
export const PRIORITY_LEVEL_CONFIGURATIONS = resourceType<PriorityLevelConfiguration>({
  group: 'flowcontrol.apiserver.orch.io',
  version: 'v1',
  resource: 'prioritylevelconfigurations',
  kind: 'PriorityLevelConfiguration',
  namespaced: false,
});
export const RESOURCE_CLAIMS = resourceType<ResourceClaim>({
  group: 'resource.orch.io',
  version: 'v1beta1',
  resource: 'resourceclaims',
  kind: 'ResourceClaim',
  namespaced: true,
});
export const RESOURCE_CLAIM_TEMPLATES = resourceType<ResourceClaimTemplate>({
  group: 'resource.orch.io',
  version: 'v1beta1',
  resource: 'resourceclaimtemplates',
  kind: 'ResourceClaimTemplate',
  namespaced: true,
});

export const SECRETS = resourceType<Secret>({ group: '', version: 'v1', resource: 'secrets', kind: 'Secret', namespaced: true });
export const ROLES = resourceType<Role>({
  group: 'rbac.authorization.orch.io',
  version: 'v1',
  resource: 'roles',
  kind: 'Role',
  namespaced: true,
});
export const ROLE_BINDINGS = resourceType<RoleBinding>({
  group: 'rbac.authorization.orch.io',
  version: 'v1',
  resource: 'rolebindings',
  kind: 'RoleBinding',
  namespaced: true,
});
export const CLUSTER_ROLES = resourceType<ClusterRole>({
  group: 'rbac.authorization.orch.io',
  version: 'v1',
  resource: 'clusterroles',
  kind: 'ClusterRole',
  namespaced: false,
});
export const CLUSTER_ROLE_BINDINGS = resourceType<ClusterRoleBinding>({
  group: 'rbac.authorization.orch.io',
  version: 'v1',
  resource: 'clusterrolebindings',
  kind: 'ClusterRoleBinding',
  namespaced: false,
});

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
