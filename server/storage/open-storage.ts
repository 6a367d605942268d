/**
 * The storage backend a server's flags ask for. The data directory and etcd backends are loaded
 * only when chosen: a server on memory storage does not pay for loading LMDB's native addon or
 * etcd's protobuf messages at start.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { MemoryBackend, type StorageBackend } from '../../core/storage/index.ts';
import { type EtcdTlsFiles, type StorageConfig, DEFAULT_DATA_DIR, DEFAULT_ETCD_PREFIX } from './config.ts';
import type { EtcdTls } from './etcd-options.ts';
import { EncryptionTransformer, parseEncryptionConfig } from './encryption/index.ts';
import type { ValueTransformer } from './value-transformer.ts';

export class StorageConfigError extends Error {}

export async function openStorage(config: StorageConfig): Promise<StorageBackend> {
  const transformer = config.encryptionProviderConfig ? readEncryption(config.encryptionProviderConfig) : undefined;
  switch (config.kind) {
    case 'memory':
      if (transformer) throw new StorageConfigError('--encryption-provider-config needs durable storage (--storage=data-dir or etcd)');
      return new MemoryBackend();
    case 'data-dir': {
      const { LmdbBackend } = await import('./lmdb-backend.ts');
      return LmdbBackend.open({
        dir: resolve(config.dataDir ?? DEFAULT_DATA_DIR),
        compactionIntervalMs: config.compactionIntervalMs || undefined,
        transformer,
      });
    }
    case 'etcd': {
      if (!config.etcdServers?.length) throw new StorageConfigError('--etcd-servers must be specified with --storage=etcd');
      const { EtcdBackend } = await import('./etcd-backend.ts');
      return new EtcdBackend({
        servers: config.etcdServers,
        prefix: config.etcdPrefix ?? DEFAULT_ETCD_PREFIX,
        compactionIntervalMs: config.compactionIntervalMs,
        transformer,
        ...(config.etcdTls ? { tls: readEtcdTls(config.etcdTls) } : {}),
      });
    }
  }
}

/** One line for the start-up greeting: where this server keeps its objects. */
export function describeStorage(config: StorageConfig): string {
  const enc = config.encryptionProviderConfig ? `, encrypted at rest as ${config.encryptionProviderConfig} says` : '';
  switch (config.kind) {
    case 'memory':
      return 'storage: memory (objects are lost when the server stops)';
    case 'data-dir':
      return `storage: data directory ${resolve(config.dataDir ?? DEFAULT_DATA_DIR)}${enc}`;
    case 'etcd':
      return `storage: etcd ${config.etcdServers?.join(',')} prefix ${config.etcdPrefix ?? DEFAULT_ETCD_PREFIX}${enc}`;
  }
}

function readEtcdTls(files: EtcdTlsFiles): EtcdTls {
  const read = (flag: string, path: string | undefined) => {
    if (path === undefined) return undefined;
    try {
      return readFileSync(path);
    } catch (err) {
      throw new StorageConfigError(`--${flag}: ${(err as Error).message}`);
    }
  };
  const ca = read('etcd-cafile', files.caFile);
  const cert = read('etcd-certfile', files.certFile);
  const key = read('etcd-keyfile', files.keyFile);
  return { ...(ca ? { ca } : {}), ...(cert ? { cert } : {}), ...(key ? { key } : {}) };
}

function readEncryption(path: string): ValueTransformer {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new StorageConfigError(`--encryption-provider-config: ${(err as Error).message}`);
  }
  return new EncryptionTransformer(parseEncryptionConfig(text));
}
