/**
 * Metadata-only answers (docs/api-rules.md, "Wire formats"): `as=PartialObjectMetadata` and
 * `as=PartialObjectMetadataList` with `g=meta.orch.io` or `g=meta.k8s.io`, `v=v1` or `v=v1beta1`,
 * in JSON, YAML and protobuf, for get, list, watch and writes, in-process and over HTTP.
 */
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { decodeCbor } from '../../../core/codecs/cbor.ts';
import { internalTypeName } from '../../../core/codecs/partial-metadata.ts';
import { decodeEnvelope, decodeMessage, WatchFrameReader, type WatchFrame } from '../../../core/codecs/protobuf/index.ts';
import { BUILTIN_KINDS } from '../../../core/registry/kinds/index.ts';
import { SCALE_KIND } from '../../../core/registry/scale.ts';
import { ListMeta } from '../../../core/registry/types/meta-v1.ts';
import { listType, objectType } from '../../../core/registry/types/object.ts';
import { field, list, struct } from '../../../core/schema/build.ts';
import type { JsonObject } from '../../../core/util/json.ts';
import { configMap } from '../../support/builders.ts';
import { call, CM, inProcess, serverPerSuite, serverPerTest, TRANSPORTS, watchEvents, type Target } from '../../support/targets.ts';

const K8S_LIST = 'as=PartialObjectMetadataList;g=meta.k8s.io;v=v1';
const K8S_ONE = 'as=PartialObjectMetadata;g=meta.k8s.io;v=v1';
const PB = 'application/vnd.kubernetes.protobuf';
/** What client-go's metadata client sends for a list (and with `as=PartialObjectMetadata` for a get or watch). */
const CLIENT_GO_LIST = `${PB};${K8S_LIST},application/json;${K8S_LIST},application/json`;

// The messages as the real platform numbers them, written out independently of the server's.
const PartialObjectMetadata = objectType('test.PartialObjectMetadata', {});
const PartialObjectMetadataList = listType(PartialObjectMetadata);
const PartialObjectMetadataListV1beta1 = struct('test.v1beta1.PartialObjectMetadataList', {
  items: field(1, list(PartialObjectMetadata)),
  metadata: field(2, ListMeta),
});

interface Answer {
  status: number;
  type: string | null;
  /** The body as a plain value: JSON, YAML, or a protobuf envelope's type meta and message. */
  body: JsonObject;
}

async function answer(res: Response, v = 'v1'): Promise<Answer> {
  const type = res.headers.get('content-type');
  const bytes = new Uint8Array(await res.arrayBuffer());
  let body: JsonObject;
  if (type?.startsWith('application/vnd.')) {
    const env = decodeEnvelope(bytes);
    const schema =
      env.kind === 'PartialObjectMetadataList'
        ? v === 'v1beta1'
          ? PartialObjectMetadataListV1beta1
          : PartialObjectMetadataList
        : PartialObjectMetadata;
    body = { kind: env.kind, apiVersion: env.apiVersion, ...decodeMessage(env.raw, schema) };
  } else if (type === 'application/yaml') {
    body = load(new TextDecoder().decode(bytes)) as JsonObject;
  } else {
    body = JSON.parse(new TextDecoder().decode(bytes)) as JsonObject;
  }
  return { status: res.status, type, body };
}

async function seed(t: Target): Promise<void> {
  for (const name of ['a', 'b', 'c']) {
    const res = await call(t, 'POST', CM, configMap(name, { secret: 'not for metadata clients' }, { labels: { app: name } }));
    expect(res.status).toBe(201);
  }
}

