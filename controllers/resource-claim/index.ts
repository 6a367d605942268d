export { resourceClaimController, claimGenerateName, POD_CLAIM_NAME_ANNOTATION, RESOURCE_CLAIM_FIELD_MANAGER, type ResourceClaimControllerOptions } from './controller.ts';
export { RESOURCE_CLAIMS, RESOURCE_CLAIM_TEMPLATES, type ResourceClaim, type ResourceClaimTemplate } from './types.ts';
