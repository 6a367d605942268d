/**
 * The controllers' typed client (docs/writing-a-controller.md, "The pieces"): every verb, errors
 * as ApiErrors carrying the server's Status, paging, the four patch types on the wire
 * (docs/api-rules.md, "Patch types") — in-process and over HTTP.
 */
import { firstValueFrom, take, toArray } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, Client, CONFIG_MAPS, isStatus, NAMESPACES, type ConfigMap, type Patch } from '../../controllers/index.ts';
import { TRANSPORTS, type Target } from '../support/targets.ts';

function clientFor(t: Target): Client {
  return new Client({ fetch: t.name === 'in-process' ? (r) => t.api.fetch(r) : (r) => globalThis.fetch(r), baseUrl: t.base });
}

/** A ConfigMap as a controller writes it: without apiVersion and kind, which the client fills in. */
const cm = (name: string, data: Record<string, string> = {}): ConfigMap => ({ metadata: { name }, data });

describe.each(TRANSPORTS)('client ($name)', ({ start }) => {
  let t: Target;
  let client: Client;
  beforeEach(async () => {
    t = await start();
    client = clientFor(t);
  });
  afterEach(async () => {
    await t.close();
  });

  it('creates, reads, updates and deletes, filling apiVersion and kind', async () => {
    const cms = client.resource(CONFIG_MAPS, 'default');
    const created = await cms.create(cm('a', { k: 'v' }));
    expect(created).toMatchObject({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'default' }, data: { k: 'v' } });
    const got = await cms.get('a');
    expect(got.metadata.uid).toBe(created.metadata.uid);
    const updated = await cms.update({ ...got, data: { k: 'w' } });
    expect(updated.data).toEqual({ k: 'w' });
    expect(Number(updated.metadata.resourceVersion)).toBeGreaterThan(Number(got.metadata.resourceVersion));
    const deleted = await cms.delete('a');
    expect(isStatus(deleted) && deleted.status).toBe('Success');
  });

  it('a stale update is a 409 Conflict carrying the Status', async () => {
    const cms = client.resource(CONFIG_MAPS, 'default');
    const created = await cms.create(cm('a'));
    await cms.update({ ...created, data: { x: '1' } });
    const err = await cms.update({ ...created, data: { x: '2' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 409, reason: 'Conflict', details: { name: 'a', kind: 'configmaps' } });
  });

  it.each([
    { name: 'missing object', act: (c: Client) => c.resource(CONFIG_MAPS, 'default').get('nope'), code: 404, reason: 'NotFound' },
    {
      name: 'existing name',
      act: async (c: Client) => {
        await c.resource(CONFIG_MAPS, 'default').create(cm('dup'));
        return c.resource(CONFIG_MAPS, 'default').create(cm('dup'));
      },
      code: 409,
      reason: 'AlreadyExists',
    },
    {
      name: 'invalid object',
      act: (c: Client) => c.resource(CONFIG_MAPS, 'default').create(cm('Not_Valid')),
      code: 422,
      reason: 'Invalid',
    },
    {
      name: 'namespace that does not exist',
      act: (c: Client) => c.resource(CONFIG_MAPS, 'nowhere').create(cm('a')),
      code: 404,
      reason: 'NotFound',
    },
  ])("failures are ApiErrors with the server's code and reason: $name", async ({ act, code, reason }) => {
    const err = await act(client).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(code);
    expect((err as ApiError).reason).toBe(reason);
    expect((err as ApiError).status.kind).toBe('Status');
  });

  it('lists page by page and as one snapshot', async () => {
    const cms = client.resource(CONFIG_MAPS, 'default');
    for (const n of ['a', 'b', 'c', 'd', 'e']) await cms.create(cm(n));
    const page = await cms.list({ limit: 2 });
    expect(page.items.map((i) => i.metadata.name)).toEqual(['a', 'b']);
    expect(page.metadata.continue).toBeTruthy();
    expect(page.metadata.remainingItemCount).toBe(3);
    const all = await cms.listAll({ pageSize: 2 });
    expect(all.items.map((i) => i.metadata.name)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(all.metadata.resourceVersion).toBe(page.metadata.resourceVersion); // nothing was written in between
  });

  it('lists across namespaces when no namespace is bound', async () => {
    await client.resource(NAMESPACES).create({ metadata: { name: 'other' } });
    await client.resource(CONFIG_MAPS, 'default').create(cm('a'));
    await client.resource(CONFIG_MAPS, 'other').create(cm('b'));
    const all = await client.resource(CONFIG_MAPS).list();
    expect(all.items.map((i) => `${i.metadata.namespace}/${i.metadata.name}`).sort()).toEqual(['default/a', 'other/b']);
  });

  it('merge-patches, and sends preconditions and propagationPolicy on delete', async () => {
    const cms = client.resource(CONFIG_MAPS, 'default');
    const created = await cms.create(cm('a', { k: 'v' }));
    const patched = await cms.patch('a', { type: 'merge', patch: { data: { k: null, n: '1' } } });
    expect(patched.data).toEqual({ n: '1' });
    const wrongUid = await cms.delete('a', { preconditions: { uid: 'not-the-uid' } }).catch((e: unknown) => e);
    expect(wrongUid).toMatchObject({ code: 409, reason: 'Conflict' });
    const pending = await cms.delete('a', { propagationPolicy: 'Foreground', preconditions: { uid: created.metadata.uid } });
    expect(isStatus(pending)).toBe(false);
    expect((pending as ConfigMap).metadata.finalizers).toEqual(['foregroundDeletion']);
    expect((pending as ConfigMap).metadata.deletionTimestamp).toBeTruthy();
  });

  it('watches from a revision', async () => {
    const cms = client.resource(CONFIG_MAPS, 'default');
    const first = await cms.create(cm('a'));
    const events = firstValueFrom(cms.watch({ resourceVersion: first.metadata.resourceVersion }).pipe(take(2), toArray()));
    await cms.create(cm('b'));
    await cms.delete('a');
    const got = await events;
    expect(got.map((e) => [e.type, e.type === 'ERROR' ? '' : e.object.metadata.name])).toEqual([
      ['ADDED', 'b'],
      ['DELETED', 'a'],
    ]);
  });
});

describe('client requests on the wire', () => {
  interface Seen {
    method: string;
    url: URL;
    contentType: string | null;
    body: string;
  }
  function recording(): { client: Client; seen: Seen[] } {
    const seen: Seen[] = [];
    const client = new Client({
      baseUrl: 'http://api.test',
      fetch: async (r) => {
        seen.push({ method: r.method, url: new URL(r.url), contentType: r.headers.get('content-type'), body: await r.text() });
        return new Response(JSON.stringify({ metadata: { name: 'a' } }), { status: 200, headers: { 'content-type': 'application/json' } });
      },
    });
    return { client, seen };
  }

  it.each<{ name: string; patch: Patch; query: Record<string, string>; contentType: string; body: string }>([
    {
      name: 'json patch',
      patch: { type: 'json', operations: [{ op: 'replace', path: '/data/k', value: 'v' }] },
      query: {},
      contentType: 'application/json-patch+json',
      body: '[{"op":"replace","path":"/data/k","value":"v"}]',
    },
    {
      name: 'merge patch',
      patch: { type: 'merge', patch: { data: { k: 'v' } } },
      query: {},
      contentType: 'application/merge-patch+json',
      body: '{"data":{"k":"v"}}',
    },
    {
      name: 'strategic merge patch',
      patch: { type: 'strategic', patch: { data: { k: 'v' } } },
      query: {},
      contentType: 'application/strategic-merge-patch+json',
      body: '{"data":{"k":"v"}}',
    },
    {
      name: 'apply',
      patch: { type: 'apply', object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { k: 'v' } } },
      query: { fieldManager: 'me', force: 'true' },
      contentType: 'application/apply-patch+yaml',
      body: '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a"},"data":{"k":"v"}}',
    },
  ])('$name: media type, body and parameters', async ({ patch, query, contentType, body }) => {
    const { client, seen } = recording();
    const opts = patch.type === 'apply' ? { fieldManager: 'me', force: true } : {};
    await client.resource(CONFIG_MAPS, 'ns').patch('a', patch, opts);
    expect(seen).toHaveLength(1);
    expect(seen[0].method).toBe('PATCH');
    expect(seen[0].url.pathname).toBe('/api/v1/namespaces/ns/configmaps/a');
    expect(Object.fromEntries(seen[0].url.searchParams)).toEqual(query);
    expect(seen[0].contentType).toBe(contentType);
    expect(seen[0].body).toBe(body);
  });

  it('apply without a field manager is refused before sending', async () => {
    const { client, seen } = recording();
    await expect(client.resource(CONFIG_MAPS, 'ns').patch('a', { type: 'apply', object: { metadata: { name: 'a' } } })).rejects.toThrow(
      /fieldManager/,
    );
    expect(seen).toHaveLength(0);
  });

  it('delete sends DeleteOptions in the body', async () => {
    const { client, seen } = recording();
    await client
      .resource(CONFIG_MAPS, 'ns')
      .delete('a', { propagationPolicy: 'Orphan', preconditions: { uid: 'u', resourceVersion: '7' }, dryRun: true });
    expect(seen[0].method).toBe('DELETE');
    expect(JSON.parse(seen[0].body)).toEqual({
      kind: 'DeleteOptions',
      apiVersion: 'v1',
      preconditions: { uid: 'u', resourceVersion: '7' },
      propagationPolicy: 'Orphan',
      dryRun: ['All'],
    });
  });

  it('paths: core and named groups, namespaced and cluster-scoped, subresources', async () => {
    const { client, seen } = recording();
    await client.resource(NAMESPACES).updateSubresource({ metadata: { name: 'x' } }, 'finalize');
    await client.resource(CONFIG_MAPS).list({ labelSelector: 'a=b', limit: 3 });
    await client
      .resource({ group: 'apps', version: 'v1', resource: 'statefulsets', kind: 'StatefulSet', namespaced: true }, 'ns')
      .updateStatus({ metadata: { name: 's' } });
    expect(seen.map((s) => `${s.method} ${s.url.pathname}${s.url.search}`)).toEqual([
      'PUT /api/v1/namespaces/x/finalize',
      'GET /api/v1/configmaps?labelSelector=a%3Db&limit=3',
      'PUT /apis/apps/v1/namespaces/ns/statefulsets/s/status',
    ]);
    expect(JSON.parse(seen[2].body)).toMatchObject({ apiVersion: 'apps/v1', kind: 'StatefulSet' });
  });

  it('a non-Status error body still becomes an ApiError with the HTTP code', async () => {
    const client = new Client({ fetch: async () => new Response('upstream went away', { status: 503 }) });
    const err = await client
      .resource(CONFIG_MAPS, 'ns')
      .get('a')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 503, reason: 'ServiceUnavailable' });
  });
});
