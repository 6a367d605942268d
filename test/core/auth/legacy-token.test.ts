/**
 * Long-lived ServiceAccount tokens (the tokens of `service-account-token` Secrets): signed with the
 * ServiceAccount key under the issuer `kubernetes/serviceaccount`, and accepted, as the real legacy
 * validator accepts them, only while the Secret exists, is not being deleted and holds this very
 * token, and the account exists with the uid they name; a Secret marked invalid refuses its
 * token; each use labels the Secret with its UTC day, at most once a day.
 */
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualClock, type ApiServer } from '../../../core/index.ts';
import { LEGACY_CLAIMS, LEGACY_ISSUER } from '../../../core/auth/legacy-token.ts';
import { as, securedServer, TOKENS } from '../../support/secured.ts';

const AUTHN = '/apis/authentication.orch.io/v1';
const ISSUER = 'https://orch.default.svc.cluster.local';
const SECRETS = '/api/v1/namespaces/default/secrets';
const ACCOUNTS = '/api/v1/namespaces/default/serviceaccounts';
const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('legacy ServiceAccount tokens', () => {
  let api: ApiServer;
  const clock = new VirtualClock(Date.UTC(2026, 2, 10, 23, 0));
  const pair = generateKeyPair('ES256', { extractable: true });
  const uids: Record<string, string> = {};

  /** A token signed with the server's key: the signer's own, or one with these claims. */
  async function sign(claims: Record<string, unknown>): Promise<string> {
    const { privateKey } = await pair;
    return new SignJWT(claims).setProtectedHeader({ alg: 'ES256' }).sign(privateKey);
  }

  async function account(name: string): Promise<string> {
    const res = await as(api, 'root', 'POST', ACCOUNTS, { metadata: { name } });
    expect(res.status).toBe(201);
    uids[name] = res.body.metadata.uid;
    return res.body.metadata.uid;
  }

  /** A token Secret of `name` holding a legacy token of `sa`, as the tokens controller fills it. */
  async function tokenSecret(name: string, sa: string, extra: { labels?: Record<string, string>; finalizers?: string[] } = {}) {
    const token = await api.security.tokens.legacyToken({ namespace: 'default', name: sa, uid: uids[sa], secretName: name });
    const res = await as(api, 'root', 'POST', SECRETS, {
      metadata: { name, annotations: { 'kubernetes.io/service-account.name': sa }, ...extra },
      type: 'kubernetes.io/service-account-token',
      data: { token: b64(token), namespace: b64('default') },
    });
    expect(res.status).toBe(201);
    return token;
  }

  const review = (token: string, audiences?: string[]) =>
    as(api, 'root', 'POST', `${AUTHN}/tokenreviews`, {
      apiVersion: 'authentication.orch.io/v1',
      kind: 'TokenReview',
      spec: { token, audiences },
    });

  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    const { privateKey, publicKey } = await pair;
    const signingKey = { key: privateKey, alg: 'ES256', publicKey };
    api = await securedServer({
      clock,
      security: { authentication: { tokens: TOKENS, anonymous: true, serviceAccounts: { signingKey } }, authorization: { modes: 'RBAC' } },
    });
    await account('robot');
    await account('gone');
    await account('reborn');
    tokens.good = await tokenSecret('robot-token', 'robot');
    tokens.deletedSecret = await tokenSecret('deleted', 'robot');
    tokens.changed = await tokenSecret('changed', 'robot');
    tokens.deleting = await tokenSecret('deleting', 'robot', { finalizers: ['example.com/hold'] });
    tokens.marked = await tokenSecret('marked', 'robot', { labels: { 'kubernetes.io/legacy-token-invalid-since': '2025-01-01' } });
    tokens.goneAccount = await tokenSecret('gone-token', 'gone');
    tokens.reborn = await tokenSecret('reborn-token', 'reborn');
    expect((await as(api, 'root', 'DELETE', `${SECRETS}/deleted`)).status).toBe(200);
    expect((await as(api, 'root', 'DELETE', `${SECRETS}/deleting`)).status).toBe(200);
    const changed = await as(api, 'root', 'GET', `${SECRETS}/changed`);
    expect((await as(api, 'root', 'PUT', `${SECRETS}/changed`, { ...changed.body, data: { token: b64('another') } })).status).toBe(200);
    expect((await as(api, 'root', 'DELETE', `${ACCOUNTS}/gone`)).status).toBe(200);
    expect((await as(api, 'root', 'DELETE', `${ACCOUNTS}/reborn`)).status).toBe(200);
    await account('reborn');
  });
  afterAll(() => api.close());

  it('is signed by the server key under the legacy issuer, with a key id, and no expiry or audience', () => {
    const [header, payload] = tokens.good
      .split('.')
      .slice(0, 2)
      .map((p) => JSON.parse(Buffer.from(p, 'base64url').toString('utf8')));
    expect(header).toEqual({ alg: 'ES256', kid: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(payload).toEqual({
      iss: LEGACY_ISSUER,
      sub: 'system:serviceaccount:default:robot',
      [LEGACY_CLAIMS.namespace]: 'default',
      [LEGACY_CLAIMS.secretName]: 'robot-token',
      [LEGACY_CLAIMS.serviceAccountName]: 'robot',
      [LEGACY_CLAIMS.serviceAccountUid]: uids.robot,
    });
  });

  it('authenticates as its account, for the server audience, on a request and in a TokenReview', async () => {
    const res = await review(tokens.good);
    expect(res.body.status).toEqual({
      authenticated: true,
      user: {
        username: 'system:serviceaccount:default:robot',
        uid: uids.robot,
        groups: ['system:serviceaccounts', 'system:serviceaccounts:default', 'system:authenticated'],
      },
      audiences: [ISSUER],
    });
    const who = await as(api, { token: tokens.good }, 'POST', `${AUTHN}/selfsubjectreviews`, {});
    expect(who.status).toBe(201);
    expect(who.body.status.userInfo.username).toBe('system:serviceaccount:default:robot');
  });

  it('is good only for the server audience (it names none)', async () => {
    expect((await review(tokens.good, ['vault'])).body.status).toEqual({
      user: {},
      error: `token audiences ["${ISSUER}"] is invalid for the target audiences ["vault"]`,
    });
  });

  it.each([
    ['its Secret was deleted', 'deletedSecret', 'Token has been invalidated'],
    ['its Secret is being deleted', 'deleting', 'Token has been invalidated'],
    ['its Secret holds another token now', 'changed', "Token does not match server's copy"],
    ['its ServiceAccount was deleted', 'goneAccount', 'serviceaccounts "gone" not found'],
    ['its ServiceAccount is another one now', 'reborn', 'ServiceAccount UID (REBORN) does not match claim (OLD)'],
    [
      'its Secret is marked invalid',
      'marked',
      "the token in secret default/marked for service account default/robot has been marked invalid. Use tokens from the TokenRequest API or manually created secret-based tokens, or remove the 'kubernetes.io/legacy-token-invalid-since' label from the secret to temporarily allow use of this token",
    ],
  ])('is refused when %s', async (_what, token, error) => {
    const want = error.replace('REBORN', uids.reborn).replace('OLD', claimUid(tokens.reborn));
    expect((await review(tokens[token])).body.status).toEqual({ user: {}, error: want });
    expect((await as(api, { token: tokens[token] }, 'GET', '/api/v1/namespaces/default/pods')).status).toBe(401);
  });

  function claimUid(token: string): string {
    return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'))[LEGACY_CLAIMS.serviceAccountUid];
  }

  const full = () => ({
    sub: 'system:serviceaccount:default:robot',
    [LEGACY_CLAIMS.namespace]: 'default',
    [LEGACY_CLAIMS.secretName]: 'robot-token',
    [LEGACY_CLAIMS.serviceAccountName]: 'robot',
    [LEGACY_CLAIMS.serviceAccountUid]: uids.robot,
    iss: LEGACY_ISSUER,
  });
  it.each<[string, (c: Record<string, unknown>) => void, string]>([
    ['no sub', (c) => delete c.sub, 'sub claim is missing'],
    ['no namespace', (c) => delete c[LEGACY_CLAIMS.namespace], 'namespace claim is missing'],
    ['no Secret name', (c) => delete c[LEGACY_CLAIMS.secretName], 'secretName claim is missing'],
    ['no account name', (c) => delete c[LEGACY_CLAIMS.serviceAccountName], 'serviceAccountName claim is missing'],
    ['no account uid', (c) => delete c[LEGACY_CLAIMS.serviceAccountUid], 'serviceAccountUID claim is missing'],
    ['a sub of another account', (c) => (c.sub = 'system:serviceaccount:default:other'), 'sub claim is invalid'],
    ['a sub that is no account', (c) => (c.sub = 'alice'), 'sub claim is invalid'],
    // Signed by the server's key, but not the token the Secret holds.
    ['every claim right, yet not the stored token', () => undefined, "Token does not match server's copy"],
  ])('a token with %s is refused', async (_what, change, error) => {
    const claims = full();
    change(claims);
    expect((await review(await sign(claims))).body.status).toEqual({ user: {}, error });
  });

  it("labels the Secret with the day of its last use, in its type's spelling, once a day", async () => {
    const label = async () => (await as(api, 'root', 'GET', `${SECRETS}/robot-token`)).body.metadata;
    await review(tokens.good);
    const first = await label();
    expect(first.labels).toEqual({ 'kubernetes.io/legacy-token-last-used': '2026-03-10' });
    // Used again the same day: no write.
    await as(api, { token: tokens.good }, 'GET', '/api/v1/namespaces/default/pods');
    expect((await label()).resourceVersion).toBe(first.resourceVersion);
    await clock.advance(2 * 3600_000); // past midnight UTC
    await review(tokens.good);
    expect((await label()).labels).toEqual({ 'kubernetes.io/legacy-token-last-used': '2026-03-11' });
  });
});
