/**
 * Property: whatever request a client sends — any method, paths with odd segments (`.`, `..`,
 * `%2F`, empty, huge), query parameters with odd values, any content type, bodies truncated,
 * nested, of the wrong types or random bytes — the in-process server answers (no thrown or
 * unhandled error, no hang), with no 5xx but the documented 504, and a request answered with an
 * error changes no object (a dump of every served resource is the same before and after).
 * Requests go through `handle` with the path as sent. Seeded: a failure prints the seed and the
 * shrunk request, and reproduces; PROPERTY_SEED and PROPERTY_RUNS explore further.
 */
import { encode } from 'cbor-x';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createApiServer, type ApiRequest, type ApiResponse, type KindDefinition } from '../../core/index.ts';
import { dumpStore } from '../support/store-dump.ts';

const api = createApiServer({
  featureGates: { CBORServingAndStorage: true, DynamicResourceAllocation: true },
  // A read that waits for a revision not reached answers 504 after this long (not 3 s).
  read: { tooLargeResourceVersionWaitMs: 20 },
});
await api.ready;
afterAll(async () => {
  await api.close();
});

// ------------------------------------------------------------------------------ requests

interface Sent {
  readonly method: string;
  readonly path: string;
  readonly query: readonly (readonly [string, string])[];
  readonly contentType: string | undefined;
  readonly accept: string | undefined;
  readonly body: Uint8Array;
}

const enc = new TextEncoder();
const GROUP_VERSIONS = [
  ...new Set(api.kinds.map((k) => (k.group ? `/apis/${k.group}/${k.version}` : `/api/${k.version}`))),
  '/apis/nope.example/v1',
  '/api/v2',
];

const oddSegment = fc.constantFrom(
  '.',
  '..',
  '%2E',
  '%2e%2E',
  '.%2e',
  '%2F',
  'a%2Fb',
  '%25',
  '%',
  '%zz',
  '%00',
  '',
  'x'.repeat(300),
  'ü',
  'a b',
  '*',
  '~',
  'UPPER',
  '-a-',
  'a..b',
);
const goodName = fc.constantFrom('a', 'a', 'a', 'web', 'p', 'default', 'orch-system', 'new', 'b');
const name = fc.oneof(
  { weight: 4, arbitrary: goodName },
  { weight: 1, arbitrary: oddSegment },
  { weight: 1, arbitrary: fc.string({ maxLength: 6 }).map(encodeURIComponent) },
);

type Shape = 'collection' | 'object' | 'subresource';

/** A path of a served kind, of the given shape; sometimes with one segment spoiled. */
function kindPath(def: KindDefinition, shape: Shape): fc.Arbitrary<string> {
  const gv = def.group ? `/apis/${def.group}/${def.version}` : `/api/${def.version}`;
  const subs = [...Object.keys(def.subresources ?? {}), 'nope'];
  return fc
    .record({
      watch: fc.oneof({ weight: 6, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
      ns: fc.oneof(
        { weight: 6, arbitrary: fc.constant('default') },
        { weight: 1, arbitrary: fc.constantFrom('orch-public', 'missing') },
        { weight: 1, arbitrary: oddSegment },
      ),
      name,
      sub: fc.constantFrom(...subs),
      spoil: fc.oneof({ weight: 5, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.tuple(fc.nat(), oddSegment) }),
    })
    .map(({ watch, ns, name, sub, spoil }) => {
      const segs = [gv, ...(watch ? ['watch'] : []), ...(def.namespaced ? ['namespaces', ns] : []), def.resource];
      if (shape !== 'collection') segs.push(name);
      if (shape === 'subresource') segs.push(sub);
      if (spoil) segs[1 + (spoil[0] % (segs.length - 1))] = spoil[1];
      return segs.join('/');
    });
}

const otherPath: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '/',
    '/api',
    '/apis',
    '/apis/apps',
    '/version',
    '/healthz',
    '/readyz?verbose',
    '/livez/ping',
    '/metrics',
    '/openapi/v2',
    '/openapi/v3/apis/apps/v1',
    '/api//v1/namespaces',
    '/api/v1/../v1/namespaces',
  ),
  fc
    .tuple(fc.constantFrom(...GROUP_VERSIONS), fc.array(fc.oneof(name, oddSegment), { maxLength: 5 }))
    .map(([gv, s]) => [gv, ...s].join('/')),
  fc.array(oddSegment, { maxLength: 6 }).map((s) => `/${s.join('/')}`),
);

