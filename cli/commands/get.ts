/**
 * `orchctl get`: tables from the server's Table (`-o wide` adds the other columns), or the objects
 * as json, yaml, name, jsonpath, go-template or custom columns; `-l`, `--field-selector`, `-A`,
 * and `-w` to keep printing changes.
 */
import type { Command } from 'commander';
import { action, type CommandEnv } from '../command.ts';
import { collectionPath, qualifiedKind, type ApiResource } from '../discovery.ts';
import { CliError, errorText, usageError } from '../errors.ts';
import { boolFlag, fileFlags } from '../flags.ts';
import type { JsonObject } from '../objects.ts';
import {
  objectPrinter,
  parseColumns,
  parseColumnsFile,
  printCustomColumns,
  splitOutput,
  TabWriter,
  tableRows,
  type Table,
  type TableOptions,
} from '../printers/index.ts';
import type { Session } from '../session.ts';
import { argTargets, fileTargets, type Target, targetPath } from '../targets.ts';
import { readWatch } from '../watch.ts';

export const TABLE_ACCEPT =
  'application/json;as=Table;v=v1;g=meta.orch.io,application/json;as=Table;v=v1beta1;g=meta.orch.io,application/json';

const FORMATS = [
  'json',
  'yaml',
  'name',
  'go-template',
  'go-template-file',
  'template',
  'templatefile',
  'jsonpath',
  'jsonpath-as-json',
  'jsonpath-file',
  'custom-columns',
  'custom-columns-file',
  'wide',
];

interface GetOptions {
  output?: string;
  template?: string;
  allowMissingTemplateKeys: boolean;
  showManagedFields: boolean;
  selector?: string;
  fieldSelector?: string;
  allNamespaces: boolean;
  watch: boolean;
  watchOnly: boolean;
  showLabels: boolean;
  showKind: boolean;
  labelColumns?: string[];
  headers: boolean;
  ignoreNotFound: boolean;
  chunkSize: string;
  outputWatchEvents: boolean;
  filename?: string[];
  recursive: boolean;
  kustomize?: string;
  subresource?: string;
}

export function register(program: Command, env: CommandEnv): void {
  const cmd = program
    .command('get')
    .usage(
      '[(-o|--output=)json|yaml|name|go-template|go-template-file|template|templatefile|jsonpath|jsonpath-as-json|jsonpath-file|custom-columns|custom-columns-file|wide] (TYPE[.VERSION][.GROUP] [NAME | -l label] | TYPE[.VERSION][.GROUP]/NAME ...) [flags]',
    )
    .description('Display one or many resources.')
    .argument('[args...]');
  cmd.option('-o, --output <format>', `Output format. One of: (${FORMATS.join(', ')}).`);
  cmd.option('--template <template>', 'Template string or path to template file to use when -o=go-template, -o=go-template-file.');
  boolFlag(
    cmd,
    '--allow-missing-template-keys',
    'If true, ignore any errors in templates when a field or map key is missing in the template.',
    true,
  );
  boolFlag(cmd, '--show-managed-fields', 'If true, keep the managedFields when printing objects in JSON or YAML format.');
  cmd.option('-l, --selector <selector>', 'Selector (label query) to filter on.');
  cmd.option('--field-selector <selector>', 'Selector (field query) to filter on.');
  boolFlag(cmd, '-A, --all-namespaces', 'If present, list the requested object(s) across all namespaces.');
  boolFlag(cmd, '-w, --watch', 'After listing/getting the requested object, watch for changes.');
  boolFlag(cmd, '--watch-only', 'Watch for changes to the requested object(s), without listing/getting first.');
  boolFlag(cmd, '--output-watch-events', 'Output watch event objects when --watch or --watch-only is used.');
  boolFlag(cmd, '--show-labels', 'When printing, show all labels as the last column.');
  boolFlag(cmd, '--show-kind', 'If present, list the resource type for the requested object(s).');
  cmd.option(
    '-L, --label-columns <label>',
    'Accepts a comma separated list of labels that are going to be presented as columns.',
    (v: string, p: string[] | undefined) => [...(p ?? []), ...v.split(',')],
  );
  cmd.option('--no-headers', "When using the default or custom-column output format, don't print headers (default print headers).");
  boolFlag(cmd, '--ignore-not-found', 'If set to true, suppresses NotFound error for specific objects that do not exist.');
  cmd.option('--chunk-size <n>', 'Return large lists in chunks rather than all at once.', '500');
  cmd.option('--subresource <name>', 'If specified, gets the subresource of the requested object.');
  fileFlags(cmd, 'get');
  cmd.action(action<GetOptions>((args, o) => runGet(env, args, o)));
}

