/** `orchctl create -f FILE`: POSTs each object; `configmap/x created`, or the object with `-o`. */
import type { Command } from 'commander';
import { ApiError } from '../../controllers/runtime/client/index.ts';
import { action, type CommandEnv, collectWhole } from '../command.ts';
import { collectionPath } from '../discovery.ts';
import { CliError, errorText, usageError } from '../errors.ts';
import { boolFlag, dryRunFlag, fieldManagerFlag, fileFlags, parseDryRun, printFlags } from '../flags.ts';
import { LAST_APPLIED, lastAppliedValue } from '../last-applied.ts';
import type { JsonObject } from '../objects.ts';
import { objectPrinter } from '../printers/index.ts';
import { fileTargets } from '../targets.ts';
import { type GeneratorOptions, isGenerator, runGenerator } from './create-generators.ts';

interface CreateOptions {
  filename?: string[];
  recursive: boolean;
  kustomize?: string;
  output?: string;
  template?: string;
  allowMissingTemplateKeys: boolean;
  showManagedFields: boolean;
  dryRun: string | boolean;
  fieldManager: string;
  saveConfig: boolean;
  validate?: string;
}

export function register(program: Command, env: CommandEnv): void {
  const cmd = program.command('create').description('Create a resource from a file or from stdin.').usage('-f FILENAME');
  fileFlags(cmd, 'use to create the resource');
  printFlags(cmd, 'json, yaml, name, go-template, go-template-file, template, templatefile, jsonpath, jsonpath-as-json, jsonpath-file');
  dryRunFlag(cmd);
  fieldManagerFlag(cmd, 'orchctl-create');
  boolFlag(cmd, '--save-config', 'If true, the configuration of current object will be saved in its annotation.');
  cmd.option('--validate [mode]', 'Must be one of: strict (or true), warn, ignore (or false).', 'strict');
  cmd.option('--from-literal <key=value>', 'create configmap|secret generic: a key and literal value to insert.', collectWhole);
  cmd.option('--from-file <[key=]source>', 'create configmap|secret generic: a file whose content is a value.', collectWhole);
  cmd.argument('[generator...]', 'namespace NAME | configmap NAME | secret generic NAME');
  cmd.action(
    action<CreateOptions & GeneratorOptions>(async (args, o) => {
      if (isGenerator(args)) return runGenerator(env, args, o);
      const session = env.session();
      if (!o.filename?.length && !o.kustomize) throw usageError('must specify one of -f and -k');
      const dryRun = parseDryRun(o.dryRun);
      const printer = await objectPrinter(env.io, o);
      const targets = await fileTargets(session, o);
      const failures: string[] = [];
      for (const t of targets) {
        let obj = t.object as JsonObject;
        if (o.saveConfig)
          obj = {
            ...obj,
            metadata: { ...obj.metadata, annotations: { ...obj.metadata?.annotations, [LAST_APPLIED]: lastAppliedValue(obj) } },
          };
        try {
          let created: JsonObject = obj;
          if (dryRun !== 'client') {
            const q = new URLSearchParams({ fieldManager: o.fieldManager, fieldValidation: validation(o.validate) });
            if (dryRun === 'server') q.set('dryRun', 'All');
            created = await session.json<JsonObject>('POST', `${collectionPath(t.resource, t.namespace)}?${q}`, {
              body: JSON.stringify(obj),
              contentType: 'application/json',
            });
          }
          env.io.stdout(
            printer.print(created, `created${dryRun === 'client' ? ' (dry run)' : dryRun === 'server' ? ' (server dry run)' : ''}`),
          );
        } catch (err) {
          failures.push(errorText(whenDoing(err, 'creating', t.source ?? '')).trimEnd());
        }
      }
      if (failures.length) throw new CliError(failures.join('\n'));
    }),
  );
}

export function validation(v: string | undefined): string {
  if (v === 'warn') return 'Warn';
  if (v === 'ignore' || v === 'false') return 'Ignore';
  return 'Strict';
}

/** The real client's `error when creating "file": ...` wording around a server's answer. */
export function whenDoing(err: unknown, doing: string, source: string): unknown {
  if (err instanceof ApiError && err.code !== 422) {
    return new ApiError({ ...err.status, message: `error when ${doing} "${source}": ${err.status.message ?? ''}` });
  }
  return err;
}
