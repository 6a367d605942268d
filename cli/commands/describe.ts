/**
 * `orchctl describe (TYPE [NAME_PREFIX | -l label] | TYPE/NAME)`: a readable summary of each object
 * and the Events that involve it: the real client's layout for the kinds in describe/, otherwise
 * name, namespace, labels, annotations, then its fields.
 */
import type { Command } from 'commander';
import { ApiError } from '../../controllers/runtime/client/index.ts';
import { action, type CommandEnv } from '../command.ts';
import { describerFor } from '../describe/index.ts';
import { humanDuration } from '../../core/registry/table.ts';
import { collectionPath } from '../discovery.ts';
import { CliError, errorText, usageError } from '../errors.ts';
import { boolFlag, fileFlags } from '../flags.ts';
import { isObject, type JsonObject } from '../objects.ts';
import { goPrint, TabWriter } from '../printers/index.ts';
import type { Session } from '../session.ts';
import { argTargets, fileTargets, targetPath } from '../targets.ts';

interface Options {
  selector?: string;
  allNamespaces: boolean;
  showEvents: boolean;
  filename?: string[];
  recursive: boolean;
  kustomize?: string;
}

export function register(program: Command, env: CommandEnv): void {
  const cmd = program
    .command('describe')
    .description('Show details of a specific resource or group of resources.')
    .usage('(-f FILENAME | TYPE [NAME_PREFIX | -l label] | TYPE/NAME)')
    .argument('[args...]');
  cmd.option('-l, --selector <selector>', 'Selector (label query) to filter on.');
  boolFlag(cmd, '-A, --all-namespaces', 'If present, list the requested object(s) across all namespaces.');
  boolFlag(cmd, '--show-events', 'If true, display events related to the described object.', true);
  fileFlags(cmd, 'describe');
  cmd.action(
    action<Options>(async (args, o) => {
      const session = env.session();
      const hasFiles = Boolean(o.filename?.length || o.kustomize);
      if (!hasFiles && args.length === 0)
        throw usageError(
          'You must specify the type of resource to describe. Use "orchctl api-resources" for a complete list of supported resources.',
        );
      const targets = [
        ...(hasFiles ? await fileTargets(session, o) : []),
        ...(await argTargets(session, args.slice(0, 1), true, o.allNamespaces)),
      ];
      const prefixes = args.length > 1 && !args[0]!.includes('/') ? args.slice(1) : [];
      const objects: JsonObject[] = [];
      const errors: unknown[] = [];
      for (const t of targets) {
        if (t.name !== undefined) {
          try {
            objects.push(await session.json<JsonObject>('GET', targetPath(t)));
          } catch (err) {
            errors.push(err);
          }
          continue;
        }
        const q = o.selector ? `?labelSelector=${encodeURIComponent(o.selector)}` : '';
        const list = await session.json<{ items?: JsonObject[]; kind?: string; apiVersion?: string }>(
          'GET',
          collectionPath(t.resource, t.namespace) + q,
        );
        let items = (list.items ?? []).map((i) => ({ apiVersion: list.apiVersion, kind: t.resource.kind, ...i }));
        if (prefixes.length) {
          // Each name: the object of that name, else those it prefixes, else NotFound for it.
          const all = items;
          items = [];
          for (const p of prefixes) {
            const exact = all.filter((i) => i.metadata?.name === p);
            const found = exact.length ? exact : all.filter((i) => (i.metadata?.name ?? '').startsWith(p));
            if (found.length === 0) errors.push(new CliError(`Error from server (NotFound): ${t.resource.resource} "${p}" not found`));
            items.push(...found.filter((f) => !items.includes(f)));
          }
        }
        objects.push(...items);
      }
      const texts: string[] = [];
      for (const obj of objects) texts.push(await describeObject(session, obj, o.showEvents));
      env.io.stdout(texts.join('\n\n\n'));
      if (texts.length) env.io.stdout('\n');
      if (objects.length === 0 && errors.length === 0) env.io.stderr(`No resources found in ${await session.namespace()} namespace.\n`);
      if (errors.length) throw new CliError(errors.map((e) => errorText(e).trimEnd()).join('\n'));
    }),
  );
}

