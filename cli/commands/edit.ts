/**
 * `orchctl edit (TYPE NAME | TYPE/NAME)`: the object in $EDITOR as YAML (or JSON with -o json);
 * saved changes are sent as the real client sends them, a two-way patch between what was shown
 * and what was saved: strategic when the server's OpenAPI says the kind takes one, JSON merge
 * otherwise (`configmap/x edited`); none: `Edit cancelled`.
 */
import type { Command } from 'commander';
import { load } from 'js-yaml';
import { action, type CommandEnv } from '../command.ts';
import { CliError, usageError } from '../errors.ts';
import { fieldManagerFlag, fileFlags } from '../flags.ts';
import { type JsonObject, isObject, sortedKeys, withoutManagedFields } from '../objects.ts';
import { fetchPatchSchema, sendPatch } from '../openapi-patch-schema.ts';
import { goJson, nameOf, toYaml } from '../printers/index.ts';
import { NO_SCHEMA, twoWayStrategicPatch } from '../strategic-diff.ts';
import { argTargets, fileTargets, targetPath } from '../targets.ts';

interface Options {
  output?: string;
  fieldManager: string;
  subresource?: string;
  filename?: string[];
  recursive: boolean;
  kustomize?: string;
}

const HEADER = `# Please edit the object below. Lines beginning with a '#' will be ignored,
# and an empty file will abort the edit. If an error occurs while saving this file will be
# reopened with the relevant failures.
#
`;

export function register(program: Command, env: CommandEnv): void {
  const cmd = program
    .command('edit')
    .description('Edit a resource on the server.')
    .usage('(RESOURCE/NAME | -f FILENAME)')
    .argument('[args...]');
  cmd.option('-o, --output <format>', 'Output format. One of: (json, yaml).', 'yaml');
  fieldManagerFlag(cmd, 'orchctl-edit');
  cmd.option('--subresource <name>', 'If specified, edit will operate on the subresource of the requested object.');
  fileFlags(cmd, 'edit');
  cmd.action(
    action<Options>(async (args, o) => {
      const session = env.session();
      const hasFiles = Boolean(o.filename?.length || o.kustomize);
      const targets = [...(hasFiles ? await fileTargets(session, o) : []), ...(await argTargets(session, args, false))];
      if (targets.length === 0) throw usageError('edit requires a resource');
      for (const t of targets) {
        const current = await session.json<JsonObject>('GET', targetPath(t, o.subresource));
        const shown = withoutManagedFields(current);
        const text = HEADER + (o.output === 'json' ? `${goJson(sortedKeys(shown), 4)}\n` : toYaml(shown));
        const edited = await env.io.edit(text, o.output === 'json' ? '.json' : '.yaml');
        const body = edited
          .split('\n')
          .filter((l) => !l.startsWith('#'))
          .join('\n');
        if (!body.trim()) {
          env.io.stdout('Edit cancelled, no changes made.\n');
          continue;
        }
        let next: unknown;
        try {
          next = load(body);
        } catch (err) {
          throw new CliError(`error: the edited file had a syntax error: ${(err as Error).message.split('\n')[0]}`);
        }
        if (!isObject(next)) throw new CliError('error: the edited file is not an object');
        const schema = await fetchPatchSchema(session, t.resource);
        const patch = twoWayStrategicPatch(shown, next, schema ?? NO_SCHEMA);
        if (Object.keys(patch).length === 0) {
          env.io.stdout('Edit cancelled, no changes made.\n');
          continue;
        }
        const renamed = isObject(patch.metadata) && 'name' in patch.metadata;
        if ('apiVersion' in patch || 'kind' in patch || 'managedFields' in patch || renamed)
          throw new CliError('error: At least one of apiVersion, kind and name was changed');
        const q = new URLSearchParams({ fieldManager: o.fieldManager });
        const out = await sendPatch(session, `${targetPath(t, o.subresource)}?${q}`, patch, schema !== undefined, () =>
          twoWayStrategicPatch(shown, next as Record<string, unknown>, NO_SCHEMA),
        );
        env.io.stdout(`${nameOf(out)} edited\n`);
      }
    }),
  );
}
