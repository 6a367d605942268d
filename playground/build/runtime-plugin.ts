/**
 * Vite plugin: builds the browser runtime's two scripts, which must keep fixed names at the
 * app's root — `orch-worker.js` (the API worker; pages find it next to index.html) and `sw.js`
 * (the Service Worker; its folder is its default scope, and its bytes must change whenever the
 * app does so browsers install the new version). Both are classic scripts (IIFE), which every
 * browser runs as a worker. The SW gets the list of the build's files to cache for offline use.
 * The dev server builds them on request and drops them when a source file changes.
 */
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rolldown } from 'vite';

const WORKER_ENTRY = fileURLToPath(new URL('../../worker/shared-worker/api-worker.ts', import.meta.url));
const SW_ENTRY = fileURLToPath(new URL('../../worker/service-worker/service-worker.ts', import.meta.url));
export const WORKER_FILE = 'orch-worker.js';
export const SW_FILE = 'sw.js';

interface Manifest {
  readonly version: string;
  readonly files: readonly string[];
}

async function bundle(entry: string, precache: Manifest | null, minify: boolean): Promise<string> {
  const out = await build({
    configFile: false,
    logLevel: 'warn',
    define: { __ORCH_PRECACHE__: JSON.stringify(precache) },
    build: {
      write: false,
      minify,
      sourcemap: false,
      emptyOutDir: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      lib: { entry, formats: ['iife'], name: 'orchRuntime', fileName: () => 'bundle.js' },
    },
  });
  const outputs = (Array.isArray(out) ? out : [out]) as Rolldown.RolldownOutput[];
  for (const o of outputs) {
    for (const item of o.output) if (item.type === 'chunk' && item.isEntry) return item.code;
  }
  throw new Error(`orch: bundling ${entry} produced no entry chunk`);
}

function sourceOf(item: Rolldown.OutputAsset | Rolldown.OutputChunk): string | Uint8Array {
  return item.type === 'chunk' ? item.code : item.source;
}

export function orchRuntime(): Plugin {
  const dev = new Map<string, Promise<string>>();
  let minify = true;
  return {
    name: 'orch-runtime',
    enforce: 'post',
    configResolved(config) {
      minify = config.build.minify !== false;
    },
    configureServer(server) {
      const drop = (file: string) => {
        if (/[\\/](worker|core|controllers)[\\/]/.test(file)) dev.clear();
      };
      server.watcher.on('change', drop);
      server.watcher.on('add', drop);
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0];
        const entry = path === `/${WORKER_FILE}` ? WORKER_ENTRY : path === `/${SW_FILE}` ? SW_ENTRY : undefined;
        if (!entry) return next();
        let code = dev.get(entry);
        if (!code) {
          code = bundle(entry, null, false);
          dev.set(entry, code);
        }
        code.then(
          (js) => {
            res.setHeader('content-type', 'text/javascript');
            res.setHeader('cache-control', 'no-cache');
            res.end(js);
          },
          (err: unknown) => {
            dev.delete(entry);
            next(err);
          },
        );
      });
    },
    async generateBundle(_options, output) {
      const worker = await bundle(WORKER_ENTRY, null, minify);
      this.emitFile({ type: 'asset', fileName: WORKER_FILE, source: worker });
      const files = [...new Set([...Object.keys(output), 'index.html', WORKER_FILE])].filter((f) => !f.endsWith('.map')).sort();
      const hash = createHash('sha256');
      for (const f of files) {
        const item = output[f];
        hash.update(f);
        hash.update(f === WORKER_FILE ? worker : item ? sourceOf(item) : '');
      }
      const manifest: Manifest = { version: hash.digest('hex').slice(0, 16), files };
      this.emitFile({ type: 'asset', fileName: SW_FILE, source: await bundle(SW_ENTRY, manifest, minify) });
    },
  };
}
