/**
 * `storageVersionHash` in discovery: the first 8 bytes of SHA-256 over `<group>/<version>/<kind>`
 * of the storage version, base64 — the real platform's formula, so clients that compare hashes
 * (e.g. the storage-version migrator) behave the same.
 *
 * Synchronous (a JavaScript SHA-256, not WebCrypto): discovery computes it when first asked, where
 * WebCrypto's digest is a round trip to a crypto thread per kind that start-up used to wait for.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import type { KindDefinition } from '../registry/definition.ts';

export function storageVersionHash(group: string, version: string, kind: string): string {
  const digest = sha256(new TextEncoder().encode(`${group}/${version}/${kind}`));
  let bin = '';
  for (const b of digest.subarray(0, 8)) bin += String.fromCharCode(b);
  return btoa(bin);
}

const hashes = new WeakMap<KindDefinition, string>();

/** The hash of the version a kind is stored in (its own, or the one it is stored as). */
export function storageVersionHashOf(def: KindDefinition): string {
  let h = hashes.get(def);
  if (h === undefined) {
    const stored = def.storedAs?.def ?? def;
    h = storageVersionHash(stored.group, stored.version, stored.kind);
    hashes.set(def, h);
  }
  return h;
}
