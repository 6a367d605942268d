/**
 * The controllers' work queue, with the real platform's guarantees: a key waiting to be processed
 * is queued once however often it is added; a key is never handed to two workers at once (added
 * while being processed, it is queued again when that processing is done); delayed adds and
 * per-key exponential backoff run on the shared clock, so tests move time instead of waiting.
 */
import type { Clock, TimerHandle } from '../../../core/index.ts';
import { ExponentialRateLimiter, type RateLimiterOptions } from './rate-limiter.ts';

export interface WorkQueueOptions extends RateLimiterOptions {
  readonly clock: Clock;
}

export class WorkQueue<K = string> {
  private readonly clock: Clock;
  private readonly limiter: ExponentialRateLimiter<K>;
  private readonly queue: K[] = [];
  /** Keys that need processing (queued, or to be queued again when their processing ends). */
  private readonly dirty = new Set<K>();
  private readonly processing = new Set<K>();
  /** Delayed adds: one timer per key, at the earliest time asked for. */
  private readonly waiting = new Map<K, { at: number; timer: TimerHandle }>();
  private readonly getters: ((key: K | undefined) => void)[] = [];
  private readonly idleWaiters: (() => void)[] = [];
  private shuttingDown = false;

  constructor(opts: WorkQueueOptions) {
    this.clock = opts.clock;
    this.limiter = new ExponentialRateLimiter<K>(opts);
  }

  get length(): number {
    return this.queue.length;
  }

  get isShuttingDown(): boolean {
    return this.shuttingDown;
  }

  /** Nothing queued and nothing being processed (keys waiting for a delay do not count). */
  get isIdle(): boolean {
    return this.queue.length === 0 && this.processing.size === 0;
  }

  /** Resolves once the queue is idle. */
  whenIdle(): Promise<void> {
    if (this.isIdle) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  add(key: K): void {
    if (this.shuttingDown || this.dirty.has(key)) return;
    this.dirty.add(key);
    if (this.processing.has(key)) return;
    const getter = this.getters.shift();
    if (getter) {
      this.dirty.delete(key);
      this.processing.add(key);
      getter(key);
      return;
    }
    this.queue.push(key);
  }

  /** Adds the key once `ms` have passed on the clock; an earlier pending add wins. */
  addAfter(key: K, ms: number): void {
    if (this.shuttingDown) return;
    if (ms <= 0) {
      this.add(key);
      return;
    }
    const at = this.clock.now() + ms;
    const existing = this.waiting.get(key);
    if (existing && existing.at <= at) return;
    existing?.timer.cancel();
    const timer = this.clock.setTimeout(() => {
      this.waiting.delete(key);
      this.add(key);
    }, ms);
    this.waiting.set(key, { at, timer });
  }

  /** Adds the key after its backoff: base × 2^(failures so far), capped. */
  addRateLimited(key: K): void {
    this.addAfter(key, this.limiter.when(key));
  }

  /** The key succeeded: its backoff starts over. */
  forget(key: K): void {
    this.limiter.forget(key);
  }

  numRequeues(key: K): number {
    return this.limiter.numRequeues(key);
  }

  /** The next key to process, once there is one; undefined once the queue shuts down. */
  get(): Promise<K | undefined> {
    if (this.shuttingDown) return Promise.resolve(undefined);
    const key = this.queue.shift();
    if (key !== undefined) {
      this.dirty.delete(key);
      this.processing.add(key);
      return Promise.resolve(key);
    }
    return new Promise((resolve) => this.getters.push(resolve));
  }

  /** Processing of `key` ended; if it was added meanwhile, it is queued again. */
  done(key: K): void {
    this.processing.delete(key);
    if (this.dirty.has(key)) {
      this.dirty.delete(key);
      this.add(key);
    }
    if (this.processing.size === 0 && (this.queue.length === 0 || this.shuttingDown)) for (const w of this.idleWaiters.splice(0)) w();
  }

  /** Stops handing out keys; queued and delayed keys are dropped. Workers see `undefined`. */
  shutDown(): void {
    this.shuttingDown = true;
    this.queue.length = 0;
    this.dirty.clear();
    for (const { timer } of this.waiting.values()) timer.cancel();
    this.waiting.clear();
    for (const g of this.getters.splice(0)) g(undefined);
  }

  /** Shuts down, then resolves once every key being processed is done. */
  async shutDownWithDrain(): Promise<void> {
    this.shutDown();
    if (this.processing.size === 0) return;
    await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }
}
