// Types of scripts/ascii-bundle.js for TypeScript callers (the repository does not type-check .js).

/** Rewrites `file` with every non-ASCII UTF-16 unit as a `\uXXXX` escape. */
export function makeAscii(file: string): void;
