/**
 * In the page: start the browser runtime. Connects to the origin's API worker (a SharedWorker,
 * started by whichever tab comes first), registers the Service Worker, and hands it a port to
 * the API worker — now and whenever it asks again (a restarted SW has lost its ports). When this
 * resolves, `fetch('/api/...')` from the page reaches the API server.
 */
import { transfer, wrap, type Remote } from 'comlink';
import type { OrchControl, RuntimeStats } from '../protocol/control.ts';
import { CLAIM, isOrchMessage, NEED_PORT, PORT, PORT_OK } from '../protocol/messages.ts';

export interface BootOptions {
  /** Where `sw.js` and `orch-worker.js` are (default: the document's base URL). */
  readonly base?: string | URL;
  /**
   * The Service Worker's scope (default: `base`). A page outside it is not served; a scope wider
   * than the script's folder needs the `Service-Worker-Allowed` response header.
   */
  readonly scope?: string;
  /** The store (one API server and one database per name per origin). Default `orch`. */
  readonly store?: string;
  /** How long to wait for the Service Worker to take control of the page. */
  readonly timeoutMs?: number;
}

export interface OrchHandle {
  /** The worker's control surface (reset, snapshots, clock, controllers, stats). */
  readonly control: Remote<OrchControl>;
  readonly registration: ServiceWorkerRegistration;
  readonly stats: RuntimeStats;
  /** Disconnects this page's control port (the worker lives on while other tabs use it). */
  close(): void;
}

function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`orch: timed out after ${ms} ms waiting for ${what}`)), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

function startWorker(url: URL, store: string): { control: Remote<OrchControl>; close(): void } {
  if (typeof SharedWorker === 'function') {
    const w = new SharedWorker(url, { name: store });
    return { control: wrap<OrchControl>(w.port), close: () => w.port.close() };
  }
  const w = new Worker(url, { name: store });
  return { control: wrap<OrchControl>(w), close: () => w.terminate() };
}

function activated(reg: ServiceWorkerRegistration): Promise<void> {
  if (reg.active) return Promise.resolve();
  const sw = reg.installing ?? reg.waiting;
  if (!sw) return Promise.reject(new Error('orch: the Service Worker registration has no worker'));
  return new Promise<void>((resolve, reject) => {
    sw.addEventListener('statechange', () => {
      if (sw.state === 'activated') resolve();
      if (sw.state === 'redundant') reject(new Error('orch: the Service Worker failed to install'));
    });
  });
}

function controlled(reg: ServiceWorkerRegistration): Promise<ServiceWorker> {
  const container = navigator.serviceWorker;
  if (container.controller) return Promise.resolve(container.controller);
  return new Promise<ServiceWorker>((resolve) => {
    container.addEventListener('controllerchange', () => {
      if (container.controller) resolve(container.controller);
    });
    // Not controlled although active: a hard reload. Ask the SW to take the page.
    reg.active?.postMessage({ type: CLAIM });
  });
}

export async function bootOrch(options: BootOptions = {}): Promise<OrchHandle> {
  if (!('serviceWorker' in navigator)) {
    throw new Error('orch: this browser (or this context: private window, non-secure origin) has no Service Workers');
  }
  const timeoutMs = options.timeoutMs ?? 15_000;
  const base = new URL(options.base ?? './', document.baseURI);
  const store = options.store ?? 'orch';
  const worker = startWorker(new URL('orch-worker.js', base), store);
  const { control } = worker;

  const givePort = async (to: ServiceWorker) => {
    const api = new MessageChannel();
    const reply = new MessageChannel();
    await control.connect(transfer(api.port1, [api.port1]));
    const ok = new Promise<void>((resolve) => {
      reply.port1.onmessage = (e) => {
        if (isOrchMessage(e.data) && e.data.type === PORT_OK) resolve();
        reply.port1.close();
      };
    });
    to.postMessage({ type: PORT }, [api.port2, reply.port2]);
    await ok;
  };
  navigator.serviceWorker.addEventListener('message', (e: MessageEvent) => {
    if (isOrchMessage(e.data) && e.data.type === NEED_PORT && e.source instanceof ServiceWorker) {
      givePort(e.source).catch((err: unknown) => console.error('orch: could not connect the Service Worker', err));
    }
  });
  navigator.serviceWorker.startMessages();

  const registration = await navigator.serviceWorker.register(new URL('sw.js', base), { scope: options.scope ?? base.pathname });
  await within(activated(registration), timeoutMs, 'the Service Worker to activate');
  const controller = await within(
    controlled(registration),
    timeoutMs,
    'the Service Worker to control this page (is the page outside its scope?)',
  );
  await within(givePort(controller), timeoutMs, 'the Service Worker to take the API port');
  const stats = await within(control.ready(), timeoutMs * 4, 'the API server to start');
  return { control, registration, stats, close: worker.close };
}
