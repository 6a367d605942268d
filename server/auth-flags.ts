/**
 * The security flags of `orch-apiserver`, spelled as the real API server spells them: serving
 * (TLS), authentication, authorization, flow control and audit. They are taken out of the command
 * line before the other flags are read.
 */
import { FlagError } from './flags.ts';

export interface AuthFlags {
  readonly securePort?: number;
  readonly tlsCertFile?: string;
  readonly tlsPrivateKeyFile?: string;
  readonly clientCaFile?: string;
  readonly tokenAuthFile?: string;
  readonly serviceAccountKeyFiles: readonly string[];
  readonly serviceAccountSigningKeyFile?: string;
  readonly serviceAccountIssuer?: string;
  readonly serviceAccountJwksUri?: string;
  readonly apiAudiences: readonly string[];
  readonly anonymousAuth: boolean;
  readonly authorizationMode: string;
  readonly auditPolicyFile?: string;
  readonly auditLogPath?: string;
  readonly auditLogMaxSizeMb: number;
  readonly auditLogMaxBackups: number;
  readonly auditLogMaxAgeDays: number;
  readonly auditLogCompress: boolean;
  readonly maxRequestsInflight: number;
  readonly maxMutatingRequestsInflight: number;
  readonly enablePriorityAndFairness: boolean;
  readonly writeKubeconfig?: string;
  /** Bind a non-loopback address with no authentication or authorization configured. */
  readonly insecureBindWithoutAuth: boolean;
}

export const AUTH_HELP = `
Security flags:
      --secure-port int                          serve HTTPS on this port (a certificate is made in the data
                                                 directory when --tls-cert-file is not given)
      --tls-cert-file string                     the serving certificate (PEM)
      --tls-private-key-file string              its private key (PEM)
      --client-ca-file string                    CA bundle for client certificates: the user is the CN, the groups the Os
      --token-auth-file string                   static bearer tokens: CSV lines token,user,uid,"group1,group2"
      --service-account-key-file strings         public (or private) keys ServiceAccount tokens may be signed with
      --service-account-signing-key-file string  the private key ServiceAccount tokens are signed with
      --service-account-issuer string            the iss of ServiceAccount tokens (default "https://orch.default.svc.cluster.local")
      --service-account-jwks-uri string          the jwks_uri of /.well-known/openid-configuration (https; default: the
                                                 issuer's host with /openid/v1/jwks)
      --api-audiences strings                    audiences tokens must name (default: the issuer)
      --anonymous-auth                           requests without credentials are system:anonymous (default true)
      --authorization-mode strings               AlwaysAllow, AlwaysDeny and/or RBAC, in order (default "AlwaysAllow")
      --audit-policy-file string                 the audit Policy (audit.orch.io/v1 or audit.k8s.io/v1)
      --audit-log-path string                    write audit events there as JSON lines ("-" for standard output)
      --audit-log-maxsize int                    rotate the audit log before it passes this many megabytes
                                                 (0: 100)
      --audit-log-maxbackup int                  keep this many rotated audit logs (0: all of them)
      --audit-log-maxage int                     remove rotated audit logs older than this many days, by the time
                                                 in their names (0: never)
      --audit-log-compress                       gzip rotated audit logs
      --max-requests-inflight int                seats for non-mutating requests (default 400)
      --max-mutating-requests-inflight int       seats for mutating requests (default 200)
      --enable-priority-and-fairness             queue requests by FlowSchemas and priority levels (default true)
      --write-kubeconfig string                  write a kubeconfig for an admin user (system:masters) there
      --insecure-bind-without-auth               allow a non-loopback --bind-address without authentication and
                                                 authorization (everyone who can reach the port is an administrator)
`;

function int(flag: string, v: string): number {
  if (!/^\d+$/.test(v)) throw new FlagError(`invalid argument ${JSON.stringify(v)} for "--${flag}" flag: must be a number`);
  return Number(v);
}

function boolValue(flag: string, v: string): boolean {
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw new FlagError(`invalid argument ${JSON.stringify(v)} for "--${flag}" flag: must be true or false`);
}

const BOOLEAN = new Set(['anonymous-auth', 'enable-priority-and-fairness', 'insecure-bind-without-auth', 'audit-log-compress']);

