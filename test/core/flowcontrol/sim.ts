/**
 * A priority level under load in simulated time: clients that keep requests outstanding, each
 * request running for a set time once dispatched, and the order and times of the dispatches.
 */
import type { Grant, LevelConfig, PriorityLevel, WorkEstimate } from '../../../core/flowcontrol/index.ts';
import { PriorityLevel as Level } from '../../../core/flowcontrol/index.ts';
import type { TimerHandle } from '../../../core/util/clock.ts';

/** A clock whose timers fire only in `run`, in time order, with promise callbacks settling between them. */
export class SimClock {
  private t = 0;
  private seq = 0;
  private timers: { at: number; seq: number; fn: () => void; cancelled: boolean }[] = [];

  now(): number {
    return this.t;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const timer = { at: this.t + Math.max(0, ms), seq: this.seq++, fn, cancelled: false };
    this.timers.push(timer);
    return {
      cancel: () => {
        timer.cancelled = true;
      },
    };
  }

  /** Moves time forward by `ms`, firing due timers. */
  async run(ms: number): Promise<void> {
    const end = this.t + ms;
    await settle();
    for (;;) {
      this.timers = this.timers.filter((x) => !x.cancelled);
      const due = this.timers.filter((x) => x.at <= end).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.timers.splice(this.timers.indexOf(due), 1);
      this.t = due.at;
      due.fn();
      await settle();
    }
    this.t = end;
    await settle();
  }
}

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

export interface Dispatch {
  readonly flow: string;
  readonly at: number;
}

export class Sim {
  readonly clock = new SimClock();
  readonly level: PriorityLevel;
  readonly dispatched: Dispatch[] = [];
  readonly rejected: string[] = [];

  constructor(config: Partial<LevelConfig>) {
    this.level = new Level(
      { name: 'l', uid: 'u', exempt: false, seats: 1, queues: 64, handSize: 1, queueLengthLimit: 1000, ...config },
      60_000,
      () => this.clock.now(),
      this.clock,
    );
  }

  /** One request of `flow` that runs for `serviceMs` once dispatched; `then` when it has finished. */
  send(flow: string, serviceMs: number, work: WorkEstimate | number = 1, then?: () => void): void {
    const run = (g: Grant | false) => {
      if (!g) {
        this.rejected.push(flow);
        return;
      }
      this.dispatched.push({ flow, at: this.clock.now() });
      this.clock.setTimeout(() => {
        g.finish();
        then?.();
      }, serviceMs);
    };
    const got = this.level.acquire(flow, () => undefined, work);
    if (got instanceof Promise) void got.then(run);
    else run(got);
  }

  /** A client of `flow` that keeps `outstanding` requests in the level until `untilMs`. */
  client(flow: string, outstanding: number, serviceMs: number, work: WorkEstimate | number = 1, untilMs = Number.POSITIVE_INFINITY): void {
    const again = () => {
      if (this.clock.now() < untilMs) this.send(flow, serviceMs, work, again);
    };
    for (let i = 0; i < outstanding; i++) this.send(flow, serviceMs, work, again);
  }

  count(flow: string): number {
    return this.dispatched.filter((d) => d.flow === flow).length;
  }
}
