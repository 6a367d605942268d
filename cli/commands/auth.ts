/**
 * `orchctl auth can-i VERB TYPE[/NAME] [NAME]`: a SelfSubjectAccessReview; prints `yes` (exit 0)
 * or `no` (exit 1, with the server's reason). `--list`: a SelfSubjectRulesReview of the namespace,
 * printed as the real client's table. A server without authorization answers 404, printed as the
 * real client does.
 */
import type { Command } from 'commander';
import { accessTable, type RulesReviewStatus } from '../access-rules.ts';
import { action, type CommandEnv } from '../command.ts';
import { CliError, usageError } from '../errors.ts';
import { boolFlag } from '../flags.ts';

interface Options {
  allNamespaces: boolean;
  subresource?: string;
  quiet: boolean;
  list: boolean;
  headers: boolean;
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
  // `--no-headers` is a flag of its own here (not the negation of a `--headers`), as in the real client.
  cmd.option('--no-headers', 'If true, prints allowed actions without headers');
  cmd.action(
    action<Options>(async (args, o) => {
      const session = env.session();
      if (o.list) return list(env, args, o);
      if (args.length !== 2)
        throw usageError(
          "you must specify two arguments: verb resource or verb resource/resourceName.\nSee 'orchctl auth can-i -h' for help and examples.",
        );
      if (!o.headers) throw usageError('--no-headers cannot be set without --list specified');
      const [verb, what] = args as [string, string];
      const namespace = o.allNamespaces ? '' : await session.namespace();
      let spec: Record<string, unknown>;
      if (what.startsWith('/')) spec = { nonResourceAttributes: { path: what, verb } };
      else {
        const slash = what.indexOf('/');
        const typeName = slash < 0 ? what : what.slice(0, slash);
        const name = slash < 0 ? '' : what.slice(slash + 1);
        const r = typeName === '*' ? undefined : await session.findType(typeName).catch(() => undefined);
        if (typeName !== '*' && !r) env.io.stderr(`Warning: the server doesn't have a resource type '${typeName}'\n\n`);
        // The namespace is sent even for a cluster-scoped type (the real client only warns): the
        // authorizer does not know scopes, so a namespaced binding may still answer.
        if (r && !r.namespaced && !o.allNamespaces) {
          const inGroup = r.group ? ` in group '${r.group}'` : '';
          env.io.stderr(`Warning: resource '${r.resource}' is not namespace scoped${inGroup}\n\n`);
        }
        spec = {
          resourceAttributes: {
            namespace,
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
      const status = review.status ?? {};
      const allowed = Boolean(status.allowed);
      if (!o.quiet) {
        const why = [status.reason, status.evaluationError].filter(Boolean).map((t) => ` - ${t}`);
        env.io.stdout(allowed ? 'yes\n' : `no${why.join('')}\n`);
      }
      if (!allowed) throw new CliError('', 1);
    }),
  );
}

async function list(env: CommandEnv, args: readonly string[], o: Options): Promise<void> {
  if (args.length !== 0) throw usageError('list option must be specified with no arguments');
  if (o.quiet || o.allNamespaces || (o.subresource !== undefined && o.subresource !== ''))
    throw usageError("list option can't be specified with neither quiet, all-namespaces nor subresource options");
  const session = env.session();
  const namespace = await session.namespace();
  const review = await session.json<{ status?: RulesReviewStatus }>('POST', '/apis/authorization.orch.io/v1/selfsubjectrulesreviews', {
    body: JSON.stringify({ apiVersion: 'authorization.orch.io/v1', kind: 'SelfSubjectRulesReview', spec: { namespace } }),
    contentType: 'application/json',
  });
  const status = review.status ?? {};
  if (status.incomplete) env.io.stderr(`Warning: the list may be incomplete: ${status.evaluationError ?? ''}\n`);
  env.io.stdout(accessTable(status, !o.headers));
}