const oddValue = fc.oneof(
  fc.constantFrom(
    '',
    '0',
    '-1',
    '1',
    '10',
    '1e309',
    'true',
    'false',
    'All',
    'None',
    'Strict',
    'Warn',
    'Ignore',
    'Orphan',
    'Exact',
    'NotOlderThan',
    '999999999999',
    'a=b',
    'a in (b',
    'metadata.name=a',
    '!x',
    '%',
    'x'.repeat(2000),
  ),
  fc.string({ maxLength: 10 }),
);
const query = fc.array(
  fc.tuple(
    fc.constantFrom(
      'watch',
      'labelSelector',
      'fieldSelector',
      'limit',
      'continue',
      'resourceVersion',
      'resourceVersionMatch',
      'timeoutSeconds',
      'allowWatchBookmarks',
      'sendInitialEvents',
      'dryRun',
      'fieldManager',
      'fieldManager',
      'fieldValidation',
      'force',
      'propagationPolicy',
      'gracePeriodSeconds',
      'orphanDependents',
      'pretty',
      'includeObject',
      'hash',
      'x',
    ),
    oddValue,
  ),
  { maxLength: 4 },
);

const contentType = fc.option(
  fc.constantFrom(
    'application/json',
    'application/json',
    'application/yaml',
    'application/cbor',
    'application/vnd.kubernetes.protobuf',
    'application/merge-patch+json',
    'application/strategic-merge-patch+json',
    'application/json-patch+json',
    'application/apply-patch+yaml',
    'application/apply-patch+yaml',
    'application/apply-patch+cbor',
    'application/json; charset=utf-8',
    'text/plain',
    '*/*',
    'garbage/;;;',
    '',
  ),
  { freq: 8, nil: undefined },
);
const accept = fc.option(
  fc.constantFrom(
    'application/json',
    'application/yaml',
    'application/cbor',
    'application/vnd.kubernetes.protobuf',
    'application/json;as=Table;v=v1;g=meta.orch.io',
    'application/json;stream=watch',
    'image/png',
    '*/*',
    ';;',
    '',
  ),
  { freq: 3, nil: undefined },
);

/** What a valid object of the kind needs beyond its metadata (for the kinds that need more). */
const REQUIRED: Readonly<Record<string, Record<string, unknown>>> = {
  StatefulSet: {
    spec: {
      serviceName: 'web',
      replicas: 1,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'i' }] } },
    },
  },
  Pod: { spec: { containers: [{ name: 'c', image: 'i' }] } },
  Scale: { spec: { replicas: 2 } },
};

/** An object of the kind (or of another), as it would be sent: well formed, or spoiled in one way. */
function objectOf(def: KindDefinition): fc.Arbitrary<Record<string, unknown>> {
  const apiVersion = def.group ? `${def.group}/${def.version}` : def.version;
  return fc
    .record({
      typed: fc.oneof(
        { weight: 4, arbitrary: fc.constant({ apiVersion, kind: def.kind }) },
        {
          weight: 1,
          arbitrary: fc.record({
            apiVersion: fc.constantFrom('v1', 'apps/v1', 'autoscaling/v1', 'x/y'),
            kind: fc.constantFrom('ConfigMap', 'Scale', 'DeleteOptions', 'Binding', 'Nope'),
          }),
        },
      ),
      name: fc.oneof(goodName, fc.string({ maxLength: 6 })),
      labels: fc.dictionary(
        fc.oneof(fc.constantFrom('app', 'a/b', 'x'), fc.string({ maxLength: 5 })),
        fc.oneof(fc.constantFrom('web', 'v'), fc.string({ maxLength: 5 })),
        { maxKeys: 2 },
      ),
      extra: fc.dictionary(
        fc.constantFrom('data', 'spec', 'status', 'rules', 'target', 'binaryData', 'immutable', 'type', 'x'),
        fc.jsonValue({ maxDepth: 3 }),
        { maxKeys: 2 },
      ),
      required: fc.boolean(),
    })
    .map(({ typed, name, labels, extra, required }) => ({
      ...typed,
      metadata: { name, labels },
      ...(required ? (REQUIRED[def.kind] ?? {}) : {}),
      ...extra,
    }));
}

