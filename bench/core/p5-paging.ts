/** P5: 100,000 ConfigMaps listed with limit=500 to the end: last page time ÷ first page time (goal ≤ 1.5). */
import { createApiServer } from '../../core/index.ts';
import { fmt, type BenchResult } from './measure.ts';

export async function p5(count = 100_000, limit = 500): Promise<BenchResult> {
  const api = createApiServer();
  await api.ready;
  const headers = { get: (n: string) => (n === 'content-type' ? 'application/json' : null) };
  const enc = new TextEncoder();
  for (let i = 0; i < count; i++) {
    const body = enc.encode(`{"metadata":{"name":"cm-${String(i).padStart(6, '0')}"},"data":{"k":"v${i}"}}`);
    const r = await api.handle({
      method: 'POST',
      url: new URL('http://orch/api/v1/namespaces/default/configmaps'),
      headers,
      readBody: async () => body,
    });
    if (r.status !== 201) throw new Error(`P5: create ${i} answered ${r.status}`);
  }
  const pageTimes: number[] = [];
  let token: string | undefined;
  let items = 0;
  const noHeaders = { get: () => null };
  do {
    const url = new URL(
      `http://orch/api/v1/namespaces/default/configmaps?limit=${limit}${token ? `&continue=${encodeURIComponent(token)}` : ''}`,
    );
    const t0 = performance.now();
    const r = await api.handle({ method: 'GET', url, headers: noHeaders, readBody: async () => new Uint8Array() });
    const page = JSON.parse(r.body as string) as { items: unknown[]; metadata: { continue?: string } };
    pageTimes.push(performance.now() - t0);
    items += page.items.length;
    token = page.metadata.continue;
  } while (token);
  await api.close();
  // Median of the first and of the last 5 pages, so one GC pause does not decide.
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const first = median(pageTimes.slice(0, 5));
  const last = median(pageTimes.slice(-5));
  const ratio = last / first;
  return {
    id: 'P5',
    title: `list of ${count.toLocaleString('en-US')} ConfigMaps with limit=${limit}: last page time ÷ first page time`,
    ratio,
    goal: '≤ 1.5',
    met: ratio <= 1.5 && items === count,
    details: { pages: pageTimes.length, items, 'first pages ms (median of 5)': fmt(first), 'last pages ms (median of 5)': fmt(last) },
  };
}
