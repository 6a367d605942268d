/**
 * The controllers' work queue (docs/writing-a-controller.md, "The pieces"): a key queued once
 * however often it is added, never handed to two workers at once, retried with a per-key
 * exponential backoff, and added after a delay — all on a virtual clock.
 */
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../core/index.ts';
import { WorkQueue } from '../../controllers/index.ts';

function queue(opts: { baseMs?: number; capMs?: number } = {}) {
  const clock = new VirtualClock();
  return { clock, q: new WorkQueue<string>({ clock, ...opts }) };
}

/** Keys the queue hands out right now (without waiting), marking each done. */
async function drain(q: WorkQueue<string>): Promise<string[]> {
  const out: string[] = [];
  while (q.length) {
    const k = (await q.get())!;
    out.push(k);
    q.done(k);
  }
  return out;
}

describe('work queue', () => {
  it('queues a key once however often it is added', async () => {
    const { q } = queue();
    for (const k of ['a', 'b', 'a', 'a', 'c', 'b']) q.add(k);
    expect(await drain(q)).toEqual(['a', 'b', 'c']);
  });

  it('never hands a key to two workers: added while processing, it comes back after done', async () => {
    const { q } = queue();
    q.add('a');
    const first = await q.get();
    expect(first).toBe('a');
    q.add('a');
    q.add('a');
    expect(q.length).toBe(0); // not handed out while in progress
    let second: string | undefined;
    void q.get().then((k) => (second = k));
    await Promise.resolve();
    expect(second).toBeUndefined();
    q.done('a');
    await Promise.resolve();
    expect(second).toBe('a');
    q.done('a');
    expect(q.length).toBe(0);
  });

  it('wakes a waiting worker when a key arrives', async () => {
    const { q } = queue();
    const got = q.get();
    q.add('x');
    expect(await got).toBe('x');
  });

  it.each([
    // the delay of each retry after a failure, doubling from the base up to the cap
    { baseMs: 5, capMs: 1000, delays: [5, 10, 20, 40, 80] },
    { baseMs: 100, capMs: 300, delays: [100, 200, 300, 300] },
    { baseMs: 1, capMs: 1_000_000, delays: [1, 2, 4, 8, 16, 32, 64] },
  ])('backs off per key: base $baseMs ms, cap $capMs ms → $delays', async ({ baseMs, capMs, delays }) => {
    const { q, clock } = queue({ baseMs, capMs });
    for (const delay of delays) {
      q.addRateLimited('k');
      await clock.advance(delay - 1);
      expect(q.length).toBe(0);
      await clock.advance(1);
      expect(q.length).toBe(1);
      expect(await drain(q)).toEqual(['k']);
    }
    expect(q.numRequeues('k')).toBe(delays.length);
  });

  it('backoff is per key, and forget starts it over', async () => {
    const { q, clock } = queue({ baseMs: 10, capMs: 1000 });
    q.addRateLimited('a');
    q.addRateLimited('a'); // a second failure while the first retry is pending: the earlier time wins
    q.addRateLimited('b');
    await clock.advance(10);
    expect(await drain(q)).toEqual(['a', 'b']);
    expect(q.numRequeues('a')).toBe(2);
    q.forget('a');
    expect(q.numRequeues('a')).toBe(0);
    q.addRateLimited('a');
    await clock.advance(10);
    expect(await drain(q)).toEqual(['a']);
  });

  it('addAfter waits on the clock; the earliest of several delays wins', async () => {
    const { q, clock } = queue();
    q.addAfter('x', 1000);
    q.addAfter('x', 300);
    q.addAfter('x', 2000);
    await clock.advance(299);
    expect(q.length).toBe(0);
    await clock.advance(1);
    expect(await drain(q)).toEqual(['x']);
    await clock.advance(5000);
    expect(q.length).toBe(0); // the later timers were folded into the first
  });

  it('shutting down releases waiting workers, drops queued and delayed keys, and drains work in progress', async () => {
    const { q, clock } = queue();
    q.add('a');
    q.addAfter('b', 10);
    const a = (await q.get())!;
    const idle = q.get();
    q.add('c');
    expect(await idle).toBe('c'); // handed straight to the waiting worker
    q.add('d');
    const drained = q.shutDownWithDrain();
    expect(await q.get()).toBeUndefined(); // 'd' was dropped
    let finished = false;
    void drained.then(() => (finished = true));
    q.done(a);
    await Promise.resolve();
    expect(finished).toBe(false); // 'c' still in progress
    q.done('c');
    await drained;
    await clock.advance(10);
    expect(q.length).toBe(0); // 'b' never came
    q.add('e');
    expect(q.length).toBe(0);
  });

  it('a worker waiting when the queue shuts down is released with undefined', async () => {
    const { q } = queue();
    const waiting = q.get();
    q.shutDown();
    expect(await waiting).toBeUndefined();
  });
});
