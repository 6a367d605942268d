/**
 * A fetch in front of a real server that records requests and can misbehave on cue: cut every
 * open watch stream (a dropped connection), refuse new requests (the server unreachable), or
 * answer one matching request with a canned response.
 */
import type { FetchLike } from '../../controllers/index.ts';

export interface SeenRequest {
  readonly method: string;
  readonly url: URL;
}

export class FaultyFetch {
  readonly requests: SeenRequest[] = [];
  /** While true, requests fail as a refused connection would. */
  down = false;
  private readonly open = new Set<() => void>();
  private readonly openWaiters: (() => void)[] = [];
  private canned: { match: (r: SeenRequest) => boolean; response: () => Response }[] = [];

  constructor(private readonly inner: FetchLike) {}

  readonly fetch: FetchLike = async (request) => {
    const seen = { method: request.method, url: new URL(request.url) };
    this.requests.push(seen);
    if (this.down) throw new TypeError('fetch failed: connection refused');
    const i = this.canned.findIndex((c) => c.match(seen));
    if (i >= 0) return this.canned.splice(i, 1)[0].response();
    const res = await this.inner(request);
    if (seen.url.searchParams.get('watch') !== 'true' || !res.body) return res;
    return new Response(this.cuttable(res.body), { status: res.status, headers: res.headers });
  };

  /** Resolves once at least one watch stream is open (a watch is established asynchronously). */
  watching(): Promise<void> {
    if (this.open.size) return Promise.resolve();
    return new Promise((resolve) => this.openWaiters.push(resolve));
  }

  /** Ends every open watch stream with a network error. */
  cutWatches(): void {
    for (const cut of [...this.open]) cut();
  }

  /** The next request matching `match` gets `response` instead of reaching the server. */
  answerOnce(match: (r: SeenRequest) => boolean, response: () => Response): void {
    this.canned.push({ match, response });
  }

  watches(): SeenRequest[] {
    return this.requests.filter((r) => r.url.searchParams.get('watch') === 'true');
  }

  lists(): SeenRequest[] {
    return this.requests.filter((r) => r.method === 'GET' && r.url.searchParams.get('watch') !== 'true');
  }

  private cuttable(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
    const reader = body.getReader();
    let cut: (() => void) | undefined;
    return new ReadableStream<Uint8Array>({
      start: (controller) => {
        cut = () => {
          this.open.delete(cut!);
          controller.error(new TypeError('network error: connection reset'));
          reader.cancel().catch(() => undefined);
        };
        this.open.add(cut);
        for (const w of this.openWaiters.splice(0)) w();
      },
      pull: async (controller) => {
        try {
          const { done, value } = await reader.read();
          if (done) {
            this.open.delete(cut!);
            controller.close();
          } else {
            controller.enqueue(value);
          }
        } catch {
          // Already cut.
        }
      },
      cancel: (reason) => {
        this.open.delete(cut!);
        return reader.cancel(reason);
      },
    });
  }
}
