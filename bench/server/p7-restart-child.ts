/**
 * P7's memory figure, in processes of their own: `fill <dir> <count>` stores ConfigMaps in a data
 * directory; `restart <dir>` starts an API server on it, as
 * orch-apiserver does after a restart, and prints the resident memory that added (read from
 * /proc: anonymous and file-backed apart), and the JSON bytes of the objects it serves.
 */
import { readFileSync } from 'node:fs';
import { createApiServer } from '../../core/index.ts';
import { LmdbBackend } from '../../server/storage/lmdb-backend.ts';

const [mode, dir, n] = process.argv.slice(2);
const gc = globalThis.gc ?? (() => undefined);

/** Resident bytes, and the file-backed part of them (RssFile), from /proc. */
function resident(): { rss: number; file: number } {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), file: kb('RssFile') };
}

if (mode === 'fill') {
  // Straight into the backend, a thousand at a time (one commit each): the objects as orch stores
  // a created ConfigMap, without waiting minutes for 100,000 single durable creates.
  const count = Number(n);
  const storage = LmdbBackend.open({ dir });
  const managed = (i: number) =>
    `[{"manager":"p7","operation":"Update","apiVersion":"v1","time":"2026-01-01T00:00:00Z","fieldsType":"FieldsV1","fieldsV1":{"f:data":{".":{},"f:config.yaml":{}},"f:metadata":{"f:labels":{".":{},"f:app":{}}}}}]`.replace(
      'p7',
      `p7-${i % 3}`,
    );
  for (let start = 0; start < count; start += 1000) {
    await Promise.all(
      Array.from({ length: Math.min(1000, count - start) }, (_, j) => {
        const i = start + j;
        const uid = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
        return storage.create(
          `/registry/configmaps/default/cm-${i}`,
          (rev) =>
            `{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"cm-${i}","namespace":"default","uid":"${uid}","resourceVersion":"${rev}","creationTimestamp":"2026-01-01T00:00:00Z","labels":{"app":"p7"},"managedFields":${managed(i)}},"data":{"config.yaml":"replicas: 3\\nimage: registry.example/app:1.${i % 100}\\nport: 8080\\n"}}`,
        );
      }),
    );
  }
  await storage.close();
} else {
  gc();
  const before = resident();
  const heapBefore = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const storage = LmdbBackend.open({ dir });
  const api = createApiServer({ storage });
  await api.ready;
  const startMs = performance.now() - t0;
  gc();
  gc();
  await new Promise((r) => setTimeout(r, 1000));
  const after = resident();
  const heapUsed = process.memoryUsage().heapUsed - heapBefore;
  const { items } = await storage.range('/registry/configmaps/');
  const jsonBytes = items.reduce((sum, kv) => sum + kv.value.length, 0);
  process.stdout.write(
    JSON.stringify({
      count: items.length,
      rssBytes: after.rss - before.rss,
      fileBytes: after.file - before.file,
      heapUsedBytes: heapUsed,
      jsonBytes,
      startMs,
    }),
  );
  await api.close();
}
