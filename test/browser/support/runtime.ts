/**
 * The browser runtime for tests: the built API worker and Service Worker (playground/dist, built
 * by the runner's config), registered with scope `/` so they serve the test page itself.
 */
import { bootOrch, type OrchHandle } from '../../../worker/index.ts';

/** Where the runner serves the build (the repository root is its root). */
export const BUILD = '/playground/dist/';

let booted: Promise<OrchHandle> | undefined;

/** Boots once per test page. */
export function runtime(): Promise<OrchHandle> {
  booted ??= bootOrch({ base: BUILD, scope: '/' });
  return booted;
}

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The body parsed as JSON (undefined if it is not JSON). */
  readonly body: any;
}

/** A request with plain fetch, as any code in the page would make it. */
export async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const init: RequestInit = { method, headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers } };
  if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
  const res = await fetch(path, init);
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, text, body: parsed };
}

export function configMap(name: string, data: Record<string, string> = {}): Record<string, unknown> {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data };
}

/** Reads a watch body line by line, as events arrive. */
export class WatchReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private buffer = '';

  constructor(res: Response) {
    this.reader = res.body!.getReader();
  }

  /** The next event, or undefined when the stream ends. Rejects after `ms`. */
  async next(ms = 10_000): Promise<{ type: string; object: any } | undefined> {
    const deadline = Date.now() + ms;
    for (;;) {
      const nl = this.buffer.indexOf('\n');
      if (nl >= 0) {
        const line = this.buffer.slice(0, nl);
        this.buffer = this.buffer.slice(nl + 1);
        if (line.trim()) return JSON.parse(line) as { type: string; object: any };
        continue;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no watch event within ${ms} ms`);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no watch event within ${ms} ms`)), left);
      });
      const { done, value } = await Promise.race([this.reader.read(), timeout]).finally(() => clearTimeout(timer));
      if (done) return undefined;
      this.buffer += this.decoder.decode(value, { stream: true });
    }
  }

  cancel(): Promise<void> {
    return this.reader.cancel();
  }
}