function bodyOf(def: KindDefinition): fc.Arbitrary<Uint8Array> {
  const object = objectOf(def);
  return fc.oneof(
    { weight: 4, arbitrary: object.map((o) => enc.encode(JSON.stringify(o))) },
    { weight: 1, arbitrary: object.map((o) => new Uint8Array(encode(o))) },
    // Truncated.
    {
      weight: 1,
      arbitrary: fc.tuple(object, fc.nat()).map(([o, cut]) => {
        const text = JSON.stringify(o);
        return enc.encode(text.slice(0, cut % (text.length + 1)));
      }),
    },
    // JSON patch operations.
    {
      weight: 1,
      arbitrary: fc
        .array(
          fc.record(
            {
              op: fc.constantFrom('add', 'remove', 'replace', 'move', 'copy', 'test', 'x'),
              path: fc.constantFrom('/data/k', '/metadata/name', '/spec/replicas', '/status', '', '/', '/a~2', '/x/-'),
              from: fc.constantFrom('/metadata', '/spec'),
              value: fc.jsonValue({ maxDepth: 2 }),
            },
            { requiredKeys: ['op'] },
          ),
          { maxLength: 3 },
        )
        .map((ops) => enc.encode(JSON.stringify(ops))),
    },
    // Nested, up to past every decoder's limit, in the object or as the whole body.
    {
      weight: 2,
      arbitrary: fc
        .tuple(object, fc.integer({ min: 1, max: 25_000 }), fc.constantFrom('[', '{"a":'), fc.boolean())
        .map(([o, n, open, whole]) => {
          const deep = `${open.repeat(n)}1${(open === '[' ? ']' : '}').repeat(n)}`;
          return enc.encode(whole ? deep : `${JSON.stringify(o).slice(0, -1)},"x":${deep}}`);
        }),
    },
    // Wrong types, anything.
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => enc.encode(JSON.stringify(v))) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 256 }) },
    { weight: 1, arbitrary: fc.constant(new Uint8Array(0)) },
  );
}

/** Mostly the methods a path of the shape serves, sometimes any. */
const METHODS: Readonly<Record<Shape, readonly string[]>> = {
  collection: ['GET', 'POST', 'POST', 'DELETE'],
  object: ['GET', 'PUT', 'PATCH', 'PATCH', 'DELETE'],
  subresource: ['GET', 'PUT', 'PATCH', 'PATCH', 'POST'],
};
const anyMethod = fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'FOO');
const methodFor = (shape: Shape) =>
  fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...METHODS[shape]) }, { weight: 1, arbitrary: anyMethod });

const PATCH_TYPES = [
  'application/merge-patch+json',
  'application/strategic-merge-patch+json',
  'application/json-patch+json',
  'application/apply-patch+yaml',
  'application/apply-patch+cbor',
];
const BODY_TYPES = ['application/json', 'application/json', 'application/yaml', 'application/cbor', 'application/vnd.kubernetes.protobuf'];
/** Mostly a content type that goes with the method, sometimes any (or none). */
const contentTypeFor = (method: string) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...(method === 'PATCH' ? PATCH_TYPES : BODY_TYPES)) },
    { weight: 1, arbitrary: contentType },
  );

const request: fc.Arbitrary<Sent> = fc.oneof(
  {
    weight: 9,
    arbitrary: fc
      .tuple(fc.constantFrom(...api.kinds), fc.constantFrom<Shape>('collection', 'object', 'object', 'subresource'))
      .chain(([def, shape]) => fc.tuple(fc.constant(def), kindPath(def, shape), methodFor(shape)))
      .chain(([def, path, method]) =>
        fc.record({
          method: fc.constant(method),
          path: fc.constant(path),
          query,
          contentType: contentTypeFor(method),
          accept,
          body: bodyOf(def),
        }),
      ),
  },
  { weight: 1, arbitrary: fc.record({ method: anyMethod, path: otherPath, query, contentType, accept, body: bodyOf(api.kinds[0]) }) },
);

