/**
 * /openapi/v2 and /openapi/v3/<gv> in protobuf (gnostic's `openapi.v2.Document` and
 * `openapi.v3.Document`), as kubectl 1.32 asks for v2 when it validates what it sends; and the
 * real server's choice between JSON and protobuf by Accept (docs/api-rules.md, "Versions and
 * deprecation": OpenAPI).
 *
 * The bytes are read back here with a decoder of its own — `@bufbuild/protobuf`'s wire reader and
 * field numbers taken from gnostic's `.proto` files — and every schema, rebuilt from them, must
 * equal the JSON document's.
 */
import { createHash } from 'node:crypto';
import { BinaryReader, WireType } from '@bufbuild/protobuf/wire';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenApiDocuments } from '../../../core/openapi/documents.ts';
import { swaggerToProtobuf } from '../../../core/openapi/v2-protobuf.ts';
import { yamlText } from '../../../core/openapi/yaml-text.ts';
import { BUILTIN_KINDS } from '../../../core/registry/kinds/index.ts';
import type { JsonValue } from '../../../core/util/json.ts';
import { inProcess, type Target } from '../../support/targets.ts';
import { installCRD } from '../apiextensions/crd-support.ts';

type Json = Record<string, any>;

// --- a reader of the wire format, knowing nothing of the encoder ----------------------------

type Value = Uint8Array | bigint | number;
interface Field {
  readonly no: number;
  readonly v: Value;
}

function fieldsOf(bytes: Uint8Array): Field[] {
  const r = new BinaryReader(bytes);
  const out: Field[] = [];
  while (r.pos < r.len) {
    const [no, wire] = r.tag();
    if (wire === WireType.LengthDelimited) out.push({ no, v: r.bytes() });
    else if (wire === WireType.Varint) out.push({ no, v: BigInt(r.uint64()) });
    else if (wire === WireType.Bit64) out.push({ no, v: r.double() });
    else throw new Error(`unexpected wire type ${wire} for field ${no}`);
  }
  return out;
}

const text = (v: Value) => new TextDecoder().decode(v as Uint8Array);
const all = (fs: Field[], no: number) => fs.filter((f) => f.no === no).map((f) => f.v);
const one = (fs: Field[], no: number): Value | undefined => {
  const found = all(fs, no);
  expect(found.length, `field ${no} repeated`).toBeLessThanOrEqual(1);
  return found[0];
};
const sub = (v: Value) => fieldsOf(v as Uint8Array);
/** `repeated Named… { name = 1; value = 2 }` as [name, value fields] pairs, in order. */
const namedOf = (fs: Field[], no: number): [string, Value | undefined][] =>
  all(fs, no).map((v) => {
    const entry = sub(v);
    return [text(one(entry, 1)!), one(entry, 2)];
  });
/** `Any { yaml = 2 }` → the value its YAML text stands for. */
const anyOf = (v: Value) => load(text(one(sub(v), 2)!));

/** Schema fields that are plain scalars, by field number, per document version. */
interface SchemaLayout {
  readonly strings: Record<number, string>;
  readonly doubles: Record<number, string>;
  readonly ints: Record<number, string>;
  readonly bools: Record<number, string>;
  readonly anys: Record<number, string>;
  readonly required: number;
  readonly enum: number;
  readonly extensions: number;
}

/** openapi.v2.Schema (OpenAPIv2.proto). */
const V2: SchemaLayout = {
  strings: { 1: '$ref', 2: 'format', 3: 'title', 4: 'description', 13: 'pattern', 26: 'discriminator' },
  doubles: { 6: 'multipleOf', 7: 'maximum', 9: 'minimum' },
  ints: { 11: 'maxLength', 12: 'minLength', 14: 'maxItems', 15: 'minItems', 17: 'maxProperties', 18: 'minProperties' },
  bools: { 8: 'exclusiveMaximum', 10: 'exclusiveMinimum', 16: 'uniqueItems', 27: 'readOnly' },
  anys: { 5: 'default', 30: 'example' },
  required: 19,
  enum: 20,
  extensions: 31,
};

