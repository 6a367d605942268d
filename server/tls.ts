/**
 * HTTPS serving: the certificate from `--tls-cert-file`/`--tls-private-key-file`, or one made and
 * kept in the data directory (self-signed, for localhost and the loopback addresses) when none is
 * given; client certificates verified against `--client-ca-file` name the user (CN) and groups (O),
 * and one that does not verify fails the request.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { selfSigned } from './x509.ts';

export interface TlsMaterial {
  readonly certPem: string;
  readonly keyPem: string;
  /** CA bundle client certificates are verified against. */
  readonly clientCaPem?: string;
}

/** The serving certificate and key: the files given, or the data directory's own (made on first use). */
export function servingCertificate(opts: { certFile?: string; keyFile?: string; dataDir: string }): {
  certPem: string;
  keyPem: string;
  generated: boolean;
} {
  if (opts.certFile && opts.keyFile)
    return { certPem: readFileSync(opts.certFile, 'utf8'), keyPem: readFileSync(opts.keyFile, 'utf8'), generated: false };
  const dir = join(opts.dataDir, 'pki');
  const cert = join(dir, 'apiserver.crt');
  const key = join(dir, 'apiserver.key');
  if (existsSync(cert) && existsSync(key))
    return { certPem: readFileSync(cert, 'utf8'), keyPem: readFileSync(key, 'utf8'), generated: false };
  mkdirSync(dir, { recursive: true });
  const made = selfSigned(
    { commonName: 'orch-apiserver', organizations: ['orch'] },
    ['localhost', 'orch', 'orch.default.svc'],
    ['127.0.0.1', '::1'],
  );
  writeFileSync(key, made.keyPem, { mode: 0o600 });
  writeFileSync(cert, made.certPem);
  return { certPem: made.certPem, keyPem: made.keyPem, generated: true };
}

/** What a request's client certificate says: its user, why it did not verify, or nothing (none sent). */
export type ClientCertificate =
  | { readonly name: string; readonly groups: string[]; readonly credentialId: string }
  | { readonly error: string }
  | undefined;

/**
 * The request's client certificate, judged as the real x509 authenticator judges it: one that does
 * not verify against `--client-ca-file` (unknown issuer, expired, ...) is an error, which fails the
 * request rather than letting it through as anonymous; a verified one without a CN names nobody.
 */
export function clientCertificate(req: IncomingMessage): ClientCertificate {
  const socket = req.socket as TLSSocket;
  if (!socket.encrypted) return undefined;
  const cert = socket.getPeerCertificate();
  if (!cert?.raw) return undefined;
  if (!socket.authorized) {
    const serial = /^[0-9A-Fa-f]+$/.test(cert.serialNumber ?? '') ? BigInt(`0x${cert.serialNumber}`).toString() : cert.serialNumber;
    return { error: `verifying certificate SN=${serial} failed: ${String(socket.authorizationError ?? 'not verified')}` };
  }
  const subject = cert.subject as Record<string, string | string[]> | undefined;
  if (!subject?.CN) return undefined;
  const cn = Array.isArray(subject.CN) ? subject.CN[0] : subject.CN;
  const o = subject.O === undefined ? [] : Array.isArray(subject.O) ? subject.O : [subject.O];
  return { name: cn, groups: o, credentialId: `X509SHA256=${createHash('sha256').update(cert.raw).digest('hex')}` };
}
