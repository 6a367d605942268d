/**
 * Audit: the policy's level decides what an event holds; omitStages; the deprecation and
 * authorization annotations; objects logged as JSON whatever their format, and objectRef completed
 * from them; sourceIPs; requests that fail authentication.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryAuditSink, parseAuditPolicy, AuditPolicyError } from '../../../core/audit/index.ts';
import { protobufSerializer } from '../../../core/codecs/protobuf/serializer.ts';
import { yamlSerializer } from '../../../core/codecs/yaml.ts';
import type { ApiServer } from '../../../core/index.ts';
import { configMapKind } from '../../../core/registry/kinds/configmap.ts';
import type { JsonObject } from '../../../core/util/json.ts';
import { as, securedServer, TOKENS } from '../../support/secured.ts';

const CM = '/api/v1/namespaces/default/configmaps';

function policy(level: string, extra = ''): string {
  return `apiVersion: audit.k8s.io/v1
kind: Policy
${extra}
rules:
  - level: None
    users: ["root"]
  - level: ${level}
    resources:
      - group: ""
        resources: ["configmaps", "componentstatuses"]
  - level: Metadata
`;
}

let api: ApiServer | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

async function audited(level: string, extra = '') {
  const sink = new MemoryAuditSink();
  api = await securedServer({
    security: {
      authentication: { tokens: TOKENS },
      authorization: { modes: 'AlwaysAllow' },
      audit: { policy: policy(level, extra), sink },
    },
  });
  return sink;
}

describe('audit', () => {
  it.each([
    ['None', [], false, false],
    ['Metadata', ['RequestReceived', 'ResponseComplete'], false, false],
    ['Request', ['RequestReceived', 'ResponseComplete'], true, false],
    ['RequestResponse', ['RequestReceived', 'ResponseComplete'], true, true],
  ])('at level %s: stages %o, request object %s, response object %s', async (level, stages, withRequest, withResponse) => {
    const sink = await audited(level);
    const res = await as(api!, 'alice', 'POST', CM, { metadata: { name: 'audited' }, data: { k: 'v' } });
    expect(res.status).toBe(201);
    const events = sink.events.filter((e) => e.auditID === res.headers.get('audit-id'));
    expect(events.map((e) => e.stage)).toEqual(stages);
    for (const e of events) {
      expect(e).toMatchObject({
        kind: 'Event',
        apiVersion: 'audit.orch.io/v1',
        level,
        verb: 'create',
        requestURI: CM,
        user: { username: 'alice', uid: '1001', groups: ['dev', 'qa', 'system:authenticated'] },
        objectRef: { resource: 'configmaps', namespace: 'default', apiGroup: '', apiVersion: 'v1' },
      });
    }
    const complete = events.find((e) => e.stage === 'ResponseComplete');
    if (complete) {
      expect(complete.responseStatus).toEqual({ metadata: {}, code: 201 });
      expect(complete.requestObject !== undefined).toBe(withRequest);
      expect(complete.responseObject !== undefined).toBe(withResponse);
    }
  });

  it('leaves out the stages the policy omits, and users the policy does not audit', async () => {
    const sink = await audited('Metadata', 'omitStages: ["RequestReceived"]');
    await as(api!, 'alice', 'GET', CM);
    await as(api!, 'root', 'GET', CM);
    expect(sink.events.map((e) => [e.user.username, e.stage])).toEqual([['alice', 'ResponseComplete']]);
  });

  it('records a failed request with its status', async () => {
    const sink = await audited('Metadata');
    await as(api!, 'alice', 'GET', `${CM}/missing`);
    const [notFound] = sink.events.filter((e) => e.stage === 'ResponseComplete');
    expect(notFound.responseStatus).toEqual({
      metadata: {},
      status: 'Failure',
      message: 'configmaps "missing" not found',
      reason: 'NotFound',
      details: { name: 'missing', kind: 'configmaps' },
      code: 404,
    });
  });

  it('annotates requests to deprecated versions', async () => {
    const sink = await audited('Metadata');
    await as(api!, 'alice', 'GET', '/api/v1/componentstatuses');
    expect(sink.events.at(-1)?.annotations).toEqual({
      'authorization.orch.io/decision': 'allow',
      'authorization.orch.io/reason': '',
      'orch.io/deprecated': 'true',
    });
  });

  it('writes a watch as ResponseStarted, then ResponseComplete when it ends', async () => {
    const sink = await audited('Metadata');
    const res = await as(api!, 'alice', 'GET', `${CM}?watch=true&timeoutSeconds=1`);
    expect(res.status).toBe(200);
    expect(sink.events.filter((e) => e.auditID === res.headers.get('audit-id')).map((e) => e.stage)).toEqual([
      'RequestReceived',
      'ResponseStarted',
      'ResponseComplete',
    ]);
  });

  it.each([
    ['another kind', 'apiVersion: audit.k8s.io/v1\nkind: Other\nrules: [{level: None}]'],
    ['an unknown level', 'apiVersion: audit.k8s.io/v1\nkind: Policy\nrules: [{level: Everything}]'],
    ['an unknown stage', 'apiVersion: audit.k8s.io/v1\nkind: Policy\nomitStages: [Later]\nrules: [{level: None}]'],
    ['no rules', 'apiVersion: audit.k8s.io/v1\nkind: Policy\nrules: []'],
  ])('refuses a policy with %s', (_what, text) => {
    expect(() => parseAuditPolicy(text)).toThrow(AuditPolicyError);
  });
});

const PB = 'application/vnd.kubernetes.protobuf';
const ALL_REQUEST_RESPONSE = 'apiVersion: audit.k8s.io/v1\nkind: Policy\nrules: [{level: RequestResponse}]';

async function server(policyText: string, modes: 'AlwaysAllow' | 'RBAC' = 'AlwaysAllow', anonymous = true) {
  const sink = new MemoryAuditSink();
  api = await securedServer({
    security: { authentication: { tokens: TOKENS, anonymous }, authorization: { modes }, audit: { policy: policyText, sink } },
  });
  return sink;
}

function eventsOf(sink: MemoryAuditSink, res: { headers: Headers }) {
  return sink.events.filter((e) => e.auditID === res.headers.get('audit-id'));
}

/** A request as raw bytes (protobuf bodies), as alice. */
async function send(method: string, path: string, body: Uint8Array | string, contentType: string, accept: string) {
  return api!.fetch(
    new Request(`http://orch${path}`, {
      method,
      headers: { authorization: 'Bearer alice-token', 'content-type': contentType, accept },
      body: body as BodyInit,
    }),
  );
}

