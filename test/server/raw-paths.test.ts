/**
 * Over HTTP the path reaches the core as the client sent it: a request for an object named `..`
 * is refused (400), never resolved to its parent — `DELETE .../configmaps/..` sent as is used to
 * delete the namespace (docs/api-rules.md, "Paths, verbs and routing"). Sent with node:http,
 * which (unlike fetch) leaves the path alone.
 */
import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { configMap } from '../support/builders.ts';
import { call, CM, overHttp, serverPerSuite } from '../support/targets.ts';

const t = serverPerSuite(overHttp);
beforeAll(async () => {
  await call(t, 'POST', CM, configMap('a'));
});

function send(method: string, path: string): Promise<{ status: number; body: any }> {
  const url = new URL(t.base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method, path }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('dot segments and escapes over HTTP', () => {
  it.each([
    { method: 'DELETE', path: '/api/v1/namespaces/default/configmaps/..', message: `Name parameter invalid: "..": may not be '..'` },
    { method: 'DELETE', path: '/api/v1/namespaces/default/configmaps/%2E%2E', message: `Name parameter invalid: "..": may not be '..'` },
    { method: 'DELETE', path: '/api/v1/namespaces/default/configmaps/.', message: `Name parameter invalid: ".": may not be '.'` },
    { method: 'GET', path: '/api/v1/namespaces/default/configmaps/a%2F..', message: `Name parameter invalid: "a/..": may not contain '/'` },
    { method: 'DELETE', path: '/api/v1/namespaces/../configmaps', message: `Namespace parameter invalid: "..": may not be '..'` },
    { method: 'DELETE', path: '/api/v1/namespaces/%2e%2E/configmaps/a', message: `Namespace parameter invalid: "..": may not be '..'` },
  ])('$method $path → 400 $message', async ({ method, path, message }) => {
    const r = await send(method, path);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ kind: 'Status', reason: 'BadRequest', message, code: 400 });
    expect((await call(t, 'GET', '/api/v1/namespaces/default')).body.status.phase).toBe('Active');
    expect((await call(t, 'GET', '/api/v1/namespaces/default/configmaps/a')).status).toBe(200);
  });

  it('a dot segment elsewhere in the path is no shortcut to another path', async () => {
    expect((await send('GET', '/api/v1/namespaces/default/configmaps/a/../a')).status).toBe(404);
    expect((await send('GET', '/api/v1/../v1/namespaces')).status).toBe(404);
  });
});
