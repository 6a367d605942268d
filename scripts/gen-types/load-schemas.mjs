/**
 * The exported values of the type modules, as the generator sees them: the modules bundled by
 * esbuild (generated ones from the text about to be written, so their interfaces follow today's
 * inputs, not the files on disk) and imported from memory.
 */
import { build } from 'esbuild';
import { resolve } from 'node:path';

/**
 * @param {string} dir the folder of the modules
 * @param {string[]} files their names in it
 * @param {Record<string, string>} overrides module text by file name, read instead of the disk
 * @returns {Promise<Record<string, Record<string, unknown>>>} each module's exports, by file name
 */
export async function loadModules(dir, files, overrides) {
  const byPath = new Map(Object.entries(overrides).map(([file, text]) => [resolve(dir, file), text]));
  const entry = files.map((f, i) => `export * as m${i} from ${JSON.stringify(`./${f}`)};`).join('\n');
  const result = await build({
    stdin: { contents: entry, resolveDir: dir, sourcefile: 'gen-types-entry.ts', loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'generated-text',
        setup(b) {
          b.onLoad({ filter: /\.ts$/ }, (args) => (byPath.has(args.path) ? { contents: byPath.get(args.path), loader: 'ts' } : undefined));
        },
      },
    ],
  });
  const code = result.outputFiles[0].text;
  const mod = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  return Object.fromEntries(files.map((f, i) => [f, mod[`m${i}`]]));
}
