/**
 * `orchctl apply -f FILE`: client-side apply (the last-applied annotation and a three-way merge
 * patch; `created`, `configured`, `unchanged`), or `--server-side` apply under a field manager
 * (`serverside-applied`), taking contested fields with `--force-conflicts`.
 */
import type { Command } from 'commander';
import { ApiError } from '../../controllers/runtime/client/index.ts';
import { action, type CommandEnv } from '../command.ts';
import { collectionPath } from '../discovery.ts';
import { CliError, errorText, usageError } from '../errors.ts';
import { boolFlag, dryRunFlag, fileFlags, parseDryRun, printFlags } from '../flags.ts';
import { LAST_APPLIED, lastAppliedValue } from '../last-applied.ts';
import { fetchPatchSchema, sendPatch } from '../openapi-patch-schema.ts';
import { isObject, type JsonObject } from '../objects.ts';
import { objectPrinter } from '../printers/index.ts';
import type { Session } from '../session.ts';
import { NO_SCHEMA, threeWayStrategicPatch } from '../strategic-diff.ts';
import { fileTargets, type Target, targetPath } from '../targets.ts';
import { validation, whenDoing } from './create.ts';

interface ApplyOptions {
  filename?: string[];
  recursive: boolean;
  kustomize?: string;
  output?: string;
  template?: string;
  allowMissingTemplateKeys: boolean;
  showManagedFields: boolean;
  dryRun: string | boolean;
  fieldManager?: string;
  serverSide: boolean;
  forceConflicts: boolean;
  validate?: string;
}

export function register(program: Command, env: CommandEnv): void {
  const cmd = program
    .command('apply')
    .description('Apply a configuration to a resource by file name or stdin.')
    .usage('(-f FILENAME | -k DIRECTORY)');
  fileFlags(cmd, 'use to create the resource');
  printFlags(cmd, 'json, yaml, name, go-template, go-template-file, template, templatefile, jsonpath, jsonpath-as-json, jsonpath-file');
  dryRunFlag(cmd);
  cmd.option('--field-manager <name>', 'Name of the manager used to track field ownership.');
  boolFlag(cmd, '--server-side', 'If true, apply runs in the server instead of the client.');
  boolFlag(cmd, '--force-conflicts', 'If true, server-side apply will force the changes against conflicts.');
  cmd.option('--validate [mode]', 'Must be one of: strict (or true), warn, ignore (or false).', 'strict');
  cmd.action(
    action<ApplyOptions>(async (_args, o) => {
      const session = env.session();
      if (!o.filename?.length && !o.kustomize) throw usageError('error: must specify one of -f and -k'.replace(/^error: /, ''));
      if (o.forceConflicts && !o.serverSide) throw usageError('--force-conflicts only works with --server-side');
      const dryRun = parseDryRun(o.dryRun);
      const printer = await objectPrinter(env.io, o);
      const targets = await fileTargets(session, o);
      const failures: string[] = [];
      const suffix = dryRun === 'client' ? ' (dry run)' : dryRun === 'server' ? ' (server dry run)' : '';
      for (const t of targets) {
        try {
          const [obj, op] = o.serverSide ? await serverSide(session, t, o, dryRun) : await clientSide(session, t, o, dryRun);
          env.io.stdout(printer.print(obj, `${op}${suffix}`));
        } catch (err) {
          failures.push(errorText(whenDoing(conflictHelp(err), o.serverSide ? 'patching' : 'applying', t.source ?? '')).trimEnd());
        }
      }
      if (failures.length) throw new CliError(failures.join('\n'));
    }),
  );
}

function query(o: ApplyOptions, dryRun: string, fieldManager: string, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams({ fieldManager, fieldValidation: validation(o.validate), ...extra });
  if (dryRun === 'server') q.set('dryRun', 'All');
  return q.toString();
}

async function serverSide(session: Session, t: Target, o: ApplyOptions, dryRun: string): Promise<[JsonObject, string]> {
  const obj = t.object as JsonObject;
  if (dryRun === 'client') return [obj, 'serverside-applied'];
  const q = query(o, dryRun, o.fieldManager ?? 'orchctl', o.forceConflicts ? { force: 'true' } : {});
  const out = await session.json<JsonObject>('PATCH', `${targetPath(t)}?${q}`, {
    body: JSON.stringify(obj),
    contentType: 'application/apply-patch+yaml',
  });
  return [out, 'serverside-applied'];
}

async function clientSide(session: Session, t: Target, o: ApplyOptions, dryRun: string): Promise<[JsonObject, string]> {
  const given = t.object as JsonObject;
  const applied = lastAppliedValue(given);
  const modified: JsonObject = {
    ...given,
    metadata: { ...given.metadata, annotations: { ...given.metadata?.annotations, [LAST_APPLIED]: applied } },
  };
  const manager = o.fieldManager ?? 'orchctl-client-side-apply';
  let current: JsonObject | undefined;
  if (t.name) {
    try {
      current = await session.json<JsonObject>('GET', targetPath(t));
    } catch (err) {
      if (!(err instanceof ApiError && err.code === 404)) throw err;
    }
  }
  if (!current) {
    if (dryRun === 'client') return [modified, 'created'];
    const created = await session.json<JsonObject>('POST', `${collectionPath(t.resource, t.namespace)}?${query(o, dryRun, manager)}`, {
      body: JSON.stringify(modified),
      contentType: 'application/json',
    });
    return [created, 'created'];
  }
  const lastText = current.metadata?.annotations?.[LAST_APPLIED];
  let original: Record<string, unknown> = {};
  try {
    const parsed: unknown = lastText ? JSON.parse(lastText) : {};
    if (isObject(parsed)) original = parsed;
  } catch {
    original = {};
  }
  // As the real client: a strategic merge patch when the server's OpenAPI says the kind takes one
  // (lists merged by their keys), a JSON merge patch otherwise (custom resources).
  const schema = await fetchPatchSchema(session, t.resource);
  const patch = threeWayStrategicPatch(original, modified, current, schema ?? NO_SCHEMA);
  if (Object.keys(patch).length === 0) return [current, 'unchanged'];
  if (dryRun === 'client') return [current, 'configured'];
  const out = await sendPatch(session, `${targetPath(t)}?${query(o, dryRun, manager)}`, patch, schema !== undefined, () =>
    threeWayStrategicPatch(original, modified, current, NO_SCHEMA),
  );
  return [out, 'configured'];
}

/** A server-side apply conflict, with the ways out the real client lists. */
function conflictHelp(err: unknown): unknown {
  if (!(err instanceof ApiError) || err.code !== 409 || !/conflict/i.test(err.message) || err.reason === 'AlreadyExists') return err;
  return new CliError(
    `error: ${err.status.message ?? ''}\nPlease review the fields above--they currently have other managers. Here\nare the ways you can resolve this warning:\n* If you intend to manage all of these fields, please re-run the apply\n  command with the \`--force-conflicts\` flag.\n* If you do not intend to manage all of the fields, please edit your\n  manifest to remove references to the fields that should keep their\n  current managers.\n* You may co-own fields by updating your manifest to match the existing\n  value; in this case, you'll become the manager if the other manager(s)\n  stop managing the field (remove it from their configuration).\nSee https://kubernetes.io/docs/reference/using-api/server-side-apply/#conflicts`,
  );
}
