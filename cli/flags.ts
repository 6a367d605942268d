/** Option groups several commands share, declared once (as the real client's flag sets are). */
import { type Command, Option } from 'commander';
import { collectWhole } from './command.ts';
import { usageError } from './errors.ts';

/** A boolean that also takes `--name=false` (the program turns it into `--no-name`). */
export function boolFlag(cmd: Command, flags: string, description: string, def = false): Command {
  const long = /--([\w-]+)/.exec(flags)![1]!;
  cmd.addOption(new Option(flags, description).default(def));
  cmd.addOption(new Option(`--no-${long}`).hideHelp());
  return cmd;
}

/** -o, --template, --allow-missing-template-keys, --show-managed-fields. */
export function printFlags(cmd: Command, formats: string): Command {
  cmd.option('-o, --output <format>', `Output format. One of: (${formats}).`);
  cmd.option('--template <template>', 'Template string or path to template file to use when -o=go-template, -o=go-template-file.');
  boolFlag(
    cmd,
    '--allow-missing-template-keys',
    'If true, ignore any errors in templates when a field or map key is missing in the template.',
    true,
  );
  boolFlag(cmd, '--show-managed-fields', 'If true, keep the managedFields when printing objects in JSON or YAML format.');
  return cmd;
}

/** -f, -R, -k. */
export function fileFlags(cmd: Command, what: string): Command {
  cmd.option('-f, --filename <file>', `Filename, directory, or URL to files identifying the resource to ${what}.`, collectWhole);
  cmd.option('-k, --kustomize <dir>', `Process the kustomization directory. This flag can't be used together with -f or -R.`);
  boolFlag(cmd, '-R, --recursive', 'Process the directory used in -f, --filename recursively.');
  return cmd;
}

export type DryRun = 'none' | 'server' | 'client';

export function dryRunFlag(cmd: Command): Command {
  cmd.option('--dry-run [strategy]', 'Must be "none", "server", or "client".', 'none');
  return cmd;
}

export function parseDryRun(value: string | boolean | undefined): DryRun {
  if (value === undefined || value === false || value === 'none' || value === 'false') return 'none';
  if (value === true || value === 'client' || value === 'true' || value === 'unchanged') return 'client';
  if (value === 'server') return 'server';
  throw usageError(`Invalid dry-run value (${value}). Must be "none", "server", or "client".`);
}

export function fieldManagerFlag(cmd: Command, def: string): Command {
  cmd.option('--field-manager <name>', 'Name of the manager used to track field ownership.', def);
  return cmd;
}

export const NO_RESOURCES =
  "You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'";
