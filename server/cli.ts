/**
 * The `orch-apiserver` entry point, bundled into one CommonJS file (`dist/orch-apiserver.cjs`) that
 * `bin/orch-apiserver.js` compiles with a V8 code cache: a single file with cached code starts in a
 * fraction of the time Node needs to resolve, load and compile the module tree.
 */
import { main, type MainHooks } from './main.ts';

export type { MainHooks };

/** Runs the command and exits with its code. */
export function run(argv: readonly string[], hooks: MainHooks = {}): void {
  main(argv, hooks).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
