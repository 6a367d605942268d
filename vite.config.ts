/**
 * The playground: `vite` (`npm run dev`) serves it for development, `vite build` makes a static
 * site in `playground/dist` that works from any static host and any folder (relative URLs), and
 * `npm start` builds it and serves that build (scripts/playground-server.js), the site that works
 * offline.
 */
import { defineConfig } from 'vite';
import { orchRuntime } from './playground/build/runtime-plugin.ts';

export default defineConfig({
  root: 'playground',
  base: './',
  plugins: [orchRuntime()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
  },
  server: { port: 5173 },
  preview: { port: 4173 },
});
