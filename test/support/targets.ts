/**
 * The two ways a test reaches the API server: in-process through `fetch`, and over real HTTP
 * through orch-apiserver's node:http host. Table-driven tests run every row against both.
 */
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

export const TRANSPORTS: readonly [string, (opts?: StartOptions) => Promise<Target>][] = [
  ['in-process', inProcess],
  ['http', overHttp],
];

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
  let parsed: unknown = undefined;
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

export function configMap(name: string, data: Record<string, string> = {}, extra: Record<string, unknown> = {}) {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, ...extra }, data };
}