/** Takes the security flags out of `argv`; the rest is left for `parseFlags`. */
export function parseAuthFlags(argv: readonly string[]): { flags: AuthFlags; rest: string[] } {
  const f: {
    -readonly [K in keyof AuthFlags]: AuthFlags[K];
  } = {
    serviceAccountKeyFiles: [],
    apiAudiences: [],
    anonymousAuth: true,
    authorizationMode: 'AlwaysAllow',
    auditLogMaxSizeMb: 0,
    auditLogMaxBackups: 0,
    auditLogMaxAgeDays: 0,
    auditLogCompress: false,
    maxRequestsInflight: 400,
    maxMutatingRequestsInflight: 200,
    enablePriorityAndFairness: true,
    insecureBindWithoutAuth: false,
  };
  const setters: Record<string, (v: string) => void> = {
    'secure-port': (v) => {
      const p = int('secure-port', v);
      if (p > 65535) throw new FlagError(`invalid argument ${JSON.stringify(v)} for "--secure-port" flag: must be a port number`);
      f.securePort = p;
    },
    'tls-cert-file': (v) => (f.tlsCertFile = v),
    'tls-private-key-file': (v) => (f.tlsPrivateKeyFile = v),
    'client-ca-file': (v) => (f.clientCaFile = v),
    'token-auth-file': (v) => (f.tokenAuthFile = v),
    'service-account-key-file': (v) => (f.serviceAccountKeyFiles = [...f.serviceAccountKeyFiles, ...v.split(',').filter(Boolean)]),
    'service-account-signing-key-file': (v) => (f.serviceAccountSigningKeyFile = v),
    'service-account-issuer': (v) => (f.serviceAccountIssuer = v),
    'service-account-jwks-uri': (v) => (f.serviceAccountJwksUri = v),
    'api-audiences': (v) => (f.apiAudiences = v.split(',').filter(Boolean)),
    'anonymous-auth': (v) => (f.anonymousAuth = boolValue('anonymous-auth', v)),
    'authorization-mode': (v) => (f.authorizationMode = v),
    'audit-policy-file': (v) => (f.auditPolicyFile = v),
    'audit-log-path': (v) => (f.auditLogPath = v),
    'audit-log-maxsize': (v) => (f.auditLogMaxSizeMb = int('audit-log-maxsize', v)),
    'audit-log-maxbackup': (v) => (f.auditLogMaxBackups = int('audit-log-maxbackup', v)),
    'audit-log-maxage': (v) => (f.auditLogMaxAgeDays = int('audit-log-maxage', v)),
    'audit-log-compress': (v) => (f.auditLogCompress = boolValue('audit-log-compress', v)),
    'max-requests-inflight': (v) => (f.maxRequestsInflight = int('max-requests-inflight', v)),
    'max-mutating-requests-inflight': (v) => (f.maxMutatingRequestsInflight = int('max-mutating-requests-inflight', v)),
    'enable-priority-and-fairness': (v) => (f.enablePriorityAndFairness = boolValue('enable-priority-and-fairness', v)),
    'write-kubeconfig': (v) => (f.writeKubeconfig = v),
    'insecure-bind-without-auth': (v) => (f.insecureBindWithoutAuth = boolValue('insecure-bind-without-auth', v)),
  };
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([a-z0-9-]+)(?:=(.*))?$/s.exec(argv[i]);
    const setter = m && setters[m[1]];
    if (!m || !setter) {
      rest.push(argv[i]);
      continue;
    }
    let value = m[2];
    if (value === undefined) {
      // A boolean flag alone is true; the others take the next argument.
      if (BOOLEAN.has(m[1])) value = 'true';
      else if (i + 1 >= argv.length) throw new FlagError(`flag needs an argument: --${m[1]}`);
      else value = argv[++i];
    }
    setter(value);
  }
  if (!!f.tlsCertFile !== !!f.tlsPrivateKeyFile) throw new FlagError('--tls-cert-file and --tls-private-key-file must be given together');
  return { flags: f, rest };
}

/** Whether requests must authenticate and be authorized (anything beyond the development default). */
export function secured(f: AuthFlags): boolean {
  const modes = f.authorizationMode.split(',').map((m) => m.trim());
  return (
    !(modes.length === 1 && modes[0] === 'AlwaysAllow') &&
    (f.tokenAuthFile !== undefined ||
      f.clientCaFile !== undefined ||
      f.serviceAccountKeyFiles.length > 0 ||
      !f.anonymousAuth ||
      modes.includes('RBAC'))
  );
}

/** Loopback addresses, the only ones a development server (no authentication) binds by default. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\./.test(host);
}
