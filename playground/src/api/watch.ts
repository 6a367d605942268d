/**
 * Live collections for the UI: list, then watch from the list's resourceVersion; on a dropped
 * stream, watch again from the last version seen; on 410 Gone, list again — the same loop an
 * informer runs.
 */
import { isStatus, send, toStatus, type ApiList, type ApiObject, type ApiStatus } from './http.ts';

export interface WatchEvent {
  readonly type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';
  readonly object: ApiObject;
}

/** Calls `onEvent` for each event of a watch request until it ends or `signal` aborts. */
export async function streamWatch(path: string, onEvent: (e: WatchEvent) => void, signal: AbortSignal): Promise<void> {
  const res = await fetch(path, { headers: { accept: 'application/json' }, signal });
  if (!res.ok || !res.body) {
    const text = await res.text();
    let status: ApiStatus | undefined;
    try {
      const j = JSON.parse(text) as unknown;
      if (isStatus(j)) status = j;
    } catch {
      // not JSON
    }
    throw status ?? new Error(`${res.status} ${text}`);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buf += value;
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl).trim();
        buf = buf.slice(nl + 1);
        if (line) onEvent(JSON.parse(line) as WatchEvent);
      }
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

export interface LiveListener {
  /** The whole collection, after every change. */
  onItems(items: ApiObject[]): void;
  /** Each change as it arrives (not the initial list). */
  onEvent?(e: WatchEvent): void;
  /** A failure (shown as the Status it is); the loop retries after a pause. */
  onError?(status: ApiStatus): void;
}

function keyOf(o: ApiObject): string {
  return `${o.metadata?.namespace ?? ''}/${o.metadata?.name ?? ''}`;
}

/** Retries back off from this to `MAX_RETRY_MS` (a kind that is not served is asked rarely). */
const RETRY_MS = 500;
const MAX_RETRY_MS = 15_000;

/** Keeps `listener` up to date with the collection at `path` until the returned stop is called. */
export function live(path: string, listener: LiveListener): () => void {
  const abort = new AbortController();
  const items = new Map<string, ApiObject>();
  const publish = () => listener.onItems([...items.values()].sort((a, b) => keyOf(a).localeCompare(keyOf(b))));
  const sep = path.includes('?') ? '&' : '?';

  const run = async () => {
    let rv = '';
    let delay = RETRY_MS;
    while (!abort.signal.aborted) {
      try {
        if (!rv) {
          const r = await send('GET', path, { signal: abort.signal });
          if (r.status >= 400) throw isStatus(r.json) ? r.json : new Error(`${r.status} ${r.text}`);
          const list = r.json as ApiList;
          items.clear();
          for (const o of list.items) items.set(keyOf(o), o);
          rv = list.metadata.resourceVersion ?? '';
          publish();
          delay = RETRY_MS;
        }
        let gone = false;
        await streamWatch(`${path}${sep}watch=1&allowWatchBookmarks=true&resourceVersion=${encodeURIComponent(rv)}`, (e) => {
          if (e.type === 'ERROR') {
            if (isStatus(e.object) && e.object.code === 410) gone = true;
            else listener.onError?.(toStatus(e.object));
            return;
          }
          const v = e.object.metadata?.resourceVersion;
          if (v) rv = v;
          if (e.type === 'BOOKMARK') return;
          if (e.type === 'DELETED') items.delete(keyOf(e.object));
          else items.set(keyOf(e.object), e.object);
          listener.onEvent?.(e);
          publish();
        }, abort.signal);
        if (gone) rv = '';
      } catch (err) {
        if (abort.signal.aborted) return;
        const status = toStatus(err);
        if (status.code === 410) rv = '';
        else listener.onError?.(status);
        await new Promise((r) => setTimeout(r, delay));
        delay = Math.min(delay * 2, MAX_RETRY_MS);
      }
    }
  };
  void run();
  return () => abort.abort();
}
