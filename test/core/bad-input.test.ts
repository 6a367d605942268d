/**
 * Bad input is a clear 4xx Status with the real platform's reason, never a 500 (docs/api-rules.md,
 * "Errors"), in-process and over HTTP.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { configMap } from '../support/builders.ts';
import { call, CM, serverPerSuite, TRANSPORTS } from '../support/targets.ts';

interface Row {
  readonly what: string;
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
  readonly status: number;
  readonly reason: string;
  readonly message?: RegExp;
}

const ROWS: readonly Row[] = [
  {
    what: 'malformed JSON',
    method: 'POST',
    path: CM,
    body: '{"metadata": {"name": "x"',
    status: 400,
    reason: 'BadRequest',
    message: /json parse error/,
  },
  {
    what: 'a JSON array body',
    method: 'POST',
    path: CM,
    body: '[1,2]',
    status: 400,
    reason: 'BadRequest',
    message: /cannot unmarshal array/,
  },
  { what: 'an empty body', method: 'POST', path: CM, body: '', status: 400, reason: 'BadRequest' },
  {
    what: 'apiVersion of another group',
    method: 'POST',
    path: CM,
    body: { apiVersion: 'apps/v1', kind: 'ConfigMap', metadata: { name: 'x' } },
    status: 400,
    reason: 'BadRequest',
    message: /the API version in the data \(apps\/v1\) does not match the expected API version \(v1\)/,
  },
  {
    what: 'another kind',
    method: 'POST',
    path: CM,
    body: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'x' } },
    status: 400,
    reason: 'BadRequest',
    message: /kind in the data \(Secret\)/,
  },
  {
    what: 'a field of the wrong type',
    method: 'POST',
    path: CM,
    body: { metadata: { name: 'x' }, data: { a: 1 } },
    status: 400,
    reason: 'BadRequest',
    message: /cannot unmarshal number into Go struct field ConfigMap.data of type string/,
  },
  {
    what: 'binaryData that is not base64',
    method: 'POST',
    path: CM,
    body: { metadata: { name: 'x' }, binaryData: { a: '!!' } },
    status: 400,
    reason: 'BadRequest',
    message: /illegal base64 data/,
  },
  {
    what: 'a resourceVersion on create',
    method: 'POST',
    path: CM,
    body: { metadata: { name: 'x', resourceVersion: '5' } },
    status: 400,
    reason: 'BadRequest',
    message: /resourceVersion should not be set on objects to be created/,
  },
  {
    what: 'a namespace that differs from the URL',
    method: 'POST',
    path: CM,
    body: { metadata: { name: 'x', namespace: 'other' } },
    status: 400,
    reason: 'BadRequest',
    message: /namespace of the provided object does not match/,
  },
  {
    what: 'a name that differs from the URL (PUT)',
    method: 'PUT',
    path: `${CM}/a`,
    body: configMap('b'),
    status: 400,
    reason: 'BadRequest',
    message: /the name of the object \(b\) does not match the name on the URL \(a\)/,
  },
  {
    what: 'an invalid name',
    method: 'POST',
    path: CM,
    body: configMap('Not_Valid'),
    status: 422,
    reason: 'Invalid',
    message: /metadata.name: Invalid value: "Not_Valid": a lowercase RFC 1123 subdomain/,
  },
  {
    what: 'no name and no generateName',
    method: 'POST',
    path: CM,
    body: { data: {} },
    status: 422,
    reason: 'Invalid',
    message: /metadata.name: Required value: name or generateName is required/,
  },
  {
    what: 'an invalid label key',
    method: 'POST',
    path: CM,
    body: configMap('x', {}, { labels: { 'a b': 'c' } }),
    status: 422,
    reason: 'Invalid',
    message: /metadata.labels: Invalid value: "a b"/,
  },
  {
    what: 'an invalid label value',
    method: 'POST',
    path: CM,
    body: configMap('x', {}, { labels: { a: 'b c' } }),
    status: 422,
    reason: 'Invalid',
    message: /metadata.labels: Invalid value: "b c"/,
  },
  {
    what: 'an invalid annotation key',
    method: 'POST',
    path: CM,
    body: configMap('x', {}, { annotations: { '/x': 'y' } }),
    status: 422,
    reason: 'Invalid',
    message: /metadata.annotations: Invalid value: "\/x"/,
  },
  {
    what: 'an unknown path',
    method: 'GET',
    path: '/nothing/here',
    status: 404,
    reason: 'NotFound',
    message: /the server could not find the requested resource/,
  },
  { what: 'an unknown resource', method: 'GET', path: '/api/v1/widgets', status: 404, reason: 'NotFound' },
  { what: 'an unknown group', method: 'GET', path: '/apis/nope.example.com/v1/things', status: 404, reason: 'NotFound' },
  { what: 'an unknown subresource', method: 'GET', path: `${CM}/a/nonsense`, status: 404, reason: 'NotFound' },
  { what: 'an unsupported method', method: 'OPTIONS', path: CM, status: 405, reason: 'MethodNotAllowed' },
  {
    what: 'POST to an object path',
    method: 'POST',
    path: '/api/v1/configmaps',
    body: configMap('x'),
    status: 405,
    reason: 'MethodNotAllowed',
  },
  {
    what: 'deletecollection on namespaces (not served)',
    method: 'DELETE',
    path: '/api/v1/namespaces',
    status: 405,
    reason: 'MethodNotAllowed',
  },
  {
    what: 'an unsupported request Content-Type',
    method: 'POST',
    path: CM,
    body: 'x',
    headers: { 'content-type': 'text/plain' },
    status: 415,
    reason: 'UnsupportedMediaType',
  },
  {
    what: 'an unacceptable Accept',
    method: 'GET',
    path: CM,
    headers: { accept: 'image/png' },
    status: 406,
    reason: 'NotAcceptable',
    message: /only the following media types are accepted: application\/json, application\/yaml/,
  },
  {
    what: 'a merge patch that is not an object',
    method: 'PATCH',
    path: `${CM}/a`,
    body: '[]',
    headers: { 'content-type': 'application/merge-patch+json' },
    status: 400,
    reason: 'BadRequest',
  },
  {
    what: 'an unknown patch type',
    method: 'PATCH',
    path: `${CM}/a`,
    body: '{}',
    headers: { 'content-type': 'application/x-unknown-patch' },
    status: 415,
    reason: 'UnsupportedMediaType',
  },
  {
    what: 'a bad dryRun value',
    method: 'POST',
    path: `${CM}?dryRun=Maybe`,
    body: configMap('x'),
    status: 422,
    reason: 'Invalid',
    message: /dryRun: Unsupported value: \["Maybe"\]: supported values: "All"/,
  },
  {
    what: 'a bad fieldValidation value',
    method: 'POST',
    path: `${CM}?fieldValidation=Loose`,
    body: configMap('x'),
    status: 422,
    reason: 'Invalid',
    message: /fieldValidation: Unsupported value: "Loose"/,
  },
  {
    what: 'a bad propagationPolicy',
    method: 'DELETE',
    path: `${CM}/a?propagationPolicy=Sideways`,
    status: 422,
    reason: 'Invalid',
    message: /propagationPolicy: Unsupported value: "Sideways"/,
  },
  // A DeleteOptions body with a field of the wrong type fails before anything is deleted (the
  // last test checks that `a` is still there).
  ...(
    [
      ['dryRun as a string', { dryRun: 'All' }, /cannot unmarshal string into Go struct field DeleteOptions\.dryRun of type \[\]string/],
      ['preconditions.uid as a number', { preconditions: { uid: 5 } }, /preconditions\.uid of type/],
      ['preconditions as a string', { preconditions: 'x' }, /cannot unmarshal string into Go struct field DeleteOptions\.preconditions/],
      ['gracePeriodSeconds as a string', { gracePeriodSeconds: 'x' }, /DeleteOptions\.gracePeriodSeconds of type int64/],
      ['orphanDependents as a string', { orphanDependents: 'yes' }, /DeleteOptions\.orphanDependents of type bool/],
      ['propagationPolicy as a number', { propagationPolicy: 5 }, /DeleteOptions\.propagationPolicy of type/],
    ] as const
  ).flatMap(([what, body, message]): Row[] => [
    { what: `a delete body with ${what}`, method: 'DELETE', path: `${CM}/a`, body, status: 400, reason: 'BadRequest', message },
    { what: `a delete-collection body with ${what}`, method: 'DELETE', path: CM, body, status: 400, reason: 'BadRequest', message },
  ]),
  { what: 'a bad label selector', method: 'GET', path: `${CM}?labelSelector=a%20in%20b`, status: 400, reason: 'BadRequest' },
  {
    what: 'an unsupported field selector',
    method: 'GET',
    path: `${CM}?fieldSelector=spec.foo%3Dx`,
    status: 400,
    reason: 'BadRequest',
    message: /field label not supported: spec.foo/,
  },
  {
    what: 'a garbage continue token',
    method: 'GET',
    path: `${CM}?limit=1&continue=%%%garbage`,
    status: 400,
    reason: 'BadRequest',
    message: /invalid continue token/,
  },
  { what: 'a non-numeric resourceVersion', method: 'GET', path: `${CM}?resourceVersion=abc`, status: 400, reason: 'BadRequest' },
  {
    what: 'a resourceVersion beyond uint64',
    method: 'GET',
    path: `${CM}?resourceVersion=99999999999999999999`,
    status: 400,
    reason: 'BadRequest',
    message: /strconv.ParseUint: parsing "99999999999999999999": value out of range/,
  },
  {
    what: 'a list with a non-numeric timeoutSeconds',
    method: 'GET',
    path: `${CM}?timeoutSeconds=abc`,
    status: 400,
    reason: 'BadRequest',
    message: /timeoutSeconds: invalid value "abc"/,
  },
  {
    what: 'resourceVersionMatch without resourceVersion',
    method: 'GET',
    path: `${CM}?resourceVersionMatch=Exact`,
    status: 422,
    reason: 'Invalid',
    message: /resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided/,
  },
];

describe.each(TRANSPORTS)('bad input ($name)', ({ start }) => {
  const t = serverPerSuite(() => start());
  beforeAll(async () => {
    await call(t, 'POST', CM, configMap('a'));
  });

  it.each(ROWS)('$what → $status $reason', async (row) => {
    const headers = { ...(row.body !== undefined ? { 'content-type': 'application/json' } : {}), ...row.headers };
    const r = await call(t, row.method, row.path, row.body, headers);
    expect(r.status).toBe(row.status);
    expect(r.body).toMatchObject({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: row.reason, code: row.status });
    if (row.message) expect(r.body.message).toMatch(row.message);
  });

  it('a body over 3 MiB is 413 RequestEntityTooLarge', async () => {
    const big = configMap('big', { k: 'x'.repeat(3 * 1024 * 1024 + 10) });
    const r = await call(t, 'POST', CM, big);
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ reason: 'RequestEntityTooLarge', message: 'Request entity too large: limit is 3145728' });
  });

  it('an invalid object lists every problem as a cause with its field path', async () => {
    const r = await call(t, 'POST', CM, { metadata: { name: 'bad' }, data: { 'a b': '1', same: 'x' }, binaryData: { same: 'eA==' } });
    expect(r.status).toBe(422);
    expect(r.body.details.causes).toEqual([
      expect.objectContaining({ reason: 'FieldValueInvalid', field: 'data[a b]' }),
      expect.objectContaining({
        reason: 'FieldValueInvalid',
        field: 'data[same]',
        message: 'Invalid value: "same": duplicate of key present in binaryData',
      }),
    ]);
  });

  it('nothing was stored by any failed request', async () => {
    const list = await call(t, 'GET', CM);
    expect(list.body.items.map((i: { metadata: { name: string } }) => i.metadata.name)).toEqual(['a']);
  });
});
