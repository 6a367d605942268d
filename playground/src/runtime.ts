/** The page's handle on the browser runtime (set once at start-up by main.ts). */
import type { OrchHandle } from '../../worker/index.ts';

/** What the app uses of the runtime: its control surface, usable from the start (calls wait until it serves). */
export type Runtime = Pick<OrchHandle, 'control'>;

let current: Runtime | undefined;

export function setRuntime(handle: Runtime): void {
  current = handle;
}

export function runtime(): Runtime {
  if (!current) throw new Error('the orch runtime has not started');
  return current;
}
