/**
 * `orchctl auth can-i VERB TYPE[/NAME] [NAME]`: a SelfSubjectAccessReview; prints `yes` (exit 0)
 * or `no` (exit 1). A server without authorization answers 404, printed as the real client does.
 */
import type { Command } from 'commander';
import { action, type CommandEnv } from '../command.ts';
import { CliError, usageError } from '../errors.ts';
import { boolFlag } from '../flags.ts';

interface Options {
  allNamespaces: boolean;
  subresource?: string;
  quiet: boolean;
  list: boolean;
}

interface Review {
  status?: { allowed?: boolean; denied?: boolean; reason?: string; evaluationError?: string };
}

export function register(program: Command, env: CommandEnv): void {
  const auth = program.command('auth').description('Inspect authorization.');
  const cmd = auth
    .command('can-i')
    .description('Check whether an action is allowed.')
    .usage('VERB [TYPE | TYPE/NAME | NONRESOURCEURL]')
    .argument('[args...]');
  boolFlag(cmd, '-A, --all-namespaces', 'If true, check the specified action in all namespaces.');
  cmd.option('--subresource <name>', 'SubResource such as pod/log or deployment/scale');
  boolFlag(cmd, '-q, --quiet', 'If true, suppress output and just return the exit code.');
  boolFlag(cmd, '--list', 'If true, prints all allowed actions.');
  cmd.action(
    action<Options>(async (args, o) => {
      const session = env.session();
      if (o.list) throw usageError('--list is not supported by orchctl yet');
      if (args.length < 2) throw usageError('you must specify two arguments: verb resource or verb resource/resourceName.');
      const [verb, what, maybeName] = args as [string, string, string | undefined];
      const namespace = o.allNamespaces ? '' : await session.namespace();
      let spec: Record<string, unknown>;
      if (what.startsWith('/')) spec = { nonResourceAttributes: { path: what, verb } };
      else {
        const slash = what.indexOf('/');
        const typeName = slash < 0 ? what : what.slice(0, slash);
        const name = slash < 0 ? (maybeName ?? '') : what.slice(slash + 1);
        const r = typeName === '*' ? undefined : await session.findType(typeName).catch(() => undefined);
        if (typeName !== '*' && !r) env.io.stderr(`Warning: the server doesn't have a resource type '${typeName}'\n\n`);
        spec = {
          resourceAttributes: {
            namespace: r && !r.namespaced ? '' : namespace,
            verb,
            group: r?.group ?? '',
            resource: r?.resource ?? typeName,
            subresource: o.subresource ?? '',
            name,
          },
        };
      }
      const review = await session.json<Review>('POST', '/apis/authorization.orch.io/v1/selfsubjectaccessreviews', {
        body: JSON.stringify({ apiVersion: 'authorization.orch.io/v1', kind: 'SelfSubjectAccessReview', spec }),
        contentType: 'application/json',
      });
      const allowed = Boolean(review.status?.allowed);
      if (!o.quiet) env.io.stdout(allowed ? 'yes\n' : 'no\n');
      if (!allowed) {
        if (!o.quiet && review.status?.reason) env.io.stdout('');
        throw new CliError('', 1);
      }
    }),
  );
}
