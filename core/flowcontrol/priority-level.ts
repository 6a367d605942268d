/**
 * One priority level: its seats (the current concurrency limit), its queues and the requests
 * waiting in them, dispatched by fair queuing in virtual time as the real queueset does.
 *
 * A request holds as many seats as its work estimate says (the wider of its two phases, for
 * both); it is put in the queue of its flow's hand (shuffle sharding, so one heavy flow fills
 * only its own queues) that has the least work waiting, or rejected when that queue is full while
 * every seat is taken, when the level does not queue, or when it waited too long.
 *
 * Virtual time R is the seat-time each active queue (one with requests waiting or running) has
 * been given: it moves at min(seats asked for, seats) ÷ active queues. A queue that wakes up
 * starts at the current R; dispatching a request moves its queue's `nextDispatchR` on by the
 * request's work, and when the request finishes that is corrected by the time it really took.
 * Freed seats go to the queue whose head would finish first in virtual time (`nextDispatchR` +
 * its work), the search starting after the last queue served so that ties take turns; so a flow
 * gets its share of seat-time however many requests another flow sends and however wide or slow
 * they are. A head request that does not fit yet holds the line, as the real dispatcher waits
 * for room for the request it chose; one wider than the level runs once nothing else runs.
 * A write's final seats stay held for its additional latency after its answer.
 */
import type { Attributes } from '../auth/attributes.ts';
import { type Clock, realClock } from '../util/clock.ts';
import { ESTIMATED_SERVICE_MS, FairQueue, QueuedRequest, seatMicros } from './fair-queue.ts';
import { SeatDemand } from './seat-demand.ts';
import { dealHand, flowHash } from './shuffle-sharding.ts';
import type { WorkEstimate } from './work-estimate.ts';

export type RejectReason = 'queue-full' | 'concurrency-limit' | 'time-out' | 'cancelled';

export interface LevelConfig {
  readonly name: string;
  readonly uid: string;
  readonly exempt: boolean;
  /** Seats (the current concurrency limit). */
  readonly seats: number;
  /** 0 when the level rejects instead of queuing. */
  readonly queues: number;
  readonly handSize: number;
  readonly queueLengthLimit: number;
}

/** A request's hold on its seats: `finish` once it has answered (its final seats, if any, are freed later). */
export interface Grant {
  readonly work: WorkEstimate;
  finish(): void;
}

/** Who a request is, for the debug dumps: its FlowSchema, its flow distinguisher, and what it asks (and at which path). */
export interface RequestLabel {
  readonly flowSchema: string;
  readonly distinguisher: string;
  readonly attributes?: Attributes;
  readonly path?: string;
}

/** One request waiting or running, as the debug dumps show it (times in milliseconds of the level's clock). */
export interface RequestDump extends RequestLabel {
  readonly arrivedAt: number;
  /** Unset while it waits. */
  readonly startedAt?: number;
  readonly work: WorkEstimate;
}

export interface QueueDump {
  readonly nextDispatchR: number;
  readonly waiting: number;
  readonly waitingWork: number;
  /** The initial seats, and the wider of the two phases' seats, of the requests waiting. */
  readonly waitingInitialSeats: number;
  readonly waitingSeats: number;
  readonly executing: number;
  readonly seatsInUse: number;
  /** The requests waiting, oldest first, and those running. */
  readonly requests: readonly RequestDump[];
  readonly requestsExecuting: readonly RequestDump[];
}

/** What the level's virtual world looks like now (for tests and debugging), work in seat-microseconds. */
export interface LevelDump {
  readonly currentR: number;
  readonly queues: readonly QueueDump[];
  /** Requests waiting, and running (not those only holding final seats after their answer). */
  readonly waiting: number;
  readonly executing: number;
  /** Requests running outside any queue (exempt levels, and levels that reject rather than queue). */
  readonly queuelessExecuting: readonly RequestDump[];
  /** Totals since the level was made: requests dispatched, rejected (queue full or no seat), and given up in a queue. */
  readonly dispatched: number;
  readonly rejected: number;
  readonly timedOut: number;
  readonly cancelled: number;
}

/** R is wound back by this much before it leaves the integers a number holds exactly. */
const R_DECREMENT = 2 ** 50;
const HIGH_R = R_DECREMENT * 1.5;
/** Hands are remembered per flow, up to this many flows. */
const HAND_CACHE = 4096;