function scalars(fs: Field[], layout: SchemaLayout): Json {
  const out: Json = {};
  for (const f of fs) {
    if (layout.strings[f.no]) out[layout.strings[f.no]!] = text(f.v);
    else if (layout.doubles[f.no]) out[layout.doubles[f.no]!] = f.v as number;
    else if (layout.ints[f.no]) out[layout.ints[f.no]!] = Number(f.v as bigint);
    else if (layout.bools[f.no]) out[layout.bools[f.no]!] = f.v === 1n;
    else if (layout.anys[f.no]) out[layout.anys[f.no]!] = anyOf(f.v);
  }
  const required = all(fs, layout.required).map(text);
  if (required.length) out.required = required;
  const enumValues = all(fs, layout.enum).map(anyOf);
  if (enumValues.length) out.enum = enumValues;
  for (const [name, v] of namedOf(fs, layout.extensions)) out[name] = anyOf(v!);
  return out;
}

/** An openapi.v2.Schema back to JSON. */
function v2Schema(bytes: Value): Json {
  const fs = sub(bytes);
  const out = scalars(fs, V2);
  const type = one(fs, 22);
  if (type) {
    const values = all(sub(type), 1).map(text);
    out.type = values.length === 1 ? values[0] : values;
  }
  const items = one(fs, 23);
  if (items) {
    const schemas = all(sub(items), 1).map(v2Schema);
    out.items = schemas.length === 1 ? schemas[0] : schemas;
  }
  const allOf = all(fs, 24);
  if (allOf.length) out.allOf = allOf.map(v2Schema);
  const props = one(fs, 25);
  if (props) out.properties = Object.fromEntries(namedOf(sub(props), 1).map(([k, v]) => [k, v2Schema(v!)]));
  const additional = one(fs, 21);
  if (additional) {
    const member = sub(additional);
    const schema = one(member, 1);
    out.additionalProperties = schema ? v2Schema(schema) : one(member, 2) === 1n;
  }
  return out;
}

/** openapi.v3.Schema (OpenAPIv3.proto). */
const V3: SchemaLayout = {
  strings: { 9: 'title', 17: 'pattern', 25: 'type', 34: 'description', 35: 'format' },
  doubles: { 10: 'multipleOf', 11: 'maximum', 13: 'minimum' },
  ints: { 15: 'maxLength', 16: 'minLength', 18: 'maxItems', 19: 'minItems', 21: 'maxProperties', 22: 'minProperties' },
  bools: {
    1: 'nullable',
    3: 'readOnly',
    4: 'writeOnly',
    8: 'deprecated',
    12: 'exclusiveMaximum',
    14: 'exclusiveMinimum',
    20: 'uniqueItems',
  },
  anys: { 7: 'example' },
  required: 23,
  enum: 24,
  extensions: 36,
};

/** An openapi.v3.SchemaOrReference back to JSON. */
function v3SchemaOrReference(bytes: Value): Json {
  const member = sub(bytes);
  const reference = one(member, 2);
  if (reference) {
    const r = sub(reference);
    return { $ref: text(one(r, 1)!), ...(one(r, 3) ? { description: text(one(r, 3)!) } : {}) };
  }
  const fs = sub(one(member, 1)!);
  const out = scalars(fs, V3);
  for (const [no, key] of [
    [26, 'allOf'],
    [27, 'oneOf'],
    [28, 'anyOf'],
  ] as const) {
    const list = all(fs, no);
    if (list.length) out[key] = list.map(v3SchemaOrReference);
  }
  const items = one(fs, 30);
  if (items) out.items = all(sub(items), 1).map(v3SchemaOrReference)[0];
  const props = one(fs, 31);
  if (props) out.properties = Object.fromEntries(namedOf(sub(props), 1).map(([k, v]) => [k, v3SchemaOrReference(v!)]));
  const additional = one(fs, 32);
  if (additional) {
    const m = sub(additional);
    out.additionalProperties = one(m, 1) ? v3SchemaOrReference(one(m, 1)!) : one(m, 2) === 1n;
  }
  const dflt = one(fs, 33);
  if (dflt) {
    const d = sub(dflt);
    if (d.length) out.default = d[0]!.no === 1 ? d[0]!.v : d[0]!.no === 2 ? d[0]!.v === 1n : text(d[0]!.v);
  }
  return out;
}

