/**
 * node:http ⇄ the core's request/response shapes, directly (no WHATWG objects on the hot path).
 * Bodies stream chunk by chunk with backpressure; a client that goes away aborts the request's
 * signal, which ends its watch.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StatusError, type ApiRequest, type ApiResponse, type HeaderReader } from '../core/index.ts';

class NodeHeaders implements HeaderReader {
  constructor(private readonly raw: IncomingMessage['headers']) {}
  get(name: string): string | null {
    const v = this.raw[name.toLowerCase()];
    if (v === undefined) return null;
    return Array.isArray(v) ? v.join(', ') : v;
  }
}

function readBody(req: IncomingMessage, limit: number): Promise<Uint8Array> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.reject(StatusError.tooLarge(limit));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let failed = false;
    req.on('data', (c: Buffer) => {
      if (failed) return;
      total += c.length;
      if (total > limit) {
        failed = true;
        reject(StatusError.tooLarge(limit));
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      if (!failed) resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total));
    });
    req.on('error', (err) => {
      if (!failed) reject(err);
    });
  });
}

export function toApiRequest(req: IncomingMessage, res: ServerResponse): ApiRequest {
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
  // Only watches listen for the client leaving: the signal (and its abort on close) is made on demand.
  let controller: AbortController | undefined;
  return {
    method: (req.method ?? 'GET').toUpperCase(),
    url,
    headers: new NodeHeaders(req.headers),
    readBody: (limit) => readBody(req, limit),
    get signal(): AbortSignal {
      if (!controller) {
        const c = new AbortController();
        controller = c;
        if (res.closed) c.abort();
        else res.once('close', () => c.abort());
      }
      return controller.signal;
    },
  };
}

export async function writeApiResponse(res: ServerResponse, r: ApiResponse, head: boolean): Promise<void> {
  // One writeHead with all headers is cheaper than a setHeader per header.
  const headers: Record<string, string | string[]> = {};
  for (const k in r.headers) if (k !== 'transfer-encoding') headers[k] = r.headers[k]; // node frames streamed bodies itself
  res.writeHead(r.status, headers);
  const body = r.body;
  if (head || body === null) {
    if (body instanceof ReadableStream) await body.cancel();
    res.end();
    return;
  }
  if (typeof body === 'string' || body instanceof Uint8Array) {
    res.end(body);
    return;
  }
  res.flushHeaders();
  const reader = body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  res.on('close', stop);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) break;
      if (!res.write(value)) {
        await new Promise<void>((resolve) => {
          const go = () => {
            res.off('drain', go);
            res.off('close', go);
            resolve();
          };
          res.on('drain', go);
          res.on('close', go);
        });
      }
    }
  } catch {
    // The stream failed mid-way; all we can do is end the response.
  } finally {
    res.off('close', stop);
    if (!res.destroyed) res.end();
  }
}
