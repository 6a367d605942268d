/**
 * Content negotiation (docs/api-rules.md, "Wire formats" and "Compression"): Accept and
 * Content-Type, YAML, CBOR behind its feature gate, Table, gzip.
 */
import { decodeMultiple } from 'cbor-x';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { dump, load } from 'js-yaml';
import { decodeCbor, encodeCbor } from '../../../core/codecs/cbor.ts';
import { ConfigMap } from '../../../core/registry/types/core-v1-misc.ts';
import { CM, inProcess, type Target } from '../../support/targets.ts';

let t: Target;
afterEach(async () => {
  await t.close();
});

async function raw(path: string, init: RequestInit = {}) {
  const res = await t.request(path, init);
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    headers: res.headers,
    bytes: new Uint8Array(await res.arrayBuffer()),
  };
}
const text = (b: Uint8Array) => new TextDecoder().decode(b);

async function seed(opts: Parameters<typeof inProcess>[0] = {}) {
  t = await inProcess(opts);
  await t.request(CM, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ metadata: { name: 'a' }, data: { k: 'v' }, binaryData: { b: 'AAEC' } }),
  });
}

describe('Accept negotiation', () => {
  it.each([
    { accept: '', type: 'application/json' },
    { accept: '*/*', type: 'application/json' },
    { accept: 'application/*', type: 'application/json' },
    { accept: 'application/json', type: 'application/json' },
    { accept: 'application/yaml', type: 'application/yaml' },
    { accept: 'application/vnd.kubernetes.protobuf', type: 'application/vnd.kubernetes.protobuf' },
    { accept: 'application/vnd.orchestrator.protobuf', type: 'application/vnd.orchestrator.protobuf' },
    { accept: 'application/vnd.kubernetes.protobuf, */*', type: 'application/vnd.kubernetes.protobuf' },
    { accept: 'image/png, application/yaml;q=0.5, application/json;q=0.9', type: 'application/json' },
    { accept: 'application/json;q=0.1, application/yaml', type: 'application/yaml' },
    { accept: 'text/html, */*;q=0.8', type: 'application/json' },
    { accept: 'application/json;as=Table;g=meta.k8s.io;v=v1', type: 'application/json;as=Table;v=v1;g=meta.k8s.io' },
    { accept: 'application/json;as=Table;g=meta.orch.io;v=v1', type: 'application/json;as=Table;v=v1;g=meta.orch.io' },
    {
      accept: 'application/json;as=Table;v=v1beta1;g=meta.k8s.io, application/json',
      type: 'application/json;as=Table;v=v1beta1;g=meta.k8s.io',
    },
    { accept: 'application/json;as=Table;g=nope.io;v=v1, application/yaml', type: 'application/yaml' },
    { accept: 'application/yaml;as=Table;g=meta.k8s.io;v=v1', type: 'application/yaml;as=Table;v=v1;g=meta.k8s.io' },
  ])('Accept $accept → $type', async ({ accept, type }) => {
    await seed();
    const r = await raw(`${CM}/a`, { headers: accept ? { accept } : {} });
    expect(r.status).toBe(200);
    expect(r.type).toBe(type);
  });

  it('a Table in YAML: the same Table, written as YAML; not for a watch', async () => {
    await seed();
    const asJson = JSON.parse(text((await raw(CM, { headers: { accept: 'application/json;as=Table;g=meta.k8s.io;v=v1' } })).bytes));
    const r = await raw(CM, { headers: { accept: 'application/yaml;as=Table;g=meta.k8s.io;v=v1' } });
    expect(load(text(r.bytes))).toEqual(asJson);
    expect(asJson).toMatchObject({ kind: 'Table', columnDefinitions: [{ name: 'Name' }, { name: 'Data' }, { name: 'Age' }] });
    const w = await raw(`${CM}?watch=true&timeoutSeconds=1`, { headers: { accept: 'application/yaml;as=Table;g=meta.k8s.io;v=v1' } });
    expect(w.status).toBe(406);
  });

  it('nothing acceptable → 406 listing what is supported', async () => {
    await seed();
    const r = await raw(`${CM}/a`, { headers: { accept: 'text/html, image/*' } });
    expect(r.status).toBe(406);
    expect(JSON.parse(text(r.bytes)).message).toBe(
      'only the following media types are accepted: application/json, application/yaml, application/vnd.orchestrator.protobuf',
    );
  });

  // Parameters are parsed as Go's mime.ParseMediaType parses them.
  it.each([
    ['application/json;;', 415],
    ['application/json; foo', 415],
    ['application/json; charset=utf-8; charset=utf-8', 415],
    ['application/json;a=', 415],
    ['application/json;', 201],
    ['application/json; charset=utf-8', 201],
    ['application/json; charset="utf-8"', 201],
  ])('Content-Type %s → %s', async (contentType, status) => {
    await seed();
    const name = `p${Math.random().toString(36).slice(2, 8)}`;
    const r = await raw(CM, { method: 'POST', headers: { 'content-type': contentType }, body: JSON.stringify({ metadata: { name } }) });
    expect(r.status).toBe(status);
  });

  it('an unsupported Content-Type → 415', async () => {
    await seed();
    const r = await raw(CM, { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<x/>' });
    expect(r.status).toBe(415);
  });

  it('pretty=true indents JSON', async () => {
    await seed();
    const r = await raw(`${CM}/a?pretty=true`);
    expect(text(r.bytes)).toContain('\n  "kind": "ConfigMap",\n');
  });

  // The real platform's isPrettyPrint and the Accept parameter pretty=1.
  it.each([
    ['?pretty=true', {}, true],
    ['?pretty=1', {}, true],
    ['?pretty=yes (not a boolean: no, and no error)', {}, false],
    ['?pretty=false, from curl', { 'user-agent': 'curl/8.5.0' }, false],
    ['curl', { 'user-agent': 'curl/8.5.0' }, true],
    ['Wget', { 'user-agent': 'Wget/1.21' }, true],
    ['a browser', { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' }, true],
    ['kubectl', { 'user-agent': 'kubectl/v1.32.0 (linux/amd64) kubernetes/abc' }, false],
    ['Accept: application/json;pretty=1', { accept: 'application/json;pretty=1' }, true],
    ['Accept: application/json;pretty=0', { accept: 'application/json;pretty=0' }, false],
  ])('%s: indented %s', async (what, headers, indented) => {
    await seed();
    const query = what.startsWith('?') ? what.split(/[ ,]/)[0] : '';
    for (const path of [`${CM}/a${query}`, `${CM}${query}`, `${CM}/missing${query}`]) {
      const r = await raw(path, { headers });
      expect(r.status).toBe(path.endsWith(`missing${query}`) ? 404 : 200);
      expect(text(r.bytes).startsWith('{\n  "kind": '), path).toBe(indented);
    }
  });
});

describe('YAML in and out', () => {
  it('creates from YAML and answers YAML (keys sorted, as the real platform writes them)', async () => {
    t = await inProcess();
    const body = dump({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'y' }, data: { greeting: 'hello\nworld' } });
    const r = await raw(CM, { method: 'POST', headers: { 'content-type': 'application/yaml', accept: 'application/yaml' }, body });
    expect(r.status).toBe(201);
    expect(r.type).toBe('application/yaml');
    const doc = load(text(r.bytes)) as any;
    expect(doc.data.greeting).toBe('hello\nworld');
    expect(Object.keys(doc)).toEqual(['apiVersion', 'data', 'kind', 'metadata']);
  });

  it('malformed YAML is 400', async () => {
    t = await inProcess();
    const r = await raw(CM, { method: 'POST', headers: { 'content-type': 'application/yaml' }, body: 'metadata: [unclosed' });
    expect(r.status).toBe(400);
  });

  it('a watch cannot be YAML: 406', async () => {
    t = await inProcess();
    const r = await t.request(`${CM}?watch=1`, { headers: { accept: 'application/yaml' } });
    expect(r.status).toBe(406);
    await r.body?.cancel();
  });
});

describe('CBOR (gate CBORServingAndStorage)', () => {
  it('is off by default: Accept → 406, Content-Type → 415', async () => {
    await seed();
    expect((await raw(`${CM}/a`, { headers: { accept: 'application/cbor' } })).status).toBe(406);
    const body = encodeCbor({ metadata: { name: 'c' } }, ConfigMap);
    expect((await raw(CM, { method: 'POST', headers: { 'content-type': 'application/cbor' }, body })).status).toBe(415);
  });

  it('with the gate: request and response bodies, self-described, bytes as byte strings', async () => {
    await seed({ featureGates: { CBORServingAndStorage: true } });
    const body = encodeCbor({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, binaryData: { bin: '/wD+' } }, ConfigMap);
    expect([...body.slice(0, 3)]).toEqual([0xd9, 0xd9, 0xf7]);
    const created = await raw(CM, { method: 'POST', headers: { 'content-type': 'application/cbor', accept: 'application/cbor' }, body });
    expect(created.status).toBe(201);
    expect(created.type).toBe('application/cbor');
    const obj = decodeCbor(created.bytes) as any;
    expect(obj.binaryData.bin).toBe('/wD+');
    const json = await raw(`${CM}/c`);
    expect(JSON.parse(text(json.bytes)).binaryData).toEqual({ bin: '/wD+' });
    const list = decodeCbor((await raw(CM, { headers: { accept: 'application/cbor' } })).bytes) as any;
    expect(list.kind).toBe('ConfigMapList');
    expect(list.items).toHaveLength(2);
  });

  it('watch as application/cbor-seq: one event per item', async () => {
    await seed({ featureGates: { CBORServingAndStorage: true } });
    const res = await t.request(`${CM}?watch=1&resourceVersion=1`, { headers: { accept: 'application/cbor' } });
    expect(res.headers.get('content-type')).toBe('application/cbor-seq');
    const reader = res.body!.getReader();
    const { value } = await reader.read();
    await reader.cancel();
    const events: any[] = [];
    decodeMultiple(value!.slice(0), (e: unknown) => {
      events.push(e);
    });
    expect(events[0]).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'a' } } });
  });

  it('server-side apply accepts application/apply-patch+cbor; other patch kinds have no CBOR form (415)', async () => {
    await seed({ featureGates: { CBORServingAndStorage: true } });
    const apply = encodeCbor({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'ap' }, data: { x: '1' } }, ConfigMap);
    const r = await raw(`${CM}/ap?fieldManager=cbor-test`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/apply-patch+cbor' },
      body: apply,
    });
    expect(r.status).toBe(201);
    const merge = await raw(`${CM}/ap`, { method: 'PATCH', headers: { 'content-type': 'application/merge-patch+cbor' }, body: apply });
    expect(merge.status).toBe(415);
  });
});

