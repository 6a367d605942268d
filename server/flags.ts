/** `orch-apiserver` command-line flags, spelled as the real API server spells them. */
import { FeatureGates, RuntimeConfig } from '../core/index.ts';
import { CONTROLLER_NAMES, DEFAULT_CONTROLLERS, parseControllers, UnknownControllerError, type ControllerName } from './controllers.ts';
import { parseDuration } from './duration.ts';
import { validateLeaderElectionConfig } from '../controllers/index.ts';
import { DEFAULT_LEADER_ELECTION, type LeaderElectionSettings } from './leader-election.ts';
import { DEFAULT_DATA_DIR, DEFAULT_ETCD_PREFIX, STORAGE_KINDS, type StorageConfig, type StorageKind } from './storage/config.ts';

export interface ServerFlags {
  readonly port: number;
  readonly bindAddress: string;
  readonly shutdownDelayMs: number;
  /** `--request-timeout`: how long a request's body may take to arrive. */
  readonly requestTimeoutMs: number;
  readonly livezGracePeriodMs: number;
  readonly featureGates: FeatureGates;
  readonly runtimeConfig: RuntimeConfig;
  /** `--storage` with `--data-dir`, `--etcd-*` and `--encryption-provider-config`: where objects live. */
  readonly storage: StorageConfig;
  /** `--controllers`: the controllers to run beside the API (default: all). */
  readonly controllers: readonly ControllerName[];
  /** `--pod-ready-delay`: how long the pod simulator takes to make a pod Ready. */
  readonly podReadyDelayMs: number;
  /** `--pod-stop-delay`: how long a deleted pod's containers take to stop (within its grace period). */
  readonly podStopDelayMs: number;
  /** `--leader-elect` (default true) and its timings: the controllers run only in the replica holding the Lease. */
  readonly leaderElection: LeaderElectionSettings | undefined;
  readonly help: boolean;
  readonly version: boolean;
}

export const HELP = `orch-apiserver: the orch API server (the Kubernetes v1.32 API, k8s.io spelled orch.io) over HTTP.

Usage:
  orch-apiserver [flags]

Flags:
      --bind-address string              address to listen on (default "127.0.0.1")
      --port int                         port to listen on; 0 picks a free one (default 8080)
      --storage string                   where objects live: "data-dir" (default; durable, in --data-dir),
                                         "etcd" (default when --etcd-servers is set) or "memory" (lost at exit)
      --data-dir string                  the data directory of --storage=data-dir (default "${DEFAULT_DATA_DIR}")
      --etcd-servers strings             etcd client URLs, comma separated (--storage=etcd), e.g. http://127.0.0.1:2379
      --etcd-prefix string               the prefix of every key in etcd (default "${DEFAULT_ETCD_PREFIX}")
      --etcd-cafile string               the CA bundle that verifies https etcd servers (default: the system's)
      --etcd-certfile string             a client certificate for etcd (with --etcd-keyfile)
      --etcd-keyfile string              the key of --etcd-certfile
      --etcd-compaction-interval duration
                                         how often old revisions are compacted; 0 turns it off (default 5m0s)
      --encryption-provider-config string
                                         an EncryptionConfiguration file: how Secrets (and other resources) are
                                         encrypted at rest (providers aescbc, aesgcm, secretbox, identity)
      --feature-gates mapStringBool      comma separated key=value pairs, e.g. CBORServingAndStorage=true;
                                         alpha gates default off, beta on; GA gates are locked to true
      --runtime-config mapStringString   comma separated <group>/<version>[/<resource>][=true|false] entries,
                                         e.g. apps/v1=false, api/all=true
      --shutdown-delay-duration duration on SIGTERM, keep serving this long while /readyz fails (default 0s)
      --request-timeout duration   a request whose body has not all arrived by then gets 504 Timeout (default 1m0s)
      --livez-grace-period duration      after start, /livez passes unfinished post-start hooks this long (default 0s)
      --controllers strings              controllers to run beside the API, as a small cluster would: a comma
                                         separated list of names, '*' for those on by default, '-name' to
                                         leave one out; '' or 'none' for none (default "*": ${DEFAULT_CONTROLLERS.join(', ')}).
                                         Known: ${CONTROLLER_NAMES.join(', ')}. resource-claim runs only with
                                         DynamicResourceAllocation=true; flowcontrol keeps FlowSchemas' Dangling condition.
                                         With several replicas on one etcd, --leader-elect runs them in one at a time
      --leader-elect                     run the controllers only while this replica holds the Lease
                                         --leader-elect-resource-namespace/--leader-elect-resource-name, so that of
                                         several replicas one runs them at a time (default true; =false: always run them)
      --leader-elect-lease-duration duration
                                         how long other replicas wait before taking over a lease not renewed (default 15s)
      --leader-elect-renew-deadline duration
                                         how long the leader tries to renew before it stops leading; less than the
                                         lease duration (default 10s)
      --leader-elect-retry-period duration
                                         how often replicas try to take the lease, and the leader renews it (default 2s)
      --leader-elect-resource-namespace string
                                         the namespace of the Lease (default "${DEFAULT_LEADER_ELECTION.namespace}")
      --leader-elect-resource-name string
                                         the name of the Lease (default "${DEFAULT_LEADER_ELECTION.name}")
      --pod-ready-delay duration         how long a simulated pod takes from scheduled to Running and Ready
                                         (pod-lifecycle; default 2s)
      --pod-stop-delay duration          how long a deleted simulated pod stays Terminating before its containers
                                         have stopped, at most its grace period (pod-lifecycle; default 1s)
  -h, --help                             this help
      --version                          print the version and exit

Try it:
  orch-apiserver --port 8080 &
  kubectl --server http://127.0.0.1:8080 get namespaces
`;

