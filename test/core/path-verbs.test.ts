/**
 * Each path shape serves its own verbs, as the real platform registers its routes: a collection
 * is listed, watched, created in and deleted; a named object is read, watched, replaced, patched
 * and deleted; `/watch/...` is read only. Any other method there is 405 MethodNotAllowed and
 * changes nothing — a POST to a named object is no create (Pod `binding`, a subresource made for
 * POST, stays; docs/api-rules.md, "Paths, verbs and routing").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KindDefinition } from '../../core/index.ts';
import { configMap } from '../support/builders.ts';
import { call, inProcess } from '../support/targets.ts';
import { dumpStore } from '../support/store-dump.ts';

const METHOD_NOT_ALLOWED = {
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message: 'the server does not allow this method on the requested resource',
  reason: 'MethodNotAllowed',
  details: {},
  code: 405,
};

function objectPath(def: KindDefinition, name: string): string {
  const base = def.group ? `/apis/${def.group}/${def.version}` : `/api/${def.version}`;
  return def.namespaced ? `${base}/namespaces/default/${def.resource}/${name}` : `${base}/${def.resource}/${name}`;
}

// Made at load, so that the table below can list every kind it serves.
const t = await inProcess({ featureGates: { DynamicResourceAllocation: true } });
beforeAll(async () => {
  await call(t, 'POST', '/api/v1/namespaces/default/configmaps', configMap('a', { k: 'v' }));
});
afterAll(async () => {
  await t.close();
});

describe('a POST to a named object finds no route', () => {
  it.each(t.api.kinds.map((def) => ({ name: `${def.resource}.${def.group || 'core'}/${def.version}`, def })))(
    '$name: POST …/{name} → 405',
    async ({ def }) => {
      const before = await dumpStore(t.api);
      // `a` exists for ConfigMaps and `default` for Namespaces: neither is 409 AlreadyExists any more.
      const name = def.resource === 'namespaces' ? 'default' : 'a';
      const r = await call(t, 'POST', objectPath(def, name), {
        apiVersion: def.group ? `${def.group}/${def.version}` : def.version,
        kind: def.kind,
        metadata: { name },
      });
      expect(r.status).toBe(405);
      expect(r.body).toEqual(METHOD_NOT_ALLOWED);
      expect(await dumpStore(t.api)).toEqual(before);
    },
  );
});

describe('other verbs at the wrong path shape', () => {
  const CM = '/api/v1/namespaces/default/configmaps';
  it.each([
    { name: 'PUT to a collection', method: 'PUT', path: CM, body: configMap('a') },
    { name: 'PATCH to a collection', method: 'PATCH', path: CM, body: {} },
    { name: 'PUT to the namespaces collection', method: 'PUT', path: '/api/v1/namespaces', body: { metadata: { name: 'default' } } },
    { name: 'POST under /watch/', method: 'POST', path: '/api/v1/watch/namespaces/default/configmaps', body: configMap('w') },
    { name: 'PUT under /watch/', method: 'PUT', path: `/api/v1/watch/namespaces/default/configmaps/a`, body: configMap('a') },
    {
      name: 'DELETE under /watch/ (no deletecollection)',
      method: 'DELETE',
      path: '/api/v1/watch/namespaces/default/configmaps',
      body: undefined,
    },
    {
      name: 'DELETE of one object under /watch/',
      method: 'DELETE',
      path: '/api/v1/watch/namespaces/default/configmaps/a',
      body: undefined,
    },
  ])('$name → 405, nothing changes', async ({ method, path, body }) => {
    const before = await dumpStore(t.api);
    const r = await call(
      t,
      method,
      path,
      body,
      body === undefined ? {} : { 'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json' },
    );
    expect(r.status).toBe(405);
    expect(r.body).toEqual(METHOD_NOT_ALLOWED);
    expect(await dumpStore(t.api)).toEqual(before);
  });
});

describe('a subresource made for POST keeps its route', () => {
  it('POST pods/{name}/binding binds the pod', async () => {
    const P = '/api/v1/namespaces/default/pods';
    expect((await call(t, 'POST', P, { metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'i' }] } })).status).toBe(201);
    const bound = await call(t, 'POST', `${P}/p/binding`, {
      apiVersion: 'v1',
      kind: 'Binding',
      metadata: { name: 'p' },
      target: { kind: 'Node', name: 'node-1' },
    });
    expect(bound.status).toBe(201);
    expect((await call(t, 'GET', `${P}/p`)).body.spec.nodeName).toBe('node-1');
  });
});
