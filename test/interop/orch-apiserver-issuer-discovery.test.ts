/**
 * orch-apiserver's flags for issuer discovery: `--service-account-signing-key-file` alone publishes
 * the signing key's public half (the real server verifies with it when no
 * `--service-account-key-file` is given), `--service-account-key-file` adds its keys, and
 * `--service-account-jwks-uri` is the `jwks_uri` of the configuration.
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { createApiServer } from '../../core/index.ts';
import { parseAuthFlags } from '../../server/auth-flags.ts';
import { hostSecurity } from '../../server/security-config.ts';

const dir = mkdtempSync(join(tmpdir(), 'orch-issuer-'));

function pemFile(name: string, kind: 'rsa' | 'ec', part: 'privateKey' | 'publicKey', namedCurve = 'P-256'): { path: string; kid: string } {
  const pair = kind === 'rsa' ? generateKeyPairSync('rsa', { modulusLength: 2048 }) : generateKeyPairSync('ec', { namedCurve });
  const path = join(dir, name);
  writeFileSync(path, pair[part].export({ type: part === 'privateKey' ? 'pkcs8' : 'spki', format: 'pem' }));
  // The real key id: SHA-256 of the DER SubjectPublicKeyInfo, base64url.
  const kid = createHash('sha256')
    .update(pair.publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64url');
  return { path, kid };
}

async function serverWith(argv: string[]) {
  const sec = await hostSecurity(parseAuthFlags(['--authorization-mode=RBAC', ...argv]).flags, { dataDir: dir, persistKeys: false });
  const api = createApiServer({ security: sec.security });
  await api.ready;
  const admin = { authorization: `Bearer ${sec.adminToken}`, 'content-type': 'application/json' };
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await api.fetch(
      new Request(`http://orch${path}`, { method, headers: admin, ...(body ? { body: JSON.stringify(body) } : {}) }),
    );
    return { status: res.status, body: (await res.json()) as any };
  };
  return { api, call };
}

describe('orch-apiserver issuer discovery flags', () => {
  it.each([
    ['an RSA signing key alone', [pemFile('sa-rsa.key', 'rsa', 'privateKey')], ['RS256']],
    [
      'an EC signing key and a P-384 verification key',
      [pemFile('sa-ec.key', 'ec', 'privateKey'), pemFile('old.pub', 'ec', 'publicKey', 'P-384')],
      ['ES256', 'ES384'],
    ],
  ])('%s: the key set holds each key by its real kid, and verifies the tokens issued', async (_what, [signing, ...others], algs) => {
    const { api, call } = await serverWith([
      '--service-account-signing-key-file',
      signing.path,
      ...others.flatMap((k) => ['--service-account-key-file', k.path]),
      '--service-account-issuer=https://issuer.example',
      '--service-account-jwks-uri=https://keys.example/cluster/jwks',
    ]);
    try {
      const config = await call('GET', '/.well-known/openid-configuration');
      expect(config.status).toBe(200);
      expect(config.body).toMatchObject({
        issuer: 'https://issuer.example',
        jwks_uri: 'https://keys.example/cluster/jwks',
        id_token_signing_alg_values_supported: algs,
      });
      const keys = (await call('GET', '/openid/v1/jwks')).body;
      expect(keys.keys.map((k: { kid: string }) => k.kid)).toEqual([signing.kid, ...others.map((k) => k.kid)]);
      expect((await call('POST', '/api/v1/namespaces/default/serviceaccounts', { metadata: { name: 'relying' } })).status).toBe(201);
      const issued = await call('POST', '/api/v1/namespaces/default/serviceaccounts/relying/token', { spec: {} });
      expect(issued.status).toBe(201);
      const { payload, protectedHeader } = await jwtVerify(issued.body.status.token, createLocalJWKSet(keys), {
        issuer: 'https://issuer.example',
      });
      expect(protectedHeader.kid).toBe(signing.kid);
      expect(payload.sub).toBe('system:serviceaccount:default:relying');
      // The server itself accepts the token it signed with a key from a file.
      const review = await call('POST', '/apis/authentication.orch.io/v1/tokenreviews', { spec: { token: issued.body.status.token } });
      expect(review.body.status.user.username).toBe('system:serviceaccount:default:relying');
    } finally {
      await api.close();
    }
  });
});
