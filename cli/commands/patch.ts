/**
 * `orchctl patch (-f FILENAME | TYPE NAME) [-p PATCH | --patch-file FILE]`: every option of the
 * Resource Kinds document's table with its default, worded and printed as the real client's patch.
 */
import type { Command } from 'commander';
import { load } from 'js-yaml';
import { ApiError } from '../../controllers/runtime/client/index.ts';
import { action, type CommandEnv } from '../command.ts';
import { CliError, errorText, usageError } from '../errors.ts';
import { boolFlag, dryRunFlag, fieldManagerFlag, fileFlags, NO_RESOURCES, parseDryRun, printFlags } from '../flags.ts';
import { applyLocally, type PatchType } from '../local-patch.ts';
import { type JsonObject, sortedKeys } from '../objects.ts';
import { objectPrinter } from '../printers/index.ts';
import { argTargets, fileTargets, type Target, targetPath } from '../targets.ts';

export interface PatchOptions {
  allowMissingTemplateKeys: boolean;
  dryRun: string | boolean;
  fieldManager: string;
  filename?: string[];
  kustomize?: string;
  local: boolean;
  output?: string;
  patch?: string;
  patchFile?: string;
  recursive: boolean;
  showManagedFields: boolean;
  subresource?: string;
  template?: string;
  type: string;
}

const CONTENT_TYPES: Readonly<Record<PatchType, string>> = {
  json: 'application/json-patch+json',
  merge: 'application/merge-patch+json',
  strategic: 'application/strategic-merge-patch+json',
};

export function register(program: Command, env: CommandEnv): void {
  const cmd = program
    .command('patch')
    .usage('(-f FILENAME | TYPE NAME) [-p PATCH|--patch-file FILE]')
    .description('Update fields of a resource using strategic merge patch, a JSON merge patch, or a JSON patch.')
    .argument('[args...]');
  printFlags(cmd, 'json, yaml, name, go-template, go-template-file, template, templatefile, jsonpath, jsonpath-as-json, jsonpath-file');
  dryRunFlag(cmd);
  fieldManagerFlag(cmd, 'orchctl-patch');
  fileFlags(cmd, 'update');
  boolFlag(cmd, '--local', 'If true, patch will operate on the content of the file, not the server-side resource.');
  cmd.option('-p, --patch <patch>', 'The patch to be applied to the resource JSON file.');
  cmd.option('--patch-file <file>', 'A file containing a patch to be applied to the resource.');
  cmd.option('--subresource <name>', 'If specified, patch will operate on the subresource of the requested object.');
  cmd.option('--type <type>', 'The type of patch being provided; one of [json merge strategic]', 'strategic');
  cmd.action(action<PatchOptions>((args, opts) => runPatch(env, args, opts)));
}

export async function runPatch(env: CommandEnv, args: string[], o: PatchOptions): Promise<void> {
  const io = env.io;
  const session = env.session();
  if (!['json', 'merge', 'strategic'].includes(o.type)) throw usageError(`--type must be one of [json merge strategic], not "${o.type}"`);
  const type = o.type as PatchType;
  const dryRun = parseDryRun(o.dryRun);
  if (o.patch !== undefined && o.patchFile !== undefined) throw usageError('cannot specify --patch and --patch-file together');
  let text = o.patch ?? '';
  if (o.patchFile !== undefined) {
    try {
      text = await io.readFile(o.patchFile);
    } catch {
      throw usageError(`unable to read patch file: open ${o.patchFile}: no such file or directory`);
    }
  }
  if (!text.trim()) throw usageError('must specify --patch or --patch-file containing the contents of the patch');
  if (o.local && args.length) throw usageError('cannot specify --local and server resources');
  const printer = await objectPrinter(io, o);
  const body = patchJson(text);

  const hasFiles = Boolean(o.filename?.length || o.kustomize);
  if (!hasFiles && args.length === 0) throw usageError(NO_RESOURCES);
  const targets: Target[] = [
    ...(hasFiles ? await fileTargets(session, o, !o.local) : []),
    ...(args.length ? await argTargets(session, args, false) : []),
  ];
  if (targets.length === 0) throw usageError('no objects passed to patch');

  const failures: unknown[] = [];
  for (const t of targets) {
    try {
      io.stdout(await patchOne(env, t, type, body, dryRun, o, printer));
    } catch (err) {
      if (targets.length === 1) throw err;
      failures.push(err);
    }
  }
  if (failures.length) throw new CliError(failures.map((f) => errorText(f).trimEnd()).join('\n'));
}

async function patchOne(
  env: CommandEnv,
  t: Target,
  type: PatchType,
  body: string,
  dryRun: 'none' | 'server' | 'client',
  o: PatchOptions,
  printer: Awaited<ReturnType<typeof objectPrinter>>,
): Promise<string> {
  const session = env.session();
  const path = targetPath(t, o.subresource);
  let before: JsonObject;
  if (o.local) {
    before = t.object ?? {};
  } else {
    before = await session.json<JsonObject>('GET', path);
  }
  let after: JsonObject;
  if (o.local || dryRun === 'client') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch (err) {
      throw usageError(`unable to parse patch: ${(err as Error).message}`);
    }
    after = await applyLocally(before, type, parsed);
  } else {
    const query = new URLSearchParams();
    if (dryRun === 'server') query.set('dryRun', 'All');
    query.set('fieldManager', o.fieldManager);
    query.set('fieldValidation', 'Strict');
    try {
      after = await session.json<JsonObject>('PATCH', `${path}?${query}`, { body, contentType: CONTENT_TYPES[type] });
    } catch (err) {
      if (err instanceof ApiError && err.code === 415)
        throw new CliError(
          `error: ${type === 'strategic' ? 'application/strategic-merge-patch+json' : CONTENT_TYPES[type]} is not supported by ${t.resource.group ? `${t.resource.group}/` : ''}${t.resource.version}, Kind=${t.resource.kind}: ${err.message}`,
        );
      throw err;
    }
  }
  const changed = JSON.stringify(sortedKeys(before)) !== JSON.stringify(sortedKeys(after));
  if (!after.kind)
    after = {
      ...after,
      kind: t.resource.kind,
      apiVersion: t.resource.group ? `${t.resource.group}/${t.resource.version}` : t.resource.version,
    };
  return printer.print(after, changed ? 'patched' : 'patched (no change)');
}

/**
 * The patch as JSON text. Text that looks like JSON is sent as given (the server words its
 * errors); other text is read as YAML, as the real client does.
 */
export function patchJson(text: string): string {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) return text;
  let value: unknown;
  try {
    value = load(text);
  } catch (err) {
    throw usageError(`unable to parse "${text}": yaml: ${(err as Error).message.split('\n')[0]}`);
  }
  return JSON.stringify(value ?? null);
}
