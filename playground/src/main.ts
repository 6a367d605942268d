/**
 * The playground's start: boot the browser runtime (API worker + Service Worker), then show the
 * app. From then on everything talks to the API server with plain fetch. The runtime handle is
 * also `window.orch`, for the devtools console (`await orch.control.stats()`) and benchmarks.
 */
import { bootOrch, type OrchHandle } from '../../worker/index.ts';
import { setRuntime } from './runtime.ts';

declare global {
  interface Window {
    orch?: OrchHandle;
  }
}

const splash = document.getElementById('splash');
// The app's code loads while the runtime boots (it uses the runtime only once it is shown).
const app = import('./components/app.ts');
app.catch(() => undefined); // a failed boot is the error to show, not this one
try {
  const handle = await bootOrch();
  setRuntime(handle);
  window.orch = handle;
  await app;
  splash?.remove();
  document.body.append(document.createElement('orch-app'));
} catch (err) {
  if (splash) splash.textContent = `The orch runtime did not start: ${err instanceof Error ? err.message : String(err)}`;
  throw err;
}
