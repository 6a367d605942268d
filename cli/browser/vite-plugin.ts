/**
 * A Vite plugin for pages that run orchctl's commands (the playground's terminal): commander's
 * `node:*` imports resolve to cli/browser/node-shims.ts there. Only commander's imports are
 * redirected; nothing else in a page may import Node modules anyway.
 */
import { fileURLToPath } from 'node:url';

/**
 * Each shim re-exports its object's members by name as well as by default: commander is CommonJS,
 * and `require()` of an ES module yields its namespace, so `require('node:process').env` must exist.
 */
function shim(name: string, members: readonly string[]): string {
  return `import { ${name} as m } from "@orch-shims"; export default m; ${members.map((k) => `export const ${k} = m.${k};`).join(' ')}`;
}

const SHIMS: Readonly<Record<string, string>> = {
  'node:events': 'import { EventEmitter } from "@orch-shims"; export { EventEmitter }; export default { EventEmitter };',
  'node:process': shim('process', ['env', 'argv', 'execArgv', 'versions', 'platform', 'exitCode', 'stdout', 'stderr', 'exit', 'on']),
  'node:path': shim('path', ['basename', 'extname', 'dirname', 'resolve']),
  'node:fs': shim('fs', ['existsSync', 'realpathSync']),
  'node:child_process': shim('childProcess', ['spawn']),
};

const SHIM_FILE = fileURLToPath(new URL('./node-shims.ts', import.meta.url));

export function orchctlBrowserShims() {
  return {
    name: 'orchctl-browser-shims',
    enforce: 'pre' as const,
    resolveId(id: string, importer: string | undefined) {
      if (id === '@orch-shims') return SHIM_FILE;
      if (id in SHIMS && importer?.includes('/node_modules/commander/')) return `\0orch-shim:${id}`;
      return undefined;
    },
    load(id: string) {
      if (id.startsWith('\0orch-shim:')) return SHIMS[id.slice('\0orch-shim:'.length)];
      return undefined;
    },
  };
}
