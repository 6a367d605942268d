/**
 * Authentication: static tokens (the real CSV format), ServiceAccount JWTs, client certificates
 * handed in by the host, anonymous requests; 401 with the real Status body when nothing
 * authenticates.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AuthenticationChain, clientCertificateAuthenticator } from '../../../core/auth/authenticator.ts';
import { parseTokenFile, TokenFileError, tokenFileAuthenticator } from '../../../core/auth/token-file.ts';
import type { ApiRequest } from '../../../core/http/api-request.ts';
import type { ApiServer } from '../../../core/index.ts';
import { as, securedServer, TOKENS } from '../../support/secured.ts';

function request(headers: Record<string, string>, certificateUser?: ApiRequest['certificateUser'], certificateError?: string): ApiRequest {
  const h = new Headers(headers);
  return {
    method: 'GET',
    url: { pathname: '/api', searchParams: new URLSearchParams(), host: 'orch' },
    headers: h,
    readBody: async () => new Uint8Array(),
    ...(certificateUser ? { certificateUser } : {}),
    ...(certificateError !== undefined ? { certificateError } : {}),
  };
}

describe('the token file', () => {
  it.each([
    ['token,user,uid', { token: 'token', name: 'user', uid: 'uid', groups: [] }],
    ['token,user,uid,"a,b,c"', { token: 'token', name: 'user', uid: 'uid', groups: ['a', 'b', 'c'] }],
    ['token,user,uid,single', { token: 'token', name: 'user', uid: 'uid', groups: ['single'] }],
    ['"to,ken",user,,', { token: 'to,ken', name: 'user', groups: [] }],
  ])('reads %s', (line, want) => {
    const tokens = parseTokenFile(`# a comment\n\n${line}\n`);
    const { token, ...user } = want;
    expect(tokens.get(token)).toEqual(user);
  });

  it.each([
    ['fewer than three columns', 'token,user'],
    ['a duplicate token', 'a,u,1\na,v,2'],
    ['an unterminated quote', 'a,u,1,"g'],
  ])('refuses %s', (_what, text) => {
    expect(() => parseTokenFile(text)).toThrow(TokenFileError);
  });
});

describe('the authentication chain', () => {
  const tokens = tokenFileAuthenticator(parseTokenFile(TOKENS));
  it.each<{ what: string; headers: Record<string, string>; anonymous: boolean; user: string | undefined; groups?: string[] }>([
    {
      what: 'a known token',
      headers: { authorization: 'Bearer alice-token' },
      anonymous: true,
      user: 'alice',
      groups: ['dev', 'qa', 'system:authenticated'],
    },
    { what: 'no credentials, anonymous on', headers: {}, anonymous: true, user: 'system:anonymous', groups: ['system:unauthenticated'] },
    { what: 'no credentials, anonymous off', headers: {}, anonymous: false, user: undefined },
    { what: 'an unknown token, anonymous on', headers: { authorization: 'Bearer nope' }, anonymous: true, user: undefined },
    {
      what: 'a malformed Authorization header',
      headers: { authorization: 'Basic xyz' },
      anonymous: true,
      user: 'system:anonymous',
      groups: ['system:unauthenticated'],
    },
  ])('$what', async ({ headers, anonymous, user, groups }) => {
    const chain = new AuthenticationChain([clientCertificateAuthenticator, tokens], anonymous);
    const got = await chain.authenticate(request(headers));
    expect(got?.name).toBe(user);
    if (groups) expect(got?.groups).toEqual(groups);
  });

  it('takes the client certificate first: CN is the user, O the groups', async () => {
    const chain = new AuthenticationChain([clientCertificateAuthenticator, tokens], false);
    const got = await chain.authenticate(request({ authorization: 'Bearer alice-token' }, { name: 'carol', groups: ['ops'] }));
    expect(got).toEqual({ name: 'carol', groups: ['ops', 'system:authenticated'] });
  });

  it("names the certificate's credential ID in extra, as the real x509 authenticator does", async () => {
    const chain = new AuthenticationChain([clientCertificateAuthenticator, tokens], false);
    const got = await chain.authenticate(request({}, { name: 'carol', groups: [], credentialId: 'X509SHA256=ab12' }));
    expect(got?.extra).toEqual({ 'authentication.orchestrator.io/credential-id': ['X509SHA256=ab12'] });
  });

  // A certificate that does not verify is a failed login (the real union authenticator fails on
  // its error), never an anonymous request; another credential that works still names the user.
  it.each<{ what: string; headers: Record<string, string>; anonymous: boolean; user: string | undefined; result?: string }>([
    { what: 'alone, anonymous on', headers: {}, anonymous: true, user: undefined, result: 'error' },
    { what: 'alone, anonymous off', headers: {}, anonymous: false, user: undefined, result: 'error' },
    { what: 'with a known token', headers: { authorization: 'Bearer alice-token' }, anonymous: true, user: 'alice' },
    { what: 'with an unknown token', headers: { authorization: 'Bearer nope' }, anonymous: true, user: undefined, result: 'error' },
  ])('an unverified client certificate $what', async ({ headers, anonymous, user, result }) => {
    const chain = new AuthenticationChain([clientCertificateAuthenticator, tokens], anonymous);
    const req = request(headers, undefined, 'verifying certificate SN=1 failed: SELF_SIGNED_CERT_IN_CHAIN');
    const got = await chain.outcome(req);
    expect('user' in got ? got.user.name : undefined).toBe(user);
    if (result) expect(got).toEqual({ result });
  });
});

describe('authentication on a server', () => {
  let api: ApiServer | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  it('answers 401 with the real Status when a token is not accepted, and an Audit-Id on every answer', async () => {
    api = await securedServer();
    const res = await as(api, { token: 'wrong' }, 'GET', '/api/v1/namespaces');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'Unauthorized',
      reason: 'Unauthorized',
      code: 401,
    });
    expect(res.headers.get('audit-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 401 to a request without credentials when anonymous is off', async () => {
    api = await securedServer({ security: { authentication: { tokens: TOKENS, anonymous: false }, authorization: { modes: 'RBAC' } } });
    expect((await as(api, 'anonymous', 'GET', '/version')).status).toBe(401);
    expect((await as(api, 'alice', 'GET', '/version')).status).toBe(200);
  });

  it('lets the anonymous user read only the public paths', async () => {
    api = await securedServer();
    expect((await as(api, 'anonymous', 'GET', '/version')).status).toBe(200);
    expect((await as(api, 'anonymous', 'GET', '/healthz')).status).toBe(200);
    const denied = await as(api, 'anonymous', 'GET', '/api');
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('forbidden: User "system:anonymous" cannot get path "/api"');
  });

  it('accepts a ServiceAccount token from TokenRequest until its account is deleted', async () => {
    api = await securedServer();
    const sa = await as(api, 'root', 'POST', '/api/v1/namespaces/default/serviceaccounts', { metadata: { name: 'robot' } });
    expect(sa.status).toBe(201);
    const issued = await api.security.tokens.issue({
      namespace: 'default',
      name: 'robot',
      uid: sa.body.metadata.uid,
      audiences: api.security.tokens.audiences,
      expirationSeconds: 600,
    });
    const review = await as(api, { token: issued.token }, 'POST', '/apis/authentication.orch.io/v1/selfsubjectreviews', {
      apiVersion: 'authentication.orch.io/v1',
      kind: 'SelfSubjectReview',
    });
    expect(review.status).toBe(201);
    expect(review.body.status.userInfo).toMatchObject({
      username: 'system:serviceaccount:default:robot',
      uid: sa.body.metadata.uid,
      groups: ['system:serviceaccounts', 'system:serviceaccounts:default', 'system:authenticated'],
    });
    await as(api, 'root', 'DELETE', '/api/v1/namespaces/default/serviceaccounts/robot');
    expect((await as(api, { token: issued.token }, 'GET', '/version')).status).toBe(401);
  });

  it('refuses an expired ServiceAccount token', async () => {
    api = await securedServer();
    const sa = await as(api, 'root', 'POST', '/api/v1/namespaces/default/serviceaccounts', { metadata: { name: 'robot' } });
    const issued = await api.security.tokens.issue({
      namespace: 'default',
      name: 'robot',
      uid: sa.body.metadata.uid,
      audiences: api.security.tokens.audiences,
      // Past the minute of leeway the real validator allows on exp.
      expirationSeconds: -120,
    });
    expect((await as(api, { token: issued.token }, 'GET', '/version')).status).toBe(401);
  });
});
