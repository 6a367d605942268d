#!/usr/bin/env node
// Bundles orch-apiserver into one ESM file: Node starts a single file in about half the time it
// takes to resolve and load the module tree (measured: ~300 ms instead of ~500 ms to /readyz).
import { build } from 'esbuild';

await build({
  entryPoints: ['server/cli.ts'],
  outfile: 'dist/orch-apiserver.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  // CommonJS dependencies inside an ESM bundle need a require.
  banner: { js: "import { createRequire as __orchRequire } from 'node:module'; const require = __orchRequire(import.meta.url);" },
});
