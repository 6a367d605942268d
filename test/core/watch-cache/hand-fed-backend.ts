/**
 * A memory backend whose watch feeds the test drives by hand, one per watched prefix (as etcd's
 * are: each its own stream), and whose events arrive asynchronously unless told otherwise.
 */
import { type BackendEvent, MemoryBackend, type StorageBackend, type Unsubscribe } from '../../../core/index.ts';

export interface HandFeed {
  readonly prefix: string;
  /** The revision the watch was asked to start after. */
  readonly after: number;
  open: boolean;
  progressRequests: number;
  onEvent: (e: BackendEvent) => void;
  onError: (err: Error) => void;
  onProgress: (rev: number) => void;
}

export class HandFedBackend extends MemoryBackend implements StorageBackend {
  override readonly synchronousEvents: boolean = false;
  /** Every watch opened, in order (a relist opens a new one for its prefix). */
  readonly feeds: HandFeed[] = [];

  /** The latest watch of a prefix. */
  feed(prefix: string): HandFeed {
    const f = this.feeds.filter((w) => w.prefix === prefix).at(-1);
    if (!f) throw new Error(`no watch of ${prefix}`);
    return f;
  }

  override watch(
    prefix: string,
    after: number,
    onEvent: (e: BackendEvent) => void,
    onError?: (err: Error) => void,
    onProgress?: (rev: number) => void,
  ): Unsubscribe {
    const f: HandFeed = {
      prefix,
      after,
      open: true,
      progressRequests: 0,
      onEvent,
      onError: onError ?? (() => undefined),
      onProgress: onProgress ?? (() => undefined),
    };
    this.feeds.push(f);
    return () => {
      f.open = false;
    };
  }

  requestProgress(prefix: string): void {
    for (const f of this.feeds) if (f.open && f.prefix === prefix) f.progressRequests++;
  }
}

/** A put event of `/registry/<resource>/ns/<name>`. */
export const put = (resource: string, name: string, revision: number): BackendEvent => {
  const key = `/registry/${resource}/ns/${name}`;
  return {
    type: 'put',
    key,
    kv: { key, value: `{"metadata":{"name":"${name}","resourceVersion":"${revision}"}}`, modRevision: revision, createRevision: revision },
    prevKv: undefined,
    revision,
  };
};
