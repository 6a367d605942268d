/**
 * The Website operator as a program against orch-apiserver over HTTP, as it would run beside a
 * cluster: the server on a free port (with its own built-in controllers: the StatefulSet
 * controller, the pod simulator, the garbage collector), the operator installing crd.yaml and
 * reconciling on the real clock.
 */
import { afterEach, expect, it } from 'vitest';
import { VirtualClock } from '../../core/index.ts';
import { Client, CONFIG_MAPS, isNotFound, STATEFUL_SETS } from '../../controllers/index.ts';
import { DEFAULT_CONTROLLERS, startServer, type RunningServer } from '../../server/index.ts';
import { CRD_FILE, type RunningOperator, runWebsiteOperator } from './main.ts';
import { WEBSITES, type Website } from './website.ts';

let server: RunningServer | undefined;
let operator: RunningOperator | undefined;
afterEach(async () => {
  await operator?.stop();
  await server?.shutdown();
  operator = undefined;
  server = undefined;
});

/**
 * Asks `probe` every 20 ms of real time, for at most 10 s, moving the server's clock a second each
 * time: the pod simulator's delay and the garbage collector's rediscovery (every 30 s, as the real
 * one's, which is when it first watches a kind made by a CRD) run on it.
 */
async function eventually<T>(what: string, clock: VirtualClock, probe: () => Promise<T | undefined>): Promise<T> {
  let last: unknown;
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    try {
      const v = await probe();
      if (v !== undefined) return v;
    } catch (err) {
      last = err;
    }
    await clock.advance(1_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${what}: not within 10 s${last ? ` (last error: ${String(last)})` : ''}`);
}

it('runs against orch-apiserver over HTTP: CRD installed, children made, status Ready, deletion finalized', async () => {
  // As `orch-apiserver` runs by default: with its built-in controllers (here on a clock the test moves).
  const clock = new VirtualClock(Date.now());
  server = await startServer({ host: '127.0.0.1', port: 0, clock, controllers: DEFAULT_CONTROLLERS, idleCompaction: false });
  operator = await runWebsiteOperator({ serverUrl: server.url, installCrd: CRD_FILE });

  const client = new Client({ fetch: (r) => fetch(r), baseUrl: server.url });
  const websites = client.resource(WEBSITES, 'default');
  const site: Website = { metadata: { name: 'docs' }, spec: { host: 'docs.example.com', replicas: 2 } };
  await websites.create(site);

  const ready = await eventually('Website docs Ready', clock, async () => {
    const w = await websites.get('docs');
    return w.status?.conditions?.find((c) => c.type === 'Ready' && c.status === 'True') ? w : undefined;
  });
  expect(ready.status?.replicas).toBe(2);
  const sts = await client.resource(STATEFUL_SETS, 'default').get('docs');
  expect(sts.status?.readyReplicas).toBe(2);
  const directory = await client.resource(CONFIG_MAPS, 'default').get('website-directory');
  expect(directory.data?.['default.docs']).toBe('http://docs.example.com/');

  await websites.delete('docs');
  await eventually('Website docs gone', clock, () =>
    websites.get('docs').then(
      () => undefined,
      (e: unknown) => (isNotFound(e) ? true : undefined),
    ),
  );
  const after = await client.resource(CONFIG_MAPS, 'default').get('website-directory');
  expect(after.data?.['default.docs']).toBeUndefined();
  await eventually('StatefulSet docs collected', clock, () =>
    client
      .resource(STATEFUL_SETS, 'default')
      .get('docs')
      .then(
        () => undefined,
        (e: unknown) => (isNotFound(e) ? true : undefined),
      ),
  );
});
