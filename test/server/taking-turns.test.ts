/**
 * orch-apiserver's controllers reach the API in-process; their requests take turns with the
 * network's, so a burst of them never holds an HTTP client (a /readyz probe, kubectl) until the
 * whole burst is done.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { inProcessTransport, takingTurns, type Transport } from '../../controllers/index.ts';
import { startServer, type RunningServer } from '../../server/start.ts';

const BURST = 400;
let running: RunningServer | undefined;
afterEach(async () => {
  await running?.shutdown();
  running = undefined;
});

/** BURST in-process creates started at once, then one GET /readyz over HTTP: how many creates were done when it answered. */
async function createsDoneWhenReadyzAnswers(wrap: (t: Transport) => Transport): Promise<{ done: number; readyz: number }> {
  running = await startServer({ port: 0, idleCompaction: false });
  const transport = wrap(inProcessTransport(running.api));
  const url = new URL('http://orch.local/api/v1/namespaces/default/configmaps');
  let done = 0;
  const burst = Array.from({ length: BURST }, (_, i) =>
    transport({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ metadata: { name: `c${i}` } }),
    }).then(async (r) => {
      await r.text();
      done++;
      return r.status;
    }),
  );
  const readyz = await fetch(`${running.url}/readyz`);
  const answeredAt = done;
  expect(new Set(await Promise.all(burst))).toEqual(new Set([201]));
  return { done: answeredAt, readyz: readyz.status };
}

describe('in-process requests take turns with HTTP ones', () => {
  it('an HTTP request is answered while a burst of in-process creates is still under way', async () => {
    const r = await createsDoneWhenReadyzAnswers((t) => takingTurns(t, setImmediate));
    expect(r.readyz).toBe(200);
    expect(r.done).toBeLessThan(BURST);
  });

  it('without turns the same burst holds the HTTP request until it is over (what the turns are for)', async () => {
    const r = await createsDoneWhenReadyzAnswers((t) => t);
    expect(r.readyz).toBe(200);
    expect(r.done).toBe(BURST);
  });

  it('requests keep their order and each still gets its own answer', async () => {
    const seen: string[] = [];
    const transport = takingTurns(async (req) => {
      seen.push(req.url.pathname);
      return { status: 200, body: null, text: async () => req.url.pathname };
    }, setImmediate);
    const paths = ['/a', '/b', '/c', '/d'];
    const answers = await Promise.all(
      paths.map((p) => transport({ method: 'GET', url: new URL(`http://x${p}`), headers: {} }).then((r) => r.text())),
    );
    expect(seen).toEqual(paths);
    expect(answers).toEqual(paths);
  });
});
