/**
 * A body nested past what the real platform's decoders accept is 400 BadRequest in their words —
 * JSON at 10,000 levels (`invalid character '[' exceeded max depth`), YAML at 10,000 flow levels
 * (`yaml: line 5: exceeded max depth of 10000`), CBOR at 64 (`cbor: exceeded max nested level 64`)
 * — for every write verb and every patch type, over both transports; nothing changes, and the
 * server goes on serving. (It used to answer 500 "Maximum call stack size exceeded".)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { configMap, pod, statefulSet } from '../support/builders.ts';
import { call, CM, serverPerSuite, TRANSPORTS } from '../support/targets.ts';
import { dumpStore } from '../support/store-dump.ts';

const SS = '/apis/apps/v1/namespaces/default/statefulsets';
const POD = '/api/v1/namespaces/default/pods';

const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const DEEP = nested(20_000);

/** A ConfigMap whose unknown field `x` nests `levels` deep, as JSON and as YAML (the nesting on line 5). */
const jsonCm = (name: string, levels = 20_000) =>
  `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"${name}"},"x":${nested(levels)}}`;
const yamlCm = (name: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\nx: ${DEEP}\n`;

/** CBOR: the self-describing tag (a level), a map (a level) holding `x`: `arrays` nested arrays. */
function cborCm(name: string, arrays: number): Uint8Array {
  const text = (s: string) => {
    const b = [...new TextEncoder().encode(s)];
    return [0x60 + b.length, ...b];
  };
  return new Uint8Array([
    0xd9,
    0xd9,
    0xf7,
    0xa4,
    ...text('apiVersion'),
    ...text('v1'),
    ...text('kind'),
    ...text('ConfigMap'),
    ...text('metadata'),
    0xa1,
    ...text('name'),
    ...text(name),
    ...text('x'),
    ...new Array<number>(arrays).fill(0x81),
    0x01,
  ]);
}

const JSON_TOO_DEEP = "invalid character '[' exceeded max depth";
const YAML_TOO_DEEP = 'yaml: line 5: exceeded max depth of 10000';
const CBOR_TOO_DEEP = 'cbor: exceeded max nested level 64';

interface Row {
  readonly what: string;
  readonly method: string;
  readonly path: string;
  readonly contentType: string;
  readonly body: string | Uint8Array;
  readonly message: string;
}

const ROWS: readonly Row[] = [
  // Objects: create, update, and the subresources written with a body.
  {
    what: 'create, JSON',
    method: 'POST',
    path: CM,
    contentType: 'application/json',
    body: jsonCm('d'),
    message: `couldn't get version/kind; json parse error: ${JSON_TOO_DEEP}`,
  },
  {
    what: 'create, YAML',
    method: 'POST',
    path: CM,
    contentType: 'application/yaml',
    body: yamlCm('d'),
    message: `error converting YAML to JSON: ${YAML_TOO_DEEP}`,
  },
  {
    what: 'create, CBOR',
    method: 'POST',
    path: CM,
    contentType: 'application/cbor',
    body: cborCm('d', 100),
    message: `error decoding CBOR: ${CBOR_TOO_DEEP}`,
  },
  {
    what: 'update, JSON',
    method: 'PUT',
    path: `${CM}/a`,
    contentType: 'application/json',
    body: jsonCm('a'),
    message: `couldn't get version/kind; json parse error: ${JSON_TOO_DEEP}`,
  },
  {
    what: 'update, YAML',
    method: 'PUT',
    path: `${CM}/a`,
    contentType: 'application/yaml',
    body: yamlCm('a'),
    message: `error converting YAML to JSON: ${YAML_TOO_DEEP}`,
  },
  {
    what: 'update, CBOR',
    method: 'PUT',
    path: `${CM}/a`,
    contentType: 'application/cbor',
    body: cborCm('a', 100),
    message: `error decoding CBOR: ${CBOR_TOO_DEEP}`,
  },
  {
    what: 'update of status, JSON',
    method: 'PUT',
    path: `${SS}/web/status`,
    contentType: 'application/json',
    body: `{"metadata":{"name":"web"},"status":${DEEP}}`,
    message: `couldn't get version/kind; json parse error: ${JSON_TOO_DEEP}`,
  },
  {
    what: 'update of scale, JSON',
    method: 'PUT',
    path: `${SS}/web/scale`,
    contentType: 'application/json',
    body: `{"metadata":{"name":"web"},"spec":${DEEP}}`,
    message: `couldn't get version/kind; json parse error: ${JSON_TOO_DEEP}`,
  },
  {
    what: 'binding, JSON',
    method: 'POST',
    path: `${POD}/p/binding`,
    contentType: 'application/json',
    body: `{"metadata":{"name":"p"},"target":${DEEP}}`,
    message: `couldn't get version/kind; json parse error: ${JSON_TOO_DEEP}`,
  },
  // Deletes with DeleteOptions in the body.
  {
    what: 'delete, JSON options',
    method: 'DELETE',
    path: `${CM}/a`,
    contentType: 'application/json',
    body: `{"kind":"DeleteOptions","x":${DEEP}}`,
    message: `couldn't get version/kind; json parse error: ${JSON_TOO_DEEP}`,
  },
  {
    what: 'delete, YAML options',
    method: 'DELETE',
    path: `${CM}/a`,
    contentType: 'application/yaml',
    body: `kind: DeleteOptions\napiVersion: v1\ndryRun: []\npropagationPolicy: Orphan\nx: ${DEEP}`,
    message: `error converting YAML to JSON: ${YAML_TOO_DEEP}`,
  },
  {
    what: 'deletecollection, JSON options',
    method: 'DELETE',
    path: CM,
    contentType: 'application/json',
    body: `{"kind":"DeleteOptions","x":${DEEP}}`,
    message: `couldn't get version/kind; json parse error: ${JSON_TOO_DEEP}`,
  },
  // Every patch type, on the object and on its subresources.
  ...(['', '/status', '/scale'] as const).flatMap((sub): Row[] => {
    const path = sub ? `${SS}/web${sub}` : `${CM}/a`;
    const kind =
      sub === '/scale'
        ? '"apiVersion":"autoscaling/v1","kind":"Scale"'
        : sub
          ? '"apiVersion":"apps/v1","kind":"StatefulSet"'
          : '"apiVersion":"v1","kind":"ConfigMap"';
    const name = sub ? 'web' : 'a';
    return [
      {
        what: `merge patch of ${path}`,
        method: 'PATCH',
        path,
        contentType: 'application/merge-patch+json',
        body: `{"x":${DEEP}}`,
        message: `error decoding patch: ${JSON_TOO_DEEP}`,
      },
      {
        what: `strategic merge patch of ${path}`,
        method: 'PATCH',
        path,
        contentType: 'application/strategic-merge-patch+json',
        body: `{"x":${DEEP}}`,
        message: `error decoding patch: ${JSON_TOO_DEEP}`,
      },
      {
        what: `JSON patch of ${path}`,
        method: 'PATCH',
        path,
        contentType: 'application/json-patch+json',
        body: `[{"op":"add","path":"/x","value":${DEEP}}]`,
        message: `error decoding patch: ${JSON_TOO_DEEP}`,
      },
      {
        what: `apply (JSON) to ${path}`,
        method: 'PATCH',
        path: `${path}?fieldManager=m`,
        contentType: 'application/apply-patch+yaml',
        body: `{${kind},"metadata":{"name":"${name}"},"x":${DEEP}}`,
        message: 'error decoding YAML: yaml: exceeded max depth of 10000',
      },
      {
        what: `apply (YAML) to ${path}`,
        method: 'PATCH',
        path: `${path}?fieldManager=m`,
        contentType: 'application/apply-patch+yaml',
        body: `${kind.replace(/"/g, '').replace(',', '\n').replace(/:/g, ': ')}\nmetadata:\n  name: ${name}\nx: ${DEEP}`,
        message: `error decoding YAML: ${YAML_TOO_DEEP}`,
      },
      {
        what: `apply (CBOR) to ${path}`,
        method: 'PATCH',
        path: `${path}?fieldManager=m`,
        contentType: 'application/apply-patch+cbor',
        body: cborCm(name, 100),
        message: `error decoding CBOR: ${CBOR_TOO_DEEP}`,
      },
    ];
  }),
];

