/** The core's security options (and the host's TLS) from the security flags: files read, keys imported. */
import { createPrivateKey, createPublicKey, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { importPKCS8, importSPKI } from 'jose';
import { parseTokenFile } from '../core/auth/token-file.ts';
import type { SigningKey } from '../core/auth/service-account-token.ts';
import type { SecurityOptions } from '../core/auth/security.ts';
import type { UserInfo } from '../core/auth/user.ts';
import { AuditFileSink } from './audit-log.ts';
import { type AuthFlags, secured } from './auth-flags.ts';
import { servingCertificate, type TlsMaterial } from './tls.ts';
import { newKey } from './x509.ts';

export interface HostSecurity {
  readonly security: SecurityOptions;
  readonly tls: TlsMaterial | undefined;
  /** A token of the admin user (system:masters), for `--write-kubeconfig`, when authentication is on. */
  readonly adminToken: string | undefined;
  /** No authentication and everything allowed: the local development server. */
  readonly development: boolean;
}

function algOf(pem: string): string {
  const k = createPrivateKey(pem);
  if (k.asymmetricKeyType === 'rsa') return 'RS256';
  const curve = k.asymmetricKeyDetails?.namedCurve;
  return curve === 'secp384r1' ? 'ES384' : curve === 'secp521r1' ? 'ES512' : 'ES256';
}

/** The public half of a key (PEM, private or public), extractable so the issuer's JWKS can publish it. */
async function publicKeyOf(pem: string, alg: string) {
  return importSPKI(createPublicKey(pem).export({ type: 'spki', format: 'pem' }).toString(), alg, { extractable: true });
}

async function signingKey(pem: string): Promise<SigningKey> {
  const alg = algOf(pem);
  const pkcs8 = createPrivateKey(pem).export({ type: 'pkcs8', format: 'pem' }).toString();
  return { key: await importPKCS8(pkcs8, alg), alg, publicKey: await publicKeyOf(pem, alg) };
}

async function verifyKey(pem: string): Promise<SigningKey> {
  const pub = createPublicKey(pem);
  const curve = pub.asymmetricKeyDetails?.namedCurve;
  const alg = pub.asymmetricKeyType === 'rsa' ? 'RS256' : curve === 'secp384r1' ? 'ES384' : curve === 'secp521r1' ? 'ES512' : 'ES256';
  return { key: await publicKeyOf(pem, alg), alg };
}

/** The ServiceAccount signing key of a data directory, made on first use so tokens outlive restarts. */
function dataDirSigningKey(dataDir: string): string {
  const path = join(dataDir, 'pki', 'sa.key');
  if (existsSync(path)) return readFileSync(path, 'utf8');
  mkdirSync(dirname(path), { recursive: true });
  const pem = newKey().pem;
  writeFileSync(path, pem, { mode: 0o600 });
  return pem;
}

export async function hostSecurity(f: AuthFlags, opts: { dataDir: string; persistKeys: boolean }): Promise<HostSecurity> {
  const development = !secured(f);
  const tlsOn = f.securePort !== undefined || f.tlsCertFile !== undefined || f.clientCaFile !== undefined;
  const tls = tlsOn
    ? {
        ...servingCertificate({ certFile: f.tlsCertFile, keyFile: f.tlsPrivateKeyFile, dataDir: opts.dataDir }),
        ...(f.clientCaFile ? { clientCaPem: readFileSync(f.clientCaFile, 'utf8') } : {}),
      }
    : undefined;
  let adminToken: string | undefined;
  let authentication: SecurityOptions['authentication'];
  if (!development) {
    const tokens = new Map<string, UserInfo>(f.tokenAuthFile ? parseTokenFile(readFileSync(f.tokenAuthFile, 'utf8')) : []);
    adminToken = randomBytes(24).toString('hex');
    tokens.set(adminToken, { name: 'orch-admin', groups: ['system:masters'] });
    const signingPem = f.serviceAccountSigningKeyFile
      ? readFileSync(f.serviceAccountSigningKeyFile, 'utf8')
      : opts.persistKeys
        ? dataDirSigningKey(opts.dataDir)
        : undefined;
    authentication = {
      tokens,
      anonymous: f.anonymousAuth,
      serviceAccounts: {
        ...(f.serviceAccountIssuer ? { issuer: f.serviceAccountIssuer } : {}),
        ...(f.serviceAccountJwksUri ? { jwksUri: f.serviceAccountJwksUri } : {}),
        ...(f.apiAudiences.length ? { audiences: f.apiAudiences } : {}),
        ...(signingPem ? { signingKey: await signingKey(signingPem) } : {}),
        verifyKeys: await Promise.all(f.serviceAccountKeyFiles.map((file) => verifyKey(readFileSync(file, 'utf8')))),
      },
    };
  }
  const audit =
    f.auditPolicyFile && f.auditLogPath
      ? {
          policy: readFileSync(f.auditPolicyFile, 'utf8'),
          sink: new AuditFileSink({
            path: f.auditLogPath,
            maxSizeBytes: f.auditLogMaxSizeMb * 1024 * 1024,
            maxBackups: f.auditLogMaxBackups,
            maxAgeDays: f.auditLogMaxAgeDays,
            compress: f.auditLogCompress,
          }),
        }
      : undefined;
  return {
    security: {
      ...(authentication ? { authentication } : {}),
      authorization: { modes: f.authorizationMode },
      flowControl: f.enablePriorityAndFairness
        ? { maxRequestsInflight: f.maxRequestsInflight, maxMutatingRequestsInflight: f.maxMutatingRequestsInflight }
        : false,
      ...(audit ? { audit } : {}),
    },
    tls,
    adminToken,
    development,
  };
}
