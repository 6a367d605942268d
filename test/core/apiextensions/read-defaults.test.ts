/**
 * Defaults on read: custom resources read from storage get the defaults of the schema of the
 * version they are stored in, so a default added to a schema shows on objects written before it,
 * in gets, lists, watches (from the cache's history too), field selectors and updates, as the
 * real storage decoder does; the stored objects themselves are not rewritten.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customResourceCodec } from '../../../core/apiextensions/codec.ts';
import { missingDefaults } from '../../../core/apiextensions/stored-defaults.ts';
import { call, inProcess, watchEvents, type Target } from '../../support/targets.ts';
import { CRDS, eventually, installCRD } from './crd-support.ts';

describe('the defaults an object misses', () => {
  const str = (extra: object = {}) => ({ type: 'string', ...extra });
  const cases: { name: string; schema: any; stored: any; filled: any }[] = [
    { name: 'a missing member gets its default', schema: { properties: { a: str({ default: 'd' }) } }, stored: {}, filled: { a: 'd' } },
    {
      name: 'a member present keeps its value',
      schema: { properties: { a: str({ default: 'd' }) } },
      stored: { a: 'x' },
      filled: { a: 'x' },
    },
    {
      name: 'a null gets the default unless null is allowed',
      schema: { properties: { a: str({ default: 'd' }), b: str({ default: 'd', nullable: true }) } },
      stored: { a: null, b: null },
      filled: { a: 'd', b: null },
    },
    {
      name: 'defaults below a member present',
      schema: { properties: { spec: { type: 'object', properties: { n: { type: 'integer', default: 1 } } } } },
      stored: { spec: {} },
      filled: { spec: { n: 1 } },
    },
    {
      name: 'no default below a member absent without one',
      schema: { properties: { spec: { type: 'object', properties: { n: { type: 'integer', default: 1 } } } } },
      stored: {},
      filled: {},
    },
    {
      name: 'defaults inside a default',
      schema: { properties: { spec: { type: 'object', default: {}, properties: { n: { type: 'integer', default: 1 } } } } },
      stored: {},
      filled: { spec: { n: 1 } },
    },
    {
      name: 'each item of a list',
      schema: { properties: { l: { type: 'array', items: { type: 'object', properties: { p: str({ default: 'tcp' }) } } } } },
      stored: { l: [{}, { p: 'udp' }] },
      filled: { l: [{ p: 'tcp' }, { p: 'udp' }] },
    },
    {
      name: 'each value of a map',
      schema: { properties: { m: { type: 'object', additionalProperties: { type: 'object', properties: { p: str({ default: 'd' }) } } } } },
      stored: { m: { a: {}, b: { p: 'x' } } },
      filled: { m: { a: { p: 'd' }, b: { p: 'x' } } },
    },
    {
      name: 'an embedded resource: its fields, not its envelope',
      schema: {
        properties: {
          e: {
            type: 'object',
            'x-kubernetes-embedded-resource': true,
            properties: { apiVersion: str({ default: 'v1' }), kind: str({ default: 'K' }), spec: str({ default: 'd' }) },
          },
        },
      },
      stored: { e: {} },
      filled: { e: { spec: 'd' } },
    },
    {
      name: 'not the envelope of the object',
      schema: { properties: { apiVersion: str({ default: 'v9' }), kind: str({ default: 'K' }) } },
      stored: {},
      filled: {},
    },
  ];
  // As a read does: only an object that misses a default is decoded with the schema's defaults.
  it.each(cases)('$name', ({ schema, stored, filled }) => {
    const full = { type: 'object', ...schema };
    const missing = missingDefaults(full);
    const misses = missing ? missing(stored) : false;
    expect(misses).toBe(JSON.stringify(filled) !== JSON.stringify(stored));
    const read = misses ? customResourceCodec(full).decode(structuredClone(stored), { defaults: true }).value : stored;
    expect(read).toEqual(filled);
  });

  it('are none for a schema without defaults', () => {
    expect(missingDefaults({ type: 'object', properties: { spec: { type: 'object', properties: { a: str() } } } })).toBeUndefined();
  });
});

const RDEFS = '/apis/example.com/v1/namespaces/default/rdefs';

function rdefCRD(): any {
  return {
    apiVersion: 'apiextensions.orch.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'rdefs.example.com' },
    spec: {
      group: 'example.com',
      scope: 'Namespaced',
      names: { plural: 'rdefs', kind: 'Rdef' },
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { a: { type: 'string' } } } } } },
        },
      ],
    },
  };
}

/** The first event of a watch (the watch is then closed). */
async function firstEvent(t: Target, query: string): Promise<any> {
  const res = await t.request(`${RDEFS}?watch=true&${query}`);
  const events = watchEvents(res);
  const first = (await events.next()).value;
  await events.return(undefined);
  return first;
}

