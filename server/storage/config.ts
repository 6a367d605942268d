/** The storage a server is started with, as its flags say it. */
export const STORAGE_KINDS = ['data-dir', 'etcd', 'memory'] as const;
export type StorageKind = (typeof STORAGE_KINDS)[number];

export const DEFAULT_DATA_DIR = '.orch/data';
export const DEFAULT_ETCD_PREFIX = '/registry';

export interface EtcdTlsFiles {
  /** The CA bundle etcd's serving certificate is verified against (default: the system's). */
  readonly caFile?: string;
  /** A client certificate and its key, for an etcd that asks for one (`--client-cert-auth`). */
  readonly certFile?: string;
  readonly keyFile?: string;
}

export interface StorageConfig {
  readonly kind: StorageKind;
  /** `--data-dir` (kind data-dir). */
  readonly dataDir?: string;
  /** `--etcd-servers` (kind etcd). */
  readonly etcdServers?: readonly string[];
  readonly etcdPrefix?: string;
  /** `--etcd-cafile`, `--etcd-certfile`, `--etcd-keyfile`: file paths, for https etcd servers. */
  readonly etcdTls?: EtcdTlsFiles;
  /** `--etcd-compaction-interval`, also the data directory's compaction cadence (default 5 minutes). */
  readonly compactionIntervalMs?: number;
  /** `--encryption-provider-config`: a file path. */
  readonly encryptionProviderConfig?: string;
}
