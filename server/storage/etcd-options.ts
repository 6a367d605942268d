/** What the etcd backend is given: the flags' values and the timings of its requests and compaction. */
import type { ValueTransformer } from './value-transformer.ts';

export interface EtcdBackendOptions {
  /** `--etcd-servers`: client URLs. */
  readonly servers: readonly string[];
  /** `--etcd-prefix` (default `/registry`): where this server's keys live in etcd. */
  readonly prefix?: string;
  /** A request that takes longer is answered 504 (default 10 s). */
  readonly requestTimeoutMs?: number;
  /** `--etcd-compaction-interval` (default 5 minutes; 0 turns compaction off). */
  readonly compactionIntervalMs?: number;
  readonly transformer?: ValueTransformer;
  /** For https servers: the CA to trust (default: the system's) and a client certificate. */
  readonly tls?: EtcdTls;
}

/** PEM bytes, as read from the `--etcd-*file` flags. */
export interface EtcdTls {
  readonly ca?: Buffer;
  readonly cert?: Buffer;
  readonly key?: Buffer;
}

export { DEFAULT_ETCD_PREFIX } from './config.ts';
export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;
