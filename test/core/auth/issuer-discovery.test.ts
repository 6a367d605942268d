/**
 * Service account issuer discovery: `/.well-known/openid-configuration` and `/openid/v1/jwks`
 * with the real content and headers, a key set that verifies the tokens the server issues, served
 * only when the issuer and `jwks_uri` can be right, and readable by every ServiceAccount
 * (`system:service-account-issuer-discovery`).
 */
import { createLocalJWKSet, decodeProtectedHeader, exportSPKI, generateKeyPair, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer, type ApiServer, type ApiServerOptions } from '../../../core/index.ts';
import { as, RBAC, securedServer } from '../../support/secured.ts';

const CONFIG = '/.well-known/openid-configuration';
const JWKS = '/openid/v1/jwks';
const ISSUER = 'https://orch.default.svc.cluster.local';

async function get(api: ApiServer, path: string, method = 'GET') {
  const res = await api.fetch(new Request(`http://orch${path}`, { method }));
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : undefined };
}

async function issue(api: ApiServer, audiences?: string[]): Promise<string> {
  await api.fetch(
    new Request('http://orch/api/v1/namespaces/default/serviceaccounts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ metadata: { name: 'relying' } }),
    }),
  );
  const res = await api.fetch(
    new Request('http://orch/api/v1/namespaces/default/serviceaccounts/relying/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ spec: audiences ? { audiences } : {} }),
    }),
  );
  expect(res.status).toBe(201);
  return ((await res.json()) as { status: { token: string } }).status.token;
}

/** The real key id rule, computed here on its own: SHA-256 of the key's DER SubjectPublicKeyInfo, base64url. */
async function expectedKid(key: CryptoKey): Promise<string> {
  const der = Buffer.from((await exportSPKI(key)).replace(/-----[^-]+-----|\s/g, ''), 'base64');
  return Buffer.from(await crypto.subtle.digest('SHA-256', der)).toString('base64url');
}

async function server(serviceAccounts: NonNullable<NonNullable<ApiServerOptions['security']>['authentication']>['serviceAccounts']) {
  const api = createApiServer({ security: { authentication: { anonymous: true, serviceAccounts } } });
  await api.ready;
  return api;
}

