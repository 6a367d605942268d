/**
 * The playground's clock: real time, run at an adjustable speed (0 pauses it). The server, its
 * history window and watch timeouts read it, so "10×" makes a five-minute history pass in thirty
 * seconds. Changing the speed never moves the clock back; pending timers are rescheduled to fire
 * when the clock (not the wall) reaches their time.
 */
import type { Clock, TimerHandle } from '../../core/index.ts';

interface Timer {
  readonly at: number;
  readonly fn: () => void;
  handle: ReturnType<typeof setTimeout> | undefined;
}

/** Speeds beyond this make timers fire faster than the event loop can keep up. */
export const MAX_CLOCK_SPEED = 1000;

export class ScaledClock implements Clock {
  private anchorReal: number;
  private anchorClock: number;
  private rate: number;
  private readonly timers = new Set<Timer>();

  /** `now` lets a reload carry on from where the clock was (it may be ahead of the wall). */
  constructor(
    speed = 1,
    now = Date.now(),
    private readonly wall: () => number = Date.now,
  ) {
    this.rate = ScaledClock.check(speed);
    this.anchorReal = wall();
    this.anchorClock = now;
  }

  static check(speed: number): number {
    if (!Number.isFinite(speed) || speed < 0 || speed > MAX_CLOCK_SPEED) {
      throw new RangeError(`clock speed must be a number from 0 to ${MAX_CLOCK_SPEED}, got ${speed}`);
    }
    return speed;
  }

  get speed(): number {
    return this.rate;
  }

  now(): number {
    return Math.floor(this.anchorClock + (this.wall() - this.anchorReal) * this.rate);
  }

  setSpeed(speed: number): void {
    const rate = ScaledClock.check(speed);
    this.anchorClock = this.now();
    this.anchorReal = this.wall();
    this.rate = rate;
    for (const t of this.timers) this.arm(t);
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const t: Timer = { at: this.now() + Math.max(0, ms), fn, handle: undefined };
    this.timers.add(t);
    this.arm(t);
    return {
      cancel: () => {
        if (t.handle !== undefined) clearTimeout(t.handle);
        this.timers.delete(t);
      },
    };
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.setTimeout(resolve, ms));
  }

  private arm(t: Timer): void {
    if (t.handle !== undefined) clearTimeout(t.handle);
    t.handle = undefined;
    if (this.rate === 0) return;
    const wait = Math.max(0, (t.at - this.now()) / this.rate);
    t.handle = setTimeout(() => {
      t.handle = undefined;
      // Rounding can wake a timer a hair early (it waits on), and a later one on time: firing
      // every due timer in clock order, whichever woke, keeps them in the order of their times.
      this.fireDue();
      if (this.timers.has(t) && t.handle === undefined) this.arm(t);
    }, Math.ceil(wait));
  }

  private fireDue(): void {
    const now = this.now();
    const due = [...this.timers].filter((x) => x.at <= now).sort((a, b) => a.at - b.at);
    for (const x of due) {
      if (!this.timers.delete(x)) continue; // cancelled by a timer fired before it
      if (x.handle !== undefined) clearTimeout(x.handle);
      x.fn();
    }
  }
}