interface Group {
  resource: ApiResource;
  list: Target | undefined;
  names: Target[];
}

async function runGet(env: CommandEnv, args: string[], o: GetOptions): Promise<void> {
  const io = env.io;
  const session = env.session();
  const [format, arg] = splitOutput(o.output ?? '');
  if (format && !FORMATS.includes(format))
    throw usageError(
      `unable to match a printer suitable for the output format "${format}", allowed formats are: ${FORMATS.filter(
        (f) => f !== 'wide' && !f.startsWith('custom'),
      )
        .sort()
        .join(',')}`,
    );
  const hasFiles = Boolean(o.filename?.length || o.kustomize);
  if (!hasFiles && args.length === 0)
    throw new CliError(
      'You must specify the type of resource to get. Use "orchctl api-resources" for a complete list of supported resources.\n\nerror: Required resource not specified.\nUse "orchctl explain <resource>" for a detailed description of that resource (e.g. orchctl explain pods).\nSee \'orchctl get -h\' for help and examples',
    );
  const targets = [...(hasFiles ? await fileTargets(session, o) : []), ...(await argTargets(session, args, true, o.allNamespaces))];
  const groups: Group[] = [];
  for (const t of targets) {
    let g = groups.find((x) => x.resource === t.resource);
    if (!g) groups.push((g = { resource: t.resource, list: undefined, names: [] }));
    if (t.name === undefined) g.list = t;
    else g.names.push(t);
  }
  const errors: unknown[] = [];
  const ns = await session.namespace();
  const namespaceWide = o.allNamespaces;

  if (!format || format === 'wide') {
    const tableOpts = (r: ApiResource): TableOptions => ({
      wide: format === 'wide',
      withNamespace: namespaceWide && r.namespaced,
      kindPrefix: groups.length > 1 || o.showKind ? qualifiedKind(r) : undefined,
      showLabels: o.showLabels,
      labelColumns: o.labelColumns,
      noHeaders: o.headers === false,
    });
    let printed = 0;
    const writers = new Map<ApiResource, TabWriter>();
    if (!o.watchOnly) {
      let first = true;
      for (const g of groups) {
        const tables = await fetchTables(session, g, o, errors);
        const rows = tables.flatMap((t) => t.rows ?? []);
        if (rows.length === 0) continue;
        const writer = new TabWriter();
        writers.set(g.resource, writer);
        if (!first) io.stdout('\n');
        first = false;
        io.stdout(writer.format(tableRows({ columnDefinitions: tables[0]!.columnDefinitions, rows }, tableOpts(g.resource), true)));
        printed += rows.length;
      }
      if (printed === 0 && errors.length === 0 && groups.every((g) => !g.names.length)) io.stderr(noResources(groups, ns, namespaceWide));
    }
    flushErrors(io, errors);
    if (o.watch || o.watchOnly) await watchTables(session, groups, o, tableOpts, writers);
    if (errors.length) throw new CliError('', 1);
    return;
  }

  // Object outputs: the objects as JSON.
  const objects: JsonObject[] = [];
  for (const g of groups) {
    if (g.list) {
      const list = await session.json<{
        items?: JsonObject[];
        kind?: string;
        apiVersion?: string;
        metadata?: { resourceVersion?: string };
      }>('GET', collectionPath(g.resource, g.list.namespace) + listQuery(o));
      const itemKind = (list.kind ?? '').replace(/List$/, '');
      for (const item of list.items ?? []) objects.push({ apiVersion: list.apiVersion, kind: itemKind, ...item });
    }
    for (const t of g.names) {
      try {
        objects.push(await session.json<JsonObject>('GET', targetPath(t, o.subresource)));
      } catch (err) {
        if (!(o.ignoreNotFound && isNotFound(err))) errors.push(err);
      }
    }
  }
  const single = targets.length === 1 && targets[0]!.name !== undefined;
  if (format === 'custom-columns' || format === 'custom-columns-file') {
    const columns = format === 'custom-columns' ? parseColumns(arg ?? '') : parseColumnsFile(await io.readFile(arg ?? ''));
    if (objects.length) io.stdout(printCustomColumns(columns, objects, o.headers !== false));
    else if (!errors.length) io.stderr(noResources(groups, ns, namespaceWide));
  } else {
    const printer = await objectPrinter(io, o, FORMATS);
    if (printer.isName) for (const obj of objects) io.stdout(printer.print(obj));
    else if (single && objects.length === 1) io.stdout(printer.print(objects[0]!));
    else if (objects.length || !single)
      io.stdout(printer.print({ apiVersion: 'v1', items: objects as never, kind: 'List', metadata: { resourceVersion: '' } }));
  }
  flushErrors(io, errors);
  if (o.watch || o.watchOnly) await watchObjects(session, groups, o);
  if (errors.length) throw new CliError('', 1);
}

