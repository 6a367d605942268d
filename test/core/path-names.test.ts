/**
 * A name or namespace taken from the path that is `.` or `..`, or holds `/` or `%` (also when
 * percent-encoded), is 400 BadRequest `Name parameter invalid: "..": may not be '..'` (or
 * `Namespace parameter invalid: ...`) for every verb, resource and subresource path, and changes
 * nothing. The requests go through `handle` with the path exactly as sent, as the Node host
 * passes it (a WHATWG Request would have resolved the dot segments before the core saw them).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../core/index.ts';
import { call, configMap, inProcess } from '../support/targets.ts';
import { dumpStore } from './store-dump.ts';

const t = await inProcess();
await call(t, 'POST', '/api/v1/namespaces/default/configmaps', configMap('a', { k: 'v' }));
await call(t, 'POST', '/api/v1/namespaces/default/pods', { metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'i' }] } });
afterAll(async () => {
  await t.close();
});

/** A request whose path reaches the core untouched. */
function raw(method: string, target: string, body?: string, contentType = 'application/json'): ApiRequest {
  const q = target.indexOf('?');
  return {
    method,
    url: { pathname: q < 0 ? target : target.slice(0, q), searchParams: new URLSearchParams(q < 0 ? '' : target.slice(q + 1)), host: 'orch.test' },
    headers: new Headers(body === undefined ? {} : { 'content-type': contentType }),
    readBody: async () => new TextEncoder().encode(body ?? ''),
  };
}

async function send(req: ApiRequest): Promise<{ status: number; body: any }> {
  const res = await t.api.handle(req);
  const text = typeof res.body === 'string' ? res.body : new TextDecoder().decode(res.body as Uint8Array);
  return { status: res.status, body: JSON.parse(text) };
}

/** As sent in the path → as the message quotes it → what is wrong with it. */
const NAMES: readonly (readonly [sent: string, name: string, problem: string])[] = [
  ['.', '.', "may not be '.'"],
  ['..', '..', "may not be '..'"],
  ['%2E', '.', "may not be '.'"],
  ['%2E%2E', '..', "may not be '..'"],
  ['.%2e', '..', "may not be '..'"],
  ['a%2Fb', 'a/b', "may not contain '/'"],
  ['%2F', '/', "may not contain '/'"],
  ['a%25b', 'a%b', "may not contain '%'"],
  ['%2F%25', '/%', "may not contain '/';may not contain '%'"],
];

const CM = '/api/v1/namespaces/default/configmaps';
const cmBody = (name: string) => JSON.stringify(configMap(name));

/** Every way a name reaches a handler: verb × path shape. */
const NAME_PATHS: readonly (readonly [what: string, request: (sent: string, name: string) => ApiRequest])[] = [
  ['GET', (s) => raw('GET', `${CM}/${s}`)],
  ['PUT', (s, n) => raw('PUT', `${CM}/${s}`, cmBody(n))],
  ['PATCH (merge)', (s) => raw('PATCH', `${CM}/${s}`, '{"data":{"x":"y"}}', 'application/merge-patch+json')],
  ['PATCH (apply)', (s, n) => raw('PATCH', `${CM}/${s}?fieldManager=m`, cmBody(n), 'application/apply-patch+yaml')],
  ['DELETE', (s) => raw('DELETE', `${CM}/${s}`)],
  ['GET ?watch=true', (s) => raw('GET', `${CM}/${s}?watch=true&timeoutSeconds=1`)],
  ['GET /watch/…', (s) => raw('GET', `/api/v1/watch/namespaces/default/configmaps/${s}?timeoutSeconds=1`)],
  ['GET pods/…/status', (s) => raw('GET', `/api/v1/namespaces/default/pods/${s}/status`)],
  ['POST pods/…/binding', (s, n) => raw('POST', `/api/v1/namespaces/default/pods/${s}/binding`, JSON.stringify({ metadata: { name: n }, target: { kind: 'Node', name: 'x' } }))],
  ['PUT statefulsets/…/scale', (s, n) => raw('PUT', `/apis/apps/v1/namespaces/default/statefulsets/${s}/scale`, JSON.stringify({ metadata: { name: n }, spec: { replicas: 1 } }))],
  ['DELETE a namespace', (s) => raw('DELETE', `/api/v1/namespaces/${s}`)],
  ['GET a cluster-scoped object', (s) => raw('GET', `/apis/rbac.authorization.orch.io/v1/clusterroles/${s}`)],
];

/** Every way a namespace reaches a handler. */
const NAMESPACE_PATHS: readonly (readonly [what: string, request: (sent: string) => ApiRequest])[] = [
  ['list', (s) => raw('GET', `/api/v1/namespaces/${s}/configmaps`)],
  ['create', (s) => raw('POST', `/api/v1/namespaces/${s}/configmaps`, cmBody('z'))],
  ['deletecollection', (s) => raw('DELETE', `/api/v1/namespaces/${s}/configmaps`)],
  ['watch', (s) => raw('GET', `/api/v1/watch/namespaces/${s}/configmaps?timeoutSeconds=1`)],
  ['get', (s) => raw('GET', `/api/v1/namespaces/${s}/configmaps/a`)],
  ['delete', (s) => raw('DELETE', `/api/v1/namespaces/${s}/configmaps/a`)],
];

describe('a bad name in the path is 400 and changes nothing', () => {
  const rows = NAMES.flatMap(([sent, name, problem]) => NAME_PATHS.map(([what, request]) => ({ what, sent, name, problem, request })));
  it.each(rows)('$what of "$sent"', async ({ sent, name, problem, request }) => {
    const before = await dumpStore(t.api);
    const r = await send(request(sent, name));
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: `Name parameter invalid: ${JSON.stringify(name)}: ${problem}`,
      reason: 'BadRequest',
      code: 400,
    });
    expect(await dumpStore(t.api)).toEqual(before);
  });
});

describe('a bad namespace in the path is 400 and changes nothing', () => {
  const rows = NAMES.flatMap(([sent, name, problem]) => NAMESPACE_PATHS.map(([what, request]) => ({ what, sent, name, problem, request })));
  it.each(rows)('$what in "$sent"', async ({ sent, name, problem, request }) => {
    const before = await dumpStore(t.api);
    const r = await send(request(sent));
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(`Namespace parameter invalid: ${JSON.stringify(name)}: ${problem}`);
    expect(await dumpStore(t.api)).toEqual(before);
  });
});

describe('names the rule allows', () => {
  it.each(['x', 'a.b', '...', '.a', 'a..b'])('"%s" is looked up as it is', async (name) => {
    const r = await send(raw('GET', `${CM}/${name}`));
    expect(r.status).toBe(404);
    expect(r.body.message).toBe(`configmaps "${name}" not found`);
  });

  it('a name quoted as Go quotes it (control characters escaped)', async () => {
    const r = await send(raw('GET', `${CM}/a%0A%2F`));
    expect(r.body.message).toBe('Name parameter invalid: "a\\n/": may not contain \'/\'');
  });
});
