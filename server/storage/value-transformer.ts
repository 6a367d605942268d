/**
 * How a value is written to and read from the storage medium, as the real platform's storage
 * transformers do: identity, or encryption at rest for some resources. A value that cannot be
 * read back (its key was removed from the configuration) comes back as the stored bytes' text,
 * which is not JSON: the registry then reports a corrupt object, and only a delete with
 * `ignoreStoreReadErrorWithClusterBreakingPotential` removes it.
 *
 * Each call names the value twice: by the core's key (`/registry/<resource>[.<group>]/...`),
 * which says which resource it is, and by the key the medium stores it under (the etcd key with
 * `--etcd-prefix` and etcd's resource names; the data directory stores under the core's key).
 * The stored key is the authenticated data of the providers that have some (aesgcm), as the real
 * platform's transformers are given the etcd key: a value copied under another key does not read.
 */
export interface ValueTransformer {
  toStorage(key: string, storedKey: string, text: string): Uint8Array | string;
  fromStorage(key: string, storedKey: string, data: Uint8Array | string): string;
}

const decoder = new TextDecoder();

export const IDENTITY: ValueTransformer = {
  toStorage: (_key, _storedKey, text) => text,
  fromStorage: (_key, _storedKey, data) => (typeof data === 'string' ? data : decoder.decode(data)),
};
