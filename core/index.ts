/** orch core: the API server, independent of any host. */
export { createApiServer, type ApiServer, type ApiServerOptions } from './api-server.ts';
export { RequestSecurity, type SecurityOptions, type RequestContext, requestContext } from './auth/security.ts';
export type { UserInfo } from './auth/user.ts';
export { actingAs, CONTROLLER_MANAGER_USER, handleAs, type InProcessUser } from './auth/acting-as.ts';
export { parseTokenFile, TokenFileError } from './auth/token-file.ts';
export type { AuthorizationMode } from './auth/authorizer.ts';
export { MemoryAuditSink, parseAuditPolicy, AuditPolicyError, type AuditEvent, type AuditSink, type AuditPolicy } from './audit/index.ts';
export type { ApiRequest, ApiResponse, HeaderReader, RequestUrl, ResponseBody } from './http/api-request.ts';
export { MemoryBackend } from './storage/memory-backend.ts';
export type { StorageBackend, KeyValue, BackendEvent, WriteResult, ValueProducer, RangeResult, Unsubscribe } from './storage/backend.ts';
export { CompactedError, sortedRange } from './storage/backend.ts';
export { FeatureGates, FeatureGateError, RuntimeConfig, RuntimeConfigError, KNOWN_GATES } from './features/index.ts';
export { StatusError, type Status, type StatusCause, type StatusDetails } from './errors/status-error.ts';
export type { KindDefinition } from './registry/definition.ts';
export {
  BUILTIN_ADMISSION,
  type AdmissionAttributes,
  type AdmissionOperation,
  type AdmissionPlugin,
  type ObjectView,
} from './admission/index.ts';
export { BUILTIN_KINDS } from './registry/kinds/index.ts';
export { VERSION_INFO } from './handlers/version.ts';
// Clocks and the wire's conventions (timestamps, apiVersion, Go's string order and JSON), shared
// by every layer rather than copied; core/util/index.ts is the same without the server.
export * from './util/index.ts';
