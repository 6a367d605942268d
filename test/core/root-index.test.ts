/**
 * The root index: `GET /` and `GET /index.html` answer 200 with `{"paths": [...]}`, the sorted
 * paths the server lists, as the real server's index does: discovery of every served group and
 * version (custom ones included while served, disabled ones not), `/apis/` beside `/apis`, the
 * health endpoints with each of their checks, metrics, the OpenAPI documents and `/openapi/v3/`,
 * the version, the issuer discovery documents when they are served. It lists neither itself nor
 * what this server does not serve, and every path it lists is served.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { installCRD, removeCRD } from './apiextensions/crd-support.ts';
import { call, inProcess, type Target } from '../support/targets.ts';

let t: Target | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function index(target: Target, path = '/'): Promise<string[]> {
  const res = await target.request(path);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/json');
  const text = await res.text();
  const body = JSON.parse(text) as { paths: string[] };
  // Indented by two spaces, as the real writer indents it, and nothing else in the object.
  expect(text).toBe(JSON.stringify(body, null, 2));
  expect(Object.keys(body)).toEqual(['paths']);
  return body.paths;
}

describe('the root index', () => {
  it.each(['/', '/index.html'])('%s lists the served paths, sorted and once each', async (path) => {
    t = await inProcess();
    const paths = await index(t, path);
    expect(paths).toEqual([...new Set(paths)].sort());
    for (const listed of [
      '/api',
      '/api/v1',
      '/apis',
      '/apis/',
      '/apis/apps',
      '/apis/apps/v1',
      '/apis/coordination.orch.io',
      '/apis/coordination.orch.io/v1',
      '/apis/apiextensions.orch.io/v1',
      '/healthz',
      '/healthz/ping',
      '/healthz/store',
      '/livez',
      '/livez/log',
      '/livez/poststarthook/crd-informer-synced',
      '/readyz',
      '/readyz/shutdown',
      '/metrics',
      '/openapi/v2',
      '/openapi/v3',
      '/openapi/v3/',
      '/version',
    ]) {
      expect(paths).toContain(listed);
    }
    for (const unlisted of ['/', '/index.html', '/api/', '/healthz/shutdown', '/version/', '/logs', '/openid/v1/jwks/']) {
      expect(paths).not.toContain(unlisted);
    }
  });

  it('the same for any method, as the real index answers', async () => {
    t = await inProcess();
    const expected = await index(t);
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const r = await call(t, method, '/');
      expect(r.status).toBe(200);
      expect(r.body.paths).toEqual(expected);
    }
  });

  it('every listed path is served', async () => {
    t = await inProcess();
    for (const path of await index(t)) {
      const r = await call(t, 'GET', path);
      expect(r.status, path).toBe(200);
    }
  });

  it('a disabled group version is not listed', async () => {
    t = await inProcess({ runtimeConfig: 'apps/v1=false' });
    const paths = await index(t);
    expect(paths.filter((p) => p.startsWith('/apis/apps'))).toEqual([]);
    expect(paths).toContain('/apis/coordination.orch.io/v1');
  });

  it('a custom group is listed while its definition is served', async () => {
    t = await inProcess();
    expect(await index(t)).not.toContain('/apis/example.com');
    await installCRD(t);
    const paths = await index(t);
    expect(paths.filter((p) => p.startsWith('/apis/example.com'))).toEqual(['/apis/example.com', '/apis/example.com/v1']);
    await removeCRD(t, 'widgets.example.com');
    expect(await index(t)).not.toContain('/apis/example.com');
  });
});
