/**
 * Server-side apply of custom resources whose schema keeps unknown fields
 * (`x-kubernetes-preserve-unknown-fields`), as the real platform applies them: at the root with
 * no properties at all (Flux and others apply such resources), and beside declared properties,
 * whose merge rules still hold (two managers' items of a keyed list merge) while the unknown
 * fields merge by their shape (maps field by field, lists and scalars whole).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, serverPerSuite } from '../../support/targets.ts';
import { installCRD } from './crd-support.ts';

const t = serverPerSuite();
const APPLY = { 'content-type': 'application/apply-patch+yaml' };

function crd(plural: string, kind: string, schema: object): object {
  return {
    apiVersion: 'apiextensions.orch.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.loose.example.com` },
    spec: {
      group: 'loose.example.com',
      scope: 'Namespaced',
      names: { plural, kind },
      versions: [{ name: 'v1', served: true, storage: true, subresources: { status: {} }, schema: { openAPIV3Schema: schema } }],
    },
  };
}

const OPEN = '/apis/loose.example.com/v1/namespaces/default/opens';
const MIXED = '/apis/loose.example.com/v1/namespaces/default/mixeds';

beforeAll(async () => {
  await installCRD(t, crd('opens', 'Open', { type: 'object', 'x-kubernetes-preserve-unknown-fields': true }));
  await installCRD(
    t,
    crd('mixeds', 'Mixed', {
      type: 'object',
      properties: {
        spec: {
          type: 'object',
          'x-kubernetes-preserve-unknown-fields': true,
          properties: {
            items: {
              type: 'array',
              'x-kubernetes-list-type': 'map',
              'x-kubernetes-list-map-keys': ['name'],
              items: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, size: { type: 'integer' } } },
            },
          },
        },
      },
    }),
  );
});

const apply = (path: string, name: string, manager: string, body: object, query = '') =>
  call(t, 'PATCH', `${path}/${name}?fieldManager=${manager}${query}`, body, APPLY);

describe('a root that keeps unknown fields', () => {
  it('is applied, re-applied with a change, and its status applied through the subresource', async () => {
    const obj = (spec: object) => ({ apiVersion: 'loose.example.com/v1', kind: 'Open', metadata: { name: 'o' }, spec });
    const first = await apply(OPEN, 'o', 'flux', obj({ replicas: 2, nested: { a: 'x' } }));
    expect(first.status, first.text).toBe(201);
    const second = await apply(OPEN, 'o', 'flux', obj({ replicas: 3, nested: { a: 'x', b: 'y' } }));
    expect(second.status, second.text).toBe(200);
    expect(second.body.spec).toEqual({ replicas: 3, nested: { a: 'x', b: 'y' } });
    const status = await call(
      t,
      'PATCH',
      `${OPEN}/o/status?fieldManager=ctl`,
      { apiVersion: 'loose.example.com/v1', kind: 'Open', metadata: { name: 'o' }, status: { ready: true } },
      APPLY,
    );
    expect(status.status, status.text).toBe(200);
    expect(status.body.status).toEqual({ ready: true });
    const owned = status.body.metadata.managedFields.map((e: { manager: string; fieldsV1: object }) => [e.manager, e.fieldsV1]);
    // Unknown fields are owned as untyped values are: a map is owned itself (".") and field by field.
    expect(owned).toContainEqual(['flux', { 'f:spec': { '.': {}, 'f:nested': { '.': {}, 'f:a': {}, 'f:b': {} }, 'f:replicas': {} } }]);
    expect(owned).toContainEqual(['ctl', { 'f:status': { '.': {}, 'f:ready': {} } }]);
  });

  it('another manager changing an unknown field conflicts on that field only', async () => {
    const r = await apply(OPEN, 'o', 'other', {
      apiVersion: 'loose.example.com/v1',
      kind: 'Open',
      metadata: { name: 'o' },
      spec: { nested: { a: 'changed', c: 'new' } },
    });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Apply failed with 1 conflict: conflict with "flux": .spec.nested.a');
  });
});

describe('declared properties beside unknown fields', () => {
  it('two managers applying different items of a keyed list both keep theirs', async () => {
    const obj = (items: object[], extra: object = {}) => ({
      apiVersion: 'loose.example.com/v1',
      kind: 'Mixed',
      metadata: { name: 'm' },
      spec: { items, ...extra },
    });
    expect((await apply(MIXED, 'm', 'one', obj([{ name: 'a', size: 1 }], { free: { x: 1 } }))).status).toBe(201);
    const two = await apply(MIXED, 'm', 'two', obj([{ name: 'b', size: 2 }]));
    expect(two.status, two.text).toBe(200);
    expect(two.body.spec).toEqual({
      items: [
        { name: 'a', size: 1 },
        { name: 'b', size: 2 },
      ],
      free: { x: 1 },
    });
  });
});