/** JSON without what protobuf cannot tell from absent (proto3 zero scalars), nor v3 non-scalar defaults. */
function withoutZeros(v: any, v3 = false): any {
  if (Array.isArray(v)) return v.map((x) => withoutZeros(x, v3));
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(
    Object.entries(v)
      .filter(([k, x]) => {
        if (k.startsWith('x-')) return true;
        if (['default', 'example', 'enum'].includes(k)) return !(v3 && k === 'default' && typeof x === 'object');
        return !(x === false || x === '' || x === 0);
      })
      .map(([k, x]) => [k, k.startsWith('x-') || k === 'enum' || k === 'default' || k === 'example' ? x : withoutZeros(x, v3)]),
  );
}

// --- the documents ------------------------------------------------------------------------

const CONFIGMAP = 'io.orch.api.core.v1.ConfigMap';
const docs = new OpenApiDocuments(BUILTIN_KINDS);
const swagger: Json = JSON.parse(docs.swagger());
const v2 = fieldsOf(docs.swaggerProtobuf());
const v2Definitions = new Map(namedOf(sub(one(v2, 9)!), 1));

describe('/openapi/v2 as openapi.v2.Document', () => {
  it('carries the version and info of the JSON document', () => {
    expect(text(one(v2, 1)!)).toBe('2.0');
    const info = sub(one(v2, 2)!);
    expect([text(one(info, 1)!), text(one(info, 2)!)]).toEqual([swagger.info.title, swagger.info.version]);
  });

  it('has every definition, in the JSON order, and each schema reads back as the JSON one', () => {
    expect([...v2Definitions.keys()]).toEqual(Object.keys(swagger.definitions));
    for (const [name, bytes] of v2Definitions) expect(v2Schema(bytes!), name).toEqual(withoutZeros(swagger.definitions[name]));
  });

  it.each([
    { what: 'a type and a description', path: [], expected: (s: Json) => ({ type: s.type, description: s.description }) },
    {
      what: 'a $ref (metadata)',
      path: ['metadata'],
      expected: () => ({ $ref: '#/definitions/io.orch.apimachinery.pkg.apis.meta.v1.ObjectMeta' }),
    },
    { what: 'additionalProperties (data)', path: ['data'], expected: () => ({ type: 'object', additionalProperties: { type: 'string' } }) },
  ])('ConfigMap: $what', ({ path, expected }) => {
    let schema = v2Schema(v2Definitions.get(CONFIGMAP)!);
    for (const p of path) schema = schema.properties[p];
    expect(schema).toMatchObject(expected(swagger.definitions[CONFIGMAP]));
  });

  it('the group-version-kind extension is a NamedAny whose YAML text is the JSON value', () => {
    const ext = namedOf(sub(v2Definitions.get(CONFIGMAP)!), 31);
    const gvk = ext.find(([name]) => name === 'x-kubernetes-group-version-kind');
    expect(gvk).toBeDefined();
    const yaml = text(one(sub(gvk![1]!), 2)!);
    expect(yaml).toBe('- group: ""\n  kind: ConfigMap\n  version: v1\n'); // as gnostic writes it
    expect(load(yaml)).toEqual([{ group: '', kind: 'ConfigMap', version: 'v1' }]);
  });

  it('encodes the paths: body and query parameters, responses, operation extensions', () => {
    const paths = new Map(namedOf(sub(one(v2, 8)!), 2));
    const json = swagger.paths['/api/v1/namespaces/{namespace}/configmaps'].post;
    const post = sub(one(sub(paths.get('/api/v1/namespaces/{namespace}/configmaps')!), 4)!);
    expect(text(one(post, 5)!)).toBe(json.operationId);
    const params = all(post, 8).map((p) => sub(one(sub(p), 1)!)); // ParametersItem → Parameter
    const body = sub(one(params.find((p) => one(p, 1))!, 1)!); // Parameter.body_parameter
    expect(text(one(body, 2)!)).toBe('body');
    expect(v2Schema(one(body, 5)!)).toEqual({ $ref: `#/definitions/${CONFIGMAP}` });
    const query = params
      .map((p) => one(p, 2)) // Parameter.non_body_parameter
      .filter((p) => p !== undefined)
      .map((p) => one(sub(p!), 3)) // NonBodyParameter.query_parameter_sub_schema
      .filter((p) => p !== undefined)
      .map((p) => text(one(sub(p!), 4)!));
    expect(query).toEqual(json.parameters.filter((p: Json) => p.in === 'query').map((p: Json) => p.name));
    const responses = new Map(namedOf(sub(one(post, 9)!), 1));
    expect([...responses.keys()]).toEqual(Object.keys(json.responses));
    const created = sub(one(sub(responses.get('201')!), 1)!); // ResponseValue → Response
    expect(v2Schema(one(sub(one(created, 2)!), 1)!)).toEqual({ $ref: `#/definitions/${CONFIGMAP}` });
    const ext = new Map(namedOf(post, 13));
    expect(anyOf(ext.get('x-kubernetes-action')!)).toBe('post');
  });

  it('property names that are also names of object members are written as data', () => {
    const odd = JSON.parse(
      '{"type":"object","properties":{"constructor":{"type":"string"},"toString":{"type":"integer"},"__proto__":{"type":"boolean"}}}',
    );
    const doc = fieldsOf(swaggerToProtobuf({ swagger: '2.0', definitions: { Odd: odd } }));
    const [[name, schema]] = namedOf(sub(one(doc, 9)!), 1);
    expect(name).toBe('Odd');
    expect(v2Schema(schema!)).toEqual(odd);
  });

  it('is built once per document', () => {
    expect(docs.swaggerProtobuf()).toBe(docs.swaggerProtobuf());
  });
});

