/** `orchctl scale --replicas=N TYPE NAME`: the scale subresource; `statefulset.apps/web scaled`. */
import type { Command } from 'commander';
import { action, type CommandEnv } from '../command.ts';
import { CliError, errorText, usageError } from '../errors.ts';
import { boolFlag, dryRunFlag, fileFlags, parseDryRun, printFlags } from '../flags.ts';
import type { JsonObject } from '../objects.ts';
import { objectPrinter } from '../printers/index.ts';
import { argTargets, fileTargets, targetPath } from '../targets.ts';

interface Options {
  replicas?: string;
  currentReplicas: string;
  resourceVersion?: string;
  dryRun: string | boolean;
  filename?: string[];
  recursive: boolean;
  kustomize?: string;
  output?: string;
  template?: string;
  allowMissingTemplateKeys: boolean;
  showManagedFields: boolean;
  all: boolean;
  selector?: string;
}

export function register(program: Command, env: CommandEnv): void {
  const cmd = program
    .command('scale')
    .description('Set a new size for a deployment, replica set, replication controller, or stateful set.')
    .usage('[--resource-version=version] [--current-replicas=count] --replicas=COUNT (-f FILENAME | TYPE NAME)')
    .argument('[args...]');
  cmd.option('--replicas <count>', 'The new desired number of replicas. Required.');
  cmd.option(
    '--current-replicas <count>',
    'Precondition for current size. Requires that the current size of the resource match this value in order to scale.',
    '-1',
  );
  cmd.option('--resource-version <version>', 'Precondition for resource version.');
  boolFlag(cmd, '--all', 'Select all resources in the namespace of the specified resource types');
  cmd.option('-l, --selector <selector>', 'Selector (label query) to filter on.');
  dryRunFlag(cmd);
  fileFlags(cmd, 'set a new size');
  printFlags(cmd, 'json, yaml, name, go-template, go-template-file, template, templatefile, jsonpath, jsonpath-as-json, jsonpath-file');
  cmd.action(
    action<Options>(async (args, o) => {
      const session = env.session();
      if (o.replicas === undefined) throw usageError('required flag(s) "replicas" not set');
      const replicas = Number(o.replicas);
      if (!Number.isInteger(replicas) || replicas < 0)
        throw usageError('The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0');
      const dryRun = parseDryRun(o.dryRun);
      const hasFiles = Boolean(o.filename?.length || o.kustomize);
      const targets = [...(hasFiles ? await fileTargets(session, o) : []), ...(await argTargets(session, args, false))];
      if (targets.length === 0) throw usageError('no objects passed to scale');
      const printer = await objectPrinter(env.io, o);
      const failures: string[] = [];
      const current = Number(o.currentReplicas);
      for (const t of targets) {
        try {
          if (current >= 0 || o.resourceVersion) {
            const scale = await session.json<JsonObject>('GET', targetPath(t, 'scale'));
            const have = (scale.spec as { replicas?: number } | undefined)?.replicas ?? 0;
            if (current >= 0 && have !== current) throw new CliError(`error: Expected replicas to be ${current}, was ${have}`);
            if (o.resourceVersion && scale.metadata?.resourceVersion !== o.resourceVersion)
              throw new CliError(`error: Expected resourceVersion to be ${o.resourceVersion}, was ${scale.metadata?.resourceVersion}`);
          }
          let obj: JsonObject;
          if (dryRun === 'client') obj = await session.json<JsonObject>('GET', targetPath(t));
          else {
            const q = new URLSearchParams({ fieldManager: 'orchctl-scale' });
            if (dryRun === 'server') q.set('dryRun', 'All');
            await session.json<JsonObject>('PATCH', `${targetPath(t, 'scale')}?${q}`, {
              body: JSON.stringify({ spec: { replicas } }),
              contentType: 'application/merge-patch+json',
            });
            obj = printer.isName
              ? {
                  apiVersion: t.resource.group ? `${t.resource.group}/${t.resource.version}` : t.resource.version,
                  kind: t.resource.kind,
                  metadata: { name: t.name },
                }
              : await session.json<JsonObject>('GET', targetPath(t));
          }
          const suffix = dryRun === 'client' ? ' (dry run)' : dryRun === 'server' ? ' (server dry run)' : '';
          env.io.stdout(printer.print(obj, `scaled${suffix}`));
        } catch (err) {
          if (targets.length === 1) throw err;
          failures.push(errorText(err).trimEnd());
        }
      }
      if (failures.length) throw new CliError(failures.join('\n'));
    }),
  );
}
