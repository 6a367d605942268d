/**
 * A transport straight onto an in-process server's `handle`: the same request and response the
 * HTTP host and `api.fetch` hand the core, without building WHATWG `Request`/`Response` objects
 * (whose first use in Node 20 loads undici, ~40 ms of orch-apiserver's start; each exchange then
 * costs two object graphs more). Core types only (its public face); no host API.
 */
import type { ApiServer, ResponseBody } from '../../../core/index.ts';
// Not core's index: the runtime also runs in the playground's page, which must not bundle the server.
import { StatusError } from '../../../core/errors/index.ts';
import type { ClientResponse, Transport } from './transport.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function inProcessTransport(api: Pick<ApiServer, 'handle'>): Transport {
  return async (r) => {
    const res = await api.handle({
      method: r.method.toUpperCase(),
      url: r.url,
      headers: { get: (name) => r.headers[name.toLowerCase()] ?? null },
      readBody: async (limit) => {
        const bytes = encoder.encode(r.body ?? '');
        if (bytes.byteLength > limit) throw StatusError.tooLarge(limit);
        return bytes;
      },
      signal: r.signal,
    });
    return new InProcessResponse(res.status, res.body);
  };
}

class InProcessResponse implements ClientResponse {
  constructor(
    readonly status: number,
    private readonly payload: ResponseBody,
  ) {}

  /** A stream as the server made it (a watch), else one chunk. */
  get body(): ReadableStream<Uint8Array> | null {
    const p = this.payload;
    if (p === null || p instanceof ReadableStream) return p;
    const bytes = typeof p === 'string' ? encoder.encode(p) : p;
    return new ReadableStream({
      start(c) {
        c.enqueue(bytes);
        c.close();
      },
    });
  }

  async text(): Promise<string> {
    const p = this.payload;
    if (p === null) return '';
    if (typeof p === 'string') return p;
    if (!(p instanceof ReadableStream)) return decoder.decode(p);
    let text = '';
    const streamDecoder = new TextDecoder();
    for (const reader = p.getReader(); ; ) {
      const { done, value } = await reader.read();
      if (done) return text + streamDecoder.decode();
      text += streamDecoder.decode(value, { stream: true });
    }
  }
}
