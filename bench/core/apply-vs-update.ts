/**
 * Server-side apply of a 200-key ConfigMap by a second manager (sharing the fields)
 * per second ÷ update (PUT) of the same object per second, in the same run (goal ≥ 0.30).
 */
import { createApiServer } from '../../core/index.ts';
import { bestRate, fmt, type BenchResult } from './measure.ts';

const URL_CM = 'http://orch/api/v1/namespaces/default/configmaps';

export async function applyVsUpdate(n = 300, rounds = 3): Promise<BenchResult> {
  const api = createApiServer();
  await api.ready;
  const data: Record<string, string> = {};
  for (let k = 0; k < 200; k++) data[`key-${String(k).padStart(3, '0')}`] = `value-${k}`;
  const config = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'big' }, data };
  const first = await api.fetch(
    new Request(`${URL_CM}/big?fieldManager=first`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/apply-patch+yaml' },
      body: JSON.stringify(config),
    }),
  );
  if (first.status !== 201) throw new Error(`apply bench: first apply answered ${first.status}`);
  // The second manager applies the same values (shared ownership), alternating one extra key so every apply writes.
  const apply = await bestRate(n, rounds, async (round) => {
    for (let i = 0; i < n; i++) {
      const body = JSON.stringify({ ...config, data: { ...data, extra: `${round}-${i}` } });
      const r = await api.fetch(
        new Request(`${URL_CM}/big?fieldManager=second`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/apply-patch+yaml' },
          body,
        }),
      );
      if (r.status !== 200) throw new Error(`apply bench: apply answered ${r.status}: ${await r.text()}`);
      await r.arrayBuffer();
    }
  });
  const update = await bestRate(n, rounds, async (round) => {
    for (let i = 0; i < n; i++) {
      const body = JSON.stringify({ ...config, data: { ...data, extra: `u${round}-${i}` } });
      const r = await api.fetch(new Request(`${URL_CM}/big`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body }));
      if (r.status !== 200) throw new Error(`apply bench: update answered ${r.status}: ${await r.text()}`);
      await r.arrayBuffer();
    }
  });
  await api.close();
  const ratio = apply.opsPerSecond / update.opsPerSecond;
  return {
    id: 'A1',
    title: 'server-side apply of a 200-key ConfigMap by a second manager ÷ PUT of the same object',
    ratio,
    goal: '≥ 0.30',
    met: ratio >= 0.3,
    details: { 'applies/s': fmt(apply.opsPerSecond, 0), 'updates/s': fmt(update.opsPerSecond, 0) },
  };
}
