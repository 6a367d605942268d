/** What `label` and `annotate` share: KEY=VAL and KEY- arguments, --overwrite, --list, -l/--all, and the patch. */
import type { Command } from 'commander';
import type { action as actionFn, CommandEnv } from '../command.ts';
import { CliError, errorText, usageError } from '../errors.ts';
import { boolFlag, dryRunFlag, fieldManagerFlag, fileFlags, parseDryRun, printFlags } from '../flags.ts';
import type { JsonObject } from '../objects.ts';
import { objectPrinter } from '../printers/index.ts';
import { argTargets, expandLists, fileTargets, type Target, targetPath } from '../targets.ts';

interface Options {
  overwrite: boolean;
  list: boolean;
  local: boolean;
  all: boolean;
  allNamespaces: boolean;
  selector?: string;
  fieldSelector?: string;
  resourceVersion?: string;
  dryRun: string | boolean;
  fieldManager: string;
  filename?: string[];
  recursive: boolean;
  kustomize?: string;
  output?: string;
  template?: string;
  allowMissingTemplateKeys: boolean;
  showManagedFields: boolean;
}

export function metadataCommand(cmd: Command, env: CommandEnv, field: 'labels' | 'annotations', action: typeof actionFn): void {
  const verb = field === 'labels' ? 'label' : 'annotate';
  boolFlag(cmd, '--overwrite', `If true, allow ${field} to be overwritten, otherwise reject updates that overwrite existing ${field}.`);
  boolFlag(cmd, '--list', `If true, display the ${field} for a given resource.`);
  boolFlag(cmd, '--local', `If true, ${verb} will NOT contact api-server but run locally.`);
  boolFlag(cmd, '--all', 'Select all resources, in the namespace of the specified resource types');
  boolFlag(cmd, '-A, --all-namespaces', 'If true, check the specified action in all namespaces.');
  cmd.option('-l, --selector <selector>', 'Selector (label query) to filter on.');
  cmd.option('--field-selector <selector>', 'Selector (field query) to filter on.');
  cmd.option(
    '--resource-version <version>',
    'If non-empty, the update will only succeed if this is the current resource-version for the object.',
  );
  dryRunFlag(cmd);
  fieldManagerFlag(cmd, `orchctl-${verb === 'label' ? 'label' : 'annotate'}`);
  fileFlags(cmd, `update the ${field}`);
  printFlags(cmd, 'json, yaml, name, go-template, go-template-file, template, templatefile, jsonpath, jsonpath-as-json, jsonpath-file');
  cmd.action(
    action<Options>(async (args, o) => {
      const session = env.session();
      const io = env.io;
      const dryRun = parseDryRun(o.dryRun);
      const changes = args.filter((a) => a.includes('=') || (a.endsWith('-') && !a.includes('/')));
      const resourceArgs = args.filter((a) => !changes.includes(a));
      const set: Record<string, string> = {};
      const remove: string[] = [];
      for (const c of changes) {
        if (c.includes('=')) {
          const eq = c.indexOf('=');
          set[c.slice(0, eq)] = c.slice(eq + 1);
        } else remove.push(c.slice(0, -1));
      }
      if (!o.list && changes.length === 0)
        throw usageError(`at least one ${field === 'labels' ? 'label' : 'annotation'} update is required`);
      const hasFiles = Boolean(o.filename?.length || o.kustomize);
      if (!hasFiles && resourceArgs.length === 0)
        throw usageError('one or more resources must be specified as <resource> <name> or <resource>/<name>');
      let targets: Target[] = [
        ...(hasFiles ? await fileTargets(session, o, !o.local) : []),
        ...(await argTargets(session, resourceArgs, o.all || Boolean(o.selector), o.allNamespaces)),
      ];
      targets = await expandLists(session, targets, o);
      const printer = await objectPrinter(io, o);
      const failures: string[] = [];
      for (const t of targets) {
        try {
          const current = o.local ? (t.object as JsonObject) : await session.json<JsonObject>('GET', targetPath(t));
          const existing = (current.metadata?.[field] ?? {}) as Record<string, string>;
          if (o.list) {
            for (const k of Object.keys(existing).sort()) io.stdout(`${k}=${existing[k]}\n`);
            continue;
          }
          if (!o.overwrite)
            for (const [k, v] of Object.entries(set))
              if (k in existing && existing[k] !== v)
                throw usageError(`'${k}' already has a value (${existing[k]}), and --overwrite is false`);
          const next: Record<string, string> = { ...existing, ...set };
          for (const k of remove) delete next[k];
          const patchValues: Record<string, string | null> = { ...set };
          for (const k of remove) patchValues[k] = null;
          let result: JsonObject;
          if (o.local || dryRun === 'client') result = { ...current, metadata: { ...current.metadata, [field]: next } };
          else {
            const q = new URLSearchParams({ fieldManager: o.fieldManager });
            if (dryRun === 'server') q.set('dryRun', 'All');
            const patch: Record<string, unknown> = { [field]: patchValues };
            if (o.resourceVersion) patch.resourceVersion = o.resourceVersion;
            result = await session.json<JsonObject>('PATCH', `${targetPath(t)}?${q}`, {
              body: JSON.stringify({ metadata: patch }),
              contentType: 'application/merge-patch+json',
            });
          }
          const changed = JSON.stringify(existing) !== JSON.stringify((result.metadata?.[field] ?? {}) as object);
          let op = field === 'annotations' ? 'annotated' : changed ? 'labeled' : 'not labeled';
          if (field === 'labels' && changed && !o.overwrite && Object.keys(next).length < Object.keys(existing).length) op = 'unlabeled';
          io.stdout(printer.print(result, op));
        } catch (err) {
          if (targets.length === 1) throw err;
          failures.push(errorText(err).trimEnd());
        }
      }
      if (failures.length) throw new CliError(failures.join('\n'));
    }),
  );
}