const ONE_SEAT: WorkEstimate = { initialSeats: 1, finalSeats: 0, additionalLatencyMs: 0 };

class Request extends QueuedRequest {
  /** Set while it waits: how it learns it may run (or may not). */
  resolve: ((g: Grant | false) => void) | undefined;
  timer: { cancel(): void } | undefined;
  state: 'waiting' | 'executing' | 'lingering' | 'done' = 'waiting';
  /** When it arrived, in milliseconds of the level's clock. */
  arrivedAt = 0;
  label: RequestLabel | undefined;
}

function requestDump(r: Request): RequestDump {
  const label = r.label ?? { flowSchema: '', distinguisher: '' };
  return { ...label, arrivedAt: r.arrivedAt, ...(r.state === 'waiting' ? {} : { startedAt: r.startedAt }), work: r.work };
}

export class PriorityLevel {
  /** Seats in use (final seats after an answer included). */
  executing = 0;
  /** Requests running (a wide request holds several seats). */
  running = 0;
  waiting = 0;
  /** Seats asked for by the requests in the queues. */
  private waitingSeats = 0;
  private readonly queues: FairQueue[];
  private activeQueues = 0;
  private currentR = 0;
  private lastRealTime: number;
  /** The last queue dispatched from; the next search starts after it. */
  private robin = -1;
  /** Requests ever enqueued: where the search of a hand starts, so equal queues take turns. */
  private enqueues = 0;
  private readonly hands = new Map<string, number[]>();
  /** The requests running, in the order they started (the debug dumps list them). */
  private readonly runningRequests = new Set<Request>();
  private readonly totals = { dispatched: 0, rejected: 0, timedOut: 0, cancelled: 0 };
  /** Seats in use plus seats waited for, over time: what borrowing between levels is based on. */
  readonly demand: SeatDemand;

  constructor(
    public config: LevelConfig,
    private readonly waitLimitMs: number,
    private readonly now: () => number = () => Date.now(),
    private readonly timers: Pick<Clock, 'setTimeout'> = realClock,
  ) {
    this.queues = Array.from({ length: config.queues }, (_, i) => new FairQueue(i));
    this.demand = new SeatDemand(now);
    this.lastRealTime = now();
  }

  /** Nothing waiting, running or holding seats. */
  get idle(): boolean {
    return this.waiting === 0 && this.running === 0 && this.executing === 0;
  }

  dump(): LevelDump {
    this.syncTime();
    const running = [...this.runningRequests];
    return {
      currentR: this.currentR,
      queues: this.queues.map((q) => ({
        nextDispatchR: q.nextDispatchR,
        waiting: q.waiting.length,
        waitingWork: q.waitingWork,
        waitingInitialSeats: q.waiting.reduce((sum, r) => sum + r.work.initialSeats, 0),
        waitingSeats: q.waitingSeats,
        executing: q.executing,
        seatsInUse: q.seatsInUse,
        requests: q.waiting.map((r) => requestDump(r as Request)),
        requestsExecuting: running.filter((r) => r.queue === q).map(requestDump),
      })),
      waiting: this.waiting,
      executing: this.running,
      queuelessExecuting: running.filter((r) => !r.queue).map(requestDump),
      ...this.totals,
    };
  }

  private noteDemand(): void {
    this.demand.set(this.executing + this.waitingSeats);
  }

  /**
   * Moves virtual time on for the time since the last change, at the rate the queues' state has
   * had since then: called before every change to it.
   */
  private syncTime(): void {
    const t = this.now();
    const dt = t - this.lastRealTime;
    this.lastRealTime = t;
    if (dt <= 0 || this.activeQueues === 0) return;
    const asked = this.executing + this.waitingSeats;
    this.currentR += seatMicros(Math.min(asked, this.config.seats) / this.activeQueues, dt);
    if (this.currentR >= HIGH_R) this.advanceEpoch();
  }

  /** Winds R and every reading taken from it back by the same amount (idle queues restart from R anyway). */
  private advanceEpoch(): void {
    this.currentR -= R_DECREMENT;
    for (const q of this.queues) {
      if (!q.active) {
        q.nextDispatchR = 0;
        continue;
      }
      q.nextDispatchR -= R_DECREMENT;
      for (const r of q.waiting) r.arrivalR -= R_DECREMENT;
    }
  }

