/**
 * Custom resources in the runtime. A custom resource is talked about like any kind, through a
 * `ResourceType<T>` whose `T` is the interface the operator author writes (or `UnstructuredObject`
 * when there is none): `client.resource(WEBSITES)`, `mgr.informer(WEBSITES)`,
 * `createController({ for: WEBSITES })` are then typed as Websites. The type can be spelled out
 * (`customResourceType<Website>({ group, version, resource, kind })`) or read from the
 * CustomResourceDefinition itself (`resourceTypeOfCrd<Website>(crd)`), so the CRD YAML stays the
 * single source of the names.
 *
 * `CustomResourceDefinition` itself is the generated interface of `apiextensions.orch.io/v1`.
 */
import type { CustomResourceDefinition } from '../../../core/registry/types/index.ts';
import { resourceType, type ResourceType } from './resources.ts';
import type { KubeObject } from './types.ts';

export type { CustomResourceDefinition } from '../../../core/registry/types/index.ts';

/** An object of any kind with its fields unknown: what an untyped client or informer holds. */
export interface UnstructuredObject extends KubeObject {
  [field: string]: unknown;
}

/**
 * The usual shape of a custom resource: `spec` (what the user wants) and `status` (what the
 * controller observed), each typed by the author.
 */
export interface CustomResource<Spec = Record<string, unknown>, Status = Record<string, unknown>> extends KubeObject {
  spec?: Spec;
  status?: Status;
}

export const CUSTOM_RESOURCE_DEFINITIONS = resourceType<CustomResourceDefinition>({
  group: 'apiextensions.orch.io',
  version: 'v1',
  resource: 'customresourcedefinitions',
  kind: 'CustomResourceDefinition',
  namespaced: false,
});

/** A custom resource's type by its names; namespaced unless said otherwise, as CRDs mostly are. */
export function customResourceType<T extends KubeObject = UnstructuredObject>(r: {
  readonly group: string;
  readonly version: string;
  readonly resource: string;
  readonly kind: string;
  readonly namespaced?: boolean;
}): ResourceType<T> {
  return resourceType<T>({ ...r, namespaced: r.namespaced ?? true });
}

/**
 * The type of a CRD's objects at `version` (default: the storage version, which every CRD has
 * exactly one of). Throws when the CRD has no such served version.
 */
export function resourceTypeOfCrd<T extends KubeObject = UnstructuredObject>(
  crd: CustomResourceDefinition,
  version?: string,
): ResourceType<T> {
  const { group = '', names, scope, versions = [] } = crd.spec ?? {};
  const chosen = version === undefined ? versions.find((v) => v.storage) : versions.find((v) => v.name === version);
  if (!chosen?.served || !chosen.name || !names?.plural || !names.kind)
    throw new Error(`CustomResourceDefinition ${crd.metadata.name ?? crdName(crd)}: no served version ${version ?? '(storage)'}`);
  return resourceType<T>({ group, version: chosen.name, resource: names.plural, kind: names.kind, namespaced: scope === 'Namespaced' });
}

/** `<plural>.<group>`: the name a CRD must have. */
export function crdName(crd: Pick<CustomResourceDefinition, 'spec'>): string {
  return `${crd.spec?.names?.plural ?? ''}.${crd.spec?.group ?? ''}`;
}
