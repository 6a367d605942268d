/**
 * The Website operator as a program, against any server over HTTP (orch-apiserver, or a real
 * cluster's API server once the group names are adjusted):
 *
 *   npm run example:website -- http://127.0.0.1:8080 [--install-crd examples/website-operator/crd.yaml]
 *
 * With `--install-crd <file>` it installs the CRDs of that file first and waits until they are
 * Established (otherwise `kubectl apply -f examples/website-operator/crd.yaml` does that). It stops on SIGINT or SIGTERM.
 * orch-apiserver already runs the garbage collector, the StatefulSet controller and the pod
 * simulator, so the operator runs only its own controller.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client, type FetchLike, installCrds, isCrd, Manager, parseManifests } from '../../controllers/index.ts';
import { websiteController, type WebsiteControllerOptions } from './controller.ts';
import { OPERATOR_NAME } from './website.ts';

/** crd.yaml beside this file (when run from the sources). */
export const CRD_FILE = fileURLToPath(new URL('./crd.yaml', import.meta.url));

export interface OperatorOptions extends WebsiteControllerOptions {
  readonly serverUrl: string;
  /** Install this CRD file first, waiting until it is Established. */
  readonly installCrd?: string;
  readonly fetch?: FetchLike;
}

export interface RunningOperator {
  readonly manager: Manager;
  stop(): Promise<void>;
}

export async function runWebsiteOperator(opts: OperatorOptions): Promise<RunningOperator> {
  const client = new Client({ fetch: opts.fetch ?? ((r) => fetch(r)), baseUrl: opts.serverUrl, userAgent: OPERATOR_NAME });
  if (opts.installCrd) {
    const crds = parseManifests(readFileSync(opts.installCrd, 'utf8'), opts.installCrd).flatMap((d) => (isCrd(d) ? [d] : []));
    await installCrds(client, crds);
  }
  const manager = new Manager({ client }); // the real clock
  await manager.add(websiteController(opts));
  await manager.start();
  return { manager, stop: () => manager.stop() };
}

async function cli(argv: readonly string[]): Promise<void> {
  const at = argv.indexOf('--install-crd');
  const installCrd = at >= 0 ? argv[at + 1] : undefined;
  const serverUrl = argv.find((a, i) => !a.startsWith('--') && (at < 0 || i !== at + 1));
  if (!serverUrl || (at >= 0 && !installCrd)) {
    console.error('usage: website-operator <server-url> [--install-crd <crd.yaml>]');
    process.exit(2);
  }
  const operator = await runWebsiteOperator({ serverUrl, installCrd });
  console.log(`website operator running against ${serverUrl}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void operator.stop().then(() => process.exit(0)));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await cli(process.argv.slice(2));
