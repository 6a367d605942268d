/** `orchctl api-versions`: every group/version the server serves, sorted. */
import type { Command } from 'commander';
import { action, type CommandEnv } from '../command.ts';

export function register(program: Command, env: CommandEnv): void {
  program
    .command('api-versions')
    .description('Print the supported API versions on the server, in the form of "group/version".')
    .action(
      action(async () => {
        const s = env.session();
        const [core, groups] = await Promise.all([
          s.json<{ versions?: string[] }>('GET', '/api'),
          s.json<{ groups?: { versions: { groupVersion: string }[] }[] }>('GET', '/apis'),
        ]);
        const all = [...(core.versions ?? []), ...(groups.groups ?? []).flatMap((g) => g.versions.map((v) => v.groupVersion))];
        env.io.stdout(
          all
            .sort()
            .map((v) => `${v}\n`)
            .join(''),
        );
      }),
    );
}
