/** The certificates orch-apiserver writes: valid X.509 that OpenSSL (node:crypto) reads and verifies. */
import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { clientCertificate, derInteger, selfSigned } from '../../../server/x509.ts';

describe('certificates', () => {
  it('a self-signed serving certificate names localhost and the loopback addresses, and verifies with its own key', () => {
    const ca = selfSigned({ commonName: 'orch-apiserver' }, ['localhost'], ['127.0.0.1', '::1']);
    const c = new X509Certificate(ca.certPem);
    expect(c.subject).toBe('CN=orch-apiserver');
    expect(c.subjectAltName).toBe('DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1');
    expect(c.ca).toBe(true);
    expect(c.verify(c.publicKey)).toBe(true);
    expect(c.checkHost('localhost')).toBe('localhost');
  });

  it('a client certificate carries the user as CN and the groups as O, issued by the CA', () => {
    const ca = selfSigned({ commonName: 'client-ca' }, [], []);
    const cert = clientCertificate(
      { commonName: 'carol', organizations: ['ops', 'dev'] },
      { name: { commonName: 'client-ca' }, keyPem: ca.keyPem },
    );
    const x = new X509Certificate(cert.certPem);
    expect(x.subject).toBe('O=ops\nO=dev\nCN=carol');
    expect(x.checkIssued(new X509Certificate(ca.certPem))).toBe(true);
    expect(x.verify(new X509Certificate(ca.certPem).publicKey)).toBe(true);
  });

  // Serial numbers are random bytes; DER allows exactly one encoding of each integer.
  it.each([
    { bytes: [0x01, 0x02], der: [0x02, 0x02, 0x01, 0x02] },
    { bytes: [0x80], der: [0x02, 0x02, 0x00, 0x80] },
    { bytes: [0x00, 0x7f], der: [0x02, 0x01, 0x7f] },
    { bytes: [0x00, 0x00, 0x81], der: [0x02, 0x02, 0x00, 0x81] },
    { bytes: [0x00, 0x80], der: [0x02, 0x02, 0x00, 0x80] },
    { bytes: [0x00], der: [0x02, 0x01, 0x00] },
  ])('the integer $bytes is written minimally as $der', ({ bytes, der }) => {
    expect([...derInteger(Buffer.from(bytes))]).toEqual(der);
  });
});
