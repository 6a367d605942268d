import type { Transport } from '../controllers/index.ts';

/**
 * The controllers' requests take their turn with the network's: one in-process request per turn of
 * the event loop, so the I/O phase runs between any two, as if each had arrived over a socket.
 * Without it the controllers' start (or a burst of reconciles) is one unbroken chain of promises
 * and every HTTP client (kubectl, a /readyz probe) waits for all of it: ~60 ms at start, measured
 * by bench P3.
 */
export function takingTurns(transport: Transport): Transport {
  const waiting: (() => void)[] = [];
  const next = () => {
    waiting.shift()?.();
    if (waiting.length) setImmediate(next);
  };
  return (request) =>
    new Promise<void>((resolve) => {
      if (waiting.push(resolve) === 1) setImmediate(next);
    }).then(() => transport(request));
}
