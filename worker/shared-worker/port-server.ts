/**
 * The API worker's end of HTTP over a MessagePort: requests in, responses out, watch bodies
 * streamed with a credit window. When the peer goes away (a Service Worker stopped by the
 * browser), its open streams are cancelled, which ends their watches in the core.
 */
import { StatusError, type ApiRequest, type ApiResponse, type HeaderReader } from '../../core/index.ts';
import {
  NULL_BODY_STATUSES,
  STREAM_WINDOW,
  type HeaderList,
  type ToClient,
  type ToServer,
  type WireRequest,
  type WireResponse,
} from '../protocol/port-protocol.ts';

export type ApiHandler = (req: ApiRequest) => Promise<ApiResponse>;

/** How often a port with open streams is asked whether its peer is still there. */
const PING_EVERY_MS = 20_000;

class ListHeaders implements HeaderReader {
  private readonly map = new Map<string, string>();
  constructor(list: HeaderList) {
    for (const [k, v] of list) {
      const name = k.toLowerCase();
      const prev = this.map.get(name);
      this.map.set(name, prev === undefined ? v : `${prev}, ${v}`);
    }
  }
  get(name: string): string | null {
    return this.map.get(name.toLowerCase()) ?? null;
  }
}

/** A wire request as the core's request; the signal aborts when the client cancels. */
export function toApiRequest(req: WireRequest, signal?: AbortSignal): ApiRequest {
  const body = req.body ? new Uint8Array(req.body) : new Uint8Array(0);
  return {
    method: req.method.toUpperCase(),
    url: new URL(req.url),
    headers: new ListHeaders(req.headers),
    async readBody(limit) {
      if (body.byteLength > limit) throw StatusError.tooLarge(limit);
      return body;
    },
    ...(signal ? { signal } : {}),
  };
}

function wireHeaders(res: ApiResponse): HeaderList {
  const out: HeaderList = [];
  for (const [k, v] of Object.entries(res.headers)) {
    if (k === 'transfer-encoding') continue; // framing is the transport's business
    if (Array.isArray(v)) for (const x of v) out.push([k, x]);
    else out.push([k, v]);
  }
  return out;
}

/** A whole (non-streamed) answer, for callers that want it in one message (comlink). */
export async function wholeResponse(res: ApiResponse, method: string): Promise<WireResponse> {
  let body = res.body;
  if (body instanceof ReadableStream) body = new Uint8Array(await new Response(body).arrayBuffer());
  if (NULL_BODY_STATUSES.has(res.status) || method === 'HEAD') body = null;
  return { status: res.status, headers: wireHeaders(res), body };
}

interface OpenStream {
  readonly abort: AbortController;
  reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  sent: number;
  taken: number;
  wake: (() => void) | undefined;
}

export interface PortServer {
  /** Requests being answered on this port, streams included. */
  readonly openStreams: number;
  /** Ends every streamed body cleanly (the server they come from is going away). */
  endStreams(): void;
  close(): void;
}

export function servePort(port: MessagePort, handler: ApiHandler, onClose?: () => void): PortServer {
  const streams = new Map<number, OpenStream>();
  let closed = false;
  let lastPong = Date.now();
  let pinger: ReturnType<typeof setInterval> | undefined;

  const send = (msg: ToClient) => {
    if (!closed) port.postMessage(msg);
  };

  const stop = (id: number) => {
    const s = streams.get(id);
    if (!s) return;
    streams.delete(id);
    s.abort.abort();
    s.wake?.();
    void s.reader?.cancel().catch(() => undefined);
    if (!streams.size && pinger !== undefined) {
      clearInterval(pinger);
      pinger = undefined;
    }
  };

  const close = () => {
    if (closed) return;
    for (const id of [...streams.keys()]) stop(id);
    closed = true;
    port.close();
    onClose?.();
  };

  const watchPeer = () => {
    if (pinger !== undefined) return;
    lastPong = Date.now();
    pinger = setInterval(() => {
      if (Date.now() - lastPong > 2 * PING_EVERY_MS + 1000) close();
      else send({ t: 'ping' });
    }, PING_EVERY_MS);
  };

  async function pumpStream(id: number, s: OpenStream, body: ReadableStream<Uint8Array>): Promise<void> {
    const reader = body.getReader();
    s.reader = reader;
    try {
      for (;;) {
        while (s.sent - s.taken >= STREAM_WINDOW && streams.has(id)) await new Promise<void>((r) => (s.wake = r));
        if (!streams.has(id)) return;
        const { done, value } = await reader.read();
        if (!streams.has(id)) return;
        if (done) {
          send({ t: 'end', id });
          break;
        }
        // Copied, not transferred: the core shares one encoded event among every watcher.
        send({ t: 'chunk', id, bytes: value });
        s.sent++;
      }
    } catch (err) {
      if (streams.has(id)) send({ t: 'fail', id, message: err instanceof Error ? err.message : String(err) });
    }
    streams.delete(id);
  }

  async function answer(id: number, req: WireRequest): Promise<void> {
    const abort = new AbortController();
    const s: OpenStream = { abort, reader: undefined, sent: 0, taken: 0, wake: undefined };
    streams.set(id, s);
    try {
      const res = await handler(toApiRequest(req, abort.signal));
      if (!streams.has(id)) {
        if (res.body instanceof ReadableStream) void res.body.cancel();
        return;
      }
      if (res.body instanceof ReadableStream && !NULL_BODY_STATUSES.has(res.status) && req.method !== 'HEAD') {
        send({ t: 'head', id, res: { status: res.status, headers: wireHeaders(res), body: null }, stream: true });
        watchPeer();
        await pumpStream(id, s, res.body);
        return;
      }
      send({ t: 'head', id, res: await wholeResponse(res, req.method), stream: false });
    } catch (err) {
      send({ t: 'fail', id, message: err instanceof Error ? err.message : String(err) });
    }
    streams.delete(id);
  }

  port.onmessage = (e: MessageEvent<ToServer>) => {
    const msg = e.data;
    switch (msg.t) {
      case 'req':
        void answer(msg.id, msg.req);
        break;
      case 'ack': {
        const s = streams.get(msg.id);
        if (s && msg.taken > s.taken) {
          s.taken = msg.taken;
          s.wake?.();
          s.wake = undefined;
        }
        break;
      }
      case 'cancel':
        stop(msg.id);
        break;
      case 'pong':
        lastPong = Date.now();
        break;
    }
  };
  // Where supported, a port whose peer is gone says so at once.
  port.addEventListener('close', close);

  return {
    get openStreams() {
      return streams.size;
    },
    endStreams() {
      for (const [id, s] of [...streams]) {
        if (!s.reader) continue;
        send({ t: 'end', id });
        stop(id);
      }
    },
    close,
  };
}
