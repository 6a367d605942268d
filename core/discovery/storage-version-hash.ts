/**
 * `storageVersionHash` in discovery: the first 8 bytes of SHA-256 over `<group>/<version>/<kind>`
 * of the storage version, base64 — the real platform's formula, so clients that compare hashes
 * (e.g. the storage-version migrator) behave the same.
 */
export async function storageVersionHash(group: string, version: string, kind: string): Promise<string> {
  const data = new TextEncoder().encode(`${group}/${version}/${kind}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data));
  let bin = '';
  for (const b of digest.slice(0, 8)) bin += String.fromCharCode(b);
  return btoa(bin);
}
