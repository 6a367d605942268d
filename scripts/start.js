#!/usr/bin/env node
// `npm start`: serves the playground (the API server runs inside the browser tab) and prints
// where. The HTTP API server for kubectl is `npm run start:apiserver` (orch-apiserver).
import { createServer } from 'vite';

const port = Number(process.env.PORT ?? 5173);
const server = await createServer({ configFile: 'vite.config.ts', server: { host: '127.0.0.1', port, strictPort: false } });
await server.listen();
const url = server.resolvedUrls?.local[0] ?? `http://127.0.0.1:${port}/`;
console.log(`orch playground: ${url}`);
console.log('the API server for kubectl: npm run start:apiserver  (then: kubectl --server http://127.0.0.1:8080 get namespaces)');
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
