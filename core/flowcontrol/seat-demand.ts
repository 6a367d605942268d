/**
 * A priority level's seat demand (seats in use plus seats its queued requests ask for) over time,
 * as the real controller integrates it between two borrowing adjustments: the time-weighted
 * average and standard deviation, and the high watermark; and the smoothed demand kept across
 * adjustments (`max(envelope, 0.977 × previous + 0.023 × envelope)`, envelope = average +
 * deviation), which is what a level asks to be allocated.
 */

/** How much of the previous smoothed demand carries over into the next, as in the real controller. */
const SMOOTHING = 0.977;

export interface SeatDemandStats {
  readonly highWatermark: number;
  readonly average: number;
  readonly deviation: number;
  readonly smoothed: number;
}

export class SeatDemand {
  private value = 0;
  private since: number;
  private start: number;
  private sum = 0;
  private sumSquares = 0;
  private max = 0;
  private smoothed = 0;

  constructor(private readonly now: () => number) {
    this.since = this.start = now();
  }

  private integrate(): void {
    const t = this.now();
    const dt = Math.max(0, t - this.since);
    this.sum += this.value * dt;
    this.sumSquares += this.value * this.value * dt;
    this.since = t;
  }

  set(value: number): void {
    this.integrate();
    this.value = value;
    if (value > this.max) this.max = value;
  }

  /** The statistics of the period now ending; the next one starts at the current demand. */
  reset(): SeatDemandStats {
    this.integrate();
    const duration = this.since - this.start;
    const highWatermark = this.max;
    let average = this.value;
    let deviation = 0;
    if (duration > 0) {
      average = this.sum / duration;
      deviation = Math.sqrt(Math.max(0, this.sumSquares / duration - average * average));
      const envelope = average + deviation;
      this.smoothed = Math.max(envelope, SMOOTHING * this.smoothed + (1 - SMOOTHING) * envelope);
    }
    this.start = this.since;
    this.sum = this.sumSquares = 0;
    this.max = this.value;
    return { highWatermark, average, deviation, smoothed: this.smoothed };
  }
}