/** Adds `spec.b` with a default to the served schema (a selectable field), and waits until it is served. */
async function addDefault(t: Target): Promise<void> {
  const patch = [
    { op: 'add', path: '/spec/versions/0/schema/openAPIV3Schema/properties/spec/properties/b', value: { type: 'string', default: 'dflt' } },
    { op: 'add', path: '/spec/versions/0/selectableFields', value: [{ jsonPath: '.spec.b' }] },
  ];
  const res = await call(t, 'PATCH', `${CRDS}/rdefs.example.com`, patch, { 'content-type': 'application/json-patch+json' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await eventually(
    () => call(t, 'POST', `${RDEFS}?dryRun=All`, { apiVersion: 'example.com/v1', kind: 'Rdef', metadata: { name: 'probe' }, spec: {} }),
    (r) => r.body?.spec?.b === 'dflt',
    'the new schema served',
  );
}

describe('a custom resource written before its schema got a default', () => {
  let t: Target;
  let before: any;
  beforeAll(async () => {
    t = await inProcess();
    await installCRD(t, rdefCRD());
    const created = await call(t, 'POST', RDEFS, {
      apiVersion: 'example.com/v1',
      kind: 'Rdef',
      metadata: { name: 'r1' },
      spec: { a: 'x' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    before = created.body;
    // A watcher before the change: what it was sent of the event is not what is sent after.
    expect((await firstEvent(t, `resourceVersion=${Number(before.metadata.resourceVersion) - 1}`)).object.spec).toEqual({ a: 'x' });
    await addDefault(t);
  });
  afterAll(() => t.close());

  it('is read with the default filled, unchanged in storage', async () => {
    const got = (await call(t, 'GET', `${RDEFS}/r1`)).body;
    expect(got.spec).toEqual({ a: 'x', b: 'dflt' });
    expect(got.metadata.resourceVersion).toBe(before.metadata.resourceVersion);
    expect(JSON.stringify(got.spec)).toBe('{"a":"x","b":"dflt"}');
  });

  it('is listed with it', async () => {
    const list = (await call(t, 'GET', RDEFS)).body;
    expect(list.items.map((i: any) => i.spec)).toEqual([{ a: 'x', b: 'dflt' }]);
  });

  it('is selected by the defaulted field', async () => {
    const list = (await call(t, 'GET', `${RDEFS}?fieldSelector=spec.b=dflt`)).body;
    expect(list.items.map((i: any) => i.metadata.name)).toEqual(['r1']);
  });

  it('is watched with it, from the initial state and from history', async () => {
    expect(await firstEvent(t, '')).toMatchObject({ type: 'ADDED', object: { spec: { a: 'x', b: 'dflt' } } });
    const replayed = await firstEvent(t, `resourceVersion=${Number(before.metadata.resourceVersion) - 1}`);
    expect(replayed).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'r1' }, spec: { a: 'x', b: 'dflt' } } });
  });

  it('is updated from its defaulted form: a default is no change of spec', async () => {
    const patched = await call(
      t,
      'PATCH',
      `${RDEFS}/r1`,
      { metadata: { labels: { l: 'v' } } },
      { 'content-type': 'application/merge-patch+json' },
    );
    expect(patched.status).toBe(200);
    expect(patched.body.spec).toEqual({ a: 'x', b: 'dflt' });
    expect(patched.body.metadata.generation).toBe(before.metadata.generation);
  });
});

describe('a custom resource stored in an older version', () => {
  let t: Target;
  beforeAll(async () => {
    t = await inProcess();
  });
  afterAll(() => t.close());

  it('gets the defaults of the version it is stored in, before conversion', async () => {
    const crd = rdefCRD();
    const v1 = crd.spec.versions[0];
    crd.spec.versions = [
      { ...structuredClone(v1), name: 'v1' },
      { ...structuredClone(v1), name: 'v2', storage: false },
    ];
    await installCRD(t, crd);
    const created = await call(t, 'POST', RDEFS, {
      apiVersion: 'example.com/v1',
      kind: 'Rdef',
      metadata: { name: 'old' },
      spec: { a: 'x' },
    });
    expect(created.status).toBe(201);
    // v2 becomes the storage version, and v1 (the version the object is stored in) gets a default.
    const stored = (await call(t, 'GET', `${CRDS}/rdefs.example.com`)).body;
    stored.spec.versions[0].storage = false;
    stored.spec.versions[1].storage = true;
    stored.spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.b = { type: 'string', default: 'from-v1' };
    stored.spec.versions[1].schema.openAPIV3Schema.properties.spec.properties.b = { type: 'string' };
    expect((await call(t, 'PUT', `${CRDS}/rdefs.example.com`, stored)).status).toBe(200);
    const v2 = '/apis/example.com/v2/namespaces/default/rdefs/old';
    const got = await eventually(
      () => call(t, 'GET', v2),
      (r) => r.body?.spec?.b !== undefined,
      'the default of v1 on a read in v2',
    );
    expect(got.body).toMatchObject({ apiVersion: 'example.com/v2', spec: { a: 'x', b: 'from-v1' } });
  });
});
