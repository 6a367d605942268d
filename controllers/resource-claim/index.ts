export {
  resourceClaimController,
  claimGenerateName,
  POD_CLAIM_NAME_ANNOTATION,
  RESOURCE_CLAIM_FIELD_MANAGER,
  type ResourceClaimControllerOptions,
} from './controller.ts';
