/**
 * What the client needs of an exchange with the server: a plain request in, a status and a body
 * out. `fetchTransport` makes one from any `fetch` (in-process `api.fetch`, global `fetch`, the
 * Service Worker); a host that holds the server itself may pass a transport that skips the WHATWG
 * `Request`/`Response` objects (in Node 20 the first of them loads undici: ~40 ms of a server's
 * start, measured by bench P3).
 */

export interface ClientRequest {
  readonly method: string;
  readonly url: URL;
  /** Lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly signal?: AbortSignal;
}

export interface ClientResponse {
  readonly status: number;
  /** The body as it arrives (a watch reads it as a stream); null when there is none. */
  readonly body: ReadableStream<Uint8Array> | null;
  /** The whole body as text. */
  text(): Promise<string>;
}

export type Transport = (request: ClientRequest) => Promise<ClientResponse>;

/** WHATWG fetch, narrowed to what the client uses. */
export type FetchLike = (request: Request) => Promise<Response>;

export function fetchTransport(fetch: FetchLike): Transport {
  return (r) => {
    const init: RequestInit = { method: r.method, headers: r.headers };
    if (r.body !== undefined) init.body = r.body;
    if (r.signal) init.signal = r.signal;
    return fetch(new Request(r.url, init));
  };
}