describe('audit: the objects of a write, whatever their format', () => {
  const cm = (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { k: 'v' } });
  it.each([
    ['JSON', 'application/json', (o: JsonObject) => JSON.stringify(o), 'application/json'],
    ['YAML', 'application/yaml', (o: JsonObject) => yamlSerializer.encodeValue(o, { pretty: false }), 'application/json'],
    ['protobuf', PB, (o: JsonObject) => protobufSerializer.encodeValue(o, { def: configMapKind, pretty: false }), PB],
  ])('a %s create is logged as JSON, request and response', async (_format, contentType, encode, accept) => {
    const sink = await server(ALL_REQUEST_RESPONSE);
    const res = await send('POST', CM, encode(cm('written')), contentType, accept);
    expect(res.status).toBe(201);
    const complete = eventsOf(sink, res).find((e) => e.stage === 'ResponseComplete')!;
    // (Decoded protobuf also has what Go's JSON writes of an unset time: `creationTimestamp: null`.)
    expect(complete.requestObject).toMatchObject(cm('written'));
    expect(complete.responseObject).toMatchObject({
      kind: 'ConfigMap',
      metadata: { name: 'written', namespace: 'default' },
      data: { k: 'v' },
    });
    expect((complete.responseObject as { metadata: { uid?: string } }).metadata.uid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a protobuf error answer gives the event its Status', async () => {
    const sink = await server(ALL_REQUEST_RESPONSE);
    const body = protobufSerializer.encodeValue(cm('twice'), { def: configMapKind, pretty: false });
    await send('POST', CM, body, PB, PB);
    const res = await send('POST', CM, body, PB, PB);
    expect(res.status).toBe(409);
    expect(eventsOf(sink, res).at(-1)?.responseStatus).toMatchObject({ status: 'Failure', reason: 'AlreadyExists', code: 409 });
  });

  it('logs the DeleteOptions of a delete at level Request', async () => {
    const sink = await server(ALL_REQUEST_RESPONSE);
    await as(api!, 'alice', 'POST', CM, cm('gone'));
    const res = await as(api!, 'alice', 'DELETE', `${CM}/gone`, { propagationPolicy: 'Background' });
    expect(res.status).toBe(200);
    expect(eventsOf(sink, res).at(-1)?.requestObject).toEqual({ propagationPolicy: 'Background' });
  });
});

