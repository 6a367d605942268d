/**
 * What `npm run build` makes (`dist/`), which some tests run as a user would. `npm test` builds
 * first; run alone, such a test fails saying to build, rather than skipping.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));

/** Throws unless every path (relative to the repository) has been built. */
export function requireBuilt(...paths: string[]): void {
  for (const built of paths) {
    if (!existsSync(join(REPO, built))) throw new Error(`${built} is missing: run \`npm run build\` first (\`npm test\` does)`);
  }
}
