/** The node:http host streams watch bodies chunk by chunk and frees a watch when its client leaves. */
import { describe, expect, it } from 'vitest';
import { configMap } from '../support/builders.ts';
import { call, overHttp, serverPerTest, watchEvents } from '../support/targets.ts';

const t = serverPerTest(overHttp);

async function registeredWatchers(): Promise<number> {
  const text = await (await t.request('/metrics')).text();
  const m = /apiserver_registered_watchers\{group="",kind="ConfigMap",version="v1"\} (\d+)/.exec(text);
  return m ? Number(m[1]) : 0;
}

/** The long-running-requests gauge of a watch of ConfigMaps in one namespace, as the real server labels it. */
async function longRunningWatches(): Promise<number> {
  const text = await (await t.request('/metrics')).text();
  const m =
    /apiserver_longrunning_requests\{component="apiserver",group="",resource="configmaps",scope="namespace",subresource="",verb="WATCH",version="v1"\} (\d+)/.exec(
      text,
    );
  return m ? Number(m[1]) : 0;
}

describe('streaming over HTTP', () => {
  it('each event arrives while the response is still open (chunked)', async () => {
    const res = await t.request('/api/v1/namespaces/default/configmaps?watch=true&resourceVersion=1');
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    const events = watchEvents(res);
    for (let i = 0; i < 3; i++) {
      await call(t, 'POST', '/api/v1/namespaces/default/configmaps', configMap(`c${i}`));
      const e = await events.next();
      expect(e.value).toMatchObject({ type: 'ADDED', object: { metadata: { name: `c${i}` } } });
    }
    await events.return(undefined);
  });

  it('a whole answer carries its Content-Length (no chunks); HEAD gets the length and no body', async () => {
    await call(t, 'POST', '/api/v1/namespaces/default/configmaps', configMap('whole'));
    const res = await t.request('/api/v1/namespaces/default/configmaps/whole');
    const body = new Uint8Array(await res.arrayBuffer());
    expect(res.headers.get('transfer-encoding')).toBeNull();
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    const head = await t.request('/api/v1/namespaces/default/configmaps/whole', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(body.length);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('a client that disconnects frees its watch', async () => {
    expect(await registeredWatchers()).toBe(0);
    const ac = new AbortController();
    const res = await t.request('/api/v1/namespaces/default/configmaps?watch=true', { signal: ac.signal });
    expect(res.status).toBe(200);
    expect(await registeredWatchers()).toBe(1);
    expect(await longRunningWatches()).toBe(1);
    ac.abort();
    await res.body?.cancel().catch(() => undefined);
    for (let i = 0; i < 50 && (await registeredWatchers()) > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await registeredWatchers()).toBe(0);
    expect(await longRunningWatches()).toBe(0);
  });
});
