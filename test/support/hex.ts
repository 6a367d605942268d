/** Test helpers: bytes written as annotated hex, and ASCII text as hex. */

/** `hex('0a 02', ascii('cm'))` → the bytes; spaces are ignored. */
export function hex(...parts: string[]): Uint8Array {
  const text = parts.join('').replace(/\s+/g, '');
  if (text.length % 2) throw new Error(`odd hex length: ${text}`);
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(text.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** ASCII text as hex digits, so vectors can spell strings readably. */
export function ascii(text: string): string {
  return Array.from(text, (c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('');
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');
}
