#!/usr/bin/env node
// Bundles orch-apiserver into one CommonJS file that bin/orch-apiserver.js compiles with a V8 code
// cache (measured by bench P3: ~320 ms to /readyz from source, ~240 ms with the cache; the module
// tree unbundled took ~500 ms). Then starts it once so the cache exists before the first real start.
import { spawn } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { makeAscii } from './ascii-bundle.js';
import { bundleCli } from './bundle-cli.js';

const outfile = 'dist/orch-apiserver.cjs';
await build({
  entryPoints: ['server/cli.ts'],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: true,
  // Without comments and white space the file is 2.1 → 1.5 MB: reading it, and V8 taking its code
  // cache for it, are a start's largest costs after Node's own (P3: ~245 → ~220 ms to /readyz
  // here). Names are kept (no identifier minification): stack traces and `.name` stay readable.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  // Native addon (LMDB) and protobuf (etcd's messages): loaded from node_modules, and only when their storage
  // is chosen.
  external: ['lmdb', 'protobufjs'],
  // bin/orch-apiserver.js runs the bundle as a vm Script, which has no loader for import(): the
  // lazily loaded node:https (TLS serving) becomes a require.
  supported: { 'dynamic-import': false },
  alias: {
    // Their "node" export is CommonJS, which esbuild cannot tree-shake: rxjs would come whole
    // (~3 200 lines more to compile at every start), and cbor-x's would try to load a native
    // addon through detect-libc and child_process. Their ES module builds are the same code.
    rxjs: './node_modules/rxjs/dist/esm/index.js',
    'cbor-x': './node_modules/cbor-x/index.js',
  },
});
makeAscii(outfile);

// Old bundles and caches (the ESM bundle of earlier versions, caches of the bundle just replaced).
for (const f of readdirSync('dist'))
  if (f.startsWith('orch-apiserver.') && (f.includes('.v8-cache') || f.startsWith('orch-apiserver.mjs'))) rmSync(`dist/${f}`);

await bundleCli(); // orchctl: dist/orchctl.cjs and dist/orchctl-core.cjs
await warmCodeCache();

/** Starts the server on a free port until its code cache is written (at most 20 s). */
function warmCodeCache() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['bin/orch-apiserver.js', '--port=0', '--storage=memory'], { stdio: 'ignore' });
    const started = Date.now();
    const poll = setInterval(() => {
      const done = readdirSync('dist').some((f) => f.endsWith('.v8-cache'));
      if (done || Date.now() - started > 20_000 || child.exitCode !== null) {
        clearInterval(poll);
        child.kill('SIGTERM');
        if (!done) console.warn('orch-apiserver: no code cache written; it will be written at the first start');
        resolve();
      }
    }, 50);
  });
}
