// The playground as `npm start` serves it: built (`vite build`: the app, the API worker and the
// Service Worker with the list of files it caches) and the build served as a static site. The
// Vite dev server (`npm run dev`) builds nothing ahead and its Service Worker caches nothing, so
// only the build works offline after the first visit.
import { fileURLToPath } from 'node:url';
import { build, preview } from 'vite';

const CONFIG = fileURLToPath(new URL('../vite.config.ts', import.meta.url));

/**
 * Builds the playground into `outDir` (default `playground/dist`).
 * @param {{ outDir?: string }} [options]
 */
export async function buildPlayground({ outDir } = {}) {
  await build({ configFile: CONFIG, logLevel: 'warn', ...(outDir ? { build: { outDir } } : {}) });
}

/**
 * Serves a build (default `playground/dist`) as static files. Port 0 takes a free one; a port
 * in use moves on to the next, as Vite does.
 * @param {{ outDir?: string, host?: string, port?: number }} [options]
 * @returns {Promise<{ url: string, close(): Promise<void> }>}
 */
export async function servePlayground({ outDir, host = '127.0.0.1', port = 5173 } = {}) {
  const server = await preview({
    configFile: CONFIG,
    logLevel: 'warn',
    ...(outDir ? { build: { outDir } } : {}),
    preview: { host, port, strictPort: false, open: false },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('orch: the playground server has no local address');
  return { url, close: () => server.close() };
}