describe('audit: objectRef completed from the object written', () => {
  it.each([
    { what: 'a create names the object', level: 'Metadata' },
    { what: 'a create names the object', level: 'RequestResponse' },
  ])('$what (level $level)', async ({ level }) => {
    const sink = await server(`apiVersion: audit.k8s.io/v1\nkind: Policy\nrules: [{level: ${level}}]`);
    const res = await as(api!, 'alice', 'POST', CM, { metadata: { name: 'named' } });
    const [received, complete] = eventsOf(sink, res);
    // The path names no object: only the read body does, after the request was received.
    expect(received.objectRef).toEqual({ resource: 'configmaps', namespace: 'default', apiGroup: '', apiVersion: 'v1' });
    expect(complete.objectRef).toEqual({ resource: 'configmaps', namespace: 'default', name: 'named', apiGroup: '', apiVersion: 'v1' });
  });

  it('an update gives the uid and resourceVersion it was sent with', async () => {
    const sink = await server('apiVersion: audit.k8s.io/v1\nkind: Policy\nrules: [{level: Metadata}]');
    const made = await as(api!, 'alice', 'POST', CM, { metadata: { name: 'kept' } });
    const { uid, resourceVersion } = made.body.metadata;
    const res = await as(api!, 'alice', 'PUT', `${CM}/kept`, { metadata: { name: 'kept', uid, resourceVersion }, data: { a: 'b' } });
    expect(res.status).toBe(200);
    expect(eventsOf(sink, res).at(-1)?.objectRef).toEqual({
      resource: 'configmaps',
      namespace: 'default',
      name: 'kept',
      uid,
      apiGroup: '',
      apiVersion: 'v1',
      resourceVersion,
    });
  });

  it('a patch leaves objectRef as the path has it', async () => {
    const sink = await server('apiVersion: audit.k8s.io/v1\nkind: Policy\nrules: [{level: Request}]');
    await as(api!, 'alice', 'POST', CM, { metadata: { name: 'patched' } });
    const res = await as(
      api!,
      'alice',
      'PATCH',
      `${CM}/patched`,
      { metadata: { uid: 'x' } },
      { 'content-type': 'application/merge-patch+json' },
    );
    expect(eventsOf(sink, res).at(-1)?.objectRef).toEqual({
      resource: 'configmaps',
      namespace: 'default',
      name: 'patched',
      apiGroup: '',
      apiVersion: 'v1',
    });
  });
});

