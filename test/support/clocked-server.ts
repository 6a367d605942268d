/** A server on a virtual clock, and helpers to read watch streams event by event. */
import { createApiServer, VirtualClock, type ApiServer, type ApiServerOptions } from '../../../core/index.ts';

export interface ClockedServer {
  readonly api: ApiServer;
  readonly clock: VirtualClock;
  req(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any; headers: Headers }>;
  open(path: string, headers?: Record<string, string>): Promise<Response>;
}

export async function clockedServer(opts: ApiServerOptions = {}): Promise<ClockedServer> {
  const clock = new VirtualClock();
  const api = createApiServer({ clock, ...opts });
  await api.ready;
  const base = 'http://orch.test';
  return {
    api,
    clock,
    async req(method, path, body, headers = {}) {
      const init: RequestInit = { method, headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers } };
      if (body !== undefined) init.body = JSON.stringify(body);
      const res = await api.fetch(new Request(new URL(path, base), init));
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
    },
    open: (path, headers = {}) => api.fetch(new Request(new URL(path, base), { headers })),
  };
}

/** Reads newline-delimited watch events; `next` waits for one, `none` asserts nothing is queued. */
export class EventReader {
  private buf = '';
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly dec = new TextDecoder();
  private ended = false;
  private pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;

  constructor(res: Response) {
    this.reader = res.body!.getReader();
  }

  async next(): Promise<{ type: string; object: any } | undefined> {
    for (;;) {
      const nl = this.buf.indexOf('\n');
      if (nl >= 0) {
        const line = this.buf.slice(0, nl);
        this.buf = this.buf.slice(nl + 1);
        if (line.trim()) return JSON.parse(line) as { type: string; object: any };
        continue;
      }
      if (this.ended) return undefined;
      const r = await (this.pending ?? this.reader.read());
      this.pending = undefined;
      if (r.done) {
        this.ended = true;
        continue;
      }
      this.buf += this.dec.decode(r.value, { stream: true });
    }
  }

  /** The events available without waiting for new ones (drains what is queued). */
  async drain(): Promise<{ type: string; object: any }[]> {
    const out: { type: string; object: any }[] = [];
    for (;;) {
      const nl = this.buf.indexOf('\n');
      if (nl >= 0) {
        const e = await this.next();
        if (e) out.push(e);
        continue;
      }
      if (this.ended) return out;
      this.pending ??= this.reader.read();
      const got = await Promise.race([this.pending, new Promise<'idle'>((r) => setTimeout(() => r('idle'), 20))]);
      if (got === 'idle') return out;
      this.pending = undefined;
      if (got.done) this.ended = true;
      else this.buf += this.dec.decode(got.value, { stream: true });
    }
  }

  async isEnded(): Promise<boolean> {
    await this.drain();
    return this.ended;
  }

  async close(): Promise<void> {
    await this.reader.cancel().catch(() => undefined);
  }
}

export const CM = '/api/v1/namespaces/default/configmaps';
export const cm = (name: string, labels: Record<string, string> = {}, data: Record<string, string> = {}) => ({
  metadata: { name, labels },
  data,
});

/** Lets pending requests run up to their next wait on the (virtual) clock. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 5));
}
