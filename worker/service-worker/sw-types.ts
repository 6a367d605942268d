/**
 * The few Service Worker types the SW code uses. The project compiles against the DOM library;
 * the WebWorker one, which has these, cannot be loaded next to it.
 */

export interface ExtendableEventLike extends Event {
  waitUntil(p: Promise<unknown>): void;
}

export interface FetchEventLike extends ExtendableEventLike {
  readonly request: Request;
  readonly clientId: string;
  readonly resultingClientId: string;
  respondWith(r: Response | Promise<Response>): void;
}

export interface ExtendableMessageEventLike extends ExtendableEventLike {
  readonly data: unknown;
  readonly ports: readonly MessagePort[];
  readonly source: { readonly id: string } | null;
}

export interface ClientLike {
  readonly id: string;
  postMessage(message: unknown, transfer?: Transferable[]): void;
}

export interface ClientsLike {
  get(id: string): Promise<ClientLike | undefined>;
  matchAll(options?: {
    includeUncontrolled?: boolean;
    type?: 'window' | 'worker' | 'sharedworker' | 'all';
  }): Promise<readonly ClientLike[]>;
  claim(): Promise<void>;
}

export interface ServiceWorkerScopeLike {
  readonly location: Location;
  readonly clients: ClientsLike;
  readonly caches: CacheStorage;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', fn: (e: ExtendableEventLike) => void): void;
  addEventListener(type: 'fetch', fn: (e: FetchEventLike) => void): void;
  addEventListener(type: 'message', fn: (e: ExtendableMessageEventLike) => void): void;
}
