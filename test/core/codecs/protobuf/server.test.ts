/**
 * End to end through createApiServer() (protobuf is built in), in-process and over
 * HTTP: kubectl's spelling `application/vnd.kubernetes.protobuf` in Content-Type and Accept, the
 * answer in the same spelling, envelope bytes, lists, Status errors and watch frames.
 */
import { describe, expect, it } from 'vitest';
import {
  decodeEnvelope,
  decodeMessage,
  encodeEnvelope,
  encodeMessage,
  WatchFrameReader,
  type WatchFrame,
} from '../../../../core/codecs/protobuf/index.ts';
import { listSchemaOf } from '../../../../core/codecs/protobuf/message-types.ts';
import type { KindDefinition } from '../../../../core/registry/definition.ts';
import { configMapKind } from '../../../../core/registry/kinds/configmap.ts';
import { ConfigMap } from '../../../../core/registry/types/core-v1-misc.ts';
import { namespaceKind } from '../../../../core/registry/kinds/namespace.ts';
import { DeleteOptions, Status } from '../../../../core/registry/types/meta-v1.ts';
import { objectType } from '../../../../core/registry/types/object.ts';
import { field, map, str } from '../../../../core/schema/build.ts';
import type { JsonObject } from '../../../../core/util/json.ts';
import { configMap } from '../../../support/builders.ts';
import { call, CM, serverPerTest, TRANSPORTS } from '../../../support/targets.ts';

const PB = 'application/vnd.kubernetes.protobuf';

function configMapBody(name: string, data: Record<string, string>): Uint8Array<ArrayBuffer> {
  return encodeEnvelope({ apiVersion: 'v1', kind: 'ConfigMap' }, encodeMessage(configMap(name, data) as JsonObject, ConfigMap));
}

async function bytesOf(res: Response): Promise<Uint8Array> {
  return new Uint8Array(await res.arrayBuffer());
}

