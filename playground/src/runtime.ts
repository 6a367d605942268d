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

let markStarted: () => void = () => undefined;

/**
 * Resolves once the page's start is over: its first lesson is ready, or (on any other page) the
 * runtime serves, or 3 s have passed. Work the first lesson does not need (the sandbox's views,
 * the code editor's 430 kB) waits for it: during the start the page is often idle only because
 * it waits for the API worker, which that work would slow down on a machine of two cores.
 */
export const pageStarted: Promise<void> = new Promise((resolve) => {
  markStarted = resolve;
  setTimeout(resolve, 3_000);
});

/** The page's start is over (see `pageStarted`). */
export function startIsOver(): void {
  markStarted();
}
