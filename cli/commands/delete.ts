/**
 * `orchctl delete (TYPE NAME | TYPE/NAME | -f FILE | TYPE -l SELECTOR | TYPE --all)`:
 * `--cascade` (background, orphan, foreground), `--grace-period`, `--now`, `--force`, and
 * `--wait` (default) until the objects are gone.
 */
import type { Command } from 'commander';
import { ApiError } from '../../controllers/runtime/client/index.ts';
import { action, type CommandEnv } from '../command.ts';
import { collectionPath } from '../discovery.ts';
import { CliError, errorText, usageError } from '../errors.ts';
import { boolFlag, dryRunFlag, fileFlags, parseDryRun } from '../flags.ts';
import { parseDuration } from '../globals.ts';
import type { JsonObject } from '../objects.ts';
import type { Session } from '../session.ts';
import { argTargets, expandLists, fileTargets, type Target, targetPath } from '../targets.ts';
import { readWatch } from '../watch.ts';

interface DeleteOptions {
  filename?: string[];
  recursive: boolean;
  kustomize?: string;
  selector?: string;
  fieldSelector?: string;
  all: boolean;
  allNamespaces: boolean;
  cascade: string | boolean;
  gracePeriod: string;
  now: boolean;
  force: boolean;
  wait: boolean;
  timeout: string;
  ignoreNotFound: boolean;
  dryRun: string | boolean;
  output?: string;
}

export function register(program: Command, env: CommandEnv): void {
  const cmd = program
    .command('delete')
    .description('Delete resources by file names, stdin, resources and names, or by resources and label selector.')
    .usage('([-f FILENAME] | [-k DIRECTORY] | TYPE [(NAME | -l label | --all)])')
    .argument('[args...]');
  fileFlags(cmd, 'delete');
  cmd.option('-l, --selector <selector>', 'Selector (label query) to filter on.');
  cmd.option('--field-selector <selector>', 'Selector (field query) to filter on.');
  boolFlag(cmd, '--all', 'Delete all resources, in the namespace of the specified resource types.');
  boolFlag(cmd, '-A, --all-namespaces', 'If present, list the requested object(s) across all namespaces.');
  cmd.option('--cascade [strategy]', 'Must be "background", "orphan", or "foreground".', 'background');
  cmd.option(
    '--grace-period <seconds>',
    'Period of time in seconds given to the resource to terminate gracefully. Ignored if negative.',
    '-1',
  );
  boolFlag(cmd, '--now', 'If true, resources are signaled for immediate shutdown (same as --grace-period=1).');
  boolFlag(cmd, '--force', 'If true, immediately remove resources from API and bypass graceful deletion.');
  boolFlag(cmd, '--wait', 'If true, wait for resources to be gone before returning. This waits for finalizers.', true);
  cmd.option(
    '--timeout <duration>',
    'The length of time to wait before giving up on a delete, zero means determine a timeout from the size of the object',
    '0s',
  );
  boolFlag(cmd, '--ignore-not-found', 'Treat "resource not found" as a successful delete.');
  dryRunFlag(cmd);
  cmd.option('-o, --output <format>', 'Output mode. Use "-o name" for shorter output (resource/name).');
  cmd.action(action<DeleteOptions>((args, o) => runDelete(env, args, o)));
}

function cascadePolicy(c: string | boolean): string {
  if (c === true || c === 'true' || c === 'background') return 'Background';
  if (c === false || c === 'false' || c === 'orphan') return 'Orphan';
  if (c === 'foreground') return 'Foreground';
  throw usageError(`invalid cascade value (${c}). Must be "background", "foreground", or "orphan".`);
}