describe('audit: the authorization decision', () => {
  it.each<{ who: 'root' | 'alice'; modes: 'RBAC' | 'AlwaysAllow'; status: number; decision: string }>([
    { who: 'root', modes: 'RBAC', status: 200, decision: 'allow' },
    { who: 'alice', modes: 'RBAC', status: 403, decision: 'forbid' },
    { who: 'alice', modes: 'AlwaysAllow', status: 200, decision: 'allow' },
  ])('$who with $modes: $decision, on every stage after RequestReceived', async ({ who, modes, status, decision }) => {
    const sink = await server('apiVersion: audit.k8s.io/v1\nkind: Policy\nrules: [{level: Metadata}]', modes);
    const res = await as(api!, who, 'GET', CM);
    expect(res.status).toBe(status);
    const [received, complete] = eventsOf(sink, res);
    expect(received.annotations).toBeUndefined();
    expect(complete.annotations).toEqual({ 'authorization.orch.io/decision': decision, 'authorization.orch.io/reason': '' });
  });
});

describe('audit: a request that fails authentication', () => {
  it.each<{ what: string; who: 'anonymous' | { token: string }; anonymous: boolean; message: string }>([
    { what: 'an unknown token', who: { token: 'bad' }, anonymous: true, message: 'Authentication failed, attempted: bearer' },
    {
      what: 'no credentials, anonymous off',
      who: 'anonymous',
      anonymous: false,
      message: 'Authentication failed, no credentials provided',
    },
  ])('$what: one ResponseStarted event without a user', async ({ who, anonymous, message }) => {
    // A rule for the anonymous user does not match a request with no user at all.
    const sink = await server(
      'apiVersion: audit.k8s.io/v1\nkind: Policy\nrules: [{level: None, users: ["system:anonymous"]}, {level: Metadata}]',
      'RBAC',
      anonymous,
    );
    const res = await as(api!, who, 'GET', CM);
    expect(res.status).toBe(401);
    const events = eventsOf(sink, res);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ stage: 'ResponseStarted', user: {}, verb: 'list', requestURI: CM });
    expect(events[0].user).toEqual({});
    expect(events[0].responseStatus).toEqual({ metadata: {}, message, code: 401 });
  });

  it('writes nothing when the policy omits ResponseStarted', async () => {
    const sink = await server(
      'apiVersion: audit.k8s.io/v1\nkind: Policy\nomitStages: [ResponseStarted]\nrules: [{level: Metadata}]',
      'RBAC',
    );
    expect((await as(api!, { token: 'bad' }, 'GET', CM)).status).toBe(401);
    expect(sink.events).toEqual([]);
  });
});

describe('audit: sourceIPs', () => {
  it.each<{ headers: Record<string, string>; want: string[] | undefined }>([
    { headers: {}, want: undefined },
    { headers: { 'x-forwarded-for': '10.0.0.1, 10.0.0.2' }, want: ['10.0.0.1', '10.0.0.2'] },
    { headers: { 'x-real-ip': '10.0.0.9' }, want: ['10.0.0.9'] },
  ])('in-process, with $headers: $want', async ({ headers, want }) => {
    const sink = await server('apiVersion: audit.k8s.io/v1\nkind: Policy\nrules: [{level: Metadata}]');
    const res = await as(api!, 'alice', 'GET', CM, undefined, headers);
    for (const e of eventsOf(sink, res)) expect(e.sourceIPs).toEqual(want);
  });

  it('ends with the address the host says the connection came from', async () => {
    const sink = await server('apiVersion: audit.k8s.io/v1\nkind: Policy\nrules: [{level: Metadata}]');
    const res = await api!.handle({
      method: 'GET',
      url: { pathname: CM, searchParams: new URLSearchParams(), host: 'orch' },
      headers: new Headers({ authorization: 'Bearer alice-token', 'x-forwarded-for': '10.0.0.1' }),
      readBody: async () => new Uint8Array(),
      remoteAddress: '::ffff:192.168.0.7',
    });
    expect(res.status).toBe(200);
    expect(sink.events.map((e) => e.sourceIPs)).toEqual([
      ['10.0.0.1', '192.168.0.7'],
      ['10.0.0.1', '192.168.0.7'],
    ]);
  });
});