  /** Keeps the count of active queues while `change` alters one. */
  private changeQueue(q: FairQueue | undefined, change: () => void): void {
    if (!q) return change();
    const was = q.active;
    change();
    if (was !== q.active) this.activeQueues += q.active ? 1 : -1;
  }

  /** Whether `seats` more may be taken now. */
  private fits(seats: number): boolean {
    if (seats > this.config.seats) return this.running === 0;
    return this.executing + seats <= this.config.seats;
  }

  /**
   * Takes the request's seats at once (a grant), waits for them (a promise of a grant, or false
   * when it gives up), or rejects it (false); `onReject` says why. `work` is its work estimate,
   * or just its seats.
   */
  acquire(
    flow: string,
    onReject: (reason: RejectReason) => void,
    work: WorkEstimate | number = 1,
    label?: RequestLabel,
  ): Grant | false | Promise<Grant | false> {
    const estimate = typeof work === 'number' ? { ...ONE_SEAT, initialSeats: work } : work;
    const c = this.config;
    if (c.exempt) return this.startUnqueued(estimate, label);
    this.syncTime();
    const reject = (reason: RejectReason): false => {
      this.totals.rejected++;
      onReject(reason);
      return false;
    };
    if (!c.queues) {
      if (this.fits(Math.max(estimate.initialSeats, estimate.finalSeats))) return this.startUnqueued(estimate, label);
      return reject('concurrency-limit');
    }
    const queue = this.pickQueue(flow);
    if (this.executing >= c.seats && queue.waiting.length >= c.queueLengthLimit) return reject('queue-full');
    const r = this.request(queue, estimate, label);
    this.changeQueue(queue, () => {
      if (!queue.active) queue.nextDispatchR = this.currentR;
      queue.push(r);
    });
    this.enqueues++;
    this.waiting++;
    this.waitingSeats += r.maxSeats;
    queue.bound();
    this.noteDemand();
    // Alone in the queues, it is the one fair queuing picks: no need to search them.
    if (this.waiting === 1 && this.fits(r.maxSeats)) this.take(queue);
    else this.dispatch();
    if (r.state === 'executing') return this.grant(r);
    return new Promise<Grant | false>((resolve) => {
      r.resolve = resolve;
      r.timer = this.timers.setTimeout(
        () => {
          if (r.state !== 'waiting') return;
          this.syncTime();
          r.state = 'done';
          this.changeQueue(queue, () => queue.remove(r));
          queue.bound();
          this.waiting--;
          this.waitingSeats -= r.maxSeats;
          this.noteDemand();
          this.trimQueues();
          this.totals.timedOut++;
          onReject('time-out');
          resolve(false);
          // The request that timed out may have been the one holding the line.
          this.dispatch();
        },
        this.waitLimitMs,
        true,
      );
    });
  }

  /** The queue of the flow's hand with the least work waiting, the search starting at a different card each time. */
  private pickQueue(flow: string): FairQueue {
    let hand = this.hands.get(flow);
    if (!hand) {
      if (this.hands.size >= HAND_CACHE) this.hands.clear();
      hand = dealHand(flowHash(flow), this.config.queues, this.config.handSize);
      this.hands.set(flow, hand);
    }
    const offset = this.enqueues % hand.length;
    let best = this.queues[hand[offset]];
    for (let i = 1; i < hand.length; i++) {
      const q = this.queues[hand[(offset + i) % hand.length]];
      if (q.waitingWork < best.waitingWork) best = q;
    }
    return best;
  }

  /** Runs a request outside the queues (exempt levels, and levels that reject rather than queue). */
  private startUnqueued(work: WorkEstimate, label: RequestLabel | undefined): Grant {
    const r = this.request(undefined, work, label);
    this.start(r);
    return this.grant(r);
  }

  private request(queue: FairQueue | undefined, work: WorkEstimate, label: RequestLabel | undefined): Request {
    const r = new Request(queue, work, this.currentR);
    r.arrivedAt = this.now();
    r.label = label;
    return r;
  }

