/**
 * Whether the app would open with the network off, as its Service Worker knows it. A page asks
 * at `/__orch/offline`, which the SW answers itself (the request never reaches the network).
 * It is a path of its own because it reads the cache: `/__orch/sw` stays the cheapest answer a
 * SW gives, the floor the browser bench measures forwarding against.
 */

export const OFFLINE_PATH = '/__orch/offline';

export interface OfflineReadiness {
  /** The build the SW caches, or `dev` for the dev server (which caches nothing). */
  readonly version: string;
  /** Every file of the app is in the SW's cache: it opens and runs with the network off. */
  readonly offline: boolean;
}

/** In a page: what its Service Worker says, or undefined when no Service Worker controls it. */
export async function offlineReadiness(): Promise<OfflineReadiness | undefined> {
  if (!navigator.serviceWorker?.controller) return undefined;
  const res = await fetch(OFFLINE_PATH, { cache: 'no-store' });
  // Not the SW's answer (a static server's 404, or its index.html for any path).
  if (!res.ok || !res.headers.get('content-type')?.includes('application/json')) return undefined;
  return (await res.json()) as OfflineReadiness;
}