describe('/openapi/v3/<gv> as openapi.v3.Document', () => {
  it.each(['api/v1', 'apis/apps/v1'])('%s: every schema reads back as the JSON one', (key) => {
    const json: Json = JSON.parse(docs.groupVersion(key)!);
    const doc = fieldsOf(docs.groupVersionProtobuf(key)!);
    expect(text(one(doc, 1)!)).toBe('3.0.0');
    const schemas = namedOf(sub(one(sub(one(doc, 5)!), 1)!), 1);
    expect(schemas.map(([name]) => name)).toEqual(Object.keys(json.components.schemas));
    for (const [name, bytes] of schemas)
      expect(v3SchemaOrReference(bytes!), name).toEqual(withoutZeros(json.components.schemas[name], true));
    expect(docs.groupVersionProtobuf(key)).toBe(docs.groupVersionProtobuf(key));
  });

  it('a request body is a media type with a schema reference', () => {
    const json: Json = JSON.parse(docs.groupVersion('api/v1')!);
    const doc = fieldsOf(docs.groupVersionProtobuf('api/v1')!);
    const paths = new Map(namedOf(sub(one(doc, 4)!), 1));
    const post = sub(one(sub(paths.get('/api/v1/namespaces/{namespace}/configmaps')!), 6)!);
    const requestBody = sub(one(sub(one(post, 7)!), 1)!);
    const content = new Map(namedOf(sub(one(requestBody, 2)!), 1));
    const expected = json.paths['/api/v1/namespaces/{namespace}/configmaps'].post.requestBody.content;
    expect([...content.keys()]).toEqual(Object.keys(expected));
    const [mediaType, media] = [...content][0]!;
    expect(v3SchemaOrReference(one(sub(media!), 1)!)).toEqual(expected[mediaType].schema);
  });

  it('a group/version not served has no document', () => {
    expect(docs.groupVersionProtobuf('apis/nothing.example/v1')).toBeUndefined();
  });
});