  private start(r: Request): void {
    r.state = 'executing';
    r.startedAt = this.now();
    this.runningRequests.add(r);
    this.totals.dispatched++;
    this.executing += r.maxSeats;
    this.running++;
    const q = r.queue;
    if (q) {
      this.changeQueue(q, () => {
        q.executing++;
      });
      q.seatsInUse += r.maxSeats;
      q.nextDispatchR += r.totalWork;
    }
    this.noteDemand();
  }

  private grant(r: Request): Grant {
    return { work: r.work, finish: () => this.finish(r) };
  }

  /**
   * The request has answered: its queue's virtual time is corrected by the time it really took
   * (a request faster than the estimate gives the difference back, a slower one pays it), and its
   * seats are freed — its final seats only after its additional latency.
   */
  private finish(r: Request): void {
    if (r.state !== 'executing') return;
    this.syncTime();
    this.running--;
    this.runningRequests.delete(r);
    const q = r.queue;
    if (q) {
      this.changeQueue(q, () => {
        q.executing--;
      });
      const took = this.now() - r.startedAt;
      q.nextDispatchR -= seatMicros(r.work.initialSeats, ESTIMATED_SERVICE_MS - took);
      q.bound();
    }
    if (r.work.additionalLatencyMs > 0 && r.work.finalSeats > 0) {
      r.state = 'lingering';
      this.timers.setTimeout(() => {
        this.syncTime();
        this.releaseSeats(r);
        this.dispatchIfLimited();
      }, r.work.additionalLatencyMs);
    } else this.releaseSeats(r);
    this.dispatchIfLimited();
  }

  private releaseSeats(r: Request): void {
    r.state = 'done';
    this.executing -= r.maxSeats;
    if (r.queue) r.queue.seatsInUse -= r.maxSeats;
    this.noteDemand();
    this.trimQueues();
  }

  private dispatchIfLimited(): void {
    if (!this.config.exempt) this.dispatch();
  }

  /** Queues beyond a reduced number are no longer dealt; each goes once it has drained. */
  private trimQueues(): void {
    for (let last = this.queues.at(-1); last && last.index >= this.config.queues; last = this.queues.at(-1)) {
      if (last.active || last.seatsInUse > 0) return;
      this.queues.pop();
      if (this.robin >= this.queues.length) this.robin = this.queues.length - 1;
    }
  }

  /** Gives free seats to the queue whose head finishes first in virtual time, while that head fits. */
  private dispatch(): void {
    const n = this.queues.length;
    while (this.waiting > 0) {
      let best: FairQueue | undefined;
      let bestFinish = Number.POSITIVE_INFINITY;
      for (let i = 1; i <= n; i++) {
        const q = this.queues[(this.robin + i) % n];
        const head = q.waiting[0];
        if (!head) continue;
        const finish = q.nextDispatchR + head.totalWork;
        if (finish < bestFinish) {
          bestFinish = finish;
          best = q;
        }
      }
      if (!best) return;
      if (!this.fits((best.waiting[0] as Request).maxSeats)) return;
      this.take(best);
    }
  }

  /** Dispatches the head of `q`. */
  private take(q: FairQueue): void {
    const r = q.waiting[0] as Request;
    this.changeQueue(q, () => q.remove(r));
    this.waiting--;
    this.waitingSeats -= r.maxSeats;
    // Final seats beyond the level's are narrowed to its seats, held proportionally longer.
    if (r.work.finalSeats > this.config.seats && this.config.seats >= 1) {
      const finalWork = r.work.finalSeats * r.work.additionalLatencyMs;
      r.work = { ...r.work, finalSeats: this.config.seats, additionalLatencyMs: finalWork / this.config.seats };
    }
    this.robin = q.index;
    r.timer?.cancel();
    this.start(r);
    q.bound();
    r.resolve?.(this.grant(r));
  }

  /** New settings (the objects changed, or seats were lent or borrowed); queued requests stay. Extra seats go to waiters now. */
  reconfigure(config: LevelConfig): void {
    this.syncTime();
    if (config.queues !== this.config.queues || config.handSize !== this.config.handSize) this.hands.clear();
    for (let i = this.queues.length; i < config.queues; i++) this.queues.push(new FairQueue(i));
    this.config = config;
    this.trimQueues();
    this.dispatchIfLimited();
  }
}