// ------------------------------------------------------------------------------ sending

function toApiRequest(s: Sent, signal: AbortSignal): ApiRequest {
  const q = s.path.indexOf('?');
  const search = new URLSearchParams(q < 0 ? '' : s.path.slice(q + 1));
  for (const [k, v] of s.query) search.append(k, v);
  const headers = new Headers();
  if (s.contentType !== undefined) headers.set('content-type', s.contentType);
  if (s.accept !== undefined) headers.set('accept', s.accept);
  return {
    method: s.method,
    url: { pathname: q < 0 ? s.path : s.path.slice(0, q), searchParams: search, host: 'orch.test' },
    headers,
    readBody: async (limit) => {
      if (s.body.length > limit) throw new Error('the generated body is over the limit');
      return s.body;
    },
    signal,
  };
}

/**
 * Answers within 5 s or fails. A streamed answer (a watch) is read for what it sends at once (a
 * stream that breaks there fails the property), then ended as its client would end it.
 */
async function send(s: Sent): Promise<ApiResponse> {
  const client = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within 5 s to ${s.method} ${s.path}`)), 5_000);
  });
  try {
    const res = await Promise.race([api.handle(toApiRequest(s, client.signal)), hung]);
    if (res.body instanceof ReadableStream) {
      const reader = res.body.getReader();
      await Promise.race([reader.read(), new Promise((r) => setTimeout(r, 30))]);
      client.abort();
      await reader.cancel();
    }
    return res;
  } finally {
    clearTimeout(timer);
  }
}

// ------------------------------------------------------------------------------ the property

describe('any request', () => {
  it('is answered, never with a 5xx but 504, and changes nothing when it answers an error', async () => {
    // A few objects for the requests to meet.
    const seed: Sent[] = [
      {
        method: 'POST',
        path: '/api/v1/namespaces/default/configmaps',
        query: [],
        contentType: 'application/json',
        accept: undefined,
        body: enc.encode('{"metadata":{"name":"a"},"data":{"k":"v"}}'),
      },
      {
        method: 'POST',
        path: '/api/v1/namespaces/default/pods',
        query: [],
        contentType: 'application/json',
        accept: undefined,
        body: enc.encode('{"metadata":{"name":"p"},"spec":{"containers":[{"name":"c","image":"i"}]}}'),
      },
      {
        method: 'POST',
        path: '/apis/apps/v1/namespaces/default/statefulsets',
        query: [],
        contentType: 'application/json',
        accept: undefined,
        body: enc.encode(
          '{"metadata":{"name":"web"},"spec":{"serviceName":"web","replicas":1,"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"c","image":"i"}]}}}}',
        ),
      },
    ];
    for (const s of seed) expect((await send(s)).status).toBe(201);
    // And an object named `a` of every kind that takes one that plain.
    for (const def of api.kinds) {
      const apiVersion = def.group ? `${def.group}/${def.version}` : def.version;
      const gv = def.group ? `/apis/${def.group}/${def.version}` : `/api/${def.version}`;
      const body = enc.encode(JSON.stringify({ apiVersion, kind: def.kind, metadata: { name: 'a' }, ...REQUIRED[def.kind] }));
      await send({
        method: 'POST',
        path: `${gv}${def.namespaced ? '/namespaces/default' : ''}/${def.resource}`,
        query: [],
        contentType: 'application/json',
        accept: undefined,
        body,
      });
    }

    await fc.assert(
      fc.asyncProperty(request, async (s) => {
        const before = await dumpStore(api);
        const res = await send(s);
        if (res.status >= 500) expect(res.status, `${res.status} ${typeof res.body === 'string' ? res.body : ''}`).toBe(504);
        if (res.status >= 400) expect(await dumpStore(api)).toEqual(before);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 1000), seed: Number(process.env.PROPERTY_SEED ?? 20_251_125), endOnFailure: true },
    );

    // Still serving (the namespace `default` is the one object no request may have removed).
    const after = await api.fetch(new Request('http://orch.test/api/v1/namespaces/default'));
    expect(after.status).toBe(200);
  }, 60_000);
});
