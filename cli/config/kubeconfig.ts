/**
 * Kubeconfig files in the real format (`apiVersion: v1`, `kind: Config`, named clusters, users and
 * contexts). Several files (KUBECONFIG's list) merge as the real client merges them: the first
 * file that names an entry wins, and the first `current-context` set wins.
 */
import { dump, load } from 'js-yaml';
import type { Io } from '../io.ts';

export interface Cluster {
  server?: string;
  'certificate-authority'?: string;
  'certificate-authority-data'?: string;
  'insecure-skip-tls-verify'?: boolean;
  'tls-server-name'?: string;
  'disable-compression'?: boolean;
}

export interface User {
  token?: string;
  tokenFile?: string;
  username?: string;
  password?: string;
  'client-certificate'?: string;
  'client-certificate-data'?: string;
  'client-key'?: string;
  'client-key-data'?: string;
  as?: string;
  'as-groups'?: string[];
  'as-uid'?: string;
}

export interface Context {
  cluster?: string;
  user?: string;
  namespace?: string;
}

export interface KubeConfig {
  apiVersion: 'v1';
  kind: 'Config';
  preferences: Record<string, unknown>;
  clusters: { name: string; cluster: Cluster }[];
  users: { name: string; user: User }[];
  contexts: { name: string; context: Context }[];
  'current-context': string;
}

export function emptyConfig(): KubeConfig {
  return { apiVersion: 'v1', kind: 'Config', preferences: {}, clusters: [], users: [], contexts: [], 'current-context': '' };
}

/** The files to read, in order: --kubeconfig alone, else $KUBECONFIG's list, else the defaults. */
export function configPaths(io: Io, explicit: string | undefined): { paths: string[]; explicit: boolean } {
  if (explicit) return { paths: [explicit], explicit: true };
  const list = io.env.KUBECONFIG;
  if (list) {
    const sep = list.includes(';') && !list.includes(':/') ? ';' : ':';
    return { paths: [...new Set(list.split(sep).filter(Boolean))], explicit: false };
  }
  return { paths: [io.join(io.home, '.orch/config'), io.join(io.home, '.kube/config')], explicit: false };
}

export function parseConfig(text: string, path: string): KubeConfig {
  let raw: unknown;
  try {
    raw = load(text);
  } catch (err) {
    throw new Error(`error loading config file "${path}": ${(err as Error).message}`);
  }
  const c = emptyConfig();
  if (raw === null || raw === undefined) return c;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new Error(`error loading config file "${path}": not a kubeconfig`);
  const r = raw as Partial<KubeConfig>;
  c.clusters = (r.clusters ?? []).filter((e) => e?.name).map((e) => ({ name: e.name, cluster: e.cluster ?? {} }));
  c.users = (r.users ?? []).filter((e) => e?.name).map((e) => ({ name: e.name, user: e.user ?? {} }));
  c.contexts = (r.contexts ?? []).filter((e) => e?.name).map((e) => ({ name: e.name, context: e.context ?? {} }));
  c['current-context'] = r['current-context'] ?? '';
  c.preferences = r.preferences ?? {};
  return c;
}

/** Reads and merges the files; a missing default file is no error, a missing explicit one is. */
export async function loadConfig(io: Io, explicit: string | undefined): Promise<{ config: KubeConfig; files: string[] }> {
  const { paths, explicit: mustExist } = configPaths(io, explicit);
  const merged = emptyConfig();
  const files: string[] = [];
  for (const path of paths) {
    if ((await io.pathKind(path)) !== 'file') {
      if (mustExist) throw new Error(`stat ${path}: no such file or directory`);
      continue;
    }
    const c = parseConfig(await io.readFile(path), path);
    files.push(path);
    for (const e of c.clusters) if (!merged.clusters.some((m) => m.name === e.name)) merged.clusters.push(e);
    for (const e of c.users) if (!merged.users.some((m) => m.name === e.name)) merged.users.push(e);
    for (const e of c.contexts) if (!merged.contexts.some((m) => m.name === e.name)) merged.contexts.push(e);
    if (!merged['current-context'] && c['current-context']) merged['current-context'] = c['current-context'];
  }
  return { config: merged, files };
}

/** Where `config set-*` and `use-context` write: the explicit file, the first existing one, else the default. */
export async function writablePath(io: Io, explicit: string | undefined): Promise<string> {
  const { paths } = configPaths(io, explicit);
  for (const p of paths) if ((await io.pathKind(p)) === 'file') return p;
  return paths[0] ?? io.join(io.home, '.orch/config');
}

export async function readOne(io: Io, path: string): Promise<KubeConfig> {
  return (await io.pathKind(path)) === 'file' ? parseConfig(await io.readFile(path), path) : emptyConfig();
}

export function configText(c: KubeConfig): string {
  return dump(c, { seqNoIndent: true, lineWidth: -1, quoteStyle: 'double', noRefs: true });
}
