/** The `orch-apiserver` entry point (bundled into one file so the command starts quickly). */
import { main } from './main.ts';

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
