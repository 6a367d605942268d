/** The Node host's storage: the data directory (LMDB), etcd, encryption at rest, and choosing among them. */
export { type StorageConfig, type StorageKind, STORAGE_KINDS, DEFAULT_DATA_DIR, DEFAULT_ETCD_PREFIX } from './config.ts';
export { openStorage, describeStorage, StorageConfigError } from './open-storage.ts';
export { DirectoryLockedError } from './dir-lock.ts';
export { EncryptionConfigError } from './encryption/index.ts';
export type { LmdbBackend, LmdbBackendOptions } from './lmdb-backend.ts';
export type { EtcdBackend } from './etcd-backend.ts';
export type { EtcdBackendOptions } from './etcd-options.ts';
