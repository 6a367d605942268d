/**
 * One limited priority level: its seats (concurrency limit), its queues and the requests waiting
 * in them. A request takes one seat; with none free it waits in the shortest queue of the hand of
 * queues its flow is dealt (shuffle sharding, so one heavy flow fills only its own queues), or is
 * rejected when that queue is full, when the level does not queue, or when it waited too long.
 * Freed seats go to the queues in turn, so each flow gets its share however many requests another
 * flow sends.
 */

export type RejectReason = 'queue-full' | 'concurrency-limit' | 'time-out' | 'cancelled';

interface Waiter {
  readonly resolve: (admitted: boolean) => void;
  timer: ReturnType<typeof setTimeout> | undefined;
  done: boolean;
}

export interface LevelConfig {
  readonly name: string;
  readonly uid: string;
  readonly exempt: boolean;
  /** Seats (the nominal concurrency limit). */
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
  executing = 0;
  waiting = 0;
  private readonly queues: Waiter[][];
  /** The queue the next freed seat looks at first (round robin). */
  private next = 0;

  constructor(
    public config: LevelConfig,
    private readonly waitLimitMs: number,
  ) {
    this.queues = Array.from({ length: config.queues }, () => []);
  }

  /** Resolves true once the request may run (a seat is taken), false when rejected (`reason` says why). */
  acquire(flow: string, onReject: (reason: RejectReason) => void): Promise<boolean> | boolean {
    const c = this.config;
    if (c.exempt || this.executing < c.seats) {
      this.executing++;
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
      const w: Waiter = { resolve, timer: undefined, done: false };
      w.timer = setTimeout(() => {
        if (w.done) return;
        w.done = true;
        const i = queue.indexOf(w);
        if (i >= 0) queue.splice(i, 1);
        this.waiting--;
        onReject('time-out');
        resolve(false);
      }, this.waitLimitMs);
      queue.push(w);
      this.waiting++;
    });
  }

  release(): void {
    if (this.config.exempt) {
      this.executing--;
      return;
    }
    // Hand the seat on to the next queue that has a waiter.
    const n = this.queues.length;
    for (let i = 0; i < n; i++) {
      const q = this.queues[(this.next + i) % n];
      const w = q.shift();
      if (!w) continue;
      this.next = (this.next + i + 1) % n;
      w.done = true;
      if (w.timer) clearTimeout(w.timer);
      this.waiting--;
      w.resolve(true);
      return;
    }
    this.executing--;
  }

  /** New settings (the objects changed); queued requests stay. Extra seats go to waiters now. */
  reconfigure(config: LevelConfig): void {
    const grow = config.queues - this.queues.length;
    for (let i = 0; i < grow; i++) this.queues.push([]);
    this.config = config;
    while (this.waiting > 0 && this.executing < config.seats) {
      this.executing++;
      this.release();
    }
  }
}
