/**
 * One etcd watch stream over a key range, kept alive across etcd restarts: after a broken stream
 * it comes back (with backoff) from the revision after the last one it delivered, so no event is
 * lost or repeated. Progress notifications (periodic, and on request) tell the watch cache that
 * nothing under its prefix changed up to a revision, which is what a consistent read from the
 * cache waits for. A start revision etcd has compacted away is reported as CompactedError.
 */
import { CompactedError } from '../../core/storage/index.ts';
import { int64, type WatchRequestMessage, type WatchResponseMessage } from './etcd-kv-proto.ts';
import type { EtcdClient } from './etcd-client.ts';
import type { GrpcStream } from './grpc-stream.ts';

type WatchStream = GrpcStream<WatchRequestMessage, WatchResponseMessage>;

export interface EtcdWatchHandlers {
  /** Events of revisions after every one delivered before (`events` is never empty). */
  readonly onResponse: (res: WatchResponseMessage) => void;
  /** Nothing in range changed up to this revision. */
  readonly onProgress: (revision: number) => void;
  readonly onError: (err: Error) => void;
}

const MIN_BACKOFF_MS = 50;
const MAX_BACKOFF_MS = 2_000;

export class EtcdWatch {
  private stream: WatchStream | undefined;
  private closed = false;
  private backoff = MIN_BACKOFF_MS;
  /** The highest revision reported, by events or progress notifications. */
  private reported: number;
  private timer: NodeJS.Timeout | undefined;
  /** The stream has a watcher (its create response came). */
  private created = false;

  constructor(
    private readonly client: EtcdClient,
    private readonly key: Buffer,
    private readonly rangeEnd: Buffer,
    /**
     * The last revision whose events were delivered: the watch resumes after it. Progress
     * notifications do not move it: etcd before 3.4.25 and 3.5.8 may answer a progress request
     * from a watcher still catching up, ahead of events it has yet to send (etcd issue 15220),
     * and those events must not then be taken for repeats.
     */
    private lastRevision: number,
    private readonly handlers: EtcdWatchHandlers,
  ) {
    this.reported = lastRevision;
    this.connect();
  }

  /** Asks etcd for a progress notification (answered once the watcher has caught up). */
  requestProgress(): void {
    if (this.stream && this.created) this.stream.write({ progress_request: {} });
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.stream?.cancel();
    this.stream = undefined;
  }

  private connect(): void {
    if (this.closed) return;
    let stream: WatchStream;
    try {
      stream = this.client.watch({
        onMessage: (res) => {
          if (this.stream === stream) this.onData(res);
        },
        // Ended by etcd or by a lost connection: watch again from after the last event delivered.
        onEnd: () => {
          if (this.stream !== stream) return;
          this.stream = undefined;
          this.retry();
        },
      });
    } catch {
      this.retry();
      return;
    }
    this.stream = stream;
    this.created = false;
    stream.write({
      create_request: {
        key: this.key,
        range_end: this.rangeEnd,
        start_revision: this.lastRevision + 1,
        prev_kv: true,
        progress_notify: true,
      },
    });
  }

  private retry(): void {
    if (this.closed) return;
    this.timer = setTimeout(() => this.connect(), this.backoff);
    this.backoff = Math.min(MAX_BACKOFF_MS, this.backoff * 2);
  }

  private onData(res: WatchResponseMessage): void {
    if (this.closed) return;
    this.backoff = MIN_BACKOFF_MS;
    const compacted = int64(res.compact_revision);
    if (compacted > 0) {
      this.close();
      this.handlers.onError(new CompactedError(compacted));
      return;
    }
    if (res.created) {
      this.created = true;
      return;
    }
    if (res.canceled) {
      this.stream?.cancel();
      this.stream = undefined;
      this.retry();
      return;
    }
    const events = res.events;
    if (events.length) {
      const last = int64(events[events.length - 1].kv?.mod_revision);
      if (last <= this.lastRevision) return; // already delivered before a reconnect
      this.handlers.onResponse(res);
      this.lastRevision = last;
      this.reported = Math.max(this.reported, last);
      return;
    }
    const revision = int64(res.header?.revision);
    if (revision > this.reported) {
      this.reported = revision;
      this.handlers.onProgress(revision);
    }
  }
}
