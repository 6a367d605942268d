/** The v1.32 feature gates the API server knows, with their stage and default. */

export type Stage = 'ALPHA' | 'BETA' | 'GA' | 'DEPRECATED';

export interface GateSpec {
  readonly stage: Stage;
  readonly default: boolean;
  /** GA (and some deprecated) gates cannot be changed from their default. */
  readonly lockToDefault?: boolean;
}

const alpha: GateSpec = { stage: 'ALPHA', default: false };
const betaOn: GateSpec = { stage: 'BETA', default: true };
const betaOff: GateSpec = { stage: 'BETA', default: false };
const ga: GateSpec = { stage: 'GA', default: true, lockToDefault: true };

export const KNOWN_GATES: Readonly<Record<string, GateSpec>> = {
  AggregatedDiscoveryEndpoint: ga,
  AllowUnsafeMalformedObjectDeletion: alpha,
  AnonymousAuthConfigurableEndpoints: betaOn,
  APIResponseCompression: betaOn,
  APIServerIdentity: betaOn,
  APIServerTracing: betaOn,
  AuthorizeWithSelectors: betaOn,
  CBORServingAndStorage: alpha,
  ComponentSLIs: betaOn,
  ConcurrentWatchObjectDecode: betaOff,
  ConsistentListFromCache: betaOn,
  ContextualLogging: betaOn,
  CoordinatedLeaderElection: alpha,
  CRDValidationRatcheting: betaOn,
  CustomResourceFieldSelectors: ga,
  DRAAdminAccess: alpha,
  DRAResourceClaimDeviceStatus: alpha,
  DynamicResourceAllocation: betaOff,
  InformerResourceVersion: alpha,
  InPlacePodVerticalScaling: alpha,
  KMSv1: { stage: 'DEPRECATED', default: false },
  LoggingBetaOptions: betaOn,
  MaxUnavailableStatefulSet: alpha,
  MutatingAdmissionPolicy: alpha,
  OpenAPIEnums: betaOn,
  PodLevelResources: alpha,
  RemainingItemCount: ga,
  ResilientWatchCacheInitialization: betaOn,
  RetryGenerateName: ga,
  SeparateCacheWatchRPC: betaOn,
  SidecarContainers: betaOn,
  StatefulSetAutoDeletePVC: betaOn,
  StatefulSetStartOrdinal: ga,
  StorageVersionAPI: alpha,
  StorageVersionHash: betaOn,
  StrictCostEnforcementForVAP: betaOff,
  StructuredAuthenticationConfiguration: betaOn,
  StructuredAuthorizationConfiguration: betaOn,
  UnauthenticatedHTTP2DOSMitigation: betaOn,
  ValidatingAdmissionPolicy: ga,
  VolumeAttributesClass: betaOff,
  WatchBookmark: ga,
  WatchCacheInitializationPostStartHook: betaOff,
  WatchFromStorageWithoutResourceVersion: betaOff,
  WatchList: betaOn,
};
