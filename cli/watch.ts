/** Reading a watch response: one JSON event per line, as the server streams them. */
import { ApiError } from '../controllers/runtime/client/index.ts';
import type { CliResponse } from './io.ts';
import type { JsonObject } from './objects.ts';

export interface WatchEvent {
  readonly type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';
  readonly object: JsonObject;
}

/** Calls `onEvent` for each event until the stream ends or `onEvent` answers false. */
export async function readWatch(
  res: CliResponse,
  onEvent: (e: WatchEvent) => boolean | void | Promise<boolean | void>,
  signal?: AbortSignal,
): Promise<void> {
  if (res.status < 200 || res.status > 299) throw ApiError.fromResponse(res.status, await res.text());
  const body = res.body;
  if (!body) return;
  const reader = body.getReader();
  // Not every transport ends its stream when the request is aborted (an in-process server's may
  // not): cancelling the reader ends a pending read either way.
  const stop = () => void reader.cancel().catch(() => undefined);
  if (signal?.aborted) stop();
  signal?.addEventListener('abort', stop, { once: true });
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let nl = buffer.indexOf('\n');
      while (nl >= 0) {
        const line = buffer.slice(0, nl).trim();
        buffer = buffer.slice(nl + 1);
        if (line) {
          const event = JSON.parse(line) as WatchEvent;
          if (event.type === 'ERROR') throw new ApiError(event.object as never);
          if ((await onEvent(event)) === false) return;
        }
        nl = buffer.indexOf('\n');
      }
    }
  } catch (err) {
    if (err instanceof Error && err.name === 'AbortError') return;
    throw err;
  } finally {
    signal?.removeEventListener('abort', stop);
    reader.cancel().catch(() => undefined);
  }
}
