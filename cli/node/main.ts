/** The Node entry of `orchctl` (bundled into dist/orchctl.cjs; bin/orchctl.js runs it). */
import { runOrchctl } from '../program.ts';
import { createNodeIo } from './node-io.ts';

export async function run(argv: readonly string[]): Promise<number> {
  const interrupt = new AbortController();
  const onSignal = () => interrupt.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    return await runOrchctl(argv, createNodeIo({ interrupt: interrupt.signal }));
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
