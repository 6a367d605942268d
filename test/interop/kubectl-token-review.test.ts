/**
 * TokenReview and service account issuer discovery with real clients against orch-apiserver:
 * kubectl 1.32 creates a TokenReview of a token from `kubectl create token` and prints the
 * user it names (`-o yaml`); `kubectl get --raw` and the python client's WellKnownApi and
 * OpenidApi read the discovery documents, and the key set they get verifies the token.
 */
import { fileURLToPath } from 'node:url';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { load } from 'js-yaml';
import { runPython } from '../support/python.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { kubectlPerSuite } from '../support/kubectl.ts';

const SCRIPT = fileURLToPath(new URL('./python/issuer_discovery.py', import.meta.url));
const ISSUER = 'https://orch.default.svc.cluster.local';

describe('kubectl 1.32 and the python client: TokenReview and issuer discovery', () => {
  const cluster = kubectlPerSuite({ host: '127.0.0.1' });
  const k = cluster.kubectl;
  let token = '';
  let uid = '';

  beforeAll(async () => {
    expect(await k('create', 'serviceaccount', 'reviewer')).toBe('serviceaccount/reviewer created\n');
    uid = (await k('get', 'serviceaccount', 'reviewer', '-o', 'jsonpath={.metadata.uid}')).trim();
    token = (await k('create', 'token', 'reviewer')).trim();
  });

  const reviewYaml = (t: string, audiences?: string[]) =>
    [
      'apiVersion: authentication.orch.io/v1',
      'kind: TokenReview',
      'spec:',
      `  token: ${t}`,
      ...(audiences ? ['  audiences:', ...audiences.map((a) => `  - ${a}`)] : []),
      '',
    ].join('\n');

  it('kubectl create -f of a TokenReview shows the user of the token', async () => {
    const out = await k('create', '-f', k.file('review.yaml', reviewYaml(token)), '-o', 'yaml');
    const review = load(out) as { apiVersion: string; kind: string; status: Record<string, unknown> };
    expect(review.apiVersion).toBe('authentication.orch.io/v1');
    expect(review.kind).toBe('TokenReview');
    expect(review.status).toEqual({
      authenticated: true,
      audiences: [ISSUER],
      user: {
        username: 'system:serviceaccount:default:reviewer',
        uid,
        groups: ['system:serviceaccounts', 'system:serviceaccounts:default', 'system:authenticated'],
        extra: { 'authentication.orchestrator.io/credential-id': [expect.stringMatching(/^JTI=/)] },
      },
    });
  });

  it.each([
    ['a token for another audience', async () => (await k('create', 'token', 'reviewer', '--audience', 'vault')).trim(), undefined],
    ['an unknown token', async () => 'not-a-token', undefined],
  ])('kubectl create -f of a TokenReview of %s shows why it does not authenticate', async (_what, make, audiences) => {
    const t = await make();
    const out = await k('create', '-f', k.file('refused.yaml', reviewYaml(t, audiences)), '-o', 'yaml');
    const status = (load(out) as { status: { authenticated?: boolean; user: object; error: string } }).status;
    expect(status.authenticated).toBeUndefined();
    expect(status.user).toEqual({});
    expect(status.error).toBe(
      t === 'not-a-token' ? 'invalid bearer token' : `token audiences ["vault"] is invalid for the target audiences ["${ISSUER}"]`,
    );
  });

  it('kubectl create -f of a TokenReview without a token is refused', async () => {
    const r = await k.result(['create', '-f', k.file('empty.yaml', reviewYaml('""'))]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('token is required for TokenReview in authentication');
  });

  it('kubectl get --raw reads the discovery documents, and the key set verifies the token', async () => {
    const config = JSON.parse(await k('get', '--raw', '/.well-known/openid-configuration'));
    expect(config).toEqual({
      issuer: ISSUER,
      jwks_uri: `${ISSUER}/openid/v1/jwks`,
      response_types_supported: ['id_token'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['ES256'],
    });
    const keys = JSON.parse(await k('get', '--raw', '/openid/v1/jwks'));
    const { payload } = await jwtVerify(token, createLocalJWKSet(keys), { issuer: config.issuer, audience: ISSUER });
    expect(payload.sub).toBe('system:serviceaccount:default:reviewer');
  });

  it('the python client (WellKnownApi, OpenidApi) reads them at their trailing-slash paths, with the real headers and key set', async () => {
    const r = await runPython(SCRIPT, cluster.server.url, token);
    expect(r.code, r.stderr).toBe(0);
    const got = JSON.parse(r.stdout) as {
      config: { issuer: string };
      configType: string;
      keys: { keys: object[] };
      keysType: string;
      cacheControl: string;
    };
    expect(got.config.issuer).toBe(ISSUER);
    expect([got.configType, got.keysType, got.cacheControl]).toEqual([
      'application/json',
      'application/jwk-set+json',
      'public, max-age=3600',
    ]);
    expect(got.keys).toEqual(JSON.parse(await k('get', '--raw', '/openid/v1/jwks')));
    await expect(jwtVerify(token, createLocalJWKSet(got.keys as never), { issuer: ISSUER })).resolves.toBeTruthy();
  });
});
