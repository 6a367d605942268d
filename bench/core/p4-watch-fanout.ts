/**
 * P4: CPU per delivered watch event with 1,000 watchers ÷ with 10 watchers, 10,000 updates each
 * run (goal ≤ 1.5), half of the watchers on JSON and half on protobuf; the encodings made per
 * event must be exactly one per media type.
 */
import { createApiServer } from '../../core/index.ts';
import { watchStats } from '../../core/handlers/watch-stream.ts';
import { cpuMicros, fmt, type BenchResult } from './measure.ts';

const CM = 'http://orch/api/v1/namespaces/default/configmaps';

interface Run {
  readonly cpuPerEventUs: number;
  readonly delivered: number;
  readonly encodesPerUpdate: number;
}

async function run(watchers: number, updates: number): Promise<Run> {
  const api = createApiServer({ read: { watchBufferSize: updates + 10 } });
  await api.ready;
  const created = await api.fetch(
    new Request(CM, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ metadata: { name: 'hot' }, data: { n: '0' } }),
    }),
  );
  const rv = ((await created.json()) as { metadata: { resourceVersion: string } }).metadata.resourceVersion;
  let delivered = 0;
  const readers: Promise<void>[] = [];
  for (let w = 0; w < watchers; w++) {
    const accept = w % 2 === 0 ? 'application/json' : 'application/vnd.kubernetes.protobuf;stream=watch';
    const res = await api.fetch(new Request(`${CM}?watch=1&resourceVersion=${rv}`, { headers: { accept } }));
    const reader = res.body!.getReader();
    const json = w % 2 === 0;
    readers.push(
      (async () => {
        let got = 0;
        while (got < updates) {
          const { done, value } = await reader.read();
          if (done) break;
          if (json) {
            for (const b of value) if (b === 10) got++;
          } else {
            got++; // one length-prefixed frame per chunk
          }
        }
        delivered += got;
        await reader.cancel();
      })(),
    );
  }
  const encodesBefore = watchStats.encodes;
  const cpu0 = cpuMicros();
  for (let i = 1; i <= updates; i++) {
    const res = await api.fetch(
      new Request(`${CM}/hot`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/merge-patch+json' },
        body: `{"data":{"n":"${i}"}}`,
      }),
    );
    await res.arrayBuffer();
  }
  await Promise.all(readers);
  const cpu = cpuMicros() - cpu0;
  const encodes = watchStats.encodes - encodesBefore;
  await api.close();
  return { cpuPerEventUs: cpu / delivered, delivered, encodesPerUpdate: encodes / updates };
}

export async function p4(updates = 10_000, few = 10, many = 1_000): Promise<BenchResult> {
  const small = await run(few, updates);
  const large = await run(many, updates);
  const ratio = large.cpuPerEventUs / small.cpuPerEventUs;
  const exactlyOnce = small.encodesPerUpdate === 2 && large.encodesPerUpdate === 2;
  return {
    id: 'P4',
    title: `CPU per delivered event, ${many} watchers ÷ ${few} watchers (${updates} updates)`,
    ratio,
    goal: '≤ 1.5, and one encoding per media type per event',
    met: ratio <= 1.5 && exactlyOnce,
    details: {
      [`µs CPU/event (${few})`]: fmt(small.cpuPerEventUs),
      [`µs CPU/event (${many})`]: fmt(large.cpuPerEventUs),
      [`events delivered (${many})`]: large.delivered,
      'encodings per update (JSON + protobuf watchers)': `${small.encodesPerUpdate} and ${large.encodesPerUpdate}`,
    },
  };
}
