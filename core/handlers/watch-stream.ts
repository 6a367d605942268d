/**
 * A watch as a response body: each message framed in the negotiated format. Events from the
 * store are encoded once per media type (and event type) and the bytes are shared by every
 * watcher. A watcher that falls `bufferSize` events behind is closed, as the real platform
 * closes unresponsive watchers, so it never holds up writers or other watchers.
 */
import type { Observable, Subscription } from 'rxjs';
import type { Negotiated } from '../codecs/negotiate.ts';
import type { EncodeContext } from '../codecs/serializer.ts';
import type { WatchMessage } from '../registry/read.ts';
import type { Respell } from './respell.ts';

/** Counters for benchmarks and /metrics. */
export const watchStats = { encodes: 0, delivered: 0, closedSlow: 0 };

export interface WatchFrameContext extends EncodeContext {
  readonly kind: string;
  /** The apiVersion answered: the served one, or its `k8s.io` alias when the path spelled it so. */
  readonly apiVersion: string;
  /** With an alias, how the stored objects are answered in its spelling (see respell.ts). */
  readonly respell?: Respell;
}

/** The event's object as this watcher is answered: in the alias spelling when it asked through one. */
function objectJson(json: string, ctx: WatchFrameContext): string {
  return ctx.respell ? ctx.respell(json) : json;
}

function bookmarkJson(ctx: WatchFrameContext, rv: number, initialEventsEnd: boolean): string {
  const meta = initialEventsEnd
    ? { resourceVersion: String(rv), annotations: { 'orch.io/initial-events-end': 'true' } }
    : { resourceVersion: String(rv) };
  return JSON.stringify({ kind: ctx.kind, apiVersion: ctx.apiVersion, metadata: meta });
}

export function encodeWatchMessage(msg: WatchMessage, n: Negotiated, ctx: WatchFrameContext): Uint8Array {
  const s = n.serializer;
  switch (msg.kind) {
    case 'event': {
      const shared = s.perWatcher ? undefined : msg.shared;
      if (!shared) {
        watchStats.encodes++;
        return s.encodeWatchEvent(msg.type, objectJson(msg.json, ctx), ctx);
      }
      // The serializer's media type tells variants apart that share a Content-Type (metadata-only JSON).
      const key = `${ctx.apiVersion}|${s.mediaType}|${n.contentType}|${msg.type}`;
      const cache = (shared.encoded ??= new Map());
      let bytes = cache.get(key);
      if (!bytes) {
        watchStats.encodes++;
        bytes = s.encodeWatchEvent(msg.type, objectJson(msg.json, ctx), ctx);
        cache.set(key, bytes);
      }
      return bytes;
    }
    case 'bookmark':
      return s.encodeWatchEvent('BOOKMARK', bookmarkJson(ctx, msg.rv, msg.initialEventsEnd), ctx);
    case 'error':
      return s.encodeWatchEvent('ERROR', JSON.stringify(msg.status), ctx);
  }
}

export function watchBody(
  messages: Observable<WatchMessage>,
  n: Negotiated,
  ctx: WatchFrameContext,
  bufferSize: number,
  signal?: AbortSignal,
  onEnd?: () => void,
): ReadableStream<Uint8Array> {
  let sub: Subscription | undefined;
  let done = false;
  let ended = false;
  const stop = () => {
    done = true;
    sub?.unsubscribe();
    if (!ended) {
      ended = true;
      onEnd?.();
    }
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        // A client that left while the request waited (in a flow-control queue) gets nothing: the watch ends at once.
        if (signal?.aborted) {
          stop();
          controller.close();
          return;
        }
        signal?.addEventListener('abort', stop, { once: true });
        sub = messages.subscribe({
          next(msg) {
            if (done) return;
            if (controller.desiredSize !== null && controller.desiredSize < -bufferSize) {
              watchStats.closedSlow++;
              stop();
              controller.close();
              return;
            }
            let bytes: Uint8Array;
            try {
              bytes = encodeWatchMessage(msg, n, ctx);
            } catch {
              // An event the negotiated form cannot carry (a list form asked of a watch's objects)
              // ends the watch, as the real watch server stops at an event it cannot encode.
              stop();
              controller.close();
              return;
            }
            controller.enqueue(bytes);
            watchStats.delivered++;
          },
          complete() {
            if (done) return;
            stop();
            controller.close();
          },
          error(err: unknown) {
            if (done) return;
            stop();
            controller.error(err);
          },
        });
        if (done) sub.unsubscribe();
      },
      cancel() {
        stop();
      },
    },
    { highWaterMark: 0 },
  );
}
