/**
 * One priority level: its seats (the current concurrency limit), its queues and the requests
 * waiting in them. A request occupies as many seats as its work estimate says (one for most,
 * more for a large LIST); it runs when that many are free — or, when it needs more than the
 * level has at all, once nothing else runs — else it waits in the shortest queue of the hand of
 * queues its flow is dealt (shuffle sharding, so one heavy flow fills only its own queues), or
 * is rejected when that queue is full, when the level does not queue, or when it waited too long.
 * Freed seats go to the queues in turn, so each flow gets its share however many requests
 * another flow sends; a head request that does not fit yet holds the line, as the real dispatcher
 * waits for room for the request it chose.
 */
import { SeatDemand } from './seat-demand.ts';

export type RejectReason = 'queue-full' | 'concurrency-limit' | 'time-out' | 'cancelled';

interface Waiter {
  readonly resolve: (admitted: boolean) => void;
  readonly width: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  done: boolean;
}

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

/** FNV-1a of the flow's identity, the deck the hand is dealt from. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** The hand of distinct queue indexes dealt to a flow (the real shuffle-sharding dealer's scheme). */
export function dealHand(flowHash: number, deckSize: number, handSize: number): number[] {
  const hand: number[] = [];
  let h = flowHash;
  for (let i = 0; i < handSize && i < deckSize; i++) {
    const remaining = deckSize - i;
    let card = h % remaining;
    h = Math.floor(h / remaining);
    // Skip cards already dealt, keeping the hand distinct.
    for (const c of [...hand].sort((a, b) => a - b)) if (card >= c) card++;
    hand.push(card);
  }
  return hand;
}

export class PriorityLevel {
  /** Seats in use. */
  executing = 0;
  /** Requests running (a wide request holds several seats). */
  running = 0;
  waiting = 0;
  /** Seats asked for by the requests in the queues. */
  private waitingSeats = 0;
  private readonly queues: Waiter[][];
  /** The queue the next freed seat looks at first (round robin). */
  private next = 0;
  /** Seats in use plus seats waited for, over time: what borrowing between levels is based on. */
  readonly demand: SeatDemand;

  constructor(
    public config: LevelConfig,
    private readonly waitLimitMs: number,
    now: () => number = () => Date.now(),
  ) {
    this.queues = Array.from({ length: config.queues }, () => []);
    this.demand = new SeatDemand(now);
  }

  private noteDemand(): void {
    this.demand.set(this.executing + this.waitingSeats);
  }

  /** Whether `width` more seats may run now. */
  private fits(width: number): boolean {
    if (width > this.config.seats) return this.running === 0;
    return this.executing + width <= this.config.seats;
  }

  private start(width: number): void {
    this.executing += width;
    this.running++;
    this.noteDemand();
  }

  /** Resolves true once the request may run (its seats are taken), false when rejected (`reason` says why). */
  acquire(flow: string, onReject: (reason: RejectReason) => void, width = 1): Promise<boolean> | boolean {
    const c = this.config;
    if (c.exempt || (this.waiting === 0 && this.fits(width))) {
      this.start(width);
      return true;
    }
    if (!c.queues) {
      onReject('concurrency-limit');
      return false;
    }
    const hand = dealHand(hash(flow), c.queues, c.handSize);
    let best = hand[0];
    for (const q of hand) if (this.queues[q].length < this.queues[best].length) best = q;
    const queue = this.queues[best];
    if (queue.length >= c.queueLengthLimit) {
      onReject('queue-full');
      return false;
    }
    return new Promise<boolean>((resolve) => {
      const w: Waiter = { resolve, width, timer: undefined, done: false };
      w.timer = setTimeout(() => {
        if (w.done) return;
        w.done = true;
        const i = queue.indexOf(w);
        if (i >= 0) queue.splice(i, 1);
        this.waiting--;
        this.waitingSeats -= w.width;
        this.noteDemand();
        onReject('time-out');
        resolve(false);
        // The request that timed out may have been the one holding the line.
        this.dispatch();
      }, this.waitLimitMs);
      queue.push(w);
      this.waiting++;
      this.waitingSeats += width;
      this.noteDemand();
    });
  }

  release(width = 1): void {
    this.executing -= width;
    this.running--;
    this.noteDemand();
    if (!this.config.exempt) this.dispatch();
  }

  /** Hands free seats to the queues in turn, while the next head request fits. */
  private dispatch(): void {
    const n = this.queues.length;
    while (this.waiting > 0) {
      let picked = -1;
      for (let i = 0; i < n; i++) {
        const q = (this.next + i) % n;
        if (this.queues[q].length) {
          picked = q;
          break;
        }
      }
      if (picked < 0) return;
      const w = this.queues[picked][0];
      if (!this.fits(w.width)) return;
      this.queues[picked].shift();
      this.next = (picked + 1) % n;
      w.done = true;
      if (w.timer) clearTimeout(w.timer);
      this.waiting--;
      this.waitingSeats -= w.width;
      this.start(w.width);
      w.resolve(true);
    }
  }

  /** New settings (the objects changed, or seats were lent or borrowed); queued requests stay. Extra seats go to waiters now. */
  reconfigure(config: LevelConfig): void {
    const grow = config.queues - this.queues.length;
    for (let i = 0; i < grow; i++) this.queues.push([]);
    this.config = config;
    this.dispatch();
  }
}