describe.each(TRANSPORTS)('bodies nested too deeply ($name)', ({ start }) => {
  const t = serverPerSuite(() => start({ featureGates: 'CBORServingAndStorage=true' }));
  beforeAll(async () => {
    expect((await call(t, 'POST', CM, configMap('a', { k: 'v' }))).status).toBe(201);
    expect((await call(t, 'POST', SS, statefulSet('web', { replicas: 1 }))).status).toBe(201);
    expect((await call(t, 'POST', POD, pod('p'))).status).toBe(201);
  });

  it.each(ROWS)('$what → 400', async (row) => {
    const before = await dumpStore(t.api);
    const res = await t.request(row.path, { method: row.method, headers: { 'content-type': row.contentType }, body: row.body as BodyInit });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: row.message,
      reason: 'BadRequest',
      code: 400,
    });
    expect(await dumpStore(t.api)).toEqual(before);
    // Still serving.
    expect((await call(t, 'GET', `${CM}/a`)).body.data).toEqual({ k: 'v' });
  });

  it.each([
    {
      name: 'JSON nested exactly 10,000 deep (the object and 9,999 arrays)',
      contentType: 'application/json',
      body: jsonCm('json-at-limit', 9_999),
    },
    { name: 'CBOR nested exactly 64 deep', contentType: 'application/cbor', body: cborCm('cbor-at-limit', 62) },
  ])('$name is decoded; the unknown field it sits in is dropped, as the real platform drops it', async ({ contentType, body }) => {
    const res = await t.request(CM, {
      method: 'POST',
      headers: { 'content-type': contentType, accept: 'application/json' },
      body: body as BodyInit,
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { metadata: { name: string }; x?: unknown };
    expect(created.x).toBeUndefined();
    expect(res.headers.get('warning')).toContain('unknown field \\"x\\"');
  });

  it.each([
    {
      name: 'JSON one level past',
      contentType: 'application/json',
      body: jsonCm('json-past', 10_000),
      message: `couldn't get version/kind; json parse error: ${JSON_TOO_DEEP}`,
    },
    {
      name: 'CBOR one level past',
      contentType: 'application/cbor',
      body: cborCm('cbor-past', 63),
      message: `error decoding CBOR: ${CBOR_TOO_DEEP}`,
    },
  ])('$name the limit is 400', async ({ contentType, body, message }) => {
    const res = await t.request(CM, { method: 'POST', headers: { 'content-type': contentType }, body: body as BodyInit });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(message);
  });
});
