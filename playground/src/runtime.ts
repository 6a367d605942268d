/** The page's handle on the browser runtime (set once at start-up by main.ts). */
import type { OrchHandle } from '../../worker/index.ts';

let current: OrchHandle | undefined;

export function setRuntime(handle: OrchHandle): void {
  current = handle;
}

export function runtime(): OrchHandle {
  if (!current) throw new Error('the orch runtime has not started');
  return current;
}
