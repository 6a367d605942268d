/**
 * `orchctl create namespace NAME`, `create configmap NAME --from-literal=k=v --from-file=...`,
 * `create secret generic NAME ...`: objects made from flags, as the real client's generators make
 * them (lessons ask learners to type these).
 */
import { ApiError } from '../../controllers/runtime/client/index.ts';
import type { CommandEnv } from '../command.ts';
import { usageError } from '../errors.ts';
import { parseDryRun } from '../flags.ts';
import type { JsonObject } from '../objects.ts';
import { objectPrinter } from '../printers/index.ts';

export interface GeneratorOptions {
  fromLiteral?: string[];
  fromFile?: string[];
  dryRun: string | boolean;
  fieldManager: string;
  output?: string;
  template?: string;
  allowMissingTemplateKeys: boolean;
  showManagedFields: boolean;
}

/** Whether `create` was given a generator (`create configmap NAME ...`) rather than `-f`. */
export function isGenerator(args: readonly string[]): boolean {
  return args.length > 0 && ['namespace', 'ns', 'configmap', 'cm', 'secret'].includes(args[0]!);
}

export async function runGenerator(env: CommandEnv, args: readonly string[], o: GeneratorOptions): Promise<void> {
  const session = env.session();
  let [kind, name] = args;
  if (kind === 'secret') {
    if (args[1] !== 'generic') throw usageError(`only "secret generic" is supported by orchctl`);
    name = args[2];
    kind = 'generic';
  }
  if (!name) throw usageError('NAME is required');
  const dryRun = parseDryRun(o.dryRun);
  const printer = await objectPrinter(env.io, o);
  const namespace = await session.namespace();
  let obj: JsonObject;
  let path: string;
  if (kind === 'namespace' || kind === 'ns') {
    obj = { apiVersion: 'v1', kind: 'Namespace', metadata: { name } };
    path = '/api/v1/namespaces';
  } else if (kind === 'generic') {
    obj = { apiVersion: 'v1', kind: 'Secret', metadata: { name }, data: await data(env, o, true) };
    path = `/api/v1/namespaces/${encodeURIComponent(namespace)}/secrets`;
  } else {
    obj = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: await data(env, o, false) };
    path = `/api/v1/namespaces/${encodeURIComponent(namespace)}/configmaps`;
  }
  // Made here, never stored: the real client prints such an object with a null creationTimestamp.
  let out: JsonObject = { ...obj, metadata: { ...obj.metadata, creationTimestamp: null as never } };
  if (dryRun !== 'client') {
    const q = new URLSearchParams({ fieldManager: o.fieldManager });
    if (dryRun === 'server') q.set('dryRun', 'All');
    try {
      out = await session.json<JsonObject>('POST', `${path}?${q}`, { body: JSON.stringify(obj), contentType: 'application/json' });
    } catch (err) {
      // The real client's generators word a server's refusal as their own failure (sic: no colon for secrets).
      if (err instanceof ApiError && obj.kind === 'ConfigMap') throw usageError(`failed to create configmap: ${err.message}`);
      if (err instanceof ApiError && obj.kind === 'Secret') throw usageError(`failed to create secret ${err.message}`);
      throw err;
    }
  }
  env.io.stdout(printer.print(out, `created${dryRun === 'client' ? ' (dry run)' : dryRun === 'server' ? ' (server dry run)' : ''}`));
}

async function data(env: CommandEnv, o: GeneratorOptions, encode: boolean): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const put = (k: string, v: string) => {
    if (k in out) throw usageError(`cannot add key ${k}, another key by that name already exists in Data`);
    out[k] = encode ? btoa(String.fromCharCode(...new TextEncoder().encode(v))) : v;
  };
  for (const l of o.fromLiteral ?? []) {
    const eq = l.indexOf('=');
    if (eq <= 0) throw usageError(`invalid literal source ${l}, expected key=value`);
    put(l.slice(0, eq), l.slice(eq + 1));
  }
  for (const f of o.fromFile ?? []) {
    const eq = f.indexOf('=');
    const path = eq > 0 ? f.slice(eq + 1) : f;
    const key = eq > 0 ? f.slice(0, eq) : (path.split('/').pop() ?? path);
    let text: string;
    try {
      text = await env.io.readFile(path);
    } catch {
      throw usageError(`error reading ${path}: no such file or directory`);
    }
    put(key, text);
  }
  return out;
}
