/** The `orch-apiserver` command. */
import { VERSION_INFO } from '../core/index.ts';
import { HELP, parseFlags, type ServerFlags } from './flags.ts';
import { startServer } from './start.ts';

export interface MainHooks {
  /** Called once the server answers and its controllers run (the launcher saves its code cache then). */
  readonly onServing?: () => void;
}

export async function main(argv: readonly string[], hooks: MainHooks = {}): Promise<number> {
  let flags: ServerFlags;
  try {
    flags = parseFlags(argv);
  } catch (err) {
    process.stderr.write(`Error: ${(err as Error).message}\n\nRun 'orch-apiserver --help' for usage.\n`);
    return 1;
  }
  if (flags.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (flags.version) {
    process.stdout.write(`orch-apiserver ${VERSION_INFO.gitVersion}\n`);
    return 0;
  }
  for (const w of flags.featureGates.warnings) process.stderr.write(`Warning: ${w}\n`);
  if (flags.storage !== 'memory') {
    process.stderr.write(`Error: unsupported --storage ${JSON.stringify(flags.storage)} (supported: memory)\n`);
    return 1;
  }
  const running = await startServer({
    port: flags.port,
    host: flags.bindAddress,
    shutdownDelayMs: flags.shutdownDelayMs,
    livezGracePeriodMs: flags.livezGracePeriodMs,
    featureGates: flags.featureGates,
    runtimeConfig: flags.runtimeConfig,
    controllers: flags.controllers,
    podReadyDelayMs: flags.podReadyDelayMs,
    podStopDelayMs: flags.podStopDelayMs,
  });
  // One write: a reader of the pipe sees the whole greeting at once, never the URL without the rest.
  const lines = [`orch-apiserver listening on ${running.url}`];
  if (running.controllers) {
    const skipped = running.controllers.skipped.map((s) => `; ${s.name} not started: ${s.reason}`).join('');
    lines.push(`controllers: ${running.controllers.names.join(', ') || 'none'}${skipped}`);
  }
  lines.push(`try: kubectl --server ${running.url} get namespaces`);
  process.stdout.write(`${lines.join('\n')}\n`);
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
