/**
 * CRDs from files, as envtest's CRD directory paths: a path is a YAML or JSON file (any number of
 * documents) or a directory whose `.yaml`, `.yml` and `.json` files are read in name order (not
 * its subdirectories). Documents that are not CustomResourceDefinitions are skipped, as envtest
 * skips them; a path that does not exist is an error.
 *
 * Node only. The runtime is also bundled for the browser, so the file system is reached through
 * `process.getBuiltinModule` at call time instead of an import a bundler would follow.
 */
import type { CustomResourceDefinition } from '../runtime/api/custom-resources.ts';
import { isCrd, parseManifests } from '../runtime/helpers/crds.ts';

const MANIFEST_EXTENSIONS = ['.yaml', '.yml', '.json'];

interface NodeFs {
  readFileSync(path: string, encoding: 'utf8'): string;
  readdirSync(path: string): string[];
  statSync(path: string): { isDirectory(): boolean };
}

function builtin<M>(id: string): M {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const mod = proc?.getBuiltinModule?.(id) as M | undefined;
  if (!mod) throw new Error('CRDs given as file paths need Node (20.16 or later); pass CRD objects instead');
  return mod;
}

/** The CRDs in the given files and directories (paths, or `file:` URLs such as `new URL('./crd.yaml', import.meta.url)`), in order. */
export function readCrdFiles(locations: readonly (string | URL)[]): CustomResourceDefinition[] {
  const fs = builtin<NodeFs>('node:fs');
  const toPath = (l: string | URL) => (typeof l === 'string' ? l : builtin<{ fileURLToPath(u: URL): string }>('node:url').fileURLToPath(l));
  const files: string[] = [];
  for (const path of locations.map(toPath)) {
    let dir: boolean;
    try {
      dir = fs.statSync(path).isDirectory();
    } catch {
      throw new Error(`CRD path ${path} does not exist`);
    }
    if (!dir) {
      files.push(path);
      continue;
    }
    const names = fs
      .readdirSync(path)
      .filter((n) => MANIFEST_EXTENSIONS.some((ext) => n.endsWith(ext)))
      .sort();
    for (const n of names) if (!fs.statSync(`${path}/${n}`).isDirectory()) files.push(`${path}/${n}`);
  }
  return files.flatMap((file) => parseManifests(fs.readFileSync(file, 'utf8'), file).flatMap((doc) => (isCrd(doc) ? [doc] : [])));
}
