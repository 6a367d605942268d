/** Audit: the policy's level decides what an event holds; omitStages; the deprecation annotation; unauthenticated requests. */
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryAuditSink, parseAuditPolicy, AuditPolicyError } from '../../../core/audit/index.ts';
import type { ApiServer } from '../../../core/index.ts';
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

  it('records a failed request with its status, and a 401 without a user', async () => {
    const sink = await audited('Metadata');
    await as(api!, 'alice', 'GET', `${CM}/missing`);
    await as(api!, { token: 'bad' }, 'GET', CM);
    const [notFound, unauthorized] = sink.events.filter((e) => e.stage === 'ResponseComplete');
    expect(notFound.responseStatus).toMatchObject({ code: 404, status: 'Failure', reason: 'NotFound' });
    expect(unauthorized.responseStatus).toMatchObject({ code: 401, reason: 'Unauthorized' });
  });

  it('annotates requests to deprecated versions', async () => {
    const sink = await audited('Metadata');
    await as(api!, 'alice', 'GET', '/api/v1/componentstatuses');
    expect(sink.events.at(-1)?.annotations).toEqual({ 'orch.io/deprecated': 'true' });
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
