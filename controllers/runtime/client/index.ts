export { Client, ResourceClient, type ClientOptions } from './client.ts';
export { inProcessTransport } from './in-process.ts';
export { takingTurns, type ScheduleTurn } from './taking-turns.ts';
export { fetchTransport, type ClientRequest, type ClientResponse, type FetchLike, type Transport } from './transport.ts';
export {
  ApiError,
  isAlreadyExists,
  isConflict,
  isForbidden,
  isGone,
  isInvalid,
  isMethodNotAllowed,
  isNotFound,
  isUnsupportedMediaType,
} from './api-error.ts';
export type {
  DeleteOptions,
  GetOptions,
  JsonPatchOperation,
  ListOptions,
  Patch,
  PatchOptions,
  PropagationPolicy,
  WatchOptions,
  WriteOptions,
} from './options.ts';
export { PATCH_CONTENT_TYPES } from './options.ts';
export { watchStream, type WatchEvent } from './watch-stream.ts';
export {
  discoverResources,
  findResource,
  resolveResource,
  supportingVerbs,
  GroupDiscoveryFailedError,
  type DiscoveredResource,
  type DiscoveryResult,
} from './discovery.ts';
export { retryOnConflict } from './retry.ts';
