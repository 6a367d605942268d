/** What a command module gives the program, and what its action gets. */
import type { Command } from 'commander';
import type { Io } from './io.ts';
import type { Session } from './session.ts';

export interface CommandEnv {
  readonly io: Io;
  /** The session of this invocation (made when first asked: `config` and `version --client` need none). */
  session(): Session;
}

export type Register = (program: Command, env: CommandEnv) => void;

export interface CommandModule {
  readonly register: Register;
}

/**
 * Wraps an action: commander passes the positional arguments, the options and the command; the
 * action gets the positional list and the command's own options.
 */
export function action<O>(fn: (args: string[], opts: O, cmd: Command) => Promise<void>): (...a: unknown[]) => Promise<void> {
  return async (...a: unknown[]) => {
    const cmd = a[a.length - 1] as Command;
    await fn(cmd.args, cmd.opts() as O, cmd);
  };
}

/** Collects a repeatable option's values (`--as-group a --as-group b`). */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), ...value.split(',').filter(Boolean)];
}

/** Collects a repeatable option's values without splitting on commas. */
export function collectWhole(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}
