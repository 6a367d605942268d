/**
 * An in-process server on a virtual clock, for the tests of reads and watches (docs/api-rules.md,
 * "Watch" and "List"), and a reader that takes a watch stream event by event.
 */
import { afterEach, beforeEach, expect } from 'vitest';
import { createApiServer, VirtualClock, type ApiServer, type ApiServerOptions } from '../../core/index.ts';

export interface ClockedServer {
  readonly api: ApiServer;
  readonly clock: VirtualClock;
  req(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any; headers: Headers }>;
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

export interface ClockedServerPerTest extends ClockedServer {
  /** Opens a watch on `path` (it must answer 200); its reader is closed after the test. */
  watch(path: string, headers?: Record<string, string>): Promise<EventReader>;
  /** Reads a watch answer event by event; the reader is closed after the test. */
  read(res: Response): EventReader;
  /** Closes the running test's server and starts another with `opts` in its place. */
  restart(opts: ApiServerOptions): Promise<void>;
}

/**
 * A clocked server for each test (of the file, or of the `describe` this is called in), started
 * with `opts` before it and closed after it with the watches it opened. The answer stands for the
 * running test's server.
 */
export function clockedServerPerTest(opts: ApiServerOptions = {}): ClockedServerPerTest {
  let current: ClockedServer | undefined;
  const readers: EventReader[] = [];
  beforeEach(async () => {
    current = await clockedServer(opts);
  });
  afterEach(async () => {
    for (const r of readers.splice(0)) await r.close();
    await current?.api.close();
    current = undefined;
  });
  const now = (): ClockedServer => {
    if (!current) throw new Error('no server: it is started before each test and closed after it');
    return current;
  };
  return {
    get api() {
      return now().api;
    },
    get clock() {
      return now().clock;
    },
    req: (method, path, body, headers) => now().req(method, path, body, headers),
    open: (path, headers) => now().open(path, headers),
    async watch(path, headers = {}) {
      const res = await now().open(path, headers);
      expect(res.status).toBe(200);
      return this.read(res);
    },
    read(res) {
      const reader = new EventReader(res);
      readers.push(reader);
      return reader;
    },
    async restart(next) {
      await current?.api.close();
      current = await clockedServer(next);
    },
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

/** Lets pending requests run up to their next wait on the (virtual) clock. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 5));
}
