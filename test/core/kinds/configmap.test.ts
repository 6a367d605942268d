/**
 * ConfigMap (core/v1): keys of data and binaryData, their size, immutability once `immutable` is
 * set (docs/api-rules.md, "Create, update, patch, delete"), metadata the server owns, the output
 * field order, and data keys that are special to JavaScript.
 */
import { describe, expect, it } from 'vitest';
import { configMap } from '../../support/builders.ts';
import { call, CM, serverPerTest } from '../../support/targets.ts';

const t = serverPerTest();

describe('ConfigMap keys', () => {
  it.each([
    { name: 'alphanumeric', key: 'abc123', status: 201 },
    { name: 'dash, underscore, dot', key: 'a-b_c.d', status: 201 },
    { name: 'a dotfile', key: '.env', status: 201 },
    { name: 'a space', key: 'a b', status: 422 },
    { name: 'a slash', key: 'a/b', status: 422 },
    { name: 'a colon', key: 'a:b', status: 422 },
    { name: 'just a dot', key: '.', status: 422 },
    { name: 'two dots', key: '..', status: 422 },
    { name: 'starting with two dots', key: '..x', status: 422 },
    { name: '254 characters', key: 'k'.repeat(254), status: 422 },
  ])('a data key with $name ($key) → $status', async ({ key, status }) => {
    const r = await call(t, 'POST', CM, { metadata: { name: 'k' }, data: { [key]: 'v' } });
    expect(r.status).toBe(status);
    if (status === 422) expect(r.body.details.causes[0].field).toBe(`data[${key}]`);
    const b = await call(t, 'POST', CM, { metadata: { name: 'b' }, binaryData: { [key]: 'dg==' } });
    expect(b.status).toBe(status);
    if (status === 422) expect(b.body.details.causes[0].field).toBe(`binaryData[${key}]`);
  });
});

describe('ConfigMap data and binaryData', () => {
  it('binaryData is base64 on the wire and may hold non-UTF-8 bytes', async () => {
    const r = await call(t, 'POST', CM, { metadata: { name: 'bin' }, binaryData: { blob: '/wD+AQ==' } });
    expect(r.status).toBe(201);
    expect(r.body.binaryData).toEqual({ blob: '/wD+AQ==' });
  });

  it('data and binaryData may not share a key', async () => {
    const r = await call(t, 'POST', CM, { metadata: { name: 'dup' }, data: { k: 'v' }, binaryData: { k: 'dg==' } });
    expect(r.status).toBe(422);
    expect(r.body.details.causes).toEqual([
      { reason: 'FieldValueInvalid', field: 'data[k]', message: 'Invalid value: "k": duplicate of key present in binaryData' },
    ]);
  });

  it('the values together may not exceed 1 MiB', async () => {
    const r = await call(t, 'POST', CM, { metadata: { name: 'huge' }, data: { a: 'x'.repeat(600 * 1024), b: 'y'.repeat(600 * 1024) } });
    expect(r.status).toBe(422);
    expect(r.body.details.causes[0]).toMatchObject({
      reason: 'FieldValueTooLong',
      message: 'Too long: may not be more than 1048576 bytes',
    });
  });

  it('an empty ConfigMap is valid and keeps no empty maps', async () => {
    const r = await call(t, 'POST', CM, { metadata: { name: 'empty' }, data: {} });
    expect(r.status).toBe(201);
    expect(r.body.data).toBeUndefined();
  });
});

