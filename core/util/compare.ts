const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * Orders strings as Go orders them: byte-wise in UTF-8, which is code point order (Go's
 * `sort.Strings`, map keys in encoding/json and fmt, field paths of server-side apply).
 *
 * Not JavaScript's `<` alone, which compares UTF-16 code units: a character beyond the BMP is
 * stored as a surrogate pair (units from U+D800) and so sorts before one from U+E000 to U+FFFF,
 * where its code point sorts after. Not `localeCompare` either: that is no byte order, and its
 * first call builds an ICU collator (~10 ms of a server's start measured here).
 */
export function compareStrings(a: string, b: string): number {
  // The orders differ only where a surrogate is involved; without one, the native comparison is
  // right and about twice as fast as comparing unit by unit (the store's keys are ASCII names).
  if (SURROGATE.test(a) || SURROGATE.test(b)) return compareCodePoints(a, b);
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x !== y) {
      // Unit and code point order disagree only when both units are at or above U+D800: lift the
      // surrogates above the rest of the BMP (the fix-up ICU's code point comparison uses).
      if (x >= 0xd800 && y >= 0xd800) {
        x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
        y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
      }
      return x < y ? -1 : 1;
    }
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/**
 * Sorts strings in place in Go's order. Short arrays (an object's fields) are sorted by insertion,
 * which allocates nothing; `Array.prototype.sort` copies into a work array on every call.
 */
export function sortStrings(keys: string[]): string[] {
  if (keys.length > 16) return keys.sort(compareStrings);
  for (let i = 1; i < keys.length; i++) {
    const k = keys[i];
    let j = i - 1;
    for (; j >= 0 && compareStrings(keys[j], k) > 0; j--) keys[j + 1] = keys[j];
    keys[j + 1] = k;
  }
  return keys;
}
