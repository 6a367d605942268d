/**
 * A watch response body as an Observable of events. Unsubscribing aborts the request, which ends
 * the server's watch too (in-process through the Request's signal, over HTTP by closing the
 * connection).
 */
import { Observable } from 'rxjs';
import type { Status } from '../../../core/registry/types/index.ts';
import type { KubeObject } from '../api/types.ts';
import { ApiError } from './api-error.ts';
import type { ClientResponse } from './transport.ts';

export type WatchEvent<T extends KubeObject = KubeObject> =
  | { readonly type: 'ADDED' | 'MODIFIED' | 'DELETED'; readonly object: T }
  /** Only `metadata.resourceVersion` (and the initial-events-end annotation) are meaningful. */
  | { readonly type: 'BOOKMARK'; readonly object: KubeObject }
  | { readonly type: 'ERROR'; readonly object: Status };

const WATCH_TYPES = new Set(['ADDED', 'MODIFIED', 'DELETED', 'BOOKMARK', 'ERROR']);

export function watchStream<T extends KubeObject>(open: (signal: AbortSignal) => Promise<ClientResponse>): Observable<WatchEvent<T>> {
  return new Observable<WatchEvent<T>>((sub) => {
    const abort = new AbortController();
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
    const run = async () => {
      const res = await open(abort.signal);
      if (res.status !== 200 || !res.body) {
        throw ApiError.fromResponse(res.status, await res.text());
      }
      reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buffered = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (sub.closed) return;
        if (done) break;
        buffered += decoder.decode(value, { stream: true });
        let nl: number;
        while ((nl = buffered.indexOf('\n')) >= 0) {
          const line = buffered.slice(0, nl);
          buffered = buffered.slice(nl + 1);
          if (line.trim()) sub.next(parseEvent<T>(line));
          if (sub.closed) return;
        }
      }
      if (buffered.trim()) sub.next(parseEvent<T>(buffered));
      sub.complete();
    };
    run().catch((err: unknown) => {
      if (!abort.signal.aborted && !sub.closed) sub.error(err);
    });
    return () => {
      abort.abort();
      reader?.cancel().catch(() => undefined);
    };
  });
}

function parseEvent<T extends KubeObject>(line: string): WatchEvent<T> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch (err) {
    throw new Error(`malformed watch event: ${(err as Error).message}`);
  }
  const ev = parsed as { type?: unknown; object?: unknown };
  if (
    typeof ev !== 'object' ||
    ev === null ||
    typeof ev.type !== 'string' ||
    !WATCH_TYPES.has(ev.type) ||
    typeof ev.object !== 'object' ||
    ev.object === null
  ) {
    throw new Error(`malformed watch event: ${line.slice(0, 200)}`);
  }
  return parsed as WatchEvent<T>;
}
