/**
 * The API worker's entry. Loaded as a SharedWorker, it is the one API server of the origin, and
 * every tab that connects gets the control surface on its port. Where SharedWorker does not
 * exist, pages load it as a dedicated worker instead; the store lock then lets one tab's worker
 * serve at a time (the others wait, and take over from IndexedDB when that tab closes).
 */
import { expose } from 'comlink';
import { controlOf, OrchRuntime } from './runtime.ts';

interface WorkerScope {
  onconnect?: ((e: MessageEvent) => void) | null;
  name?: string;
}

const scope = globalThis as unknown as WorkerScope;
const control = controlOf(new OrchRuntime({ storeName: scope.name || 'orch' }));

if ('onconnect' in scope) {
  scope.onconnect = (e) => {
    for (const port of e.ports) expose(control, port);
  };
} else {
  expose(control);
}
