/**
 * `kubectl create token` with kubectl 1.32: it POSTs a TokenRequest to
 * `serviceaccounts/{name}/token` in protobuf, so the server has to read the body as a
 * TokenRequest (not as the ServiceAccount the path names) for `--duration` and `--audience` to
 * reach the token (docs/api-rules.md, "Subresources").
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { kubectlPerSuite } from '../support/kubectl.ts';

/** The claims of a JWT (its middle part). */
function claims(token: string): { aud: string[]; exp: number; iat: number; sub: string } {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

describe('kubectl 1.32 create token', () => {
  const cluster = kubectlPerSuite({ host: '127.0.0.1' });
  const k = cluster.kubectl;

  beforeAll(async () => {
    expect(await k('create', 'serviceaccount', 'builder')).toBe('serviceaccount/builder created\n');
  });

  it('--duration 10m --audience foo: the token says so', async () => {
    const r = await k.result(['create', 'token', 'builder', '--duration', '10m', '--audience', 'foo', '-v=8']);
    expect(r.code, r.stderr).toBe(0);
    // kubectl sent protobuf, which is what this is about.
    expect(r.stderr).toMatch(/Request Headers:[\s\S]*Content-Type: application\/vnd\.kubernetes\.protobuf/);
    const c = claims(r.stdout.trim());
    expect(c.aud).toEqual(['foo']);
    expect(c.exp - c.iat).toBe(600);
    expect(c.sub).toBe('system:serviceaccount:default:builder');
  });

  it('the answer echoes the request spec (-o jsonpath)', async () => {
    const spec = await k('create', 'token', 'builder', '--duration=20m', '--audience=a', '--audience=b', '-o', 'jsonpath={.spec}');
    // boundObjectRef has no omitempty in the Go type: an unbound token's is null.
    expect(JSON.parse(spec)).toEqual({ audiences: ['a', 'b'], boundObjectRef: null, expirationSeconds: 1200 });
  });
});