describe('ConfigMap immutability (Mutable → Immutable)', () => {
  it('immutable is unset by default and the object can change at any time', async () => {
    const c = (await call(t, 'POST', CM, configMap('m', { a: '1' }))).body;
    expect(c.immutable).toBeUndefined();
    const u = await call(t, 'PUT', `${CM}/m`, { ...c, data: { a: '2' } });
    expect(u.status).toBe(200);
  });

  it('once immutable, data and binaryData cannot change (422 naming the field), metadata can', async () => {
    const c = (await call(t, 'POST', CM, configMap('m', { a: '1' }))).body;
    const frozen = (await call(t, 'PUT', `${CM}/m`, { ...c, immutable: true })).body;
    expect(frozen.immutable).toBe(true);

    const data = await call(t, 'PUT', `${CM}/m`, { ...frozen, data: { a: '2' } });
    expect(data.status).toBe(422);
    expect(data.body.details.causes).toEqual([
      { reason: 'FieldValueForbidden', field: 'data', message: 'Forbidden: field is immutable when `immutable` is set' },
    ]);

    const bin = await call(t, 'PATCH', `${CM}/m`, { binaryData: { b: 'dg==' } }, { 'content-type': 'application/merge-patch+json' });
    expect(bin.status).toBe(422);
    expect(bin.body.details.causes[0].field).toBe('binaryData');

    const meta = await call(
      t,
      'PATCH',
      `${CM}/m`,
      { metadata: { labels: { tier: 'gold' } } },
      { 'content-type': 'application/merge-patch+json' },
    );
    expect(meta.status).toBe(200);
    expect(meta.body.metadata.labels).toEqual({ tier: 'gold' });
  });

  it('an immutable ConfigMap cannot be made mutable again', async () => {
    await call(t, 'POST', CM, { ...configMap('m', { a: '1' }), immutable: true });
    const r = await call(t, 'PATCH', `${CM}/m`, { immutable: false }, { 'content-type': 'application/merge-patch+json' });
    expect(r.status).toBe(422);
    expect(r.body.details.causes).toEqual([
      { reason: 'FieldValueForbidden', field: 'immutable', message: 'Forbidden: field is immutable when `immutable` is set' },
    ]);
  });

  it('an immutable ConfigMap can still be deleted', async () => {
    await call(t, 'POST', CM, { ...configMap('m'), immutable: true });
    expect((await call(t, 'DELETE', `${CM}/m`)).status).toBe(200);
  });
});

describe('ConfigMap metadata', () => {
  it('has no generation (it moves on spec change only, and ConfigMaps have no spec)', async () => {
    const c = (await call(t, 'POST', CM, configMap('g', { a: '1' }))).body;
    const u = (await call(t, 'PUT', `${CM}/g`, { ...c, data: { a: '2' } })).body;
    expect(c.metadata.generation).toBeUndefined();
    expect(u.metadata.generation).toBeUndefined();
  });

  it('uid and creationTimestamp cannot be changed by an update', async () => {
    const c = (await call(t, 'POST', CM, configMap('u'))).body;
    const r = await call(t, 'PUT', `${CM}/u`, { ...c, metadata: { ...c.metadata, uid: 'other' } });
    expect(r.status).toBe(422);
    expect(r.body.details.causes[0]).toMatchObject({ field: 'metadata.uid', message: 'Invalid value: "other": field is immutable' });
    const ts = await call(t, 'PUT', `${CM}/u`, { ...c, metadata: { ...c.metadata, creationTimestamp: '2000-01-01T00:00:00Z' } });
    expect(ts.status).toBe(200);
    expect(ts.body.metadata.creationTimestamp).toBe(c.metadata.creationTimestamp);
  });

  it("output field order is the real platform's (kind, apiVersion, metadata in Go order, then immutable, data, binaryData)", async () => {
    const r = await t.request(CM, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        binaryData: { z: 'dg==' },
        data: { b: '2', a: '1' },
        immutable: false,
        metadata: { labels: { x: 'y' }, name: 'o' },
      }),
    });
    const text = await r.text();
    expect(text).toMatch(
      /^\{"kind":"ConfigMap","apiVersion":"v1","metadata":\{"name":"o","namespace":"default","uid":"[^"]+","resourceVersion":"\d+","creationTimestamp":"[^"]+","labels":\{"x":"y"\},"managedFields":\[.*\]\},"immutable":false,"data":\{"a":"1","b":"2"\},"binaryData":\{"z":"dg=="\}\}\n$/,
    );
  });
});

describe('keys special to JavaScript are data', () => {
  it.each(['__proto__', 'constructor', 'toString'])('a data key %s survives create, merge patch, apply and read', async (key) => {
    const c = await call(t, 'POST', CM, { metadata: { name: 'p' }, data: { [key]: 'v1' } });
    expect(c.status).toBe(201);
    expect(Object.keys(c.body.data)).toEqual([key]);
    const p = await call(t, 'PATCH', `${CM}/p`, JSON.parse(`{"data":{"${key}":"v2"}}`), { 'content-type': 'application/merge-patch+json' });
    expect(p.body.data[key]).toBe('v2');
    const a = await call(
      t,
      'PATCH',
      `${CM}/p?fieldManager=m&force=true`,
      `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"p"},"data":{"${key}":"v3"}}`,
      {
        'content-type': 'application/apply-patch+yaml',
      },
    );
    expect(a.status).toBe(200);
    expect(Object.hasOwn(a.body.data, key)).toBe(true);
    expect((await call(t, 'GET', `${CM}/p`)).body.data[key]).toBe('v3');
  });
});
