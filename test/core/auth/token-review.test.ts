/**
 * TokenReview: the server's token authenticators run on `spec.token` for `spec.audiences` (the
 * server's own when none), answering `status` as the real handler does; an empty token is a 400;
 * asking needs `create` on tokenreviews (`system:auth-delegator`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { protobufSerializer } from '../../../core/codecs/protobuf/index.ts';
import { VirtualClock, type ApiServer } from '../../../core/index.ts';
import { tokenReviewKind } from '../../../core/registry/kinds/token-review.ts';
import { as, bindRole, RBAC, securedServer } from '../../support/secured.ts';

const AUTHN = '/apis/authentication.orch.io/v1';
const ISSUER = 'https://orch.default.svc.cluster.local';
const SA_GROUPS = ['system:serviceaccounts', 'system:serviceaccounts:default', 'system:authenticated'];

describe('TokenReview', () => {
  let api: ApiServer;
  const clock = new VirtualClock();
  const tokens: Record<string, string> = {};
  let builderUid = '';

  async function issue(account: string, spec: object = {}): Promise<string> {
    const res = await as(api, 'root', 'POST', `/api/v1/namespaces/default/serviceaccounts/${account}/token`, { spec });
    expect(res.status).toBe(201);
    return res.body.status.token;
  }

  const review = (token: string, audiences?: string[], who: Parameters<typeof as>[1] = 'root', path = `${AUTHN}/tokenreviews`) =>
    as(api, who, 'POST', path, { apiVersion: 'authentication.orch.io/v1', kind: 'TokenReview', spec: { token, audiences } });

  beforeAll(async () => {
    api = await securedServer({ clock });
    for (const name of ['builder', 'doomed']) {
      const sa = await as(api, 'root', 'POST', '/api/v1/namespaces/default/serviceaccounts', { metadata: { name } });
      expect(sa.status).toBe(201);
      if (name === 'builder') builderUid = sa.body.metadata.uid;
    }
    expect((await as(api, 'root', 'POST', '/api/v1/namespaces/default/secrets', { metadata: { name: 'holder' } })).status).toBe(201);
    tokens.builder = await issue('builder');
    tokens.vault = await issue('builder', { audiences: ['vault'] });
    tokens.doomed = await issue('doomed');
    tokens.secretBound = await issue('builder', { boundObjectRef: { kind: 'Secret', apiVersion: 'v1', name: 'holder' } });
    const [h, p, s] = tokens.builder.split('.');
    tokens.tampered = `${h}.${p}.${s.slice(0, -4)}${s.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    // A JWT another issuer made: not ours, so no authenticator has an opinion on it.
    const claims = Buffer.from(JSON.stringify({ iss: 'https://elsewhere', sub: 'x' })).toString('base64url');
    tokens.foreign = `${h}.${claims}.${s}`;
    tokens.short = await issue('builder', { expirationSeconds: 600 });
    expect((await as(api, 'root', 'DELETE', '/api/v1/namespaces/default/serviceaccounts/doomed')).status).toBe(200);
    expect((await as(api, 'root', 'DELETE', '/api/v1/namespaces/default/secrets/holder')).status).toBe(200);
  });
  afterAll(() => api.close());

  it('authenticates a ServiceAccount token as its account, for the server audience', async () => {
    const res = await review(tokens.builder);
    expect(res.status).toBe(201);
    expect(res.body.apiVersion).toBe('authentication.orch.io/v1');
    expect(res.body.kind).toBe('TokenReview');
    expect(res.body.status).toEqual({
      authenticated: true,
      user: {
        username: 'system:serviceaccount:default:builder',
        uid: builderUid,
        groups: SA_GROUPS,
        extra: { 'authentication.orchestrator.io/credential-id': [expect.stringMatching(/^JTI=[0-9a-f-]{36}$/)] },
      },
      audiences: [ISSUER],
    });
  });

  it('authenticates a static token as its user, system:authenticated added', async () => {
    const res = await review('alice-token');
    expect(res.status).toBe(201);
    expect(res.body.status).toEqual({
      authenticated: true,
      user: { username: 'alice', uid: '1001', groups: ['dev', 'qa', 'system:authenticated'] },
      audiences: [ISSUER],
    });
  });

  it.each([
    ['a token for another audience, asked for that audience', 'vault', ['vault'], { authenticated: true, audiences: ['vault'] }],
    ['a token for the server, asked for several audiences', 'builder', ['vault', ISSUER], { authenticated: true, audiences: [ISSUER] }],
    [
      'a token for another audience, asked for the server',
      'vault',
      undefined,
      { error: `token audiences ["vault"] is invalid for the target audiences ["${ISSUER}"]` },
    ],
    [
      'a token for the server, asked for another audience',
      'builder',
      ['vault'],
      { error: `token audiences ["${ISSUER}"] is invalid for the target audiences ["vault"]` },
    ],
    // The static token file knows no audiences: it answers only for the server's own.
    ['a static token asked for another audience', 'alice-token', ['vault'], { error: 'invalid bearer token' }],
    ['a static token asked for the server among others', 'alice-token', ['vault', ISSUER], { authenticated: true, audiences: [ISSUER] }],
  ] as const)('%s', async (_what, token, audiences, want) => {
    const res = await review(tokens[token] ?? token, audiences ? [...audiences] : undefined);
    expect(res.status).toBe(201);
    expect(res.body.status).toMatchObject(want);
    if (!('authenticated' in want)) {
      expect(res.body.status.authenticated).toBeUndefined();
      expect(res.body.status.user).toEqual({});
      expect(res.body.status.audiences).toBeUndefined();
    }
  });

  it.each([
    ['an unknown opaque token', 'not-a-token', 'invalid bearer token'],
    ['a JWT of another issuer', 'foreign', 'invalid bearer token'],
    ['a token whose signature was altered', 'tampered', 'go-jose/go-jose: error in cryptographic primitive'],
    ['the token of a deleted ServiceAccount', 'doomed', 'serviceaccounts "doomed" not found'],
    ['a token bound to a deleted Secret', 'secretBound', 'service account token has been invalidated'],
  ])('does not authenticate %s: its error is the status', async (_what, token, error) => {
    const res = await review(tokens[token] ?? token);
    expect(res.status).toBe(201);
    expect(res.body.status).toEqual({ user: {}, error });
  });

  it('an expired token is refused after the minute of leeway', async () => {
    await clock.advance(600_000 + 30_000);
    expect((await review(tokens.short)).body.status.authenticated).toBe(true);
    await clock.advance(31_000);
    expect((await review(tokens.short)).body.status).toEqual({ user: {}, error: 'service account token has expired' });
  });

  it.each([
    ['an empty token', { spec: { token: '' } }],
    ['no token', { spec: {} }],
    ['no spec', {}],
  ])('%s is a 400', async (_what, body) => {
    const res = await as(api, 'root', 'POST', `${AUTHN}/tokenreviews`, {
      apiVersion: 'authentication.orch.io/v1',
      kind: 'TokenReview',
      ...body,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      kind: 'Status',
      reason: 'BadRequest',
      message: 'token is required for TokenReview in authentication',
    });
  });

  it('answers in the authentication.k8s.io spelling a client posts to', async () => {
    const res = await as(api, 'root', 'POST', '/apis/authentication.k8s.io/v1/tokenreviews', {
      apiVersion: 'authentication.k8s.io/v1',
      kind: 'TokenReview',
      spec: { token: 'alice-token' },
    });
    expect(res.status).toBe(201);
    expect(res.body.apiVersion).toBe('authentication.k8s.io/v1');
    expect(res.body.status.user.username).toBe('alice');
  });

  it('is asked and answered in protobuf, as typed clients send it (the real field numbers)', async () => {
    const ctx = { def: tokenReviewKind, pretty: false };
    const body = protobufSerializer.encodeValue(
      { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', metadata: {}, spec: { token: 'alice-token', audiences: [ISSUER] } },
      ctx,
    );
    const proto = 'application/vnd.kubernetes.protobuf';
    const res = await api.fetch(
      new Request('http://orch/apis/authentication.k8s.io/v1/tokenreviews', {
        method: 'POST',
        headers: { authorization: 'Bearer root-token', 'content-type': proto, accept: proto },
        body: body as Uint8Array<ArrayBuffer>,
      }),
    );
    expect(res.status).toBe(201);
    const answer = protobufSerializer.decode(new Uint8Array(await res.arrayBuffer()), ctx) as { apiVersion: string; status: object };
    expect(answer.apiVersion).toBe('authentication.k8s.io/v1');
    expect(answer.status).toEqual({
      authenticated: true,
      user: { username: 'alice', uid: '1001', groups: ['dev', 'qa', 'system:authenticated'] },
      audiences: [ISSUER],
    });
  });

  it('needs create on tokenreviews: system:auth-delegator grants it', async () => {
    const refused = await review('alice-token', undefined, 'bob');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('cannot create resource "tokenreviews" in API group "authentication.orch.io"');
    const grant = bindRole('bob', 'system:auth-delegator');
    expect((await as(api, 'root', 'POST', `${RBAC}/clusterrolebindings`, grant)).status).toBe(201);
    const allowed = await review('alice-token', undefined, 'bob');
    expect(allowed.status).toBe(201);
    expect(allowed.body.status.user.username).toBe('alice');
  });

  it.each([
    ['GET of the collection', 'GET', `${AUTHN}/tokenreviews`, 405],
    ['a namespaced path', 'POST', `${AUTHN}/namespaces/default/tokenreviews`, 404],
  ])('%s is refused', async (_what, method, path, code) => {
    const res = await as(api, 'root', method, path, method === 'POST' ? { spec: { token: 'alice-token' } } : undefined);
    expect(res.status).toBe(code);
  });

  it('is discovered as a cluster-scoped, create-only resource', async () => {
    const res = await as(api, 'root', 'GET', AUTHN);
    const found = res.body.resources.find((r: { name: string }) => r.name === 'tokenreviews');
    expect(found).toMatchObject({ name: 'tokenreviews', kind: 'TokenReview', namespaced: false, verbs: ['create'] });
  });
});
