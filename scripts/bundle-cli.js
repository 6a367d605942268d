// Bundles orchctl into one CommonJS file (dist/orchctl.cjs) that bin/orchctl.js compiles with a
// V8 code cache, as orch-apiserver's bundle is: a command-line client's whole run is its start.
// The core parts only `patch --local` and `--dry-run=client` need (the kinds' schemas, ~400 kB)
// go into dist/orchctl-core.cjs, loaded when asked for; both are minified (less to read and parse).
import { readdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { makeAscii } from './ascii-bundle.js';

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: true,
  minify: true,
  logLevel: 'warning',
  alias: { rxjs: './node_modules/rxjs/dist/esm/index.js', 'cbor-x': './node_modules/cbor-x/index.js' },
};

/** `import('./core-parts.ts')` in the main bundle becomes `require('./orchctl-core.cjs')`. */
const coreApart = {
  name: 'orchctl-core-apart',
  setup(b) {
    b.onResolve({ filter: /\/core-parts\.ts$/ }, () => ({ path: './orchctl-core.cjs', external: true }));
  },
};

/**
 * commander loads node:child_process at its top (~4.5 ms of every orchctl run, bench O1) for the
 * executable subcommands orchctl never has: it gets the module on first use instead.
 */
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(b) {
    b.onResolve({ filter: /^node:child_process$/ }, (args) =>
      /[\\/]node_modules[\\/]commander[\\/]/.test(args.importer) ? { path: 'lazy-child-process', namespace: 'orch-lazy' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'orch-lazy' }, () => ({
      contents: `let loaded;
module.exports = new Proxy({}, { get: (_, name) => (loaded ??= require('node:child_process'))[name] });`,
      loader: 'js',
    }));
  },
};

export async function bundleCli() {
  await Promise.all([
    // require() rather than import(): bin/orchctl.js runs the bundle in a vm.Script, which has no ES module loader.
    build({
      ...common,
      entryPoints: ['cli/node/main.ts'],
      outfile: 'dist/orchctl.cjs',
      plugins: [coreApart, lazyChildProcess],
      supported: { 'dynamic-import': false },
    }),
    build({ ...common, entryPoints: ['cli/core-parts.ts'], outfile: 'dist/orchctl-core.cjs' }),
  ]);
  makeAscii('dist/orchctl.cjs');
  for (const f of readdirSync('dist')) if (f.startsWith('orchctl.cjs.') && f.endsWith('.code-cache')) rmSync(`dist/${f}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await bundleCli();
