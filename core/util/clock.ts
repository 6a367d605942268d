/**
 * Time is injected so that tests (and the playground's speed control) can move it. The server,
 * its store's history window, watch timeouts and bookmarks, informers and work queues all read
 * the same clock.
 */

export interface TimerHandle {
  cancel(): void;
}

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /**
   * `awaited`: a request in flight is waiting on this timer, so in Node it keeps the process
   * alive as an open socket would (otherwise our timers never do: an in-process caller awaiting
   * such a request would see its process exit in the middle).
   */
  setTimeout(fn: () => void, ms: number, awaited?: boolean): TimerHandle;
  /** Resolves after `ms` of this clock's time. */
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout(fn, ms, awaited) {
    const h = setTimeout(fn, ms);
    // Node: a pending timer of ours must not keep the process alive on its own.
    if (!awaited) (h as { unref?: () => void }).unref?.();
    return { cancel: () => clearTimeout(h) };
  },
  sleep: (ms) =>
    new Promise((resolve) => {
      setTimeout(resolve, ms);
    }),
};

interface Pending {
  at: number;
  seq: number;
  fn: () => void;
  cancelled: boolean;
}

/** A clock that only moves when told to. `advance` fires due timers in time order. */
export class VirtualClock implements Clock {
  private current: number;
  private seq = 0;
  private timers: Pending[] = [];

  constructor(start = Date.UTC(2026, 0, 1)) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const p: Pending = { at: this.current + Math.max(0, ms), seq: this.seq++, fn, cancelled: false };
    this.timers.push(p);
    return {
      cancel: () => {
        p.cancelled = true;
      },
    };
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.setTimeout(resolve, ms));
  }

  /** Moves time forward by `ms`, running each due timer at its own time, letting promises settle in between. */
  async advance(ms: number): Promise<void> {
    const target = this.current + ms;
    for (;;) {
      const next = this.nextDue(target);
      if (!next) break;
      this.current = Math.max(this.current, next.at);
      next.cancelled = true;
      next.fn();
      await flushMicrotasks();
    }
    this.current = target;
    await flushMicrotasks();
  }

  /** Number of timers still waiting. */
  pending(): number {
    this.timers = this.timers.filter((t) => !t.cancelled);
    return this.timers.length;
  }

  private nextDue(limit: number): Pending | undefined {
    let best: Pending | undefined;
    for (const t of this.timers) {
      if (t.cancelled || t.at > limit) continue;
      if (!best || t.at < best.at || (t.at === best.at && t.seq < best.seq)) best = t;
    }
    if (best) this.timers = this.timers.filter((t) => t !== best && !t.cancelled);
    return best;
  }
}

/** Lets chained promise callbacks run (a macrotask boundary). */
export function flushMicrotasks(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
