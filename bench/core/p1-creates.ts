/**
 * P1: in-process ConfigMap creates per second through the core's own entry `api.handle` (the
 * path of the controllers' in-process transport and of the Node host) ÷ a raw baseline that does
 * the least any store must do with the same object (JSON.parse + JSON.stringify + Map.set).
 * Beside it, the same through `fetch`, against a server that only echoes.
 */
import { type ApiServer, createApiServer } from '../../core/index.ts';
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
  const encoder = new TextEncoder();
  const url = new URL('http://orch/api/v1/namespaces/default/configmaps');
  const headers = new Map([['content-type', 'application/json']]);
  /** The request an in-process caller hands the core: no WHATWG objects. */
  const viaHandle = (api: ApiServer) => async (r: number) => {
    const off = (r + 1) * n;
    for (let i = 0; i < n; i++) {
      const bytes = encoder.encode(bodies[off + i]);
      const res = await api.handle({
        method: 'POST',
        url,
        headers: { get: (name) => headers.get(name) ?? null },
        readBody: async () => bytes,
      });
      if (res.status === 201) handled++;
    }
  };
  let handled = 0;
  const direct = createApiServer();
  await direct.ready;
  const core = await bestRate(n, rounds, viaHandle(direct));
  await direct.close();

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
  const ratio = core.opsPerSecond / baseline.opsPerSecond;
  return {
    id: 'P1',
    title: 'in-process creates/s through api.handle ÷ JSON.parse+stringify+Map.set',
    ratio,
    goal: '≥ 0.30',
    met: ratio >= 0.3,
    details: {
      'creates/s through api.handle': fmt(core.opsPerSecond, 0),
      'baseline ops/s': fmt(baseline.opsPerSecond, 0),
      'object bytes': bodies[0].length,
      'created through api.handle (all rounds)': handled,
      'creates/s through fetch': fmt(server.opsPerSecond, 0),
      'fetch ÷ baseline': fmt(server.opsPerSecond / baseline.opsPerSecond, 3),
      'created through fetch (all rounds)': createdByOrch,
      'echo through fetch (no server work) ops/s': fmt(echo.opsPerSecond, 0),
      'echo ÷ baseline (the most any fetch-based server can reach here)': fmt(echo.opsPerSecond / baseline.opsPerSecond, 3),
      'orch ÷ echo': fmt(server.opsPerSecond / echo.opsPerSecond, 3),
    },
  };
}