describe('the YAML text of an Any, as the real server writes it', () => {
  it.each<{ rule: string; value: JsonValue; yaml: string }>([
    { rule: 'a plain string stays plain', value: 'ConfigMap', yaml: 'ConfigMap\n' },
    {
      rule: 'a string read as another type is double-quoted',
      value: ['true', '1', 'null', '', '~', '1e3', '2026-01-01'],
      yaml: '- "true"\n- "1"\n- "null"\n- ""\n- "~"\n- "1e3"\n- "2026-01-01"\n',
    },
    { rule: 'YAML 1.1 booleans are plain strings', value: ['Yes', 'ON', 'off', 'y'], yaml: '- Yes\n- ON\n- off\n- y\n' },
    {
      rule: 'an indicator is single-quoted',
      value: ['x: y', '#c', '- x', "'q'", "it's"],
      yaml: "- 'x: y'\n- '#c'\n- '- x'\n- '''q'''\n- it's\n",
    },
    {
      rule: 'a tab or a character past the BMP is double-quoted and escaped',
      value: ['tab\there', 'emoji 😀'],
      yaml: '- "tab\\there"\n- "emoji \\U0001F600"\n',
    },
    { rule: 'a line break makes a literal block', value: { rule: 'a &&\nb' }, yaml: 'rule: |-\n    a &&\n    b\n' },
    { rule: 'a text ending in a break keeps it (clip)', value: 'line1\nline2\n', yaml: '|\n    line1\n    line2\n' },
    {
      rule: 'nesting steps by 4, by 2 after a sequence dash',
      value: { k: [{ x: 1, y: [2] }] },
      yaml: 'k:\n    - x: 1\n      y:\n        - 2\n',
    },
    { rule: 'empty collections are flow', value: { empty: {}, none: [] }, yaml: 'empty: {}\nnone: []\n' },
    { rule: 'numbers keep their JSON text', value: [1.5, 1e21, -2.25, 100], yaml: '- 1.5\n- 1e+21\n- -2.25\n- 100\n' },
  ])('$rule', ({ value, yaml }) => {
    expect(yamlText(value)).toBe(yaml);
    expect(load(yaml)).toEqual(value);
  });
});

// --- serving and negotiation ----------------------------------------------------------------

const V2_PB = 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf';
const V2_PB_AT = 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf';
const V3_PB = 'application/com.github.proto-openapi.spec.v3.v1.0+protobuf';
const V3_PB_AT = 'application/com.github.proto-openapi.spec.v3@v1.0+protobuf';

