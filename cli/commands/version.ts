/** `orchctl version [--client] [-o json|yaml]`: the client's version and the server's `/version`. */
import type { Command } from 'commander';
import { action, type CommandEnv } from '../command.ts';
import { usageError } from '../errors.ts';
import { boolFlag } from '../flags.ts';
import { goJson, toYaml } from '../printers/index.ts';
import { CLIENT_VERSION, KUSTOMIZE_VERSION } from '../version.ts';

interface VersionOptions {
  client: boolean;
  output?: string;
}

const CLIENT_INFO = {
  major: '1',
  minor: '32',
  gitVersion: CLIENT_VERSION,
  gitCommit: '',
  gitTreeState: '',
  buildDate: '',
  goVersion: '',
  compiler: 'orchctl',
  platform: 'js',
};

export function register(program: Command, env: CommandEnv): void {
  const cmd = program.command('version').description('Print the client and server version information for the current context.');
  boolFlag(cmd, '--client', 'If true, shows client version only (no server required).');
  cmd.option('-o, --output <format>', "One of 'yaml' or 'json'.");
  cmd.action(
    action<VersionOptions>(async (_args, o) => {
      if (o.output && o.output !== 'json' && o.output !== 'yaml') throw usageError(`--output must be 'yaml' or 'json'`);
      const out: Record<string, unknown> = { clientVersion: CLIENT_INFO, kustomizeVersion: KUSTOMIZE_VERSION };
      if (!o.client) out.serverVersion = await env.session().json('GET', '/version');
      if (o.output === 'json') env.io.stdout(`${goJson(out, 2)}\n`);
      else if (o.output === 'yaml') env.io.stdout(toYaml(out));
      else {
        let text = `Client Version: ${CLIENT_VERSION}\nKustomize Version: ${KUSTOMIZE_VERSION}\n`;
        const server = out.serverVersion as { gitVersion?: string } | undefined;
        if (server) text += `Server Version: ${server.gitVersion ?? ''}\n`;
        env.io.stdout(text);
      }
    }),
  );
}
