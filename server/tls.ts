/**
 * HTTPS serving: the certificate from `--tls-cert-file`/`--tls-private-key-file`, or one made and
 * kept in the data directory (self-signed, for localhost and the loopback addresses) when none is
 * given; client certificates verified against `--client-ca-file` name the user (CN) and groups (O).
 */
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

/** The user of a verified client certificate, if the request came with one. */
export function certificateUser(req: IncomingMessage): { name: string; groups: string[] } | undefined {
  const socket = req.socket as TLSSocket;
  if (!socket.encrypted || !socket.authorized) return undefined;
  const cert = socket.getPeerCertificate();
  const subject = cert?.subject as Record<string, string | string[]> | undefined;
  if (!subject?.CN) return undefined;
  const cn = Array.isArray(subject.CN) ? subject.CN[0] : subject.CN;
  const o = subject.O === undefined ? [] : Array.isArray(subject.O) ? subject.O : [subject.O];
  return { name: cn, groups: o };
}
