/**
 * Client certificates over TLS, judged as the real x509 authenticator judges them: one that
 * verifies against --client-ca-file names the user (CN), groups (O) and the credential ID
 * `X509SHA256=<hex SHA-256 of the DER certificate>`; one that does not verify (another issuer,
 * expired) fails the request with 401 on every path, never anonymous, unless another credential
 * names a user. Audit events of the Node host carry the client's address in `sourceIPs`.
 */
import { createHash, createPrivateKey, X509Certificate } from 'node:crypto';
import { request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryAuditSink } from '../../../core/audit/index.ts';
import { startServer, type RunningServer } from '../../../server/index.ts';
import { clientCertificate, type KeyAndCertificate, makeCertificate, newKey, selfSigned } from '../../../server/x509.ts';
import { TOKENS } from '../../support/secured.ts';

const serving = selfSigned({ commonName: 'orch-apiserver' }, ['localhost'], ['127.0.0.1']);
const CA_NAME = { commonName: 'orch-client-ca' };
const clientCa = selfSigned(CA_NAME, [], []);
const byCa = (commonName: string, organizations: string[] = []) =>
  clientCertificate({ commonName, organizations }, { name: CA_NAME, keyPem: clientCa.keyPem });

const carol = byCa('carol', ['system:masters']);
const nameless = byCa('');
/** Self-signed, claiming to be a cluster admin. */
const mallory = selfSigned({ commonName: 'mallory', organizations: ['system:masters'] }, [], [], false);
/** Issued by the CA, but its time is over. */
const expired: KeyAndCertificate = (() => {
  const k = newKey();
  const certPem = makeCertificate({
    subject: { commonName: 'carol', organizations: ['system:masters'] },
    publicKey: k.publicKey,
    issuer: CA_NAME,
    issuerKey: createPrivateKey(clientCa.keyPem),
    usage: ['client'],
    days: -1,
  });
  return { keyPem: k.pem, certPem };
})();

const audit = new MemoryAuditSink();
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({
    port: 0,
    tls: { certPem: serving.certPem, keyPem: serving.keyPem, clientCaPem: clientCa.certPem },
    security: {
      authentication: { tokens: TOKENS },
      authorization: { modes: 'RBAC' },
      audit: { policy: 'apiVersion: audit.k8s.io/v1\nkind: Policy\nrules: [{level: Metadata}]', sink: audit },
    },
  });
});
afterAll(() => server?.shutdown());

function call(
  path: string,
  opts: { cert?: KeyAndCertificate; token?: string; method?: string; body?: unknown } = {},
): Promise<{ status: number; body: any; auditId: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.url}${path}`,
      {
        method: opts.method ?? 'GET',
        ca: serving.certPem,
        ...(opts.cert ? { cert: opts.cert.certPem, key: opts.cert.keyPem } : {}),
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          let body: unknown;
          try {
            body = JSON.parse(text);
          } catch {
            body = text;
          }
          resolve({ status: res.statusCode ?? 0, body, auditId: String(res.headers['audit-id'] ?? '') });
        });
      },
    );
    req.on('error', reject);
    req.end(opts.body === undefined ? undefined : JSON.stringify(opts.body));
  });
}

const REVIEW = '/apis/authentication.orch.io/v1/selfsubjectreviews';
const sha256 = (pem: string) => createHash('sha256').update(new X509Certificate(pem).raw).digest('hex');

describe('client certificates', () => {
  it('a verified certificate names the user, groups and credential ID', async () => {
    const res = await call(REVIEW, { cert: carol, method: 'POST', body: {} });
    expect(res.status).toBe(201);
    expect(res.body.status.userInfo).toEqual({
      username: 'carol',
      groups: ['system:masters', 'system:authenticated'],
      extra: { 'authentication.orchestrator.io/credential-id': [`X509SHA256=${sha256(carol.certPem)}`] },
    });
  });

  it.each([
    ['another issuer', mallory, '/version'],
    ['another issuer', mallory, '/api/v1/namespaces'],
    ['an expired certificate', expired, '/version'],
    ['an expired certificate', expired, '/api/v1/namespaces'],
  ])('%s is refused with 401 on %s, not served as anonymous', async (_what, cert, path) => {
    const res = await call(path, { cert });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ kind: 'Status', reason: 'Unauthorized', code: 401 });
  });

  it('an unverified certificate with a token that works is the token user', async () => {
    const res = await call(REVIEW, { cert: mallory, token: 'alice-token', method: 'POST', body: {} });
    expect(res.status).toBe(201);
    expect(res.body.status.userInfo.username).toBe('alice');
  });

  it('a verified certificate without a CN names nobody: the request is anonymous', async () => {
    expect((await call('/version', { cert: nameless })).status).toBe(200);
    const res = await call('/api/v1/namespaces', { cert: nameless });
    expect(res.status).toBe(403);
    expect(res.body.message).toContain('User "system:anonymous"');
  });

  it('audits the failed login with the credentials tried, and every event with the client address', async () => {
    const refused = await call('/api/v1/namespaces', { cert: mallory });
    const ok = await call('/api/v1/namespaces', { cert: carol });
    const failed = audit.events.filter((e) => e.auditID === refused.auditId);
    expect(failed.map((e) => e.stage)).toEqual(['ResponseStarted']);
    expect(failed[0]).toMatchObject({
      user: {},
      sourceIPs: ['127.0.0.1'],
      responseStatus: { metadata: {}, message: 'Authentication failed, attempted: x509', code: 401 },
    });
    const served = audit.events.filter((e) => e.auditID === ok.auditId);
    expect(served.map((e) => [e.stage, e.sourceIPs])).toEqual([
      ['RequestReceived', ['127.0.0.1']],
      ['ResponseComplete', ['127.0.0.1']],
    ]);
  });
});
