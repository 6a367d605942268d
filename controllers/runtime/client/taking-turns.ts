import type { Transport } from './transport.ts';

/** Runs `task` as a task of the host's event loop of its own (not a microtask of the caller's). */
export type ScheduleTurn = (task: () => void) => void;

/**
 * Requests made in-process (the built-in controllers') take their turn with the host's other
 * work: one per task of the event loop, so whatever else is waiting — an HTTP client's request in
 * Node (`setImmediate`), a page's request in the browser's API worker — runs between any two, as if
 * each had arrived over a socket. Without it the controllers' start (or a burst of reconciles) is
 * one unbroken chain of promises, and every other caller waits for all of it: ~60 ms of
 * orch-apiserver's start (bench P3), ~80 ms of the playground's first lesson.
 */
export function takingTurns(transport: Transport, schedule: ScheduleTurn): Transport {
  const waiting: (() => void)[] = [];
  const next = () => {
    waiting.shift()?.();
    if (waiting.length) schedule(next);
  };
  return (request) =>
    new Promise<void>((resolve) => {
      if (waiting.push(resolve) === 1) schedule(next);
    }).then(() => transport(request));
}
