/**
 * P6, run in its own process (clean resident memory): creates ConfigMaps, updates each once (so
 * 5 minutes of history hold two versions of every object), and prints the resident memory added
 * and the JSON bytes of the objects. The loop touches the answers as little as it can (their
 * length only): anything more allocates, and allocation changes how the heap fills up.
 *
 * The process is what orch-apiserver is: the core plus the Node host's idle compaction, told of
 * every request as the host tells it. Resident memory is read twice: right after the burst, and
 * once the process has gone idle and settled (the figure a server holding these objects keeps).
 */
import { createApiServer } from '../../core/index.ts';
import { createIdleCompaction } from '../../server/idle-compaction.ts';

const count = Number(process.argv[2] ?? 100_000);
const gc = globalThis.gc ?? (() => undefined);
const headers = { get: (n: string) => (n === 'content-type' ? 'application/merge-patch+json' : n === 'user-agent' ? 'bench' : null) };
const createHeaders = { get: (n: string) => (n === 'content-type' ? 'application/json' : null) };
const enc = new TextEncoder();

const api = createApiServer();
await api.ready;
gc();
gc();
const before = process.memoryUsage();
const compaction = createIdleCompaction();
let jsonBytes = 0;
let firstVersionBytes = 0;
for (let i = 0; i < count; i++) {
  const body = enc.encode(
    `{"metadata":{"name":"cm-${i}","labels":{"app":"p6"}},"data":{"config.yaml":"replicas: 3\\nimage: registry.example/app:1.${i % 100}\\nport: 8080\\n"}}`,
  );
  compaction.touch();
  const r = await api.handle({
    method: 'POST',
    url: new URL('http://orch/api/v1/namespaces/default/configmaps'),
    headers: createHeaders,
    readBody: async () => body,
  });
  if (typeof r.body === 'string') firstVersionBytes += r.body.length - 1; // ASCII: characters are bytes
}
for (let i = 0; i < count; i++) {
  const body = enc.encode(`{"data":{"updated":"yes"}}`);
  compaction.touch();
  const r = await api.handle({
    method: 'PATCH',
    url: new URL(`http://orch/api/v1/namespaces/default/configmaps/cm-${i}`),
    headers,
    readBody: async () => body,
  });
  if (typeof r.body === 'string') jsonBytes += r.body.length - 1; // without the final newline; ASCII: characters are bytes
}
gc();
gc();
const burst = process.memoryUsage();
// Idle: the host's compaction runs after its idle delay and its young-generation collection a
// few seconds later; V8 unmaps freed pages on a background thread, so the figure is read a
// second after that (or after 15 s if it never comes).
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
for (let waited = 0; compaction.settles === 0 && waited < 15_000; waited += 100) await sleep(100);
await sleep(1000);
const after = process.memoryUsage();
compaction.close();
process.stdout.write(
  JSON.stringify({
    count,
    rssBytes: after.rss - before.rss,
    burstRssBytes: burst.rss - before.rss,
    compactions: compaction.runs,
    settles: compaction.settles,
    heapUsedBytes: after.heapUsed - before.heapUsed,
    jsonBytes,
    firstVersionBytes,
  }),
);
await api.close();
