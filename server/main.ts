/** The `orch-apiserver` command. */
import { VERSION_INFO } from '../core/index.ts';
import { HELP, parseFlags, type ServerFlags } from './flags.ts';
import { startServer } from './start.ts';
import { AUTH_HELP, type AuthFlags, isLoopback, parseAuthFlags } from './auth-flags.ts';
import { type HostSecurity, hostSecurity } from './security-config.ts';
import { writeKubeconfig } from './kubeconfig.ts';
import { DEFAULT_DATA_DIR } from './storage/config.ts';

function hostSecurityFor(auth: AuthFlags, flags: ServerFlags): Promise<HostSecurity> {
  const dataDir = flags.storage.dataDir ?? DEFAULT_DATA_DIR;
  return hostSecurity(auth, { dataDir, persistKeys: flags.storage.kind === 'data-dir' });
}
import { describeStorage, openStorage } from './storage/index.ts';

export interface MainHooks {
  /** Called once the server answers and its controllers run (the launcher saves its code cache then). */
  readonly onServing?: () => void;
}

export async function main(argv: readonly string[], hooks: MainHooks = {}): Promise<number> {
  let flags: ServerFlags;
  let auth: AuthFlags;
  try {
    const parsed = parseAuthFlags(argv);
    auth = parsed.flags;
    flags = parseFlags(parsed.rest);
  } catch (err) {
    process.stderr.write(`Error: ${(err as Error).message}\n\nRun 'orch-apiserver --help' for usage.\n`);
    return 1;
  }
  if (flags.help) {
    process.stdout.write(HELP + AUTH_HELP);
    return 0;
  }
  if (flags.version) {
    process.stdout.write(`orch-apiserver ${VERSION_INFO.gitVersion}\n`);
    return 0;
  }
  for (const w of flags.featureGates.warnings) process.stderr.write(`Warning: ${w}\n`);
  let storage: Awaited<ReturnType<typeof openStorage>>;
  try {
    storage = await openStorage(flags.storage);
  } catch (err) {
    // A locked data directory, an unreadable encryption configuration: said plainly, exit 1.
    process.stderr.write(`Error: ${(err as Error).message}\n`);
    return 1;
  }
  let sec: HostSecurity;
  try {
    sec = await hostSecurityFor(auth, flags);
  } catch (err) {
    process.stderr.write(`Error: ${(err as Error).message}\n`);
    return 1;
  }
  if (!isLoopback(flags.bindAddress) && sec.development && !auth.insecureBindWithoutAuth) {
    process.stderr.write(
      `Error: refusing to serve ${flags.bindAddress} without authentication and authorization: anyone who can reach it would be an administrator. Configure --authorization-mode=RBAC with an authenticator (--token-auth-file, --client-ca-file, --service-account-key-file), or pass --insecure-bind-without-auth\n`,
    );
    return 1;
  }
  // Leadership news waits for the greeting, which a reader of the pipe sees whole and first.
  let held: string[] | undefined = [];
  const log = (line: string) => (held ? held.push(line) : process.stdout.write(`${line}\n`));
  const running = await startServer({
    security: sec.security,
    ...(sec.tls ? { tls: sec.tls } : {}),
    storage,
    port: auth.securePort ?? flags.port,
    host: flags.bindAddress,
    shutdownDelayMs: flags.shutdownDelayMs,
    requestTimeoutMs: flags.requestTimeoutMs,
    livezGracePeriodMs: flags.livezGracePeriodMs,
    featureGates: flags.featureGates,
    runtimeConfig: flags.runtimeConfig,
    controllers: flags.controllers,
    podReadyDelayMs: flags.podReadyDelayMs,
    podStopDelayMs: flags.podStopDelayMs,
    ...(flags.leaderElection ? { leaderElection: { ...flags.leaderElection, log } } : {}),
  });
  // One write: a reader of the pipe sees the whole greeting at once, never the URL without the rest.
  const lines = [`orch-apiserver listening on ${running.url}`, describeStorage(flags.storage)];
  const controllers = running.controllers ?? running.electedControllers;
  if (controllers) {
    const skipped = controllers.skipped.map((s) => `; ${s.name} not started: ${s.reason}`).join('');
    const elected = running.electedControllers
      ? ` (while this replica, ${running.electedControllers.identity}, holds the lease ${running.electedControllers.lease})`
      : '';
    lines.push(`controllers: ${controllers.names.join(', ') || 'none'}${elected}${skipped}`);
  }
  if (sec.development) lines.push('local development server: no authentication, every request is allowed (anonymous is cluster-admin)');
  if (auth.writeKubeconfig) {
    writeKubeconfig(auth.writeKubeconfig, {
      server: running.url,
      ...(sec.tls ? { caPem: sec.tls.certPem } : {}),
      ...(sec.adminToken ? { token: sec.adminToken } : {}),
    });
    lines.push(`kubeconfig for orch-admin written to ${auth.writeKubeconfig}`);
  }
  lines.push(
    auth.writeKubeconfig
      ? `try: kubectl --kubeconfig ${auth.writeKubeconfig} get namespaces`
      : `try: kubectl --server ${running.url}${sec.tls ? ' --insecure-skip-tls-verify' : ''} get namespaces`,
  );
  process.stdout.write(`${[...lines, ...held].join('\n')}\n`);
  held = undefined;
  hooks.onServing?.();
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      process.stdout.write(`orch-apiserver: ${signal}, shutting down\n`);
      void running.shutdown().then(resolve);
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  });
  return 0;
}