async function describeObject(session: Session, obj: JsonObject, showEvents: boolean): Promise<string> {
  const describer = describerFor(obj.apiVersion, obj.kind);
  if (describer) {
    const text = await describer(obj, {
      events: async () => (showEvents ? ((await fetchEvents(session, obj)) ?? []) : undefined),
      list: async (path) => {
        try {
          return (await session.json<{ items?: JsonObject[] }>('GET', path)).items ?? [];
        } catch (err) {
          if (err instanceof ApiError && err.code === 404) return undefined;
          throw err;
        }
      },
      now: session.io.now(),
    });
    // The per-kind text ends with a newline; objects are joined by blank lines below.
    return text.replace(/\n$/, '');
  }
  const meta = obj.metadata ?? {};
  const lines: string[] = [];
  const pad = (label: string) => `${label}:`.padEnd(14);
  lines.push(`${pad('Name')}${meta.name ?? ''}`);
  if (meta.namespace) lines.push(`${pad('Namespace')}${meta.namespace}`);
  lines.push(...mapLines(pad('Labels'), meta.labels));
  lines.push(...mapLines(pad('Annotations'), meta.annotations));
  if (meta.deletionTimestamp) lines.push(`${pad('Terminating')}since ${new Date(meta.deletionTimestamp).toUTCString()}`);
  for (const [k, v] of Object.entries(obj)) {
    if (k === 'apiVersion' || k === 'metadata') continue;
    if (k === 'kind') continue;
    lines.push(...fieldLines(titleCase(k), v, 0));
  }
  if (showEvents) lines.push(...(await eventLines(session, obj)));
  return lines.join('\n');
}

function mapLines(label: string, map: Record<string, string> | undefined): string[] {
  const keys = Object.keys(map ?? {}).sort();
  if (keys.length === 0) return [`${label}<none>`];
  return keys.map((k, i) => `${i === 0 ? label : ' '.repeat(label.length)}${k}=${map![k]}`);
}

function titleCase(k: string): string {
  return k.charAt(0).toUpperCase() + k.slice(1);
}

/** Nested fields indented two spaces per level, as the real client's generic describer prints them. */
function fieldLines(label: string, v: unknown, depth: number): string[] {
  const indent = '  '.repeat(depth);
  if (isObject(v)) {
    const keys = Object.keys(v);
    if (keys.length === 0) return [`${indent}${label}:`];
    return [`${indent}${label}:`, ...keys.flatMap((k) => fieldLines(titleCase(k), v[k], depth + 1))];
  }
  if (Array.isArray(v)) {
    if (v.every((x) => !isObject(x) && !Array.isArray(x))) return [`${indent}${label}:  ${v.map(goPrint).join(', ')}`];
    return [`${indent}${label}:`, ...v.flatMap((x) => fieldLines('-', x, depth + 1).map((l, i) => (i === 0 ? l.replace(/-:$/, '') : l)))];
  }
  return [`${indent}${label}:  ${goPrint(v)}`];
}

/** The events about an object (by name, then by uid); undefined when they cannot be listed. */
async function fetchEvents(session: Session, obj: JsonObject): Promise<JsonObject[] | undefined> {
  const meta = obj.metadata ?? {};
  const q = new URLSearchParams({ fieldSelector: `involvedObject.name=${meta.name ?? ''}` });
  const path = meta.namespace ? `/api/v1/namespaces/${encodeURIComponent(meta.namespace)}/events` : '/api/v1/events';
  let events: JsonObject[];
  try {
    events = (await session.json<{ items?: JsonObject[] }>('GET', `${path}?${q}`)).items ?? [];
  } catch {
    try {
      const all = (await session.json<{ items?: JsonObject[] }>('GET', path)).items ?? [];
      events = all.filter((e) => (e.involvedObject as { name?: string } | undefined)?.name === meta.name);
    } catch {
      return undefined;
    }
  }
  // Events about an earlier object of the same name are not this one's.
  return events.filter((e) => {
    const uid = (e.involvedObject as { uid?: string } | undefined)?.uid;
    const kind = (e.involvedObject as { kind?: string } | undefined)?.kind;
    return (!uid || !meta.uid || uid === meta.uid) && (!kind || !obj.kind || kind === obj.kind);
  });
}

async function eventLines(session: Session, obj: JsonObject): Promise<string[]> {
  const events = await fetchEvents(session, obj);
  if (events === undefined) return ['Events:  <unknown>'];
  if (events.length === 0) return ['Events:  <none>'];
  const now = session.io.now();
  const rows = [
    ['Type', 'Reason', 'Age', 'From', 'Message'],
    ['----', '------', '----', '----', '-------'],
  ];
  for (const e of events) {
    const last = (e.lastTimestamp ?? e.eventTime ?? e.metadata?.creationTimestamp) as string | undefined;
    const source = e.source as { component?: string } | undefined;
    rows.push([
      String(e.type ?? ''),
      String(e.reason ?? ''),
      last ? humanDuration(Math.max(0, now - Date.parse(last))) : '<unknown>',
      String(e.reportingComponent || source?.component || ''),
      String(e.message ?? '').trim(),
    ]);
  }
  return [
    'Events:',
    ...new TabWriter(0, 2)
      .format(rows)
      .trimEnd()
      .split('\n')
      .map((l) => `  ${l}`),
  ];
}