describe.each(TRANSPORTS)('metadata-only answers ($name)', ({ start }) => {
  const t = serverPerSuite(start);
  let seeded = false;
  const ready = async () => {
    if (!seeded) await seed(t);
    seeded = true;
  };

  it.each([
    // get
    {
      path: `${CM}/a`,
      accept: `application/json;${K8S_ONE}`,
      type: 'application/json',
      kind: 'PartialObjectMetadata',
      apiVersion: 'meta.k8s.io/v1',
    },
    {
      path: `${CM}/a`,
      accept: 'application/json;as=PartialObjectMetadata;g=meta.orch.io;v=v1',
      type: 'application/json',
      kind: 'PartialObjectMetadata',
      apiVersion: 'meta.orch.io/v1',
    },
    {
      path: `${CM}/a`,
      accept: 'application/json;as=PartialObjectMetadata;v=v1beta1;g=meta.k8s.io',
      type: 'application/json',
      kind: 'PartialObjectMetadata',
      apiVersion: 'meta.k8s.io/v1beta1',
    },
    {
      path: `${CM}/a`,
      accept: `application/yaml;${K8S_ONE}`,
      type: 'application/yaml',
      kind: 'PartialObjectMetadata',
      apiVersion: 'meta.k8s.io/v1',
    },
    { path: `${CM}/a`, accept: `${PB};${K8S_ONE}`, type: PB, kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1' },
    {
      path: `${CM}/a`,
      accept: `application/vnd.orchestrator.protobuf;${K8S_ONE}`,
      type: 'application/vnd.orchestrator.protobuf',
      kind: 'PartialObjectMetadata',
      apiVersion: 'meta.k8s.io/v1',
    },
    { path: `${CM}/a`, accept: `*/*;${K8S_ONE}`, type: 'application/json', kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1' },
    // list
    {
      path: CM,
      accept: `application/json;${K8S_LIST}`,
      type: 'application/json',
      kind: 'PartialObjectMetadataList',
      apiVersion: 'meta.k8s.io/v1',
    },
    {
      path: CM,
      accept: 'application/json;as=PartialObjectMetadataList;g=meta.orch.io;v=v1',
      type: 'application/json',
      kind: 'PartialObjectMetadataList',
      apiVersion: 'meta.orch.io/v1',
    },
    {
      path: CM,
      accept: `application/yaml;${K8S_LIST}`,
      type: 'application/yaml',
      kind: 'PartialObjectMetadataList',
      apiVersion: 'meta.k8s.io/v1',
    },
    { path: CM, accept: CLIENT_GO_LIST, type: PB, kind: 'PartialObjectMetadataList', apiVersion: 'meta.k8s.io/v1' },
    {
      path: CM,
      accept: `${PB};as=PartialObjectMetadataList;g=meta.k8s.io;v=v1beta1`,
      type: PB,
      kind: 'PartialObjectMetadataList',
      apiVersion: 'meta.k8s.io/v1beta1',
    },
    // entries asking for what does not exist are passed over
    {
      path: CM,
      accept: 'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v2, application/yaml',
      type: 'application/yaml',
      kind: 'ConfigMapList',
      apiVersion: 'v1',
    },
    {
      path: CM,
      accept: 'application/json;as=PartialObjectMetadataList;g=apps;v=v1, application/json',
      type: 'application/json',
      kind: 'ConfigMapList',
      apiVersion: 'v1',
    },
    {
      path: CM,
      accept: 'application/json;as=PartialObjectMetadataList;v=v1, application/json',
      type: 'application/json',
      kind: 'ConfigMapList',
      apiVersion: 'v1',
    },
    {
      path: CM,
      accept: 'application/json;as=ObjectMetadataList;g=meta.k8s.io;v=v1, application/json',
      type: 'application/json',
      kind: 'ConfigMapList',
      apiVersion: 'v1',
    },
    { path: CM, accept: `text/plain;${K8S_LIST}, application/yaml`, type: 'application/yaml', kind: 'ConfigMapList', apiVersion: 'v1' },
  ])('Accept $accept on $path → $kind $apiVersion in $type', async ({ path, accept, type, kind, apiVersion }) => {
    await ready();
    const a = await answer(await t.request(path, { headers: { accept } }), accept.includes('v=v1beta1') ? 'v1beta1' : 'v1');
    expect(a.status).toBe(200);
    expect(a.type).toBe(type);
    expect(a.body.kind).toBe(kind);
    expect(a.body.apiVersion ?? 'v1').toBe(apiVersion);
  });

  it.each([
    {
      path: CM,
      accept: `application/json;${K8S_ONE}`,
      message: 'you requested PartialObjectMetadata, but the requested object is a list (*core.ConfigMapList)',
    },
    {
      path: `${CM}/a`,
      accept: `${PB};${K8S_LIST}`,
      message: 'you requested PartialObjectMetadataList, but the requested object is not a list (*core.ConfigMap)',
    },
    {
      path: '/apis/apps/v1/namespaces/default/statefulsets',
      accept: `application/yaml;${K8S_ONE}`,
      message: 'you requested PartialObjectMetadata, but the requested object is a list (*apps.StatefulSetList)',
    },
    {
      path: `${CM}/a`,
      accept: 'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v3',
      message: 'only the following media types are accepted: application/json, application/yaml, application/vnd.orchestrator.protobuf',
    },
    {
      path: `${CM}/a`,
      accept: 'application/json;as=PartialObjectMetadata;g=meta.k8s.io',
      message: 'only the following media types are accepted: application/json, application/yaml, application/vnd.orchestrator.protobuf',
    },
  ])('Accept $accept on $path → 406 $message, in JSON', async ({ path, accept, message }) => {
    await ready();
    const a = await answer(await t.request(path, { headers: { accept } }));
    expect(a.status).toBe(406);
    expect(a.type).toBe('application/json');
    expect(a.body).toMatchObject({ kind: 'Status', status: 'Failure', reason: 'NotAcceptable', code: 406, message });
  });

  it.each([{ accept: `application/json;${K8S_LIST}` }, { accept: `application/yaml;${K8S_LIST}` }, { accept: CLIENT_GO_LIST }])(
    'list items carry only metadata, the list its resourceVersion ($accept)',
    async ({ accept }) => {
      await ready();
      const full = await call(t, 'GET', CM);
      const a = await answer(await t.request(CM, { headers: { accept } }));
      expect(a.body.metadata).toEqual({ resourceVersion: full.body.metadata.resourceVersion });
      const items = a.body.items as JsonObject[];
      expect(items.map((i) => i.metadata)).toEqual(full.body.items.map((i: JsonObject) => i.metadata));
      // Only metadata (and, in JSON and YAML, each item's own type meta).
      for (const item of items) expect(Object.keys(item).filter((k) => k !== 'kind' && k !== 'apiVersion')).toEqual(['metadata']);
      if (!a.type?.startsWith('application/vnd.')) {
        for (const item of items) expect(item).toMatchObject({ kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1' });
      }
    },
  );

  it('a page carries continue and remainingItemCount; the next page follows', async () => {
    await ready();
    const first = await answer(await t.request(`${CM}?limit=2`, { headers: { accept: `application/json;${K8S_LIST}` } }));
    const meta = first.body.metadata as JsonObject;
    expect(meta).toMatchObject({ remainingItemCount: 1 });
    expect(typeof meta.continue).toBe('string');
    expect((first.body.items as JsonObject[]).map((i) => (i.metadata as JsonObject).name)).toEqual(['a', 'b']);
    const next = await answer(
      await t.request(`${CM}?limit=2&continue=${encodeURIComponent(String(meta.continue))}`, { headers: { accept: CLIENT_GO_LIST } }),
    );
    expect((next.body.items as JsonObject[]).map((i) => (i.metadata as JsonObject).name)).toEqual(['c']);
    expect((next.body.metadata as JsonObject).resourceVersion).toBe(meta.resourceVersion);
  });

  it('an empty list has null items, as Go writes the list it built with none', async () => {
    await ready();
    const a = await answer(await t.request(`${CM}?labelSelector=app%3Dnone`, { headers: { accept: `application/json;${K8S_LIST}` } }));
    expect(a.body).toEqual({
      kind: 'PartialObjectMetadataList',
      apiVersion: 'meta.k8s.io/v1',
      metadata: { resourceVersion: expect.any(String) },
      items: null,
    });
  });

  it('a get is the object metadata, nothing else', async () => {
    await ready();
    const full = await call(t, 'GET', `${CM}/a`);
    for (const accept of [`application/json;${K8S_ONE}`, `${PB};${K8S_ONE}`]) {
      const a = await answer(await t.request(`${CM}/a`, { headers: { accept } }));
      expect(a.body).toEqual({ kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: full.body.metadata });
    }
  });

  it("errors are JSON Status, whatever form was asked for (the real platform's errors are never transformed)", async () => {
    await ready();
    const a = await answer(await t.request(`${CM}/missing`, { headers: { accept: `${PB};${K8S_ONE}` } }));
    expect(a).toMatchObject({ status: 404, type: 'application/json', body: { kind: 'Status', reason: 'NotFound' } });
    // A later plain entry is the error's format.
    const y = await answer(await t.request(`${CM}/missing`, { headers: { accept: `${PB};${K8S_ONE}, application/yaml` } }));
    expect(y).toMatchObject({ status: 404, type: 'application/yaml', body: { kind: 'Status', reason: 'NotFound' } });
  });

  it('writes answer the written object as metadata; a delete answers its Status', async () => {
    await ready();
    const accept = `application/json;${K8S_ONE}`;
    const created = await answer(
      await t.request(CM, {
        method: 'POST',
        headers: { accept, 'content-type': 'application/json' },
        body: JSON.stringify(configMap('w', { k: 'v' })),
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: { name: 'w' } });
    expect(created.body.data).toBeUndefined();
    const patched = await answer(
      await t.request(`${CM}/w`, {
        method: 'PATCH',
        headers: { accept, 'content-type': 'application/merge-patch+json' },
        body: JSON.stringify({ metadata: { labels: { patched: 'yes' } } }),
      }),
    );
    expect(patched.body).toMatchObject({ kind: 'PartialObjectMetadata', metadata: { labels: { patched: 'yes' } } });
    const deleted = await answer(await t.request(`${CM}/w`, { method: 'DELETE', headers: { accept } }));
    expect(deleted).toMatchObject({ status: 200, type: 'application/json', body: { kind: 'Status', status: 'Success' } });
  });
});

describe('metadata-only watches', () => {
  const t = serverPerTest();

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

  it('each JSON event carries a PartialObjectMetadata, while a plain watcher gets whole objects', async () => {
    const meta = await t.request(`${CM}?watch=1`, { headers: { accept: `application/json;${K8S_ONE}` } });
    const plain = await t.request(`${CM}?watch=1`);
    expect(meta.status).toBe(200);
    expect(meta.headers.get('content-type')).toBe('application/json');
    await call(t, 'POST', CM, configMap('x', { k: '1' }));
    await call(t, 'PATCH', `${CM}/x`, { data: { k: '2' } }, { 'content-type': 'application/merge-patch+json' });
    await call(t, 'DELETE', `${CM}/x`);
    const seen: { type: string; object: JsonObject }[] = [];
    for await (const e of watchEvents(meta)) if (seen.push(e) === 3) break;
    expect(seen.map((e) => e.type)).toEqual(['ADDED', 'MODIFIED', 'DELETED']);
    for (const e of seen) {
      expect(Object.keys(e.object).sort()).toEqual(['apiVersion', 'kind', 'metadata']);
      expect(e.object).toMatchObject({ kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: { name: 'x' } });
    }
    // Events are encoded once per form and shared: the plain watcher is not served the metadata form.
    const whole: { type: string; object: JsonObject }[] = [];
    for await (const e of watchEvents(plain)) if (whole.push(e) === 3) break;
    expect(whole.map((e) => e.object.kind)).toEqual(['ConfigMap', 'ConfigMap', 'ConfigMap']);
    expect(whole[1].object.data).toEqual({ k: '2' });
  });

  it('protobuf watch frames embed PartialObjectMetadata envelopes', async () => {
    const res = await t.request(`${CM}?watch=1`, { headers: { accept: `${PB};${K8S_ONE}` } });
    expect(res.headers.get('content-type')).toBe(`${PB};stream=watch`);
    await call(t, 'POST', CM, configMap('p', { k: '1' }));
    const [f] = await frames(res, 1);
    expect(f.type).toBe('ADDED');
    const env = decodeEnvelope(f.object);
    expect(env).toMatchObject({ kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1' });
    expect(decodeMessage(env.raw, PartialObjectMetadata).metadata).toMatchObject({ name: 'p', namespace: 'default' });
  });

  it('the initial-events bookmark of a streaming list is metadata too', async () => {
    await call(t, 'POST', CM, configMap('s'));
    const res = await t.request(`${CM}?watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true`, {
      headers: { accept: `application/json;as=PartialObjectMetadata;g=meta.orch.io;v=v1` },
    });
    const seen: { type: string; object: JsonObject }[] = [];
    for await (const e of watchEvents(res)) if (seen.push(e) === 2) break;
    expect(seen.map((e) => [e.type, e.object.kind, e.object.apiVersion])).toEqual([
      ['ADDED', 'PartialObjectMetadata', 'meta.orch.io/v1'],
      ['BOOKMARK', 'PartialObjectMetadata', 'meta.orch.io/v1'],
    ]);
    expect((seen[1].object.metadata as JsonObject).annotations).toEqual({ 'orch.io/initial-events-end': 'true' });
  });

  it('asked for the list form, a watch starts and ends at its first event, as the real one does', async () => {
    const res = await t.request(`${CM}?watch=1`, { headers: { accept: `application/json;${K8S_LIST}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    await call(t, 'POST', CM, configMap('l'));
    expect(await res.text()).toBe('');
    // The server goes on serving.
    expect((await call(t, 'GET', `${CM}/l`)).status).toBe(200);
  });

  it('YAML has no watch form: 406', async () => {
    const res = await t.request(`${CM}?watch=1`, { headers: { accept: `application/yaml;${K8S_ONE}` } });
    expect(res.status).toBe(406);
    await res.arrayBuffer();
  });
});

describe('metadata-only CBOR (gate CBORServingAndStorage)', () => {
  const t = serverPerTest(() => inProcess({ featureGates: { CBORServingAndStorage: true } }));

  it('a list and a get are metadata only', async () => {
    await call(t, 'POST', CM, configMap('c', { k: 'v' }));
    const listed = await t.request(CM, { headers: { accept: `application/cbor;${K8S_LIST}` } });
    expect(listed.headers.get('content-type')).toBe('application/cbor');
    const body = decodeCbor(new Uint8Array(await listed.arrayBuffer())) as JsonObject;
    expect(body).toMatchObject({ kind: 'PartialObjectMetadataList', apiVersion: 'meta.k8s.io/v1' });
    expect((body.items as JsonObject[]).map((i) => Object.keys(i).sort())).toEqual([['apiVersion', 'kind', 'metadata']]);
    const got = await t.request(`${CM}/c`, { headers: { accept: `application/cbor;${K8S_ONE}` } });
    expect(decodeCbor(new Uint8Array(await got.arrayBuffer()))).toMatchObject({ kind: 'PartialObjectMetadata', metadata: { name: 'c' } });
  });
});

describe('the Go type named when the form does not fit', () => {
  const kind = (group: string, k: string) => BUILTIN_KINDS.find((d) => d.group === group && d.kind === k)!;
  it.each([
    { def: kind('', 'ConfigMap'), list: false, name: '*core.ConfigMap' },
    { def: kind('', 'Namespace'), list: true, name: '*core.NamespaceList' },
    { def: kind('apps', 'StatefulSet'), list: true, name: '*apps.StatefulSetList' },
    { def: kind('rbac.authorization.orch.io', 'ClusterRole'), list: false, name: '*rbac.ClusterRole' },
    { def: kind('events.orch.io', 'Event'), list: false, name: '*core.Event' },
    { def: SCALE_KIND, list: false, name: '*autoscaling.Scale' },
    {
      def: { ...kind('', 'ConfigMap'), kind: 'Gadget', codec: { decode: () => ({}) as never } },
      list: true,
      name: '*unstructured.UnstructuredList',
    },
  ])('$name', ({ def, list: asList, name }) => {
    expect(internalTypeName(def, asList)).toBe(name);
  });

  it('a custom resource endpoint names Unstructured', async () => {
    // Served kinds with a codec are custom resources; the schema of one is not a Go package.
    const t = await TRANSPORTS[0].start();
    try {
      const crd = {
        apiVersion: 'apiextensions.orch.io/v1',
        kind: 'CustomResourceDefinition',
        metadata: { name: 'widgets.meta.example.com' },
        spec: {
          group: 'meta.example.com',
          scope: 'Namespaced',
          names: { plural: 'widgets', singular: 'widget', kind: 'Widget' },
          versions: [
            {
              name: 'v1',
              served: true,
              storage: true,
              schema: { openAPIV3Schema: { type: 'object', 'x-orch-preserve-unknown-fields': true } },
            },
          ],
        },
      };
      expect((await call(t, 'POST', '/apis/apiextensions.orch.io/v1/customresourcedefinitions', crd)).status).toBe(201);
      const path = '/apis/meta.example.com/v1/namespaces/default/widgets';
      let created = 0;
      for (let i = 0; i < 100 && created !== 201; i++) {
        created = (await call(t, 'POST', path, { apiVersion: 'meta.example.com/v1', kind: 'Widget', metadata: { name: 'w' } })).status;
        if (created !== 201) await new Promise((r) => setTimeout(r, 20));
      }
      expect(created).toBe(201);
      const one = await answer(await t.request(`${path}/w`, { headers: { accept: `application/json;${K8S_LIST}` } }));
      expect(one.body.message).toBe(
        'you requested PartialObjectMetadataList, but the requested object is not a list (*unstructured.Unstructured)',
      );
      // Protobuf carries the metadata of any kind, custom resources too.
      const listed = await answer(await t.request(path, { headers: { accept: CLIENT_GO_LIST } }));
      expect(listed.type).toBe(PB);
      expect((listed.body.items as JsonObject[]).map((i) => (i.metadata as JsonObject).name)).toEqual(['w']);
    } finally {
      await t.close();
    }
  });
});
