/**
 * Health endpoints (docs/api-rules.md, "Health, version and metrics"): every check the real
 * v1.32 server has, verbose, exclude, single checks, and readyz failing once shutdown begins.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createApiServer, VirtualClock, type ApiServer } from '../../core/index.ts';

const CHECKS = [
  'ping',
  'log',
  'store',
  'poststarthook/start-orch-apiserver-admission-initializer',
  'poststarthook/generic-apiserver-start-informers',
  'poststarthook/start-apiextensions-informers',
  'poststarthook/start-apiextensions-controllers',
  'poststarthook/crd-informer-synced',
  'poststarthook/bootstrap-controller',
  'poststarthook/rbac/bootstrap-roles',
  'poststarthook/scheduling/bootstrap-system-priority-classes',
  'poststarthook/start-cluster-authentication-info-controller',
  'poststarthook/start-orch-aggregator-informers',
  'poststarthook/apiservice-registration-controller',
  'poststarthook/apiservice-status-available-controller',
  'poststarthook/orch-apiserver-autoregistration',
  'autoregister-completion',
  'poststarthook/apiservice-openapi-controller',
];

let api: ApiServer;
async function get(path: string): Promise<{ status: number; text: string; type: string | null }> {
  const r = await api.fetch(new Request(`http://orch.test${path}`));
  return { status: r.status, text: await r.text(), type: r.headers.get('content-type') };
}
afterEach(async () => {
  await api.close();
});

describe('health endpoints', () => {
  it.each(['/healthz', '/livez', '/readyz'])('%s answers 200 ok', async (path) => {
    api = createApiServer();
    await api.ready;
    expect(await get(path)).toEqual({ status: 200, text: 'ok', type: 'text/plain; charset=utf-8' });
  });

  it.each([
    { path: '/livez', checks: CHECKS },
    { path: '/healthz', checks: CHECKS },
    { path: '/readyz', checks: [...CHECKS, 'shutdown'] },
  ])('$path?verbose lists every check, then a passed line', async ({ path, checks }) => {
    api = createApiServer();
    await api.ready;
    const r = await get(`${path}?verbose`);
    const endpoint = path.slice(1);
    expect(r.text).toBe(`${checks.map((c) => `[+]${c} ok`).join('\n')}\n${endpoint} check passed\n`);
  });

  it('exclude omits a check and marks it excluded; parameters combine', async () => {
    api = createApiServer();
    await api.ready;
    const r = await get('/readyz?verbose&exclude=store&exclude=shutdown');
    expect(r.text).toContain('[+]store excluded: ok\n');
    expect(r.text).toContain('[+]shutdown excluded: ok\n');
    expect(r.text).toContain('[+]ping ok\n');
  });

  it('excluding an unknown check is warned about', async () => {
    api = createApiServer();
    await api.ready;
    const r = await get('/livez?verbose&exclude=nonesuch');
    expect(r.status).toBe(200);
    expect(r.text).toContain('warn: some health checks cannot be excluded: no matches for "nonesuch"');
  });

  it.each(CHECKS)('/livez/%s answers ok', async (check) => {
    api = createApiServer();
    await api.ready;
    expect((await get(`/livez/${check}`)).text).toBe('ok');
  });

  it('an unknown single check is 404', async () => {
    api = createApiServer();
    await api.ready;
    expect((await get('/readyz/nonesuch')).status).toBe(404);
  });

  it('readyz fails once shutdown has begun (shutdown check), livez stays ok', async () => {
    api = createApiServer();
    await api.ready;
    api.beginShutdown();
    const r = await get('/readyz');
    expect(r.status).toBe(500);
    expect(r.text).toContain('[-]shutdown failed: reason withheld\n');
    expect(r.text.trimEnd().split('\n').pop()).toBe('readyz check failed');
    expect((await get('/readyz/shutdown')).status).toBe(500);
    expect((await get('/readyz?exclude=shutdown')).status).toBe(200);
    expect((await get('/livez')).status).toBe(200);
  });

  it('before start-up finishes, post-start hooks fail readyz; livez passes them during the grace period', async () => {
    const clock = new VirtualClock();
    // A storage backend that never finishes loading keeps start-up pending.
    const never = new Promise<never>(() => undefined);
    const storage = {
      name: 'slow',
      currentRevision: () => never,
      get: () => never,
      range: () => never,
      create: () => never,
      update: () => never,
      delete: () => never,
      watch: () => () => undefined,
      healthy: async () => true,
      close: async () => undefined,
    };
    api = createApiServer({ storage, clock, livezGracePeriodMs: 60_000 });
    expect((await get('/readyz')).status).toBe(500);
    expect((await get('/readyz?verbose')).text).toContain('[-]poststarthook/generic-apiserver-start-informers failed: reason withheld');
    expect((await get('/livez')).status).toBe(200);
    await clock.advance(61_000);
    expect((await get('/livez')).status).toBe(500);
  });
});
