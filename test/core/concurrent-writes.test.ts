/**
 * Writes that race each other on a backend whose writes take a turn of the event loop (as
 * IndexedDB, a data directory and etcd do): a patch or an apply that loses the race is applied
 * again to the newer object, as the real platform's GuaranteedUpdate retries it; only a client
 * that named a resourceVersion (an update, or a patch carrying one) is told 409 Conflict.
 */
import { describe, expect, it } from 'vitest';
import { createApiServer, MemoryBackend, type ValueProducer, type WriteResult } from '../../core/index.ts';

/** The memory backend with one tick between a write's call and its commit. */
class SlowWriteBackend extends MemoryBackend {
  override async update(key: string, expectedModRevision: number, value: ValueProducer): Promise<WriteResult> {
    await new Promise((r) => setTimeout(r, 1));
    return super.update(key, expectedModRevision, value);
  }
}

const CM = 'http://orch/api/v1/namespaces/default/configmaps';

async function send(api: ReturnType<typeof createApiServer>, method: string, url: string, body: unknown, contentType = 'application/json') {
  const res = await api.fetch(new Request(url, { method, headers: { 'content-type': contentType }, body: JSON.stringify(body) }));
  return { status: res.status, body: (await res.json()) as { metadata?: { resourceVersion?: string }; data?: Record<string, string> } };
}

describe('concurrent writes to one object', () => {
  const writers = Array.from({ length: 8 }, (_, i) => `k${i}`);

  it.each([
    { patchType: 'merge patch', contentType: 'application/merge-patch+json', body: (k: string) => ({ data: { [k]: 'v' } }) },
    {
      patchType: 'strategic merge patch',
      contentType: 'application/strategic-merge-patch+json',
      body: (k: string) => ({ data: { [k]: 'v' } }),
    },
    {
      patchType: 'JSON patch',
      contentType: 'application/json-patch+json',
      body: (k: string) => [{ op: 'add', path: `/data/${k}`, value: 'v' }],
    },
  ])('every $patchType that races another is applied, none gets 409', async ({ contentType, body }) => {
    const api = createApiServer({ storage: new SlowWriteBackend() });
    await api.ready;
    expect((await send(api, 'POST', CM, { metadata: { name: 'shared' }, data: { base: 'v' } })).status).toBe(201);
    const results = await Promise.all(writers.map((k) => send(api, 'PATCH', `${CM}/shared`, body(k), contentType)));
    expect(results.map((r) => r.status)).toEqual(writers.map(() => 200));
    const final = await send(api, 'GET', `${CM}/shared`, undefined);
    expect(Object.keys(final.body.data ?? {}).sort()).toEqual(['base', ...writers].sort());
    await api.close();
  });

  it('updates that name the version they read: one wins, the others get 409', async () => {
    const api = createApiServer({ storage: new SlowWriteBackend() });
    await api.ready;
    const created = await send(api, 'POST', CM, { metadata: { name: 'shared' }, data: { base: 'v' } });
    const rv = created.body.metadata?.resourceVersion;
    const results = await Promise.all(
      writers.map((k) => send(api, 'PUT', `${CM}/shared`, { metadata: { name: 'shared', resourceVersion: rv }, data: { [k]: 'v' } })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(writers.length - 1);
    await api.close();
  });
});
