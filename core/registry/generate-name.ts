/** `generateName` suffixes: 5 characters from the real platform's alphabet (no vowels, no look-alikes). */
const ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';
const MAX_PREFIX = 63 - 5;

export function generateName(prefix: string): string {
  const p = prefix.length > MAX_PREFIX ? prefix.slice(0, MAX_PREFIX) : prefix;
  const bytes = new Uint8Array(5);
  crypto.getRandomValues(bytes);
  let s = '';
  for (const b of bytes) s += ALPHABET[b % ALPHABET.length];
  return p + s;
}
