export { startServer, type RunningServer, type StartOptions } from './start.ts';
export { parseFlags, HELP, FlagError, type ServerFlags } from './flags.ts';
export { parseDuration } from './duration.ts';
export { toApiRequest, writeApiResponse } from './node-adapter.ts';
export {
  CONTROLLER_NAMES,
  DEFAULT_CONTROLLERS,
  parseControllers,
  startControllers,
  UnknownControllerError,
  type ControllerName,
  type ControllerSettings,
  type RunningControllers,
} from './controllers.ts';
export {
  DEFAULT_LEADER_ELECTION,
  electedControllers,
  type ElectedControllers,
  type LeaderElectionSettings,
} from './leader-election.ts';
export { collectYoung, compactHeap, createIdleCompaction, type IdleCompaction, type IdleCompactionOptions } from './idle-compaction.ts';
export {
  describeStorage,
  DirectoryLockedError,
  EncryptionConfigError,
  openStorage,
  StorageConfigError,
  STORAGE_KINDS,
  type StorageConfig,
  type StorageKind,
} from './storage/index.ts';
