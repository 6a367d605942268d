/**
 * `orchctl wait --for=condition=C[=value] | --for=delete | --for=jsonpath='{expr}'=value TYPE/NAME`:
 * follows a watch of each object until the condition holds (`pod/x condition met`) or the timeout.
 */
import type { Command } from 'commander';
import { ApiError } from '../../controllers/runtime/client/index.ts';
import { action, type CommandEnv } from '../command.ts';
import { collectionPath } from '../discovery.ts';
import { CliError, usageError } from '../errors.ts';
import { boolFlag, fileFlags } from '../flags.ts';
import { parseDuration } from '../globals.ts';
import type { JsonObject } from '../objects.ts';
import { goPrint, JsonPath, relaxedJsonPath } from '../printers/index.ts';
import type { Session } from '../session.ts';
import { argTargets, fileTargets, type Target, targetPath } from '../targets.ts';
import { readWatch } from '../watch.ts';

interface Options {
  for?: string;
  timeout: string;
  selector?: string;
  all: boolean;
  allNamespaces: boolean;
  filename?: string[];
  recursive: boolean;
  kustomize?: string;
}

type Check = (obj: JsonObject | undefined) => boolean;

export function register(program: Command, env: CommandEnv): void {
  const cmd = program
    .command('wait')
    .description('Experimental: Wait for a specific condition on one or many resources.')
    .usage(
      "([-f FILENAME] | resource.group/resource.name | resource.group [(-l label | --all)]) [--for=delete|--for condition=available|--for=jsonpath='{}'[=value]]",
    )
    .argument('[args...]');
  cmd.option(
    '--for <condition>',
    "The condition to wait on: [create|delete|condition=condition-name[=condition-value]|jsonpath='{JSONPath expression}'=[JSONPath value]].",
  );
  cmd.option('--timeout <duration>', 'The length of time to wait before giving up.', '30s');
  cmd.option('-l, --selector <selector>', 'Selector (label query) to filter on.');
  boolFlag(cmd, '--all', 'Select all resources in the namespace of the specified resource types');
  boolFlag(cmd, '-A, --all-namespaces', 'If present, list the requested object(s) across all namespaces.');
  fileFlags(cmd, 'wait on');
  cmd.action(
    action<Options>(async (args, o) => {
      const session = env.session();
      if (!o.for) throw usageError('--for must be specified');
      const { check, isDelete, label } = parseFor(o.for);
      const timeoutMs = parseDuration(o.timeout);
      if (timeoutMs === undefined)
        throw usageError(`invalid argument "${o.timeout}" for "--timeout" flag: time: invalid duration "${o.timeout}"`);
      const hasFiles = Boolean(o.filename?.length || o.kustomize);
      let targets: Target[] = [
        ...(hasFiles ? await fileTargets(session, o) : []),
        ...(await argTargets(session, args, true, o.allNamespaces)),
      ];
      const expanded: Target[] = [];
      for (const t of targets) {
        if (t.name !== undefined) {
          expanded.push(t);
          continue;
        }
        const q = o.selector ? `?labelSelector=${encodeURIComponent(o.selector)}` : '';
        const list = await session.json<{ items?: JsonObject[] }>('GET', collectionPath(t.resource, t.namespace) + q);
        for (const item of list.items ?? [])
          expanded.push({ ...t, name: item.metadata?.name, namespace: item.metadata?.namespace ?? t.namespace });
      }
      targets = expanded;
      if (targets.length === 0) throw usageError('no matching resources found');
      for (const t of targets) {
        const met = await waitFor(session, t, check, isDelete, timeoutMs === 0 ? 1 : timeoutMs);
        if (!met) throw new CliError(`error: timed out waiting for the condition on ${t.resource.resource}/${t.name}`);
        const kind = t.resource.group ? `${t.resource.kind.toLowerCase()}.${t.resource.group}` : t.resource.kind.toLowerCase();
        env.io.stdout(`${kind}/${t.name} ${label}\n`);
      }
    }),
  );
}

function parseFor(spec: string): { check: Check; isDelete: boolean; label: string } {
  const lower = spec.toLowerCase();
  if (lower === 'delete') return { check: (o) => o === undefined, isDelete: true, label: 'condition met' };
  if (lower === 'create') return { check: (o) => o !== undefined, isDelete: false, label: 'condition met' };
  if (lower.startsWith('condition=')) {
    const rest = spec.slice('condition='.length);
    const eq = rest.indexOf('=');
    const name = eq < 0 ? rest : rest.slice(0, eq);
    const want = eq < 0 ? 'true' : rest.slice(eq + 1);
    return {
      isDelete: false,
      label: 'condition met',
      check: (o) => {
        const conditions = ((o?.status as { conditions?: { type: string; status: string }[] } | undefined)?.conditions ?? []) as {
          type: string;
          status: string;
        }[];
        return conditions.some((c) => c.type.toLowerCase() === name.toLowerCase() && c.status.toLowerCase() === want.toLowerCase());
      },
    };
  }
  if (lower.startsWith('jsonpath=')) {
    const rest = spec.slice('jsonpath='.length);
    const m = /^(\{.*\}|[^=]+)(?:=(.*))?$/s.exec(rest);
    if (!m)
      throw usageError(
        `jsonpath wait format must be --for=jsonpath='{.status.readyReplicas}'=3 or --for=jsonpath='{.status.readyReplicas}'`,
      );
    const path = new JsonPath(relaxedJsonPath(m[1]!), true);
    const want = m[2];
    return {
      isDelete: false,
      label: 'condition met',
      check: (o) => {
        if (!o) return false;
        const vals = path.results(o).flat();
        if (want === undefined) return vals.length > 0;
        return vals.length === 1 && goPrint(vals[0]) === want;
      },
    };
  }
  throw usageError(`unrecognized condition: "${spec}"`);
}

async function waitFor(session: Session, t: Target, check: Check, isDelete: boolean, timeoutMs: number): Promise<boolean> {
  let current: JsonObject | undefined;
  try {
    current = await session.json<JsonObject>('GET', targetPath(t));
  } catch (err) {
    if (!(err instanceof ApiError && err.code === 404)) throw err;
    if (!isDelete) throw err;
  }
  if (check(current)) return true;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = AbortSignal.any([timeout, ...(session.io.interrupt ? [session.io.interrupt] : [])]);
  const q = new URLSearchParams({ watch: 'true', fieldSelector: `metadata.name=${t.name}` });
  if (current?.metadata?.resourceVersion) q.set('resourceVersion', current.metadata.resourceVersion);
  const res = await session.send('GET', `${collectionPath(t.resource, t.namespace)}?${q}`, { signal });
  let met = false;
  await readWatch(
    res,
    (e) => {
      const obj = e.type === 'DELETED' ? undefined : e.object;
      if (e.type !== 'BOOKMARK' && check(obj)) {
        met = true;
        return false;
      }
    },
    signal,
  );
  return met;
}