export class FlagError extends Error {}

type Setter = (value: string) => void;

export function parseFlags(argv: readonly string[]): ServerFlags {
  let port = 8080;
  let bindAddress = '127.0.0.1';
  let shutdownDelayMs = 0;
  let requestTimeoutMs = 60_000;
  let livezGracePeriodMs = 0;
  let gates = '';
  let runtime = '';
  let storage: StorageKind | undefined;
  let dataDir = DEFAULT_DATA_DIR;
  let etcdServers: string[] = [];
  let etcdPrefix = DEFAULT_ETCD_PREFIX;
  const etcdTls: { caFile?: string; certFile?: string; keyFile?: string } = {};
  let compactionIntervalMs = 5 * 60_000;
  let encryptionProviderConfig: string | undefined;
  let controllers: readonly ControllerName[] = DEFAULT_CONTROLLERS;
  let podReadyDelayMs = 2000;
  let podStopDelayMs = 1000;
  let leaderElect = true;
  let election: { -readonly [K in keyof LeaderElectionSettings]: LeaderElectionSettings[K] } = { ...DEFAULT_LEADER_ELECTION };
  let help = false;
  let version = false;
  const valued: Record<string, Setter> = {
    port: (v) => {
      if (!/^\d+$/.test(v) || Number(v) > 65535)
        throw new FlagError(`invalid argument ${JSON.stringify(v)} for "--port" flag: must be a port number`);
      port = Number(v);
    },
    'secure-port': (v) => valued.port(v),
    'bind-address': (v) => {
      bindAddress = v;
    },
    'shutdown-delay-duration': (v) => {
      shutdownDelayMs = duration('shutdown-delay-duration', v);
    },
    'request-timeout': (v) => {
      requestTimeoutMs = duration('request-timeout', v);
      if (requestTimeoutMs <= 0)
        throw new FlagError(`invalid argument ${JSON.stringify(v)} for "--request-timeout" flag: must be positive`);
    },
    'livez-grace-period': (v) => {
      livezGracePeriodMs = duration('livez-grace-period', v);
    },
    'feature-gates': (v) => {
      gates = gates ? `${gates},${v}` : v;
    },
    'runtime-config': (v) => {
      runtime = runtime ? `${runtime},${v}` : v;
    },
    storage: (v) => {
      if (!(STORAGE_KINDS as readonly string[]).includes(v))
        throw new FlagError(`invalid argument ${JSON.stringify(v)} for "--storage" flag: must be one of ${STORAGE_KINDS.join(', ')}`);
      storage = v as StorageKind;
    },
    'data-dir': (v) => {
      if (!v) throw new FlagError('invalid argument "" for "--data-dir" flag: must not be empty');
      dataDir = v;
    },
    'etcd-servers': (v) => {
      const urls = v.split(',').filter(Boolean);
      for (const u of urls) {
        if (!/^https?:\/\/[^/]+\/?$/.test(u))
          throw new FlagError(
            `invalid argument ${JSON.stringify(v)} for "--etcd-servers" flag: ${JSON.stringify(u)} is not an http(s) URL`,
          );
      }
      etcdServers = [...etcdServers, ...urls];
    },
    'etcd-prefix': (v) => {
      etcdPrefix = v;
    },
    'etcd-cafile': (v) => {
      etcdTls.caFile = v;
    },
    'etcd-certfile': (v) => {
      etcdTls.certFile = v;
    },
    'etcd-keyfile': (v) => {
      etcdTls.keyFile = v;
    },
    'etcd-compaction-interval': (v) => {
      compactionIntervalMs = duration('etcd-compaction-interval', v);
    },
    'encryption-provider-config': (v) => {
      encryptionProviderConfig = v;
    },
    controllers: (v) => {
      try {
        controllers = parseControllers(v);
      } catch (err) {
        if (err instanceof UnknownControllerError)
          throw new FlagError(`invalid argument ${JSON.stringify(v)} for "--controllers" flag: ${err.message}`);
        throw err;
      }
    },
    'pod-ready-delay': (v) => {
      podReadyDelayMs = duration('pod-ready-delay', v);
    },
    'pod-stop-delay': (v) => {
      podStopDelayMs = duration('pod-stop-delay', v);
    },
    'leader-elect': (v) => {
      if (v !== 'true' && v !== 'false')
        throw new FlagError(`invalid argument ${JSON.stringify(v)} for "--leader-elect" flag: must be true or false`);
      leaderElect = v === 'true';
    },
    'leader-elect-lease-duration': (v) => {
      election = { ...election, leaseDurationMs: duration('leader-elect-lease-duration', v) };
    },
    'leader-elect-renew-deadline': (v) => {
      election = { ...election, renewDeadlineMs: duration('leader-elect-renew-deadline', v) };
    },
    'leader-elect-retry-period': (v) => {
      election = { ...election, retryPeriodMs: duration('leader-elect-retry-period', v) };
    },
    'leader-elect-resource-namespace': (v) => {
      election = { ...election, namespace: v };
    },
    'leader-elect-resource-name': (v) => {
      election = { ...election, name: v };
    },
  };
  /** Boolean flags, which may stand alone (`--leader-elect`) or take `=true|false`. */
  const booleans = new Set(['leader-elect']);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '-h' || arg === '--help') {
      help = true;
      continue;
    }
    if (arg === '--version') {
      version = true;
      continue;
    }
    const m = /^--([a-z0-9-]+)(?:=(.*))?$/s.exec(arg);
    if (!m) throw new FlagError(`unknown argument ${JSON.stringify(arg)}`);
    const setter = valued[m[1]];
    if (!setter) throw new FlagError(`unknown flag: --${m[1]}`);
    let value = m[2];
    if (value === undefined && booleans.has(m[1])) value = 'true';
    if (value === undefined) {
      if (i + 1 >= argv.length) throw new FlagError(`flag needs an argument: --${m[1]}`);
      value = argv[++i];
    }
    setter(value);
  }
  const kind: StorageKind = storage ?? (etcdServers.length ? 'etcd' : 'data-dir');
  if (kind === 'etcd' && !etcdServers.length) throw new FlagError('--etcd-servers must be specified with --storage=etcd');
  if (!etcdTls.certFile !== !etcdTls.keyFile) throw new FlagError('--etcd-certfile and --etcd-keyfile must be given together');
  const schemes = new Set(etcdServers.map((u) => u.slice(0, u.indexOf(':'))));
  if (schemes.size > 1) throw new FlagError('--etcd-servers: every URL must be http, or every URL https');
  if (leaderElect) {
    try {
      validateLeaderElectionConfig({ ...election, identity: 'flags' });
    } catch (err) {
      throw new FlagError(`invalid leader election flags: ${(err as Error).message}`);
    }
  }
  return {
    port,
    bindAddress,
    shutdownDelayMs,
    requestTimeoutMs,
    livezGracePeriodMs,
    featureGates: FeatureGates.parse(gates),
    runtimeConfig: RuntimeConfig.parse(runtime),
    storage: {
      kind,
      dataDir,
      etcdServers,
      etcdPrefix,
      compactionIntervalMs,
      encryptionProviderConfig,
      ...(Object.keys(etcdTls).length ? { etcdTls } : {}),
    },
    controllers,
    podReadyDelayMs,
    podStopDelayMs,
    leaderElection: leaderElect ? election : undefined,
    help,
    version,
  };
}

function duration(flag: string, v: string): number {
  try {
    return parseDuration(v);
  } catch (err) {
    throw new FlagError(`invalid argument ${JSON.stringify(v)} for "--${flag}" flag: ${(err as Error).message}`);
  }
}
