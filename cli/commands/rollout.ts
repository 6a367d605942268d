/**
 * `orchctl rollout status statefulset/NAME`: the real client's StatefulSet status messages, printed
 * as they change until the rollout is complete (`--watch=false`: once).
 */
import type { Command } from 'commander';
import { action, type CommandEnv } from '../command.ts';
import { collectionPath } from '../discovery.ts';
import { CliError, usageError } from '../errors.ts';
import { boolFlag, fileFlags } from '../flags.ts';
import { parseDuration } from '../globals.ts';
import type { JsonObject } from '../objects.ts';
import { argTargets, fileTargets, targetPath } from '../targets.ts';
import { readWatch } from '../watch.ts';

interface Options {
  watch: boolean;
  timeout: string;
  revision: string;
  filename?: string[];
  recursive: boolean;
  kustomize?: string;
}

interface StatefulSetLike {
  metadata?: { generation?: number };
  spec?: { replicas?: number; updateStrategy?: { type?: string; rollingUpdate?: { partition?: number } } };
  status?: {
    observedGeneration?: number;
    readyReplicas?: number;
    updatedReplicas?: number;
    currentReplicas?: number;
    updateRevision?: string;
    currentRevision?: string;
  };
}

/** The status line and whether the rollout is done. */
export function statefulSetStatus(sts: StatefulSetLike): { message: string; done: boolean } {
  const spec = sts.spec ?? {};
  const status = sts.status ?? {};
  const strategy = spec.updateStrategy?.type ?? 'RollingUpdate';
  if (strategy !== 'RollingUpdate') throw new CliError('error: rollout status is only available for RollingUpdate strategy type');
  if (!status.observedGeneration || (sts.metadata?.generation ?? 0) > status.observedGeneration)
    return { message: 'Waiting for statefulset spec update to be observed...', done: false };
  const replicas = spec.replicas ?? 1;
  const ready = status.readyReplicas ?? 0;
  if (ready < replicas) return { message: `Waiting for ${replicas - ready} pods to be ready...`, done: false };
  const partition = spec.updateStrategy?.rollingUpdate?.partition;
  const updated = status.updatedReplicas ?? 0;
  if (partition !== undefined && partition !== 0) {
    if (updated < replicas - partition)
      return {
        message: `Waiting for partitioned roll out to finish: ${updated} out of ${replicas - partition} new pods have been updated...`,
        done: false,
      };
    return { message: `partitioned roll out complete: ${updated} new pods have been updated...`, done: true };
  }
  if (status.updateRevision !== status.currentRevision)
    return {
      message: `waiting for statefulset rolling update to complete ${updated} pods at revision ${status.updateRevision}...`,
      done: false,
    };
  return {
    message: `statefulset rolling update complete ${status.currentReplicas ?? 0} pods at revision ${status.currentRevision}...`,
    done: true,
  };
}

export function register(program: Command, env: CommandEnv): void {
  const rollout = program.command('rollout').description('Manage the rollout of one or many resources.');
  const cmd = rollout
    .command('status')
    .description('Show the status of the rollout.')
    .usage('(TYPE NAME | TYPE/NAME) [flags]')
    .argument('[args...]');
  boolFlag(cmd, '-w, --watch', "Watch the status of the rollout until it's done.", true);
  cmd.option('--timeout <duration>', 'The length of time to wait before ending watch, zero means never.', '0s');
  cmd.option('--revision <n>', 'Pin to a specific revision for showing its status. Defaults to 0 (last revision).', '0');
  fileFlags(cmd, 'get from a server');
  cmd.action(
    action<Options>(async (args, o) => {
      const session = env.session();
      const hasFiles = Boolean(o.filename?.length || o.kustomize);
      const targets = [...(hasFiles ? await fileTargets(session, o) : []), ...(await argTargets(session, args, false))];
      if (targets.length === 0) throw usageError('required resource not specified');
      for (const t of targets) {
        if (t.resource.kind !== 'StatefulSet') throw usageError(`no status viewer has been implemented for ${t.resource.kind}`);
        let obj = await session.json<JsonObject>('GET', targetPath(t));
        let last = '';
        const show = (sts: JsonObject): boolean => {
          const { message, done } = statefulSetStatus(sts as StatefulSetLike);
          if (message !== last) env.io.stdout(`${message}\n`);
          last = message;
          return done;
        };
        if (show(obj) || !o.watch) continue;
        const timeoutMs = parseDuration(o.timeout) ?? 0;
        const signals = [session.io.interrupt, timeoutMs > 0 ? AbortSignal.timeout(timeoutMs) : undefined].filter((s): s is AbortSignal =>
          Boolean(s),
        );
        const q = new URLSearchParams({
          watch: 'true',
          fieldSelector: `metadata.name=${t.name}`,
          resourceVersion: obj.metadata?.resourceVersion ?? '',
        });
        const signal = signals.length ? AbortSignal.any(signals) : undefined;
        const res = await session.send('GET', `${collectionPath(t.resource, t.namespace)}?${q}`, { signal });
        let done = false;
        await readWatch(
          res,
          (e) => {
            if (e.type === 'DELETED') throw new CliError(`error: object has been deleted`);
            if (e.type === 'BOOKMARK') return;
            obj = e.object;
            done = show(obj);
            return !done;
          },
          signal,
        );
        if (!done) throw new CliError('error: timed out waiting for the condition');
      }
    }),
  );
}
