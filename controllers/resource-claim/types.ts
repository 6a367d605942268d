/** resource.orch.io/v1beta1 ResourceClaim and ResourceClaimTemplate, as the controller uses them. */
import { resourceType } from '../runtime/api/resources.ts';
import type { KubeObject } from '../runtime/api/types.ts';

export interface ResourceClaim extends KubeObject {
  spec: Record<string, unknown>;
  status?: Record<string, unknown>;
}

export interface ResourceClaimTemplate extends KubeObject {
  spec: {
    /** Only labels and annotations (validation rejects the rest). */
    metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
    spec: Record<string, unknown>;
  };
}

export const RESOURCE_CLAIMS = resourceType<ResourceClaim>({ group: 'resource.orch.io', version: 'v1beta1', resource: 'resourceclaims', kind: 'ResourceClaim', namespaced: true });
export const RESOURCE_CLAIM_TEMPLATES = resourceType<ResourceClaimTemplate>({
  group: 'resource.orch.io',
  version: 'v1beta1',
  resource: 'resourceclaimtemplates',
  kind: 'ResourceClaimTemplate',
  namespaced: true,
});