/** Reads frames until `want` of them arrived. */
async function frames(res: Response, want: number): Promise<WatchFrame[]> {
  const reader = res.body!.getReader();
  const framer = new WatchFrameReader();
  const out: WatchFrame[] = [];
  try {
    while (out.length < want) {
      const { done, value } = await reader.read();
      if (done) break;
      out.push(...framer.push(value));
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return out;
}

describe.each(TRANSPORTS)('protobuf over the API ($name)', ({ start }) => {
  const t = serverPerTest(start);

  it('POST a protobuf ConfigMap, GET it back as envelope bytes in the spelling asked for', async () => {
    const created = await t.request(CM, {
      method: 'POST',
      headers: { 'content-type': PB, accept: PB },
      body: configMapBody('pb', { k: 'v' }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toBe(PB);
    await created.arrayBuffer();

    const got = await t.request(`${CM}/pb`, { headers: { accept: PB } });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe(PB);
    const env = decodeEnvelope(await bytesOf(got));
    expect(env).toMatchObject({ apiVersion: 'v1', kind: 'ConfigMap', contentEncoding: '', contentType: '' });
    const obj = decodeMessage(env.raw, ConfigMap);
    expect(obj.data).toEqual({ k: 'v' });
    expect(obj.metadata).toMatchObject({ name: 'pb', namespace: 'default' });

    // The same object in JSON, for whoever asks for JSON.
    const json = await call(t, 'GET', `${CM}/pb`);
    expect(json.body).toMatchObject({ kind: 'ConfigMap', data: { k: 'v' }, metadata: { uid: (obj.metadata as JsonObject).uid } });
  });

  it("answers kubectl's `application/vnd.kubernetes.protobuf, */*` in protobuf, and the canonical spelling when asked", async () => {
    await call(t, 'POST', CM, configMap('a', { x: '1' }));
    const alias = await t.request(`${CM}/a`, { headers: { accept: `${PB}, */*` } });
    expect(alias.headers.get('content-type')).toBe(PB);
    const canonical = await t.request(`${CM}/a`, { headers: { accept: 'application/vnd.orchestrator.protobuf' } });
    expect(canonical.headers.get('content-type')).toBe('application/vnd.orchestrator.protobuf');
    expect(await bytesOf(canonical)).toEqual(await bytesOf(alias));
  });

  it('lists are <Kind>List messages', async () => {
    await call(t, 'POST', CM, configMap('a'));
    await call(t, 'POST', CM, configMap('b'));
    const res = await t.request(CM, { headers: { accept: PB } });
    const env = decodeEnvelope(await bytesOf(res));
    expect(env.kind).toBe('ConfigMapList');
    const list = decodeMessage(env.raw, listSchemaOf(ConfigMap));
    expect((list.items as JsonObject[]).map((i) => (i.metadata as JsonObject).name)).toEqual(['a', 'b']);
    expect(Number((list.metadata as JsonObject).resourceVersion)).toBeGreaterThan(0);
  });

  it('errors are protobuf Status messages', async () => {
    const res = await t.request(`${CM}/missing`, { headers: { accept: PB } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe(PB);
    const env = decodeEnvelope(await bytesOf(res));
    expect(env).toMatchObject({ apiVersion: 'v1', kind: 'Status' });
    expect(decodeMessage(env.raw, Status)).toMatchObject({
      status: 'Failure',
      reason: 'NotFound',
      code: 404,
      message: 'configmaps "missing" not found',
    });
  });

  it.each([
    {
      name: 'a body without the magic bytes',
      body: new TextEncoder().encode('{"kind":"ConfigMap"}'),
      message:
        'the object provided is unrecognized (must be of type ConfigMap): provided data does not appear to be a protobuf message, expected prefix [107 56 115 0] ({"kind":"ConfigMap"})',
    },
    {
      name: 'a truncated message',
      body: configMapBody('cut', { k: 'v' }).subarray(0, 30),
      message: 'the object provided is unrecognized (must be of type ConfigMap): unexpected EOF',
    },
    {
      name: 'a field with the wrong wire type',
      body: encodeEnvelope({ apiVersion: 'v1', kind: 'ConfigMap' }, Uint8Array.of(0x08, 0x01)),
      message: 'ConfigMap in version "v1" cannot be handled as a ConfigMap: proto: wrong wireType = 0 for field Metadata',
    },
  ] as { name: string; body: Uint8Array<ArrayBuffer>; message: string }[])(
    '$name is a 400 BadRequest Status',
    async ({ body, message }) => {
      const r = await t.request(CM, { method: 'POST', headers: { 'content-type': PB }, body });
      expect(r.status).toBe(400);
      const status = (await r.json()) as JsonObject;
      expect(status).toMatchObject({ kind: 'Status', reason: 'BadRequest', code: 400 });
      expect(String(status.message).startsWith(message)).toBe(true);
    },
  );

  it('a kind in the envelope that does not match the endpoint is rejected', async () => {
    const body = encodeEnvelope({ apiVersion: 'v1', kind: 'Secret' }, new Uint8Array(0));
    const r = await t.request(CM, { method: 'POST', headers: { 'content-type': PB }, body });
    expect(r.status).toBe(400);
    expect(((await r.json()) as JsonObject).message).toBe('the kind in the data (Secret) does not match the expected kind (ConfigMap)');
  });

  it('DELETE takes a protobuf DeleteOptions body (preconditions are checked)', async () => {
    const created = await call(t, 'POST', CM, configMap('d'));
    const options = (uid: string) =>
      encodeEnvelope({ apiVersion: 'v1', kind: 'DeleteOptions' }, encodeMessage({ preconditions: { uid } }, DeleteOptions));
    const wrong = await t.request(`${CM}/d`, { method: 'DELETE', headers: { 'content-type': PB }, body: options('not-the-uid') });
    expect(wrong.status).toBe(409);
    await wrong.arrayBuffer();
    const right = await t.request(`${CM}/d`, {
      method: 'DELETE',
      headers: { 'content-type': PB },
      body: options(created.body.metadata.uid),
    });
    expect(right.status).toBe(200);
    await right.arrayBuffer();
  });

  it('watch: length-prefixed WatchEvent frames holding envelope-wrapped objects', async () => {
    const listed = await call(t, 'GET', CM);
    const res = await t.request(`${CM}?watch=true&resourceVersion=${listed.body.metadata.resourceVersion}`, { headers: { accept: PB } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(`${PB};stream=watch`);
    const arriving = frames(res, 2);
    await call(t, 'POST', CM, configMap('w', { k: '1' }));
    await call(t, 'DELETE', `${CM}/w`);
    const [added, deleted] = await arriving;
    expect([added.type, deleted.type]).toEqual(['ADDED', 'DELETED']);
    const env = decodeEnvelope(added.object);
    expect(env).toMatchObject({ apiVersion: 'v1', kind: 'ConfigMap' });
    expect(decodeMessage(env.raw, ConfigMap)).toMatchObject({ metadata: { name: 'w' }, data: { k: '1' } });

    const streamAsked = await t.request(`${CM}?watch=true`, { headers: { accept: `${PB};stream=watch` } });
    expect(streamAsked.headers.get('content-type')).toBe(`${PB};stream=watch`);
    await streamAsked.body!.cancel();
  });
});

describe.each(TRANSPORTS)('a kind without protobuf field numbers ($name)', ({ start }) => {
  // Like a custom resource: its schema carries no field numbers.
  const widgetKind: KindDefinition = {
    ...configMapKind,
    kind: 'Widget',
    resource: 'widgets',
    singular: 'widget',
    shortNames: [],
    schema: objectType('io.orch.test.Widget', { data: field(undefined, map(str())) }),
    strategy: {},
    table: [],
  };
  const t = serverPerTest(() => start({ kinds: [namespaceKind, widgetKind] }));

  it('asking for protobuf only is 406; protobuf, then JSON, gets JSON', async () => {
    const only = await call(t, 'GET', '/api/v1/namespaces/default/widgets', undefined, { accept: PB });
    expect(only.status).toBe(406);
    const fallback = await call(t, 'GET', '/api/v1/namespaces/default/widgets', undefined, { accept: `${PB}, application/json` });
    expect(fallback.status).toBe(200);
    expect(fallback.headers.get('content-type')).toBe('application/json');
  });

  it('sending protobuf is 415', async () => {
    const body = encodeEnvelope({ apiVersion: 'v1', kind: 'Widget' }, new Uint8Array(0));
    const r = await t.request('/api/v1/namespaces/default/widgets', { method: 'POST', headers: { 'content-type': PB }, body });
    expect(r.status).toBe(415);
    await r.arrayBuffer();
  });
});
