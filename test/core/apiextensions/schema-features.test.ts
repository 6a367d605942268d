/**
 * Schema features of custom resources beyond the Widget's: embedded resources (their type meta
 * and ObjectMeta kept and checked), objects that keep unknown fields at the root, and the
 * Webhook conversion strategy, accepted and stored, whose conversions this server does not make.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, inProcess, type Target } from '../../support/targets.ts';
import { causeKeys } from '../../support/validation.ts';
import { installCRD } from './crd-support.ts';

function crd(plural: string, kind: string, schema: unknown, extra: Record<string, unknown> = {}): any {
  return {
    apiVersion: 'apiextensions.orch.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.example.com` },
    spec: {
      group: 'example.com',
      scope: 'Namespaced',
      names: { plural, kind },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: schema } }],
      ...extra,
    },
  };
}

let t: Target;
beforeAll(async () => {
  t = await inProcess();
});
afterAll(() => t.close());

describe('embedded resources', () => {
  const PATH = '/apis/example.com/v1/namespaces/default/templates';
  beforeAll(async () => {
    await installCRD(
      t,
      crd('templates', 'Template', {
        type: 'object',
        properties: {
          spec: {
            type: 'object',
            properties: {
              template: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true },
            },
          },
        },
      }),
    );
  });

  it('keep their apiVersion, kind and metadata, and whatever they hold', async () => {
    const template = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'inner', labels: { a: 'b' } }, data: { k: 'v' } };
    const res = await call(t, 'POST', PATH, {
      apiVersion: 'example.com/v1',
      kind: 'Template',
      metadata: { name: 'ok' },
      spec: { template },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // Its metadata is ObjectMeta, written as Go writes an embedded one (a zero creationTimestamp is null).
    expect(res.body.spec.template).toEqual({ ...template, metadata: { ...template.metadata, creationTimestamp: null } });
  });

  it('name their kind', async () => {
    const res = await call(t, 'POST', PATH, {
      apiVersion: 'example.com/v1',
      kind: 'Template',
      metadata: { name: 'bad' },
      spec: { template: { metadata: { name: 'x' } } },
    });
    expect(causeKeys(res)).toEqual(['spec.template.apiVersion FieldValueRequired', 'spec.template.kind FieldValueRequired']);
  });
});

describe('a schema of metadata', () => {
  it('may constrain the name, and nothing else', async () => {
    await installCRD(
      t,
      crd('shorts', 'Short', {
        type: 'object',
        properties: { metadata: { type: 'object', properties: { name: { type: 'string', maxLength: 5 } } } },
      }),
    );
    const path = '/apis/example.com/v1/namespaces/default/shorts';
    expect((await call(t, 'POST', path, { apiVersion: 'example.com/v1', kind: 'Short', metadata: { name: 'tiny' } })).status).toBe(201);
    const long = await call(t, 'POST', path, { apiVersion: 'example.com/v1', kind: 'Short', metadata: { name: 'toolong' } });
    expect(causeKeys(long)).toEqual(['metadata.name FieldValueTooLong']);
    expect(long.body.details.causes[0].message).toBe('Too long: may not be longer than 5');
  });
});

describe('objects that keep unknown fields', () => {
  it('keep them at the root and below', async () => {
    await installCRD(t, crd('bags', 'Bag', { type: 'object', 'x-kubernetes-preserve-unknown-fields': true }));
    const res = await call(t, 'POST', '/apis/example.com/v1/namespaces/default/bags', {
      apiVersion: 'example.com/v1',
      kind: 'Bag',
      metadata: { name: 'b' },
      anything: { deep: [1, 'two'] },
    });
    expect(res.status).toBe(201);
    expect(res.body.anything).toEqual({ deep: [1, 'two'] });
  });

  it('without printer columns, show Name and Age in tables', async () => {
    const table = await call(t, 'GET', '/apis/example.com/v1/namespaces/default/bags', undefined, {
      accept: 'application/json;as=Table;v=v1;g=meta.k8s.io',
    });
    expect(table.body.columnDefinitions.map((c: { name: string }) => c.name)).toEqual(['Name', 'Age']);
    expect(table.body.rows[0].cells[0]).toBe('b');
  });
});

describe('the Webhook conversion strategy', () => {
  it('is stored; a conversion it would need fails with 503, the storage version works', async () => {
    const schema = { type: 'object', properties: { spec: { type: 'object', properties: { size: { type: 'integer' } } } } };
    const def = crd('morphs', 'Morph', schema, {
      conversion: {
        strategy: 'Webhook',
        webhook: { conversionReviewVersions: ['v1'], clientConfig: { url: 'https://convert.example.com/convert' } },
      },
    });
    def.spec.versions = [
      { name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: schema } },
      { name: 'v2', served: true, storage: false, schema: { openAPIV3Schema: schema } },
    ];
    const stored = await installCRD(t, def);
    expect(stored.spec.conversion.strategy).toBe('Webhook');
    const v1 = await call(t, 'POST', '/apis/example.com/v1/namespaces/default/morphs', {
      apiVersion: 'example.com/v1',
      kind: 'Morph',
      metadata: { name: 'm' },
      spec: { size: 1 },
    });
    expect(v1.status).toBe(201);
    const v2 = await call(t, 'GET', '/apis/example.com/v2/namespaces/default/morphs/m');
    expect(v2.status).toBe(503);
    expect(v2.body.message).toBe('conversion webhook for example.com/v2, Kind=Morph failed: this server does not call conversion webhooks');
  });
});
