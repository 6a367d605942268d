/**
 * In the page: start the browser runtime. Connects to the origin's API worker (a SharedWorker,
 * started by whichever tab comes first), registers the Service Worker, and hands it a port to
 * the API worker — now and whenever it asks again (a restarted SW has lost its ports). When this
 * resolves, `fetch('/api/...')` from the page reaches the API server, and the Service Worker has
 * been asked to cache the app for offline use.
 */
import { transfer, wrap, type Remote } from 'comlink';
import type { OrchControl, RuntimeStats } from '../protocol/control.ts';
import { CLAIM, FILL, isOrchMessage, NEED_PORT, PORT, PORT_OK } from '../protocol/messages.ts';
import { whenIdle } from './when-idle.ts';

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

/** A step of the start on the page's timeline (`orch-boot:<step>`), for the cold-start bench. */
function mark(step: string): void {
  performance.mark(`orch-boot:${step}`);
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

/** The runtime while it starts: its control surface at once, then the two moments of its start. */
export interface OrchStart {
  /** Usable at once: calls wait in the worker until the API server is serving. */
  readonly control: Remote<OrchControl>;
  /**
   * The Service Worker controls the page: from then on `fetch('/api/...')` reaches it, and it
   * holds each request until the API worker is connected and answers it (no request gets lost
   * or answered by the network while the worker still starts).
   */
  readonly routed: Promise<void>;
  /** The API server is serving and the Service Worker has its port (what `bootOrch` resolves with). */
  readonly booted: Promise<OrchHandle>;
  close(): void;
}

/**
 * Starts the runtime without waiting for it: a page can draw itself (and send its first API
 * requests) once `routed` resolves, while the API worker is still loading.
 */
export function startOrch(options: BootOptions = {}): OrchStart {
  // Throws at once where there is no Service Worker: nothing could be routed.
  if (!('serviceWorker' in navigator)) {
    throw new Error('orch: this browser (or this context: private window, non-secure origin) has no Service Workers');
  }
  const timeoutMs = options.timeoutMs ?? 15_000;
  const base = new URL(options.base ?? './', document.baseURI);
  const store = options.store ?? 'orch';
  mark('start');
  const worker = startWorker(new URL('orch-worker.js', base), store);
  const { control } = worker;

  // One port per Service Worker at a time: the SW asks (`NEED_PORT`) when a request comes before
  // the port this start is handing over has arrived.
  const giving = new Map<ServiceWorker, Promise<void>>();
  const givePort = (to: ServiceWorker): Promise<void> => {
    let p = giving.get(to);
    if (!p) {
      p = handOver(to).finally(() => giving.delete(to));
      giving.set(to, p);
    }
    return p;
  };
  const handOver = async (to: ServiceWorker) => {
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

  const controlling = (async () => {
    const registration = await navigator.serviceWorker.register(new URL('sw.js', base), { scope: options.scope ?? base.pathname });
    mark('sw registered');
    await within(activated(registration), timeoutMs, 'the Service Worker to activate');
    mark('sw activated');
    const controller = await within(
      controlled(registration),
      timeoutMs,
      'the Service Worker to control this page (is the page outside its scope?)',
    );
    mark('sw controls page');
    return { registration, controller };
  })();

  const booted = (async (): Promise<OrchHandle> => {
    const { registration, controller } = await controlling;
    await within(givePort(controller), timeoutMs, 'the Service Worker to take the API port');
    mark('sw has port');
    const stats = await within(control.ready(), timeoutMs * 4, 'the API server to start');
    mark('api ready');
    // The app shell is cached for offline use once the page is idle after its start (within
    // two seconds), so caching it does not compete with the page's first requests; a new
    // build's Service Worker taking over caches its own.
    whenIdle(() => controller.postMessage({ type: FILL }));
    navigator.serviceWorker.addEventListener('controllerchange', () => navigator.serviceWorker.controller?.postMessage({ type: FILL }));
    return { control, registration, stats, close: worker.close };
  })();
  const routed = controlling.then(() => undefined);
  // Whoever awaits only one of them still hears of a failure from it; the other must not be an unhandled rejection.
  routed.catch(() => undefined);
  booted.catch(() => undefined);
  return { control, routed, booted, close: worker.close };
}

export function bootOrch(options: BootOptions = {}): Promise<OrchHandle> {
  try {
    return startOrch(options).booted;
  } catch (err) {
    return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }
}
