/**
 * A name or namespace taken from the path that is `.` or `..`, or holds `/` or `%` (also when
 * percent-encoded), is 400 BadRequest `Name parameter invalid: "..": may not be '..'` (or
 * `Namespace parameter invalid: ...`) for every verb, resource and subresource path, and changes
 * nothing. The requests go through `handle` with the path exactly as sent, as the Node host
 * passes it (a WHATWG Request would have resolved the dot segments before the core saw them;
 * docs/api-rules.md, "Paths, verbs and routing").
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../core/index.ts';
import { configMap, pod } from '../support/builders.ts';
import { call, CM, serverPerSuite } from '../support/targets.ts';
import { dumpStore } from '../support/store-dump.ts';

const t = serverPerSuite();
beforeAll(async () => {
  await call(t, 'POST', CM, configMap('a', { k: 'v' }));
  await call(t, 'POST', '/api/v1/namespaces/default/pods', pod('p'));
});

/** A request whose path reaches the core untouched. */
function raw(method: string, target: string, body?: string, contentType = 'application/json'): ApiRequest {
  const q = target.indexOf('?');
  return {
    method,
    url: {
      pathname: q < 0 ? target : target.slice(0, q),
      searchParams: new URLSearchParams(q < 0 ? '' : target.slice(q + 1)),
      host: 'orch.test',
    },
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
const NAMES: readonly { sent: string; name: string; problem: string }[] = [
  { sent: '.', name: '.', problem: "may not be '.'" },
  { sent: '..', name: '..', problem: "may not be '..'" },
  { sent: '%2E', name: '.', problem: "may not be '.'" },
  { sent: '%2E%2E', name: '..', problem: "may not be '..'" },
  { sent: '.%2e', name: '..', problem: "may not be '..'" },
  { sent: 'a%2Fb', name: 'a/b', problem: "may not contain '/'" },
  { sent: '%2F', name: '/', problem: "may not contain '/'" },
  { sent: 'a%25b', name: 'a%b', problem: "may not contain '%'" },
  { sent: '%2F%25', name: '/%', problem: "may not contain '/';may not contain '%'" },
];

const cmBody = (name: string) => JSON.stringify(configMap(name));

/** Every way a name reaches a handler: verb × path shape. */
const NAME_PATHS: readonly { what: string; request: (sent: string, name: string) => ApiRequest }[] = [
  { what: 'GET', request: (s) => raw('GET', `${CM}/${s}`) },
  { what: 'PUT', request: (s, n) => raw('PUT', `${CM}/${s}`, cmBody(n)) },
  { what: 'PATCH (merge)', request: (s) => raw('PATCH', `${CM}/${s}`, '{"data":{"x":"y"}}', 'application/merge-patch+json') },
  { what: 'PATCH (apply)', request: (s, n) => raw('PATCH', `${CM}/${s}?fieldManager=m`, cmBody(n), 'application/apply-patch+yaml') },
  { what: 'DELETE', request: (s) => raw('DELETE', `${CM}/${s}`) },
  { what: 'GET ?watch=true', request: (s) => raw('GET', `${CM}/${s}?watch=true&timeoutSeconds=1`) },
  { what: 'GET /watch/…', request: (s) => raw('GET', `/api/v1/watch/namespaces/default/configmaps/${s}?timeoutSeconds=1`) },
  { what: 'GET pods/…/status', request: (s) => raw('GET', `/api/v1/namespaces/default/pods/${s}/status`) },
  {
    what: 'POST pods/…/binding',
    request: (s, n) =>
      raw(
        'POST',
        `/api/v1/namespaces/default/pods/${s}/binding`,
        JSON.stringify({ metadata: { name: n }, target: { kind: 'Node', name: 'x' } }),
      ),
  },
  {
    what: 'PUT statefulsets/…/scale',
    request: (s, n) =>
      raw(
        'PUT',
        `/apis/apps/v1/namespaces/default/statefulsets/${s}/scale`,
        JSON.stringify({ metadata: { name: n }, spec: { replicas: 1 } }),
      ),
  },
  { what: 'DELETE a namespace', request: (s) => raw('DELETE', `/api/v1/namespaces/${s}`) },
  { what: 'GET a cluster-scoped object', request: (s) => raw('GET', `/apis/rbac.authorization.orch.io/v1/clusterroles/${s}`) },
];

/** Every way a namespace reaches a handler. */
const NAMESPACE_PATHS: readonly { what: string; request: (sent: string) => ApiRequest }[] = [
  { what: 'list', request: (s) => raw('GET', `/api/v1/namespaces/${s}/configmaps`) },
  { what: 'create', request: (s) => raw('POST', `/api/v1/namespaces/${s}/configmaps`, cmBody('z')) },
  { what: 'deletecollection', request: (s) => raw('DELETE', `/api/v1/namespaces/${s}/configmaps`) },
  { what: 'watch', request: (s) => raw('GET', `/api/v1/watch/namespaces/${s}/configmaps?timeoutSeconds=1`) },
  { what: 'get', request: (s) => raw('GET', `/api/v1/namespaces/${s}/configmaps/a`) },
  { what: 'delete', request: (s) => raw('DELETE', `/api/v1/namespaces/${s}/configmaps/a`) },
];

describe('a bad name in the path is 400 and changes nothing', () => {
  const rows = NAMES.flatMap((n) => NAME_PATHS.map((p) => ({ ...p, ...n })));
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
  const rows = NAMES.flatMap((n) => NAMESPACE_PATHS.map((p) => ({ ...p, ...n })));
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
