/**
 * The options every command inherits (the Resource Kinds document's list), with their defaults.
 * Those that change behaviour are read by the session (connection, impersonation, timeout,
 * warnings, verbosity); the rest are accepted so scripts written for the real client run.
 */
import { goDurationMs } from '../core/util/go-duration.ts';

export type OptionKind = 'string' | 'boolean' | 'list';

export interface OptionSpec {
  /** Commander's flags text (`-n, --namespace <namespace>`). */
  readonly flags: string;
  readonly description: string;
  readonly kind: OptionKind;
  readonly default?: string | boolean;
}

export const GLOBAL_OPTIONS: readonly OptionSpec[] = [
  { flags: '--as <user>', kind: 'string', description: 'Username to impersonate for the operation.' },
  { flags: '--as-group <group>', kind: 'list', description: 'Group to impersonate for the operation; repeat for several groups.' },
  { flags: '--as-uid <uid>', kind: 'string', description: 'UID to impersonate for the operation.' },
  { flags: '--cache-dir <dir>', kind: 'string', default: '$HOME/.orch/cache', description: 'Default cache directory.' },
  { flags: '--certificate-authority <file>', kind: 'string', description: 'Path to a cert file for the certificate authority.' },
  { flags: '--client-certificate <file>', kind: 'string', description: 'Path to a client certificate file for TLS.' },
  { flags: '--client-key <file>', kind: 'string', description: 'Path to a client key file for TLS.' },
  { flags: '--cluster <name>', kind: 'string', description: 'The name of the kubeconfig cluster to use.' },
  { flags: '--context <name>', kind: 'string', description: 'The name of the kubeconfig context to use.' },
  { flags: '--user <name>', kind: 'string', description: 'The name of the kubeconfig user to use.' },
  {
    flags: '--default-not-ready-toleration-seconds <seconds>',
    kind: 'string',
    default: '300',
    description: 'Tolerations for notReady:NoExecute added to every pod that has none.',
  },
  {
    flags: '--default-unreachable-toleration-seconds <seconds>',
    kind: 'string',
    default: '300',
    description: 'Tolerations for unreachable:NoExecute added to every pod that has none.',
  },
  {
    flags: '--disable-compression',
    kind: 'boolean',
    default: false,
    description: 'Opt out of response compression for all requests to the server.',
  },
  {
    flags: '--insecure-skip-tls-verify',
    kind: 'boolean',
    default: false,
    description: "The server's certificate is not checked. This makes your HTTPS connections insecure.",
  },
  { flags: '--kubeconfig <file>', kind: 'string', description: 'Path to the kubeconfig file to use for CLI requests.' },
  {
    flags: '--match-server-version',
    kind: 'boolean',
    default: false,
    description: 'Require the server version to match the client version.',
  },
  { flags: '-n, --namespace <namespace>', kind: 'string', description: 'If present, the namespace scope for this CLI request.' },
  { flags: '--password <password>', kind: 'string', description: 'Password for basic authentication to the API server.' },
  { flags: '--username <username>', kind: 'string', description: 'Username for basic authentication to the API server.' },
  { flags: '--token <token>', kind: 'string', description: 'Bearer token for authentication to the API server.' },
  {
    flags: '--profile <name>',
    kind: 'string',
    default: 'none',
    description: 'Name of profile to capture. One of (none|cpu|heap|goroutine|threadcreate|block|mutex).',
  },
  { flags: '--profile-output <file>', kind: 'string', default: 'profile.pprof', description: 'Name of the file to write the profile to.' },
  {
    flags: '--request-timeout <duration>',
    kind: 'string',
    default: '0',
    description:
      "The length of time to wait before giving up on a single server request. Non-zero values should contain a corresponding time unit (e.g. 1s, 2m, 3h). A value of zero means don't timeout requests.",
  },
  { flags: '-s, --server <address>', kind: 'string', description: 'The address and port of the API server.' },
  { flags: '--tls-server-name <name>', kind: 'string', description: 'Server name to use for server certificate validation.' },
  {
    flags: '--warnings-as-errors',
    kind: 'boolean',
    default: false,
    description: 'Treat warnings received from the server as errors and exit with a non-zero exit code.',
  },
  { flags: '--version [bool]', kind: 'string', description: 'Print version information and quit.' },
  {
    flags: '--storage-driver-buffer-duration <duration>',
    kind: 'string',
    default: '1m0s',
    description: 'Writes in the storage driver will be buffered for this duration.',
  },
  { flags: '--storage-driver-db <name>', kind: 'string', default: 'cadvisor', description: 'database name' },
  { flags: '--storage-driver-host <host>', kind: 'string', default: 'localhost:8086', description: 'database host:port' },
  { flags: '--storage-driver-password <password>', kind: 'string', default: 'root', description: 'database password' },
  { flags: '--storage-driver-secure', kind: 'boolean', default: false, description: 'use secure connection with database' },
  { flags: '--storage-driver-table <table>', kind: 'string', default: 'stats', description: 'table name' },
  { flags: '--storage-driver-user <user>', kind: 'string', default: 'root', description: 'database username' },
  { flags: '-v, --v <level>', kind: 'string', default: '0', description: 'number for the log level verbosity' },
  { flags: '--vmodule <pattern>', kind: 'string', description: 'comma-separated list of pattern=N settings for file-filtered logging' },
  {
    flags: '--log-flush-frequency <duration>',
    kind: 'string',
    default: '5s',
    description: 'Maximum number of seconds between log flushes',
  },
];

/** The parsed inherited options, as commander names them. */
export interface GlobalFlags {
  readonly as?: string;
  readonly asGroup?: string[];
  readonly asUid?: string;
  readonly cacheDir?: string;
  readonly certificateAuthority?: string;
  readonly clientCertificate?: string;
  readonly clientKey?: string;
  readonly cluster?: string;
  readonly context?: string;
  readonly user?: string;
  readonly disableCompression?: boolean;
  readonly insecureSkipTlsVerify?: boolean;
  readonly kubeconfig?: string;
  readonly matchServerVersion?: boolean;
  readonly namespace?: string;
  readonly password?: string;
  readonly username?: string;
  readonly token?: string;
  readonly profile?: string;
  readonly requestTimeout?: string;
  readonly server?: string;
  readonly tlsServerName?: string;
  readonly warningsAsErrors?: boolean;
  readonly v?: string;
}

/** `--request-timeout`: 0 is none; a bare integer is seconds; else a Go duration (1s, 2m, 1m30s, 500ms). */
export function parseTimeout(text: string): number {
  const invalid = new Error(
    'Invalid timeout value. Timeout must be a single integer in seconds, or an integer followed by a corresponding time unit (e.g. 1s | 2m | 3h)',
  );
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const ms = parseDuration(text);
  if (ms === undefined) throw invalid;
  return ms;
}

/** A Go duration in milliseconds (no sign: these are timeouts), or undefined when it is not one. */
export function parseDuration(text: string): number | undefined {
  return /^[+-]/.test(text) ? undefined : goDurationMs(text);
}
