/**
 * node:http ⇄ the core's request/response shapes, directly (no WHATWG objects on the hot path).
 * Bodies stream chunk by chunk with backpressure; a client that goes away aborts the request's
 * signal, which ends its watch.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StatusError, type ApiRequest, type ApiResponse, type HeaderReader, type RequestUrl } from '../core/index.ts';

class NodeHeaders implements HeaderReader {
  constructor(private readonly raw: IncomingMessage['headers']) {}
  /** Header names, for the ones read by prefix (`Impersonate-Extra-*`). */
  names(): Iterable<string> {
    return Object.keys(this.raw);
  }
  get(name: string): string | null {
    const v = this.raw[name.toLowerCase()];
    if (v === undefined) return null;
    return Array.isArray(v) ? v.join(', ') : v;
  }
}

/** The real platform's default `--request-timeout`. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;

/**
 * The body, whole. A client that stops sending half-way gets the real platform's answer to a
 * request that outlives `--request-timeout` (504 Timeout) and its connection is closed (what is
 * left of the body would otherwise be read as the next request).
 */
function readBody(req: IncomingMessage, res: ServerResponse, limit: number, timeoutMs: number): Promise<Uint8Array> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.reject(StatusError.tooLarge(limit));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let failed = false;
    const timer = setTimeout(() => {
      if (failed) return;
      failed = true;
      res.shouldKeepAlive = false;
      reject(StatusError.timeout('Timeout: request did not complete within requested timeout - context deadline exceeded', 0));
    }, timeoutMs);
    req.on('data', (c: Buffer) => {
      if (failed) return;
      total += c.length;
      if (total > limit) {
        failed = true;
        clearTimeout(timer);
        reject(StatusError.tooLarge(limit));
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      clearTimeout(timer);
      if (!failed) resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total));
    });
    req.on('error', (err) => {
      clearTimeout(timer);
      if (!failed) reject(err);
    });
  });
}

/**
 * The request target as the core reads it: split by hand, the path exactly as the client sent it.
 * No URL parser runs over it: one would resolve `.`/`..` segments (also spelled `%2E%2E`), and a
 * DELETE of `configmaps/..` would then remove the namespace, where the real platform answers 400
 * for such a name. Splitting by hand is also the cheaper way: the parser cost a tenth of a GET.
 */
class RawUrl implements RequestUrl {
  private params: URLSearchParams | undefined;

  constructor(
    readonly pathname: string,
    private readonly query: string,
    private readonly rawHost: string,
  ) {}

  get searchParams(): URLSearchParams {
    return (this.params ??= new URLSearchParams(this.query));
  }

  /** As a URL spells it (lower case, no default port); as sent when no URL could be made of it. */
  get host(): string {
    try {
      return new URL(`http://${this.rawHost}`).host;
    } catch {
      return this.rawHost;
    }
  }

  toString(): string {
    return `http://${this.host}${this.pathname}${this.query ? `?${this.query}` : ''}`;
  }
}

/** `http://host:port` in front of an absolute-form target (as proxies send it). */
const ABSOLUTE_FORM = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;

export function requestUrl(target: string, host: string): RequestUrl {
  const hash = target.indexOf('#');
  let rest = hash < 0 ? target : target.slice(0, hash);
  if (rest.charCodeAt(0) !== 47 /* / */) {
    const abs = ABSOLUTE_FORM.exec(rest);
    if (abs) rest = rest.slice(abs[0].length) || '/';
  }
  const q = rest.indexOf('?');
  return new RawUrl(q < 0 ? rest : rest.slice(0, q), q < 0 ? '' : rest.slice(q + 1), host);
}

/** A request as the core reads it; a class, so a request costs one object and no closures. */
class NodeApiRequest implements ApiRequest {
  readonly method: string;
  readonly url: RequestUrl;
  readonly headers: NodeHeaders;
  /** Only watches listen for the client leaving: the signal (and its abort on close) is made on demand. */
  private controller: AbortController | undefined;

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    private readonly timeoutMs: number,
  ) {
    this.method = (req.method ?? 'GET').toUpperCase();
    this.url = requestUrl(req.url ?? '/', req.headers.host ?? 'localhost');
    this.headers = new NodeHeaders(req.headers);
  }

  readBody(limit: number): Promise<Uint8Array> {
    return readBody(this.req, this.res, limit, this.timeoutMs);
  }

  /** The peer's address (read only when asked: audit is its one reader). */
  get remoteAddress(): string | undefined {
    return this.req.socket.remoteAddress;
  }

  get signal(): AbortSignal {
    if (!this.controller) {
      const c = new AbortController();
      this.controller = c;
      if (this.res.closed) c.abort();
      else this.res.once('close', () => c.abort());
    }
    return this.controller.signal;
  }
}

/** `timeoutMs`: how long the body may take to arrive (`--request-timeout`). */
export function toApiRequest(req: IncomingMessage, res: ServerResponse, timeoutMs = DEFAULT_REQUEST_TIMEOUT_MS): ApiRequest {
  return new NodeApiRequest(req, res, timeoutMs);
}

export async function writeApiResponse(res: ServerResponse, r: ApiResponse, head: boolean): Promise<void> {
  // One writeHead with all headers is cheaper than a setHeader per header.
  const headers: Record<string, string | string[] | number> = {};
  for (const k in r.headers) if (k !== 'transfer-encoding') headers[k] = r.headers[k]; // node frames streamed bodies itself
  const body = r.body;
  if (typeof body === 'string' || body instanceof Uint8Array) {
    // A whole body goes out as bytes with its length, as the real platform sends small answers:
    // one write, no chunk framing, and no string encoding inside the socket write.
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    headers['content-length'] = bytes.length;
    res.writeHead(r.status, headers);
    res.end(head ? undefined : bytes);
    return;
  }
  res.writeHead(r.status, headers);
  if (head || body === null) {
    if (body instanceof ReadableStream) await body.cancel();
    res.end();
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
