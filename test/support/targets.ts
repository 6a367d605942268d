/**
 * The two ways a test reaches the API server: in-process through `fetch`, and over real HTTP
 * through orch-apiserver's node:http host; a server per test or per suite on either; and `call`,
 * a JSON request. Table-driven tests run every row against both transports (`TRANSPORTS`).
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createApiServer, type ApiServer, type ApiServerOptions } from '../../core/index.ts';
import { startServer, type StartOptions } from '../../server/index.ts';

export interface Target {
  readonly name: string;
  readonly api: ApiServer;
  /** Base URL requests resolve against. */
  readonly base: string;
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export async function inProcess(opts: ApiServerOptions = {}): Promise<Target> {
  const api = createApiServer(opts);
  await api.ready;
  const base = 'http://orch.test';
  return {
    name: 'in-process',
    api,
    base,
    request: (path, init) => api.fetch(new Request(new URL(path, base), init)),
    close: () => api.close(),
  };
}

export async function overHttp(opts: StartOptions = {}): Promise<Target> {
  const running = await startServer({ ...opts, port: 0, host: '127.0.0.1' });
  return {
    name: 'http',
    api: running.api,
    base: running.url,
    request: (path, init) => fetch(new URL(path, running.url), init),
    close: () => running.shutdown(),
  };
}

/** Both transports, as rows for `describe.each(TRANSPORTS)('… ($name)', ({ start }) => …)`. */
export const TRANSPORTS: readonly { readonly name: string; readonly start: (opts?: StartOptions) => Promise<Target> }[] = [
  { name: 'in-process', start: inProcess },
  { name: 'http', start: overHttp },
];

/** The collection of ConfigMaps in `default`, the namespace most tests write in. */
export const CM = '/api/v1/namespaces/default/configmaps';

/**
 * A fresh server for each test of the file (or of the `describe` it is called in), closed after
 * the test. The answer stands for whichever server the running test has.
 */
export function serverPerTest(start: () => Promise<Target> = inProcess): Target {
  return serverBetween(beforeEach, afterEach, start);
}

/** One server for all tests of the file (or of the `describe` it is called in), closed after them. */
export function serverPerSuite(start: () => Promise<Target> = inProcess): Target {
  return serverBetween(beforeAll, afterAll, start);
}

/** A server started by the `before` hook and closed by the `after` hook; the answer stands for it. */
function serverBetween(before: typeof beforeAll, after: typeof afterAll, start: () => Promise<Target>): Target {
  let current: Target | undefined;
  before(async () => {
    current = await start();
  });
  after(async () => {
    await current?.close();
    current = undefined;
  });
  const now = (): Target => {
    if (!current) throw new Error('no server: it is started before each test (or suite) and closed after it');
    return current;
  };
  return {
    get name() {
      return now().name;
    },
    get api() {
      return now().api;
    },
    get base() {
      return now().base;
    },
    request: (path, init) => now().request(path, init),
    close: () => now().close(),
  };
}

/** JSON request helper: method, path, body → { status, body, headers }. */
export async function call(
  t: Target,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any; headers: Headers; text: string }> {
  const init: RequestInit = { method, headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers } };
  if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
  const res = await t.request(path, init);
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, body: parsed, headers: res.headers, text };
}

/** Reads a watch body as parsed events, as they arrive. */
export async function* watchEvents(res: Response): AsyncGenerator<{ type: string; object: any }> {
  const reader = res.body!.getReader();
  const dec = new TextDecoder();
  let buf = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buf += dec.decode(value, { stream: true });
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        if (line.trim()) yield JSON.parse(line) as { type: string; object: any };
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
