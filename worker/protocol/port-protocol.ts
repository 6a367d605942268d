/**
 * HTTP over a MessagePort: what the Service Worker and the API worker say to each other. Many
 * requests share one port, told apart by `id`. A response starts with its head (and, when it is
 * not a stream, its whole body); a streamed body follows as chunks with a credit window, so a
 * reader that stops reading (a stalled watch) stops the worker from sending, as TCP would.
 */

export type HeaderList = [string, string][];

export interface WireRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: HeaderList;
  readonly body: ArrayBuffer | null;
}

export interface WireResponse {
  readonly status: number;
  readonly headers: HeaderList;
  /** The whole body (absent when streamed). */
  readonly body: string | Uint8Array | null;
}

/** Service Worker → API worker. */
export type ToServer =
  | { readonly t: 'req'; readonly id: number; readonly req: WireRequest }
  /** The reader has taken `taken` chunks in all. */
  | { readonly t: 'ack'; readonly id: number; readonly taken: number }
  | { readonly t: 'cancel'; readonly id: number }
  | { readonly t: 'pong' };

/** API worker → Service Worker. */
export type ToClient =
  | { readonly t: 'head'; readonly id: number; readonly res: WireResponse; readonly stream: boolean }
  | { readonly t: 'chunk'; readonly id: number; readonly bytes: Uint8Array }
  | { readonly t: 'end'; readonly id: number }
  | { readonly t: 'fail'; readonly id: number; readonly message: string }
  /** Liveness check while streams are open: a port whose peer is gone gets no `pong`. */
  | { readonly t: 'ping' };

/** Chunks the worker may send ahead of the reader. */
export const STREAM_WINDOW = 32;

/** Statuses whose responses carry no body (the Response constructor rejects one). */
export const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([101, 103, 204, 205, 304]);

/** Paths the API server answers; everything else on the origin is the app or the network's. */
const API_ROOTS = ['/api', '/apis', '/version', '/healthz', '/livez', '/readyz', '/openapi', '/metrics'];

export function isApiPath(pathname: string): boolean {
  return API_ROOTS.some((root) => pathname === root || pathname.startsWith(`${root}/`));
}

export function headerList(headers: Headers): HeaderList {
  const out: HeaderList = [];
  headers.forEach((value, name) => out.push([name, value]));
  return out;
}
