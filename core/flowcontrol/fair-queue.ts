/**
 * One queue of a priority level, as fair queuing in virtual time sees it: the requests waiting in
 * it (oldest first), the work they stand for, the seats its running requests hold, and
 * `nextDispatchR` — the virtual time at which its next request starts, which moves on by each
 * request's work when it is dispatched and is corrected by what the request really took when it
 * finishes.
 *
 * Work and virtual time are counted in seat-microseconds, in whole numbers, so that sums are
 * exact and equal finish times are really equal (the real queueset keeps fixed-point
 * seat-seconds for the same reason).
 */
import { maxSeatsOf, type WorkEstimate } from './work-estimate.ts';

/** How long the dispatcher assumes a request runs before it knows (the real queueset's guess: 3 ms). */
export const ESTIMATED_SERVICE_MS = 3;

/** Seat-milliseconds to seat-microseconds, the unit of work and virtual time. */
export function seatMicros(seats: number, ms: number): number {
  return Math.round(seats * ms * 1000);
}

export class QueuedRequest {
  /** The virtual time it arrived at. */
  arrivalR: number;
  /** When it started running, in real milliseconds (its actual service time corrects its queue's virtual time). */
  startedAt = 0;
  work: WorkEstimate;

  constructor(
    readonly queue: FairQueue | undefined,
    work: WorkEstimate,
    arrivalR: number,
  ) {
    this.work = work;
    this.arrivalR = arrivalR;
  }

  get maxSeats(): number {
    return maxSeatsOf(this.work);
  }

  /** Its work in seat-microseconds: its seats for the estimated service time, then its final seats for the additional latency. */
  get totalWork(): number {
    return seatMicros(this.work.initialSeats, ESTIMATED_SERVICE_MS) + seatMicros(this.work.finalSeats, this.work.additionalLatencyMs);
  }
}

export class FairQueue {
  readonly waiting: QueuedRequest[] = [];
  /** The work of the requests waiting, in seat-microseconds. */
  waitingWork = 0;
  /** The seats the requests waiting will hold. */
  waitingSeats = 0;
  /** Requests running (their answer not yet given). */
  executing = 0;
  /** Seats held by its requests, including the final seats of those whose answer is given. */
  seatsInUse = 0;
  nextDispatchR = 0;

  constructor(readonly index: number) {}

  /** A queue with nothing waiting and nothing running is idle: it starts again at the current virtual time. */
  get active(): boolean {
    return this.waiting.length > 0 || this.executing > 0;
  }

  push(r: QueuedRequest): void {
    this.waiting.push(r);
    this.waitingWork += r.totalWork;
    this.waitingSeats += r.maxSeats;
  }

  /** Takes a request out (the head when dispatched, any when it gives up); false when it was not waiting. */
  remove(r: QueuedRequest): boolean {
    const i = r === this.waiting[0] ? 0 : this.waiting.indexOf(r);
    if (i < 0) return false;
    this.waiting.splice(i, 1);
    this.waitingWork -= r.totalWork;
    this.waitingSeats -= r.maxSeats;
    return true;
  }

  /**
   * Dispatch in the virtual world never precedes arrival: a queue that could not use its share
   * does not bank it (the real queueset's anti-windup bound).
   */
  bound(): void {
    const head = this.waiting[0];
    if (head && this.nextDispatchR < head.arrivalR) this.nextDispatchR = head.arrivalR;
  }
}
