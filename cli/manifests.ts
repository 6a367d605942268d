/**
 * The objects of `-f`: files (YAML, several documents, or JSON), directories (their .yaml, .yml
 * and .json files; `-R` descends), http(s) URLs and `-` for stdin. A `List` contributes its items.
 */
import { loadAll } from 'js-yaml';
import { usageError } from './errors.ts';
import type { Io } from './io.ts';
import type { JsonObject } from './objects.ts';

export interface Manifest {
  readonly object: JsonObject;
  /** Where it came from (a path, URL or STDIN). */
  readonly source: string;
}

const EXTENSIONS = ['.json', '.yaml', '.yml'];

export async function readManifests(io: Io, filenames: readonly string[], recursive: boolean): Promise<Manifest[]> {
  const out: Manifest[] = [];
  for (const name of filenames) {
    if (name === '-') {
      out.push(...parseManifests(await io.readStdin(), 'STDIN'));
    } else if (/^https?:\/\//.test(name)) {
      let text: string;
      try {
        text = await io.fetchUrl(name);
      } catch (err) {
        throw usageError(`unable to read URL "${name}", server reported ${(err as Error).message}`);
      }
      out.push(...parseManifests(text, name));
    } else {
      const kind = await io.pathKind(name);
      if (kind === 'missing') throw usageError(`the path "${name}" does not exist`);
      if (kind === 'file') out.push(...parseManifests(await io.readFile(name), name));
      else for (const file of await filesIn(io, name, recursive)) out.push(...parseManifests(await io.readFile(file), file));
    }
  }
  return out;
}

async function filesIn(io: Io, dir: string, recursive: boolean): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await io.readDir(dir)) {
    const path = io.join(dir, entry);
    const kind = await io.pathKind(path);
    if (kind === 'dir') {
      if (recursive) files.push(...(await filesIn(io, path, true)));
    } else if (EXTENSIONS.some((e) => entry.endsWith(e))) files.push(path);
  }
  return files;
}

export function parseManifests(text: string, source: string): Manifest[] {
  let docs: unknown[];
  try {
    docs = loadAll(text);
  } catch (err) {
    throw usageError(`error parsing ${source}: error converting YAML to JSON: ${(err as Error).message.split('\n')[0]}`);
  }
  const out: Manifest[] = [];
  for (const doc of docs) {
    if (doc === null || doc === undefined) continue;
    if (typeof doc !== 'object' || Array.isArray(doc)) throw usageError(`error validating data from ${source}: not an object`);
    const obj = doc as JsonObject;
    if (typeof obj.kind !== 'string' || !obj.kind)
      throw usageError(`unable to decode "${source}": Object 'Kind' is missing in '${JSON.stringify(obj)}'`);
    if (obj.kind.endsWith('List') && Array.isArray(obj.items)) {
      for (const item of obj.items) out.push({ object: item as JsonObject, source });
    } else out.push({ object: obj, source });
  }
  return out;
}
