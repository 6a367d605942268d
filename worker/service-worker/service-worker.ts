/**
 * The Service Worker: answers every API path on the page's origin by forwarding it to the API
 * worker, serves the app shell offline, and tells pages whether it could (`/__orch/offline`).
 * Everything else goes to the network as usual.
 *
 * `__ORCH_PRECACHE__` is put in at build time (the files of the build); it is null in the dev
 * server, where nothing is cached.
 */
import { ApiRouter } from './api-router.ts';
import { AppShell, type PrecacheManifest } from './app-shell.ts';
import { CLAIM, FILL, isOrchMessage, PORT, PORT_OK } from '../protocol/messages.ts';
import { OFFLINE_PATH, type OfflineReadiness } from '../protocol/offline-readiness.ts';
import { isApiPath } from '../protocol/port-protocol.ts';
import type { ServiceWorkerScopeLike } from './sw-types.ts';

declare const __ORCH_PRECACHE__: PrecacheManifest | null;

const sw = globalThis as unknown as ServiceWorkerScopeLike;
const base = new URL('./', sw.location.href).href;
const shell = new AppShell(base, typeof __ORCH_PRECACHE__ === 'undefined' ? null : __ORCH_PRECACHE__, sw.caches);
const router = new ApiRouter(sw.clients);

// Installing and activating do no work: the page waits for this worker to control it before
// its first API request, and the app shell is cached afterwards (`FILL`).
sw.addEventListener('install', (e) => {
  e.waitUntil(sw.skipWaiting());
});

sw.addEventListener('activate', (e) => {
  e.waitUntil(sw.clients.claim());
});

/** A page asked for the app to be cached (since this worker started). */
let fillAsked = false;

function fill(): Promise<void> {
  return shell.fill().catch((err: unknown) => console.warn('orch: caching the app for offline use failed', err));
}

sw.addEventListener('message', (e) => {
  if (!isOrchMessage(e.data)) return;
  if (e.data.type === PORT && e.source && e.ports[0]) {
    router.adopt(e.source.id, e.ports[0]);
    e.ports[1]?.postMessage({ type: PORT_OK });
  } else if (e.data.type === CLAIM) {
    e.waitUntil(sw.clients.claim());
  } else if (e.data.type === FILL) {
    fillAsked = true;
    e.waitUntil(fill());
  }
});

const DIAGNOSTICS = '/__orch/sw';

async function offlineReadiness(): Promise<Response> {
  const body: OfflineReadiness = { version: shell.version, offline: await shell.cached() };
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
}

sw.addEventListener('fetch', (e) => {
  const url = new URL(e.request.url);
  if (url.origin === sw.location.origin && url.pathname === DIAGNOSTICS) {
    const body = JSON.stringify({ version: shell.version, connections: router.connections });
    e.respondWith(new Response(body, { headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } }));
    return;
  }
  if (url.origin === sw.location.origin && url.pathname === OFFLINE_PATH) {
    // A page that shows "caching…" asks again every second: a caching that failed (the network
    // was gone for a moment) is tried again then, once a page has asked for it at all.
    if (fillAsked) e.waitUntil(fill());
    e.respondWith(offlineReadiness());
    return;
  }
  if (url.origin === sw.location.origin && isApiPath(url.pathname)) {
    e.respondWith(router.forward(e.request, e.clientId || e.resultingClientId));
    return;
  }
  const answer = shell.handle(e.request);
  if (answer) e.respondWith(answer);
});
