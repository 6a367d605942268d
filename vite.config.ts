/**
 * The playground: `vite` (`npm run dev`) serves it for development, `vite build` makes a static
 * site in `playground/dist` that works from any static host and any folder (relative URLs), and
 * `npm start` builds it and serves that build (scripts/playground-server.js), the site that works
 * offline.
 */
import { defineConfig } from 'vite';
import { orchctlBrowserShims } from './cli/browser/vite-plugin.ts';
import { lessonsCheck } from './playground/build/lessons-plugin.ts';
import { orchRuntime } from './playground/build/runtime-plugin.ts';

export default defineConfig({
  root: 'playground',
  base: './',
  plugins: [orchctlBrowserShims(), lessonsCheck(), orchRuntime()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
  },
  // The dev server pre-bundles dependencies apart from the plugins above: commander needs its
  // shims there too, or the terminal's page fails on its `node:events` import.
  optimizeDeps: { rolldownOptions: { plugins: [orchctlBrowserShims()] } },
  server: { port: 5173 },
  preview: { port: 4173 },
});
