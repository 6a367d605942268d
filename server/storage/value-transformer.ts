/**
 * How a value is written to and read from the storage medium, as the real platform's storage
 * transformers do: identity, or encryption at rest for some resources. A value that cannot be
 * read back (its key was removed from the configuration) comes back as the stored bytes' text,
 * which is not JSON: the registry then reports a corrupt object, and only a delete with
 * `ignoreStoreReadErrorWithClusterBreakingPotential` removes it.
 */
export interface ValueTransformer {
  /** The bytes stored under `key` for an object's JSON text (the key is authenticated data where the provider uses it). */
  toStorage(key: string, text: string): Uint8Array | string;
  fromStorage(key: string, data: Uint8Array | string): string;
}

const decoder = new TextDecoder();

export const IDENTITY: ValueTransformer = {
  toStorage: (_key, text) => text,
  fromStorage: (_key, data) => (typeof data === 'string' ? data : decoder.decode(data)),
};
