/**
 * P1: in-process ConfigMap creates per second through `fetch` ÷ a raw baseline that does the
 * least any store must do with the same object (JSON.parse + JSON.stringify + Map.set).
 */
import { createApiServer } from '../../core/index.ts';
import { bestRate, fmt, type BenchResult } from './measure.ts';

function body(i: number): string {
  const data: Record<string, string> = {};
  for (let k = 0; k < 10; k++) data[`key-${k}`] = `value ${k} of configmap ${i}: ${'x'.repeat(40)}`;
  return JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm-${i}`, labels: { app: 'bench', tier: 'p1' } }, data });
}

export async function p1(n = 4000, rounds = 3): Promise<BenchResult> {
  const bodies = Array.from({ length: n * (rounds + 1) }, (_, i) => body(i));
  const baseline = await bestRate(n, rounds, (r) => {
    const m = new Map<string, string>();
    const off = (r + 1) * n;
    for (let i = 0; i < n; i++) {
      const obj = JSON.parse(bodies[off + i]) as { metadata: { name: string } };
      m.set(`/registry/configmaps/default/${obj.metadata.name}`, JSON.stringify(obj));
    }
  });
  const api = createApiServer();
  await api.ready;
  let created = 0;
  /** The client's side of a create through `fetch`: the same for orch and for the echo below. */
  const viaFetch = (fetch: (r: Request) => Promise<Response>) => async (r: number) => {
    const off = (r + 1) * n;
    for (let i = 0; i < n; i++) {
      const res = await fetch(
        new Request('http://orch/api/v1/namespaces/default/configmaps', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: bodies[off + i],
        }),
      );
      if (res.status === 201) created++;
      await res.arrayBuffer();
    }
  };
  const server = await bestRate(
    n,
    rounds,
    viaFetch((r) => api.fetch(r)),
  );
  const createdByOrch = created;
  await api.close();
  // The ceiling of any server behind `fetch` on this runtime: one that only echoes the body back.
  // Node 20's Request and Response (undici) cost more than the whole baseline several times over.
  const echo = await bestRate(
    n,
    rounds,
    viaFetch(async (r) => new Response(await r.text(), { status: 201, headers: { 'content-type': 'application/json' } })),
  );
  const ratio = server.opsPerSecond / baseline.opsPerSecond;
  return {
    id: 'P1',
    title: 'in-process creates/s through fetch ÷ JSON.parse+stringify+Map.set',
    ratio,
    goal: '≥ 0.30',
    met: ratio >= 0.3,
    details: {
      'creates/s': fmt(server.opsPerSecond, 0),
      'baseline ops/s': fmt(baseline.opsPerSecond, 0),
      'object bytes': bodies[0].length,
      'created by orch (all rounds)': createdByOrch,
      'echo through fetch (no server work) ops/s': fmt(echo.opsPerSecond, 0),
      'echo ÷ baseline (the most any fetch-based server can reach here)': fmt(echo.opsPerSecond / baseline.opsPerSecond, 3),
      'orch ÷ echo': fmt(server.opsPerSecond / echo.opsPerSecond, 3),
    },
  };
}
