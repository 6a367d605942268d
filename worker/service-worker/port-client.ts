/**
 * The Service Worker's end of HTTP over a MessagePort: a fetch `Request` goes to the API worker,
 * a `Response` comes back — its body streamed as the worker produces it, so a watch read in the
 * page sees each event when it happens. Cancelling the body (or aborting the fetch) cancels the
 * request in the worker, which frees its watch.
 */
import { headerList, NULL_BODY_STATUSES, type ToClient, type ToServer, type WireResponse } from '../protocol/port-protocol.ts';

interface Pending {
  readonly resolve: (r: Response) => void;
  readonly reject: (err: Error) => void;
  controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  delivered: number;
}

/** Reason phrases, as an HTTP/1.1 server would send them (a Response built here has none). */
const REASONS: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  304: 'Not Modified',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function toResponse(res: WireResponse, body: BodyInit | null = res.body as BodyInit | null): Response {
  return new Response(NULL_BODY_STATUSES.has(res.status) ? null : body, {
    status: res.status,
    statusText: REASONS[res.status] ?? '',
    headers: res.headers,
  });
}

export class PortConnection {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private closed = false;

  constructor(private readonly port: MessagePort) {
    port.onmessage = (e: MessageEvent<ToClient>) => this.receive(e.data);
  }

  get inFlight(): number {
    return this.pending.size;
  }

  async forward(request: Request): Promise<Response> {
    if (this.closed) throw new Error('connection to the API worker is closed');
    const method = request.method.toUpperCase();
    const body = method === 'GET' || method === 'HEAD' ? null : await request.arrayBuffer();
    const id = this.nextId++;
    return new Promise<Response>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, controller: undefined, delivered: 0 });
      request.signal?.addEventListener('abort', () => this.cancel(id), { once: true });
      const msg: ToServer = { t: 'req', id, req: { method, url: request.url, headers: headerList(request.headers), body } };
      this.port.postMessage(msg, body ? [body] : []);
    });
  }

  close(): void {
    this.closed = true;
    for (const id of [...this.pending.keys()]) this.fail(id, 'connection to the API worker closed');
    this.port.close();
  }

  private cancel(id: number): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    this.send({ t: 'cancel', id });
    p.reject(new DOMException('The request was aborted', 'AbortError') as Error);
    try {
      p.controller?.close();
    } catch {
      // already closed or errored
    }
  }

  private fail(id: number, message: string): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    const err = new TypeError(message);
    if (p.controller) p.controller.error(err);
    else p.reject(err);
  }

  private send(msg: ToServer): void {
    if (!this.closed) this.port.postMessage(msg);
  }

  private receive(msg: ToClient): void {
    if (msg.t === 'ping') return this.send({ t: 'pong' });
    const p = this.pending.get(msg.id);
    if (!p) return;
    switch (msg.t) {
      case 'head': {
        if (!msg.stream) {
          this.pending.delete(msg.id);
          p.resolve(toResponse(msg.res));
          return;
        }
        const id = msg.id;
        const stream = new ReadableStream<Uint8Array>({
          start: (controller) => {
            p.controller = controller;
          },
          // The reader took what was queued: grant the worker more credit.
          pull: () => {
            if (this.pending.has(id)) this.send({ t: 'ack', id, taken: p.delivered });
          },
          cancel: () => this.cancel(id),
        });
        p.resolve(toResponse(msg.res, stream));
        return;
      }
      case 'chunk':
        p.delivered++;
        p.controller?.enqueue(msg.bytes);
        return;
      case 'end':
        this.pending.delete(msg.id);
        p.controller?.close();
        return;
      case 'fail':
        this.fail(msg.id, msg.message);
        return;
    }
  }
}