describe('serving: JSON or protobuf by Accept', () => {
  let t: Target;
  beforeAll(async () => {
    t = await inProcess();
  });
  afterAll(() => t.close());

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await t.request(path, { headers, redirect: 'manual' });
    return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
  };
  const sha512 = (b: Uint8Array) => createHash('sha512').update(b).digest('hex').toUpperCase();

  it.each([
    { accept: undefined, type: 'application/json' },
    { accept: 'application/json', type: 'application/json' },
    { accept: '*/*', type: 'application/json' },
    { accept: 'application/*', type: 'application/json' },
    { accept: 'application/json, */*', type: 'application/json' },
    { accept: V2_PB_AT, type: V2_PB },
    { accept: V2_PB, type: V2_PB },
    { accept: `application/json;q=0.5, ${V2_PB}`, type: V2_PB },
    { accept: `application/json, ${V2_PB}`, type: 'application/json' },
    { accept: `*/*;q=0.1, ${V2_PB_AT}`, type: V2_PB },
    { accept: 'text/html', type: undefined },
    { accept: 'application/vnd.kubernetes.protobuf', type: undefined },
    { accept: V3_PB, type: undefined },
    { accept: 'garbage', type: undefined },
  ])('/openapi/v2 with Accept $accept → $type', async ({ accept, type }) => {
    const res = await get('/openapi/v2', accept === undefined ? {} : { accept });
    expect(res.headers.get('vary')).toBe('Accept');
    if (type === undefined) {
      // As the real handler: 406 and nothing else (client-go reports "the server was unable to
      // respond with a content type that the client supports").
      expect(res.status).toBe(406);
      expect(res.bytes.length).toBe(0);
      return;
    }
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    // The ETag is the SHA-512 of the JSON text, whichever form is sent.
    expect(res.headers.get('etag')).toBe(`"${sha512((await get('/openapi/v2')).bytes)}"`);
    if (type === 'application/json') expect(JSON.parse(new TextDecoder().decode(res.bytes)).swagger).toBe('2.0');
    else expect(text(one(fieldsOf(res.bytes), 1)!)).toBe('2.0');
  });

  it.each([
    { accept: undefined, type: 'application/json' },
    { accept: '*/*', type: 'application/json' },
    { accept: V3_PB_AT, type: V3_PB },
    { accept: V3_PB, type: V3_PB },
    { accept: V2_PB, type: undefined },
    { accept: 'text/plain', type: undefined },
  ])('/openapi/v3/api/v1 with Accept $accept → $type', async ({ accept, type }) => {
    const res = await get('/openapi/v3/api/v1', accept === undefined ? {} : { accept });
    expect(res.headers.get('vary')).toBe('Accept');
    if (type === undefined) {
      expect([res.status, res.bytes.length]).toEqual([406, 0]);
      return;
    }
    expect([res.status, res.headers.get('content-type')]).toEqual([200, type]);
    if (type === V3_PB) expect(text(one(fieldsOf(res.bytes), 1)!)).toBe('3.0.0');
  });

  it('an Accept header without a single media range gets the v3 handler’s empty 200, and v2’s 406', async () => {
    const v3 = await get('/openapi/v3/api/v1', { accept: ';;' });
    expect([v3.status, v3.bytes.length, v3.headers.get('vary')]).toEqual([200, 0, 'Accept']);
    expect((await get('/openapi/v2', { accept: ';;' })).status).toBe(406);
  });

  it('JSON and protobuf share the ETag; a matching If-None-Match gets 304 in either', async () => {
    const json = await get('/openapi/v2');
    const pb = await get('/openapi/v2', { accept: V2_PB_AT });
    expect(pb.headers.get('etag')).toBe(json.headers.get('etag'));
    for (const accept of ['application/json', V2_PB_AT]) {
      const again = await get('/openapi/v2', { accept, 'if-none-match': json.headers.get('etag')! });
      expect([again.status, again.bytes.length, again.headers.get('content-type')]).toEqual([304, 0, null]);
    }
    expect((await get('/openapi/v2', { 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('the v3 index is JSON whatever the Accept, and its hashes are the documents’ ETags', async () => {
    const index = await get('/openapi/v3', { accept: V3_PB });
    expect([index.status, index.headers.get('content-type')]).toEqual([200, 'application/json']);
    const url: string = JSON.parse(new TextDecoder().decode(index.bytes)).paths['api/v1'].serverRelativeURL;
    const hash = new URL(url, 'http://x').searchParams.get('hash')!;
    const pb = await get(url, { accept: V3_PB_AT });
    expect([pb.status, pb.headers.get('etag'), pb.headers.get('cache-control')]).toEqual([200, `"${hash}"`, 'public, immutable']);
    expect(pb.headers.get('expires')).toMatch(/GMT$/);
    const stale = await get('/openapi/v3/api/v1?hash=0123', { accept: V3_PB_AT });
    expect([stale.status, stale.headers.get('location')]).toEqual([301, `/openapi/v3/api/v1?hash=${hash}`]);
  });

  it('a new custom resource is in the protobuf document once its definition is served', async () => {
    const before = new Map(namedOf(sub(one(fieldsOf((await get('/openapi/v2', { accept: V2_PB_AT })).bytes), 9)!), 1));
    expect(before.has('com.example.v1.Widget')).toBe(false);
    await installCRD(t);
    const after = new Map(namedOf(sub(one(fieldsOf((await get('/openapi/v2', { accept: V2_PB_AT })).bytes), 9)!), 1));
    const widget = v2Schema(after.get('com.example.v1.Widget')!);
    expect(widget['x-kubernetes-group-version-kind']).toEqual([{ group: 'example.com', kind: 'Widget', version: 'v1' }]);
  });
});