function flushErrors(io: { stderr(t: string): void }, errors: unknown[]): void {
  for (const e of errors) io.stderr(errorText(e));
}

function isNotFound(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: number }).code === 404;
}

function listQuery(o: GetOptions, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  if (o.selector) q.set('labelSelector', o.selector);
  if (o.fieldSelector) q.set('fieldSelector', o.fieldSelector);
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : '';
}

async function fetchTables(session: Session, g: Group, o: GetOptions, errors: unknown[]): Promise<Table[]> {
  const tables: Table[] = [];
  if (g.list)
    tables.push(await session.json<Table>('GET', collectionPath(g.resource, g.list.namespace) + listQuery(o), { accept: TABLE_ACCEPT }));
  for (const t of g.names) {
    try {
      tables.push(await session.json<Table>('GET', targetPath(t, o.subresource), { accept: TABLE_ACCEPT }));
    } catch (err) {
      if (!(o.ignoreNotFound && isNotFound(err))) errors.push(err);
    }
  }
  return tables;
}

function noResources(groups: Group[], ns: string, allNamespaces: boolean): string {
  const namespaced = groups.some((g) => g.resource.namespaced);
  return allNamespaces || !namespaced ? 'No resources found\n' : `No resources found in ${ns} namespace.\n`;
}

/** One watch per type, printing each change as a row (widths kept from the listing). */
async function watchTables(
  session: Session,
  groups: Group[],
  o: GetOptions,
  tableOpts: (r: ApiResource) => TableOptions,
  writers: Map<ApiResource, TabWriter>,
): Promise<void> {
  await Promise.all(
    groups.map(async (g) => {
      const writer = writers.get(g.resource) ?? new TabWriter();
      let header = !writers.has(g.resource) && !o.watchOnly ? true : !writers.has(g.resource);
      const ns = g.list?.namespace ?? g.names[0]?.namespace;
      const names = g.names.map((n) => n.name!);
      const extra: Record<string, string> = { watch: 'true' };
      if (names.length === 1) extra.fieldSelector = `metadata.name=${names[0]}`;
      const res = await session.send('GET', collectionPath(g.resource, ns) + listQuery(o, extra), {
        accept: TABLE_ACCEPT,
        signal: session.io.interrupt,
      });
      await readWatch(
        res,
        (e) => {
          if (e.type === 'BOOKMARK') return;
          const table = e.object as Table;
          const rows = tableRows(table, tableOpts(g.resource), header);
          header = false;
          if (o.outputWatchEvents) rows.forEach((r, i) => r.unshift(i === 0 && rows.length > (table.rows?.length ?? 0) ? 'EVENT' : e.type));
          session.io.stdout(writer.format(rows));
        },
        session.io.interrupt,
      );
    }),
  );
}

async function watchObjects(session: Session, groups: Group[], o: GetOptions): Promise<void> {
  const printer = await objectPrinter(session.io, o, FORMATS);
  await Promise.all(
    groups.map(async (g) => {
      const ns = g.list?.namespace ?? g.names[0]?.namespace;
      const extra: Record<string, string> = { watch: 'true' };
      if (g.names.length === 1) extra.fieldSelector = `metadata.name=${g.names[0]!.name}`;
      const res = await session.send('GET', collectionPath(g.resource, ns) + listQuery(o, extra), { signal: session.io.interrupt });
      await readWatch(
        res,
        (e) => {
          if (e.type === 'BOOKMARK') return;
          session.io.stdout(o.outputWatchEvents ? printer.print({ type: e.type, object: e.object } as never) : printer.print(e.object));
        },
        session.io.interrupt,
      );
    }),
  );
}