describe('Table', () => {
  const TABLE = 'application/json;as=Table;v=v1;g=meta.k8s.io';
  it('a kind without custom columns: Name and Created At', async () => {
    t = await inProcess();
    await t.request('/apis/rbac.authorization.orch.io/v1/namespaces/default/roles', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ metadata: { name: 'r' }, rules: [] }),
    });
    const r = JSON.parse(
      text((await raw('/apis/rbac.authorization.orch.io/v1/namespaces/default/roles', { headers: { accept: TABLE } })).bytes),
    );
    expect(r.kind).toBe('Table');
    expect(r.columnDefinitions.map((c: any) => [c.name, c.type, c.format])).toEqual([
      ['Name', 'string', 'name'],
      ['Created At', 'date', ''],
    ]);
    expect(r.rows[0].cells[0]).toBe('r');
  });

  it('ConfigMap: Name, Data (count), Age; includeObject Metadata (default), Object, None', async () => {
    await seed();
    const meta = JSON.parse(text((await raw(CM, { headers: { accept: TABLE } })).bytes));
    expect(meta.columnDefinitions.map((c: any) => c.name)).toEqual(['Name', 'Data', 'Age']);
    expect(meta.rows[0].cells.slice(0, 2)).toEqual(['a', 2]);
    expect(meta.rows[0].object).toMatchObject({ kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: { name: 'a' } });
    const full = JSON.parse(text((await raw(`${CM}?includeObject=Object`, { headers: { accept: TABLE } })).bytes));
    expect(full.rows[0].object.data).toEqual({ k: 'v' });
    const none = JSON.parse(text((await raw(`${CM}?includeObject=None`, { headers: { accept: TABLE } })).bytes));
    expect(none.rows[0].object).toBeUndefined();
    expect((await raw(`${CM}?includeObject=All`, { headers: { accept: TABLE } })).status).toBe(400);
  });

  it.each([
    { name: 'a list', path: CM, method: 'GET', body: undefined },
    { name: 'a watch', path: `${CM}?watch=1`, method: 'GET', body: undefined },
    { name: 'a watch of one object', path: `${CM}/a?watch=1`, method: 'GET', body: undefined },
    { name: 'a create (nothing is created)', path: CM, method: 'POST', body: JSON.stringify({ metadata: { name: 'made' } }) },
  ])("a bad includeObject is 400 before $name starts, in the real platform's words", async ({ path, method, body }) => {
    await seed();
    const sep = path.includes('?') ? '&' : '?';
    const res = await raw(`${path}${sep}includeObject=Exact`, {
      method,
      headers: { accept: TABLE, 'content-type': 'application/json' },
      ...(body ? { body } : {}),
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(text(res.bytes)).message).toBe(
      `Unable to convert to Table as requested: includeObject: Invalid value: "Exact": must be 'Metadata', 'Object', 'None', or empty`,
    );
    expect((await raw(`${CM}/made`)).status).toBe(404);
  });

  it('a watch of Tables: one row per event, column definitions on the first', async () => {
    await seed();
    const res = await t.request(`${CM}?watch=1`, { headers: { accept: TABLE } });
    const reader = res.body!.getReader();
    await t.request(CM, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ metadata: { name: 'b' } }),
    });
    let buf = '';
    while (buf.split('\n').filter(Boolean).length < 2) buf += text((await reader.read()).value!);
    await reader.cancel();
    const [first, second] = buf
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    expect(first.object.kind).toBe('Table');
    expect(first.object.columnDefinitions.length).toBe(3);
    expect(second.object.columnDefinitions).toEqual([]);
    expect(second.object.rows[0].cells[0]).toBe('b');
  });
});

describe('compression', () => {
  it('Accept-Encoding: gzip compresses get and list answers above the threshold', async () => {
    t = await inProcess({ compressionThresholdBytes: 1024 });
    for (let i = 0; i < 20; i++) {
      await t.request(CM, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ metadata: { name: `c${i}` }, data: { text: 'x'.repeat(100) } }),
      });
    }
    const r = await t.request(CM, { headers: { 'accept-encoding': 'gzip' } });
    expect(r.headers.get('content-encoding')).toBe('gzip');
    const list = JSON.parse(gunzipSync(Buffer.from(await r.arrayBuffer())).toString());
    expect(list.items).toHaveLength(20);
    const small = await t.request(`${CM}/c0`, { headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    const plain = await t.request(CM);
    expect(plain.headers.get('content-encoding')).toBeNull();
  });

  it('is off with APIResponseCompression=false', async () => {
    t = await inProcess({ compressionThresholdBytes: 10, featureGates: { APIResponseCompression: false } });
    const r = await t.request('/api/v1/namespaces', { headers: { 'accept-encoding': 'gzip' } });
    expect(r.headers.get('content-encoding')).toBeNull();
  });
});
