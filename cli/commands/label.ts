/** `orchctl label TYPE NAME KEY=VAL ... KEY-`: labels through a merge patch; `labeled`, `unlabeled`, `not labeled`. */
import type { Command } from 'commander';
import { action, type CommandEnv } from '../command.ts';
import { metadataCommand } from './metadata-edit.ts';

export function register(program: Command, env: CommandEnv): void {
  const cmd = program
    .command('label')
    .description('Update the labels on a resource.')
    .usage('[--overwrite] (-f FILENAME | TYPE NAME) KEY_1=VAL_1 ... KEY_N=VAL_N [--resource-version=version]')
    .argument('[args...]');
  metadataCommand(cmd, env, 'labels', action);
}
