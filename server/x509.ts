/**
 * Minimal X.509 certificate writing (DER by hand, keys and signatures by node:crypto): enough for
 * the self-signed serving certificate orch-apiserver makes when none is given, and for the client
 * CAs and certificates tests use. ECDSA P-256 with SHA-256 throughout.
 */
import { createPrivateKey, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

function len(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

const tlv = (tag: number, ...parts: Buffer[]): Buffer => {
  const body = Buffer.concat(parts);
  return Buffer.concat([Buffer.from([tag]), len(body.length), body]);
};
const seq = (...parts: Buffer[]) => tlv(0x30, ...parts);
const set = (...parts: Buffer[]) => tlv(0x31, ...parts);
const utf8 = (s: string) => tlv(0x0c, Buffer.from(s, 'utf8'));
const octets = (b: Buffer) => tlv(0x04, b);
const bits = (b: Buffer) => tlv(0x03, Buffer.from([0]), b);
const bool = (v: boolean) => tlv(0x01, Buffer.from([v ? 0xff : 0]));
const explicit = (n: number, inner: Buffer) => tlv(0xa0 + n, inner);

function oid(text: string): Buffer {
  const parts = text.split('.').map(Number);
  const out = [parts[0] * 40 + parts[1]];
  for (const p of parts.slice(2)) {
    const chunk: number[] = [p & 0x7f];
    for (let v = p >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}

/** A DER INTEGER: minimal (no leading zero bytes beyond one that keeps it positive), as DER demands. */
export function derInteger(b: Buffer): Buffer {
  let start = 0;
  while (start < b.length - 1 && b[start] === 0 && !(b[start + 1] & 0x80)) start++;
  const v = b.subarray(start);
  return tlv(0x02, v[0] & 0x80 ? Buffer.concat([Buffer.from([0]), v]) : v);
}

function time(d: Date): Buffer {
  const s = d.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  // UTCTime until 2049, GeneralizedTime after, as RFC 5280 says.
  return d.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(`${s.slice(2)}Z`)) : tlv(0x18, Buffer.from(`${s}Z`));
}

export interface DistinguishedName {
  readonly commonName: string;
  readonly organizations?: readonly string[];
}

function name(dn: DistinguishedName): Buffer {
  const rdns = (dn.organizations ?? []).map((o) => set(seq(oid('2.5.4.10'), utf8(o))));
  return seq(...rdns, set(seq(oid('2.5.4.3'), utf8(dn.commonName))));
}

function ipBytes(ip: string): Buffer {
  if (ip.includes(':')) {
    const [head, tail = ''] = ip.split('::');
    const h = head ? head.split(':') : [];
    const t = tail ? tail.split(':') : [];
    const groups = [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
    return Buffer.from(groups.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 0xff]));
  }
  return Buffer.from(ip.split('.').map(Number));
}

const ECDSA_SHA256 = seq(oid('1.2.840.10045.4.3.2'));

export interface CertificateRequest {
  readonly subject: DistinguishedName;
  readonly publicKey: KeyObject;
  /** Who signs: the issuer's name and private key (the subject's own, for a self-signed one). */
  readonly issuer: DistinguishedName;
  readonly issuerKey: KeyObject;
  readonly isCA?: boolean;
  readonly dnsNames?: readonly string[];
  readonly ipAddresses?: readonly string[];
  /** Extended key usage: server, client or both (default both). */
  readonly usage?: readonly ('server' | 'client')[];
  readonly days?: number;
}

/** A PEM certificate. */
export function makeCertificate(r: CertificateRequest): string {
  const now = Date.now();
  const notBefore = new Date(now - 60_000);
  const notAfter = new Date(now + (r.days ?? 365) * 86_400_000);
  const spki = r.publicKey.export({ type: 'spki', format: 'der' });
  const exts: Buffer[] = [];
  exts.push(seq(oid('2.5.29.19'), bool(true), octets(seq(...(r.isCA ? [bool(true)] : [])))));
  // keyUsage: digitalSignature (+ keyCertSign for a CA).
  exts.push(seq(oid('2.5.29.15'), bool(true), octets(tlv(0x03, Buffer.from(r.isCA ? [2, 0x84] : [7, 0x80])))));
  const usage = r.usage ?? ['server', 'client'];
  const ekus = usage.map((u) => oid(u === 'server' ? '1.3.6.1.5.5.7.3.1' : '1.3.6.1.5.5.7.3.2'));
  exts.push(seq(oid('2.5.29.37'), octets(seq(...ekus))));
  const sans = [...(r.dnsNames ?? []).map((d) => tlv(0x82, Buffer.from(d))), ...(r.ipAddresses ?? []).map((ip) => tlv(0x87, ipBytes(ip)))];
  if (sans.length) exts.push(seq(oid('2.5.29.17'), octets(seq(...sans))));
  const tbs = seq(
    explicit(0, derInteger(Buffer.from([2]))),
    derInteger(randomBytes(16)),
    ECDSA_SHA256,
    name(r.issuer),
    seq(time(notBefore), time(notAfter)),
    name(r.subject),
    Buffer.from(spki),
    explicit(3, seq(...exts)),
  );
  const signature = sign('sha256', tbs, { key: r.issuerKey, dsaEncoding: 'der' });
  const der = seq(tbs, ECDSA_SHA256, bits(signature));
  return `-----BEGIN CERTIFICATE-----\n${der
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`;
}

export interface KeyAndCertificate {
  readonly keyPem: string;
  readonly certPem: string;
}

export function newKey(): { privateKey: KeyObject; publicKey: KeyObject; pem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { privateKey, publicKey, pem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
}

/** A self-signed certificate (a CA of itself) for the given names. */
export function selfSigned(
  subject: DistinguishedName,
  dnsNames: readonly string[],
  ipAddresses: readonly string[],
  isCA = true,
): KeyAndCertificate {
  const k = newKey();
  return {
    keyPem: k.pem,
    certPem: makeCertificate({ subject, publicKey: k.publicKey, issuer: subject, issuerKey: k.privateKey, isCA, dnsNames, ipAddresses }),
  };
}

/** A client certificate (CN = user, O = groups) signed by a CA. */
export function clientCertificate(user: DistinguishedName, ca: { name: DistinguishedName; keyPem: string }): KeyAndCertificate {
  const k = newKey();
  const issuerKey = createPrivateKey(ca.keyPem);
  return {
    keyPem: k.pem,
    certPem: makeCertificate({ subject: user, publicKey: k.publicKey, issuer: ca.name, issuerKey, usage: ['client'] }),
  };
}
