/**
 * The real platform sends list items without `kind` and `apiVersion` (the list's kind names them);
 * a single object, a watch event's object and a Table row's full object carry both.
 */
import { decodeMultiple } from 'cbor-x';
import { load } from 'js-yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeCbor } from '../../../core/codecs/cbor.ts';
import { withoutTypeMeta } from '../../../core/codecs/list-items.ts';
import { CM, inProcess, type Target } from '../../support/targets.ts';

let t: Target;
beforeEach(async () => {
  t = await inProcess({ featureGates: { CBORServingAndStorage: true } });
  for (const name of ['a', 'b']) {
    await t.request(CM, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ metadata: { name }, data: { k: name } }),
    });
  }
});
afterEach(async () => {
  await t.close();
});

async function get(path: string, accept: string): Promise<Uint8Array> {
  const res = await t.request(path, { headers: { accept } });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}
const text = (b: Uint8Array) => new TextDecoder().decode(b);
type Obj = Record<string, any>;

describe('list items leave out kind and apiVersion', () => {
  it.each([
    { accept: 'application/json', decode: (b: Uint8Array) => JSON.parse(text(b)) as Obj },
    { accept: 'application/yaml', decode: (b: Uint8Array) => load(text(b)) as Obj },
    { accept: 'application/cbor', decode: (b: Uint8Array) => decodeCbor(b) as Obj },
  ])('$accept: the list says ConfigMapList v1, its items have neither field', async ({ accept, decode }) => {
    const list = decode(await get(CM, accept));
    expect(list).toMatchObject({ kind: 'ConfigMapList', apiVersion: 'v1' });
    expect(list.items.map((i: Obj) => i.metadata.name)).toEqual(['a', 'b']);
    for (const item of list.items) {
      expect(item).not.toHaveProperty('kind');
      expect(item).not.toHaveProperty('apiVersion');
      expect(item.data).toEqual({ k: item.metadata.name });
    }
  });

  it('a single object keeps both', async () => {
    expect(JSON.parse(text(await get(`${CM}/a`, 'application/json')))).toMatchObject({ kind: 'ConfigMap', apiVersion: 'v1' });
  });

  it('watch events keep both, in JSON and in CBOR', async () => {
    const json = text(await get(`${CM}?watch=true&resourceVersion=0&timeoutSeconds=1`, 'application/json'));
    const events = json
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Obj);
    expect(events.map((e) => [e.type, e.object.kind, e.object.apiVersion])).toEqual([
      ['ADDED', 'ConfigMap', 'v1'],
      ['ADDED', 'ConfigMap', 'v1'],
    ]);
    const cbor = decodeMultiple(await get(`${CM}?watch=true&resourceVersion=0&timeoutSeconds=1`, 'application/cbor')) as Obj[];
    expect(cbor.map((e) => e.object.kind)).toEqual(['ConfigMap', 'ConfigMap']);
  });

  it('Table rows with includeObject=Object carry the full object, kind and apiVersion included', async () => {
    const table = JSON.parse(text(await get(`${CM}?includeObject=Object`, 'application/json;as=Table;v=v1;g=meta.k8s.io'))) as Obj;
    expect(table.rows.map((r: Obj) => [r.object.kind, r.object.apiVersion, r.object.metadata.name])).toEqual([
      ['ConfigMap', 'v1', 'a'],
      ['ConfigMap', 'v1', 'b'],
    ]);
  });
});

describe('withoutTypeMeta', () => {
  it.each([
    { input: '{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"a"}}', out: '{"metadata":{"name":"a"}}' },
    { input: '{"kind":"StatefulSet","apiVersion":"apps/v1","metadata":{},"spec":{}}', out: '{"metadata":{},"spec":{}}' },
    { input: '{"kind":"X","apiVersion":"v1"}', out: '{}' },
    // Not canonical: the fields elsewhere or missing.
    { input: '{"metadata":{"name":"a"},"apiVersion":"v1","kind":"ConfigMap"}', out: '{"metadata":{"name":"a"}}' },
    { input: '{"metadata":{}}', out: '{"metadata":{}}' },
  ])('$input → $out', ({ input, out }) => {
    expect(withoutTypeMeta(input)).toBe(out);
  });
});
