/**
 * The playground's start: start the browser runtime (API worker + Service Worker) and show the
 * app as soon as the Service Worker routes API requests: it holds them until the API worker
 * serves, so the app draws itself while the worker still loads. From then on everything talks
 * to the API server with plain fetch. The runtime handle, once booted, is also `window.orch`,
 * for the devtools console (`await orch.control.stats()`) and benchmarks.
 */
import { startOrch, type OrchHandle } from '../../worker/index.ts';
import { setRuntime, startIsOver } from './runtime.ts';

declare global {
  interface Window {
    orch?: OrchHandle;
  }
}

const splash = document.getElementById('splash');
// The app's code loads while the runtime starts.
const app = import('./components/app.ts');
app.catch(() => undefined); // a failed start is the error to show, not this one

function showFailure(err: unknown): void {
  const message = `The orch runtime did not start: ${err instanceof Error ? err.message : String(err)}`;
  if (splash?.isConnected) {
    splash.textContent = message;
    return;
  }
  // The app is shown already: say it above it.
  const alert = document.createElement('div');
  alert.setAttribute('role', 'alert');
  alert.style.cssText = 'padding: 12px 24px; background: #fde8e8; color: #8a1c1c';
  alert.textContent = message;
  document.body.prepend(alert);
}

try {
  const start = startOrch();
  setRuntime(start);
  await start.routed;
  await app;
  splash?.remove();
  document.body.append(document.createElement('orch-app'));
  performance.mark('orch-app-shown');
  window.orch = await start.booted;
  // A lesson's start ends when the lesson is ready (the tutorial says so); any other page's, now.
  if (!location.hash.startsWith('#/lessons/')) startIsOver();
} catch (err) {
  showFailure(err);
  throw err;
}
