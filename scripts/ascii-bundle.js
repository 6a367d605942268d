// The bins (bin/orch-apiserver.js, bin/orchctl.js) read their bundle as latin1, which for ASCII
// is a plain copy into a one-byte string. Read as UTF-8, one non-ASCII character anywhere made
// the 1.5 MB server bundle a 3 MB two-byte string and its decoding ~10 ms of every start (bench
// P3). esbuild escapes non-ASCII in strings but leaves it in regular expression literals (cel-js
// has `µs`), so those few are escaped here: `\uXXXX` means the same character in a string, a
// template, a regular expression and an identifier.
import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Rewrites `file` with every non-ASCII UTF-16 unit as a `\uXXXX` escape. Only the columns after
 * an escape on its line move (the source map is left as is: a few characters on two lines).
 * @param {string} file
 */
export function makeAscii(file) {
  const text = readFileSync(file, 'utf8');
  const ascii = text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (ascii !== text) writeFileSync(file, ascii);
}