async function runDelete(env: CommandEnv, args: string[], o: DeleteOptions): Promise<void> {
  const session = env.session();
  const io = env.io;
  const dryRun = parseDryRun(o.dryRun);
  const policy = cascadePolicy(o.cascade);
  let grace = Number.parseInt(o.gracePeriod, 10);
  if (Number.isNaN(grace))
    throw usageError(
      `invalid argument "${o.gracePeriod}" for "--grace-period" flag: strconv.ParseInt: parsing "${o.gracePeriod}": invalid syntax`,
    );
  if (o.now) {
    if (grace >= 0) throw usageError('--now and --grace-period cannot be specified together');
    grace = 1;
  }
  if (o.force && grace < 0) grace = 0;
  if (grace === 0 && !o.force) grace = 1;
  if (o.force && grace === 0)
    io.stderr(
      'Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.\n',
    );
  const hasFiles = Boolean(o.filename?.length || o.kustomize);
  if (!hasFiles && args.length === 0)
    throw usageError(
      "You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'",
    );
  let targets: Target[] = [...(hasFiles ? await fileTargets(session, o) : []), ...(await argTargets(session, args, true, o.allNamespaces))];
  const lists = targets.filter((t) => t.name === undefined);
  if (lists.length && !o.all && !o.selector && !o.fieldSelector) throw usageError(`resource(s) were provided, but no name was specified`);
  // Lists (`--all`, `-l`) become the names they hold now.
  targets = await expandLists(session, targets, o);
  if (targets.length === 0 && lists.length) {
    io.stderr('No resources found\n');
    return;
  }
  const failures: string[] = [];
  const deleted: { t: Target; uid?: string }[] = [];
  const suffix = dryRun === 'client' ? ' (dry run)' : dryRun === 'server' ? ' (server dry run)' : '';
  for (const t of targets) {
    try {
      let uid: string | undefined;
      if (dryRun !== 'client') {
        const body: Record<string, unknown> = { kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: policy };
        if (grace >= 0) body.gracePeriodSeconds = grace;
        if (dryRun === 'server') body.dryRun = ['All'];
        const answer = await session.json<JsonObject>('DELETE', targetPath(t), {
          body: JSON.stringify(body),
          contentType: 'application/json',
        });
        uid = answer.kind === 'Status' ? (answer.details as { uid?: string } | undefined)?.uid : answer.metadata?.uid;
      } else await session.json('GET', targetPath(t));
      const kind = t.resource.group ? `${t.resource.kind.toLowerCase()}.${t.resource.group}` : t.resource.kind.toLowerCase();
      io.stdout(o.output === 'name' ? `${kind}/${t.name}\n` : `${kind} "${t.name}" deleted${suffix}\n`);
      deleted.push({ t, uid });
    } catch (err) {
      if (o.ignoreNotFound && err instanceof ApiError && err.code === 404) continue;
      failures.push(errorText(err).trimEnd());
    }
  }
  if (o.wait && dryRun === 'none' && deleted.length) {
    const timeoutMs = parseDuration(o.timeout) || 24 * 3600_000;
    await Promise.all(deleted.map((d) => waitGone(session, d.t, timeoutMs)));
  }
  if (failures.length) throw new CliError(failures.join('\n'));
}

/** Until the object (by name) is gone, following a watch rather than polling. */
export async function waitGone(session: Session, t: Target, timeoutMs: number): Promise<void> {
  const path = targetPath(t);
  let rv: string | undefined;
  try {
    const obj = await session.json<JsonObject>('GET', path);
    rv = obj.metadata?.resourceVersion;
  } catch (err) {
    if (err instanceof ApiError && err.code === 404) return;
    throw err;
  }
  const timeout = AbortSignal.timeout(timeoutMs);
  const signals = [timeout, session.io.interrupt].filter((s): s is AbortSignal => Boolean(s));
  const q = new URLSearchParams({ watch: 'true', fieldSelector: `metadata.name=${t.name}` });
  if (rv) q.set('resourceVersion', rv);
  const signal = AbortSignal.any(signals);
  const res = await session.send('GET', `${collectionPath(t.resource, t.namespace)}?${q}`, { signal });
  let gone = false;
  await readWatch(
    res,
    (e) => {
      if (e.type === 'DELETED') {
        gone = true;
        return false;
      }
    },
    signal,
  );
  if (!gone && timeout.aborted) throw new CliError(`error: timed out waiting for the condition on ${t.resource.resource}/${t.name}`);
}
