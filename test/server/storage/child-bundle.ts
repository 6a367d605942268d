/**
 * Test fixtures that must run as their own process (to be killed), bundled once per test file with
 * esbuild into node_modules/.cache (where `lmdb` and `etcd3` resolve), and removed after.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { REPO } from '../../support/build.ts';

export async function bundleFixture(name: string): Promise<{ file: string; remove(): void }> {
  const file = join(REPO, 'node_modules/.cache/orch-storage-tests', `${name}-${process.pid}.mjs`);
  await build({
    entryPoints: [join(REPO, 'test/server/storage/fixtures', `${name}.ts`)],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['lmdb', 'etcd3'],
    logLevel: 'warning',
    alias: { rxjs: join(REPO, 'node_modules/rxjs/dist/esm/index.js') },
  });
  return { file, remove: () => rmSync(file, { force: true }) };
}
