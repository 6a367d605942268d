/** A transport over any WHATWG fetch (the playground's page, an in-process server's `api.fetch`). */
import type { CliTransport } from './io.ts';

export function fetchCliTransport(fetch: (request: Request) => Promise<Response>): CliTransport {
  return (r) => {
    const init: RequestInit = { method: r.method, headers: r.headers };
    if (r.body !== undefined) init.body = r.body;
    if (r.signal) init.signal = r.signal;
    return fetch(new Request(r.url, init));
  };
}
