#!/usr/bin/env node
// `npm start`: builds the playground and serves the build (the API server runs inside the
// browser tab; after the first visit it works offline), and prints where. `--port` (or PORT)
// picks the port, `--out-dir` where the build goes. The Vite dev server is `npm run dev`; the
// HTTP API server for kubectl is `npm run start:apiserver` (orch-apiserver).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildPlayground, servePlayground } from './playground-server.js';

const { values } = parseArgs({ options: { port: { type: 'string' }, 'out-dir': { type: 'string' } } });
const port = Number(values.port ?? process.env.PORT ?? 5173);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`orch: --port must be a port number, got ${values.port ?? process.env.PORT}`);
  process.exit(2);
}
// Vite would take a relative folder from playground/; a command line means the working one.
const outDir = values['out-dir'] === undefined ? undefined : resolve(values['out-dir']);

console.log('building the playground…');
await buildPlayground({ outDir });
const server = await servePlayground({ outDir, port });
console.log(`orch playground: ${server.url}`);
console.log('the API server for kubectl: npm run start:apiserver  (then: kubectl --server http://127.0.0.1:8080 get namespaces)');
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