describe('issuer discovery on the default issuer', () => {
  let api: ApiServer;
  beforeAll(async () => {
    api = createApiServer();
    await api.ready;
  });
  afterAll(() => api.close());

  it('serves the OpenID configuration of the issuer', async () => {
    const res = await get(api, CONFIG);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    // The field order of the real document.
    expect(Object.keys(res.body)).toEqual([
      'issuer',
      'jwks_uri',
      'response_types_supported',
      'subject_types_supported',
      'id_token_signing_alg_values_supported',
    ]);
    expect(res.body).toEqual({
      issuer: ISSUER,
      jwks_uri: `${ISSUER}${JWKS}`,
      response_types_supported: ['id_token'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['ES256'],
    });
  });

  it('its two paths are listed in the root index, as the real server lists them once installed', async () => {
    const { paths } = (await get(api, '/')).body as { paths: string[] };
    expect(paths).toContain(CONFIG);
    expect(paths).toContain(JWKS);
    expect(paths).toEqual([...paths].sort());
  });

  it('serves the public keys as a JWK set', async () => {
    const res = await get(api, JWKS);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/jwk-set+json');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(res.body.keys).toHaveLength(1);
    const [key] = res.body.keys;
    expect(Object.keys(key)).toEqual(['use', 'kty', 'kid', 'crv', 'alg', 'x', 'y']);
    expect(key).toMatchObject({ use: 'sig', kty: 'EC', crv: 'P-256', alg: 'ES256' });
    expect(key).not.toHaveProperty('d');
  });

  it.each([
    ['for the server', undefined],
    ['for another audience', ['vault']],
  ])('a token issued %s verifies against the served key set, by its kid', async (_what, audiences) => {
    const token = await issue(api, audiences);
    const keys = (await get(api, JWKS)).body;
    expect(decodeProtectedHeader(token).kid).toBe(keys.keys[0].kid);
    const { payload } = await jwtVerify(token, createLocalJWKSet(keys), {
      issuer: (await get(api, CONFIG)).body.issuer,
      audience: audiences?.[0] ?? ISSUER,
    });
    expect(payload.sub).toBe('system:serviceaccount:default:relying');
  });

  it('a token altered after signing does not verify against it', async () => {
    const [h, p, s] = (await issue(api)).split('.');
    const claims = { ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: 'system:serviceaccount:default:admin' };
    const forged = `${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${s}`;
    await expect(jwtVerify(forged, createLocalJWKSet((await get(api, JWKS)).body))).rejects.toThrow(/signature/);
  });

  it.each([
    [CONFIG, 'application/json'],
    [`${CONFIG}/`, 'application/json'],
    [JWKS, 'application/jwk-set+json'],
    [`${JWKS}/`, 'application/jwk-set+json'],
  ])('%s answers the same document with or without the trailing slash', async (path, type) => {
    const res = await get(api, path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect(res.text).toBe((await get(api, path.replace(/\/$/, ''))).text);
  });

  it.each([
    ['POST', CONFIG, 405],
    ['PUT', JWKS, 405],
    ['GET', `${CONFIG}/extra`, 404],
    ['GET', '/openid/v1', 404],
  ])('%s %s is %d', async (method, path, code) => {
    expect((await get(api, path, method)).status).toBe(code);
  });
});

describe('issuer discovery with keys from the host', () => {
  it('publishes the signing key and every verification key, each with the real key id', async () => {
    const signing = await generateKeyPair('RS256', { extractable: true });
    const other = await generateKeyPair('ES384', { extractable: true });
    const api = await server({
      issuer: 'https://issuer.example/cluster-a',
      jwksUri: 'https://keys.example/jwks',
      signingKey: { key: signing.privateKey, alg: 'RS256', publicKey: signing.publicKey },
      verifyKeys: [{ key: other.publicKey, alg: 'ES384' }],
    });
    try {
      const config = (await get(api, CONFIG)).body;
      expect(config).toMatchObject({
        issuer: 'https://issuer.example/cluster-a',
        jwks_uri: 'https://keys.example/jwks',
        id_token_signing_alg_values_supported: ['ES384', 'RS256'],
      });
      const keys = (await get(api, JWKS)).body.keys;
      expect(keys.map((k: { kid: string; alg: string; kty: string }) => [k.kty, k.alg, k.kid])).toEqual([
        ['RSA', 'RS256', await expectedKid(signing.publicKey)],
        ['EC', 'ES384', await expectedKid(other.publicKey)],
      ]);
      expect(Object.keys(keys[0])).toEqual(['use', 'kty', 'kid', 'alg', 'n', 'e']);
      const token = await issue(api);
      const { payload } = await jwtVerify(token, createLocalJWKSet({ keys }), { issuer: 'https://issuer.example/cluster-a' });
      expect(payload.aud).toEqual(['https://issuer.example/cluster-a']);
    } finally {
      await api.close();
    }
  });

  it.each([
    ['an http issuer', { issuer: 'http://orch.example' }],
    ['an issuer with a query', { issuer: 'https://orch.example/?tenant=a' }],
    ['an issuer with a fragment', { issuer: 'https://orch.example/#a' }],
    ['an issuer that is not a URL', { issuer: 'orch' }],
    ['an http jwks URI', { jwksUri: 'http://orch.example/openid/v1/jwks' }],
  ])('is not served with %s', async (_what, serviceAccounts) => {
    const api = await server(serviceAccounts);
    try {
      for (const path of [CONFIG, JWKS]) {
        const res = await get(api, path);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ kind: 'Status', reason: 'NotFound' });
      }
      // Nor listed in the root index.
      expect((await get(api, '/')).body.paths).not.toContain(JWKS);
    } finally {
      await api.close();
    }
  });
});

describe('who may read the issuer discovery documents', () => {
  let api: ApiServer;
  let saToken = '';
  beforeAll(async () => {
    api = await securedServer();
    expect((await as(api, 'root', 'POST', '/api/v1/namespaces/default/serviceaccounts', { metadata: { name: 'reader' } })).status).toBe(
      201,
    );
    saToken = (await as(api, 'root', 'POST', '/api/v1/namespaces/default/serviceaccounts/reader/token', { spec: {} })).body.status.token;
  });
  afterAll(() => api.close());

  it('the bootstrap policy grants get on both paths to every ServiceAccount', async () => {
    const role = await as(api, 'root', 'GET', `${RBAC}/clusterroles/system:service-account-issuer-discovery`);
    expect(role.status).toBe(200);
    expect(role.body.rules).toEqual([{ verbs: ['get'], nonResourceURLs: [CONFIG, `${CONFIG}/`, JWKS, `${JWKS}/`] }]);
    const binding = await as(api, 'root', 'GET', `${RBAC}/clusterrolebindings/system:service-account-issuer-discovery`);
    expect(binding.status).toBe(200);
    expect(binding.body.roleRef.name).toBe('system:service-account-issuer-discovery');
    expect(binding.body.subjects).toEqual([{ kind: 'Group', apiGroup: 'rbac.authorization.orch.io', name: 'system:serviceaccounts' }]);
  });

  it.each([
    ['a ServiceAccount', 200, () => ({ token: saToken })],
    ['a user in system:masters', 200, () => 'root' as const],
    ['a user who is not a ServiceAccount', 403, () => 'alice' as const],
    ['an anonymous request', 403, () => 'anonymous' as const],
  ])('%s → %d', async (_what, code, who) => {
    for (const path of [CONFIG, JWKS, `${CONFIG}/`, `${JWKS}/`]) {
      const res = await as(api, who(), 'GET', path);
      expect(res.status).toBe(code);
      if (code === 403) expect(res.body.message).toMatch(new RegExp(`cannot get path "${path.replace(/\./g, '\\.')}"`));
    }
  });
});
