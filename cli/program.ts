/**
 * The `orchctl` program: commander with the inherited options, the one command asked for loaded
 * lazily (all of them for help), the real client's wording for usage errors, and the exit code.
 */
import { Command, CommanderError, Option } from 'commander';
import type { CommandEnv, CommandModule } from './command.ts';
import { CliError, errorText, exitCodeOf } from './errors.ts';
import { GLOBAL_OPTIONS, type GlobalFlags } from './globals.ts';
import type { Io } from './io.ts';
import { Session } from './session.ts';
import { CLIENT_VERSION } from './version.ts';

const COMMANDS: Readonly<Record<string, () => Promise<CommandModule>>> = {
  annotate: () => import('./commands/annotate.ts'),
  'api-resources': () => import('./commands/api-resources.ts'),
  'api-versions': () => import('./commands/api-versions.ts'),
  apply: () => import('./commands/apply.ts'),
  auth: () => import('./commands/auth.ts'),
  config: () => import('./commands/config.ts'),
  create: () => import('./commands/create.ts'),
  delete: () => import('./commands/delete.ts'),
  describe: () => import('./commands/describe.ts'),
  edit: () => import('./commands/edit.ts'),
  explain: () => import('./commands/explain.ts'),
  get: () => import('./commands/get.ts'),
  label: () => import('./commands/label.ts'),
  patch: () => import('./commands/patch.ts'),
  rollout: () => import('./commands/rollout.ts'),
  scale: () => import('./commands/scale.ts'),
  version: () => import('./commands/version.ts'),
  wait: () => import('./commands/wait.ts'),
};

export const COMMAND_NAMES = Object.keys(COMMANDS);

/** Global options that take a value, so the command word can be found among the arguments. */
const VALUED = new Set(
  GLOBAL_OPTIONS.filter((o) => o.kind !== 'boolean' && !o.flags.includes('[')).flatMap((o) => o.flags.match(/-{1,2}[\w-]+/g) ?? []),
);

/** Runs one invocation; answers the exit code. Nothing is thrown. */
export async function runOrchctl(argv: readonly string[], io: Io): Promise<number> {
  const args = normalize(argv);
  const name = commandWord(args);
  let session: Session | undefined;
  let program: Command;
  const env: CommandEnv = {
    io,
    session: () => {
      session ??= new Session(io, program.opts() as GlobalFlags);
      return session;
    },
  };
  program = buildProgram(io);
  try {
    const names = name && COMMANDS[name] ? [name] : name ? [] : COMMAND_NAMES;
    for (const m of await Promise.all(names.map((n) => COMMANDS[n]!()))) m.register(program, env);
    if (name && !COMMANDS[name]) throw new CliError(`Error: unknown command "${name}" for "orchctl"\nRun 'orchctl --help' for usage.`);
    if (!name) {
      const v = versionFlag(args);
      if (v) {
        io.stdout(`Client Version: ${CLIENT_VERSION}\n`);
        return 0;
      }
    }
    await program.parseAsync([...args], { from: 'user' });
    if (session && (program.opts() as GlobalFlags).warningsAsErrors && session.warningCount > 0) {
      const n = session.warningCount;
      throw new CliError(`error: ${n} ${n === 1 ? 'warning' : 'warnings'} received`);
    }
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) return commanderFailure(err, name, args, io);
    const text = errorText(err);
    if (text.trim()) io.stderr(text);
    return exitCodeOf(err);
  }
}

function buildProgram(io: Io): Command {
  const program = new Command('orchctl');
  program
    .description('orchctl controls the orch cluster manager.')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout(s), writeErr: (s) => io.stderr(s), outputError: () => undefined })
    .showSuggestionAfterError(false)
    .helpCommand(false)
    .allowExcessArguments(false);
  for (const spec of GLOBAL_OPTIONS) {
    const opt = new Option(spec.flags, spec.description);
    if (spec.kind === 'list') opt.argParser((v: string, prev: string[] | undefined) => [...(prev ?? []), v]);
    if (spec.kind === 'boolean') opt.default(false);
    program.addOption(opt);
  }
  program.action(() => {
    program.outputHelp();
  });
  return program;
}

/**
 * pflag spellings commander does not take: `--flag=true|false` for booleans and `-o=yaml` for
 * short options with values.
 */
function normalize(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (const a of argv) {
    const bool = /^(--[\w-]+)=(true|false)$/i.exec(a);
    if (bool && !VALUED.has(bool[1]!) && !VALUED_COMMAND_FLAGS.has(bool[1]!)) {
      out.push(bool[2]!.toLowerCase() === 'true' ? bool[1]! : `--no-${bool[1]!.slice(2)}`);
      continue;
    }
    const short = /^(-[a-zA-Z])=(.*)$/s.exec(a);
    if (short) {
      out.push(short[1]!, short[2]!);
      continue;
    }
    out.push(a);
  }
  return out;
}

/** Options of commands that take a value and may legitimately be `true`/`false` text. */
const VALUED_COMMAND_FLAGS = new Set([
  '--dry-run',
  '--cascade',
  '--for',
  '--patch',
  '--output',
  '--template',
  '--selector',
  '--type',
  '--namespaced',
  '--embed-certs',
  '--validate',
]);

/** The first argument that is not an inherited option or its value. */
function commandWord(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') return args[i + 1];
    if (a.startsWith('-')) {
      if (!a.includes('=') && VALUED.has(a)) i++;
      continue;
    }
    return a;
  }
  return undefined;
}

function versionFlag(args: readonly string[]): boolean {
  return args.some((a) => a === '--version' || a === '--version=true' || a === '--version=raw');
}

/** Commander's failures in the real client's words. */
function commanderFailure(err: CommanderError, command: string | undefined, args: readonly string[], io: Io): number {
  if (err.code === 'commander.helpDisplayed' || err.code === 'commander.help' || err.code === 'commander.version') return 0;
  const see = `See 'orchctl${command ? ` ${command}` : ''} --help' for usage.`;
  let message = err.message.replace(/^error: /, '');
  switch (err.code) {
    case 'commander.unknownOption': {
      const flag = (/'([^']+)'/.exec(err.message)?.[1] ?? '').replace(/=.*$/s, '');
      message = flag.startsWith('--') ? `unknown flag: ${flag}` : `unknown shorthand flag: '${flag.slice(1, 2)}' in ${flag}`;
      break;
    }
    case 'commander.optionMissingArgument': {
      const flags = /option '([^']+)'/.exec(err.message)?.[1] ?? '';
      const long = /--[\w-]+/.exec(flags)?.[0];
      const short = /^-(\w)\b/.exec(flags)?.[1];
      // Worded after the spelling used, which commander does not say.
      const usedShort = short !== undefined && args.lastIndexOf(`-${short}`) > (long ? args.lastIndexOf(long) : -1);
      message = usedShort ? `flag needs an argument: '${short}' in -${short}` : `flag needs an argument: ${long}`;
      break;
    }
    case 'commander.excessArguments':
      message = `unexpected arguments`;
      break;
  }
  io.stderr(`Error: ${message}\n${see}\n`);
  return 1;
}
