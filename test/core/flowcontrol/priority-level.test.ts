/**
 * One priority level: seats, shuffle-sharded queues, rejection, exemption, and fair queuing in
 * virtual time — freed seats go to the queue whose head finishes first in virtual time, so flows
 * share seat-time whatever their request rate, width or service time.
 */
import { describe, expect, it } from 'vitest';
import {
  dealHand,
  ESTIMATED_SERVICE_MS,
  flowHash,
  type Grant,
  type LevelConfig,
  PriorityLevel,
  type RejectReason,
} from '../../../core/flowcontrol/index.ts';
import { Sim, SimClock } from './sim.ts';

/** Seat-milliseconds in the level's unit of work and virtual time (seat-microseconds). */
const seatMs = (seats: number, ms: number) => seats * ms * 1000;

const level = (over: Partial<LevelConfig> = {}, clock = new SimClock()) =>
  new PriorityLevel(
    { name: 'l', uid: 'u', exempt: false, seats: 1, queues: 4, handSize: 2, queueLengthLimit: 2, ...over },
    60_000,
    () => clock.now(),
    clock,
  );

/** Flows that shuffle sharding puts in different queues of a level of `queues` queues and hands of one. */
function apart(queues: number, ...flows: string[]): string[] {
  const cards = flows.map((f) => dealHand(flowHash(f), queues, 1)[0]);
  expect(new Set(cards).size).toBe(flows.length);
  return flows;
}

describe('dealing hands', () => {
  it.each<[number, number, number]>([
    [0, 8, 3],
    [12345, 64, 8],
    [2 ** 32 - 1, 128, 6],
    [7, 3, 3],
  ])('flow %i from %i queues gets %i distinct ones', (hash, deck, hand) => {
    const cards = dealHand(hash, deck, hand);
    expect(new Set(cards).size).toBe(hand);
    for (const c of cards) expect(c).toBeGreaterThanOrEqual(0);
    for (const c of cards) expect(c).toBeLessThan(deck);
    expect(dealHand(hash, deck, hand)).toEqual(cards);
  });
});

describe('a priority level', () => {
  it.each<[string, Partial<LevelConfig>, number, (true | RejectReason | 'queued')[]]>([
    ['runs up to its seats at once', { seats: 2 }, 2, [true, true]],
    [
      'queues the next ones, then rejects when the queue is full and every seat taken',
      { seats: 1, queues: 1, handSize: 1, queueLengthLimit: 2 },
      4,
      [true, 'queued', 'queued', 'queue-full'],
    ],
    ['rejects at once when it does not queue', { seats: 1, queues: 0, handSize: 0, queueLengthLimit: 0 }, 2, [true, 'concurrency-limit']],
    ['never queues when exempt', { exempt: true, seats: 0, queues: 0 }, 5, [true, true, true, true, true]],
  ])('%s', (_what, config, n, expected) => {
    const l = level(config);
    const got: (true | RejectReason | 'queued')[] = [];
    for (let i = 0; i < n; i++) {
      let reason: RejectReason | undefined;
      const r = l.acquire('flow', (why) => {
        reason = why;
      });
      got.push(r === false ? reason! : r instanceof Promise ? 'queued' : true);
    }
    expect(got).toEqual(expected);
  });

  it('rejects a request that waited longer than the limit, and lets the next one through', async () => {
    const clock = new SimClock();
    const l = new PriorityLevel(
      { name: 'l', uid: 'u', exempt: false, seats: 1, queues: 1, handSize: 1, queueLengthLimit: 5 },
      1_000,
      () => clock.now(),
      clock,
    );
    const first = l.acquire('f', () => undefined) as Grant;
    const reasons: RejectReason[] = [];
    const late = l.acquire('f', (r) => reasons.push(r));
    await clock.run(1_000);
    expect(await late).toBe(false);
    expect(reasons).toEqual(['time-out']);
    const next = l.acquire('f', () => undefined);
    first.finish();
    expect(await next).toMatchObject({ work: { initialSeats: 1 } });
  });
});

describe('fair queuing in virtual time', () => {
  it('dispatches a light flow’s requests ahead of a heavy flow’s backlog, not in arrival order', async () => {
    const sim = new Sim({ seats: 1, queues: 64 });
    const [heavy, light] = apart(64, 'heavy', 'light');
    for (let i = 0; i < 50; i++) sim.send(heavy, 10);
    // The light flow's five requests come one by one while the heavy backlog waits.
    for (let i = 0; i < 5; i++) {
      await sim.clock.run(25);
      sim.send(light, 10);
    }
    await sim.clock.run(1_000);
    const order = sim.dispatched.map((d) => d.flow);
    expect(order.length).toBe(55);
    // Each waits for at most the one heavy request running when it came: none sits behind the backlog.
    const lights = sim.dispatched.filter((d) => d.flow === light).map((d) => d.at);
    expect(lights.length).toBe(5);
    lights.forEach((at, i) => expect(at - 25 * (i + 1)).toBeLessThanOrEqual(10));
    expect(order.lastIndexOf(light)).toBeLessThan(15);
  });

  it.each([
    ['a 4-seat flow', 4, 10, 4],
    ['a flow whose requests take 4 times as long', 1, 40, 4],
  ])('gives %s proportionally fewer dispatches than 1-seat flows of 10 ms (by seat-time, not turns)', async (_what, seats, ms, ratio) => {
    const sim = new Sim({ seats: 4, queues: 64 });
    const [big, a, b] = apart(64, 'big', 'a', 'b');
    sim.client(big, 8, ms, seats);
    sim.client(a, 8, 10);
    sim.client(b, 8, 10);
    await sim.clock.run(2_000);
    const got = sim.count(a) / sim.count(big);
    // Round robin would give each the same number of turns (a ratio of 1).
    expect(got).toBeGreaterThan(ratio * 0.75);
    expect(got).toBeLessThan(ratio * 1.25);
    expect(Math.abs(sim.count(a) - sim.count(b))).toBeLessThanOrEqual(2);
  });

  it.each([
    ['finishes early, the queue gets back what it did not use', 1, seatMs(1, 1)],
    ['takes as long as estimated, nothing changes', ESTIMATED_SERVICE_MS, seatMs(1, ESTIMATED_SERVICE_MS)],
    ['takes longer, the queue pays for the difference', 10, seatMs(1, 10)],
  ])('when a request %s: nextDispatchR ends at its real service time', async (_what, tookMs, nextDispatchR) => {
    const clock = new SimClock();
    const l = level({ seats: 2, queues: 1, handSize: 1 }, clock);
    const g = l.acquire('f', () => undefined) as Grant;
    // Dispatching moves the queue on by the estimated work of the request.
    expect(l.dump().queues[0].nextDispatchR).toBe(seatMs(1, ESTIMATED_SERVICE_MS));
    // The queue is the only active one with one seat asked for: R moves at one seat per ms.
    await clock.run(tookMs);
    expect(l.dump().currentR).toBe(seatMs(1, tookMs));
    g.finish();
    expect(l.dump().queues[0].nextDispatchR).toBe(nextDispatchR);
  });

  it('moves virtual time at the seats in use shared among the active queues', async () => {
    const sim = new Sim({ seats: 3, queues: 64 });
    const [x, y] = apart(64, 'x', 'y');
    sim.send(x, 100);
    sim.send(y, 100);
    await sim.clock.run(10);
    // Two seats asked for, two active queues: each queue is given one seat.
    expect(sim.level.dump().currentR).toBe(seatMs(1, 10));
    sim.send(x, 100, 2);
    sim.send(x, 100, 2);
    await sim.clock.run(10);
    // Now more is asked for (2 + 4 waiting = 6) than the level has: its 3 seats over 2 queues.
    expect(sim.level.dump().currentR).toBe(seatMs(1, 10) + seatMs(1.5, 10));
  });

  it('puts a request in the queue of its hand with the least work waiting, not the shortest', () => {
    const l = level({ seats: 1, queues: 2, handSize: 2, queueLengthLimit: 10 });
    expect(l.acquire('f', () => undefined)).not.toBeInstanceOf(Promise);
    // One 4-seat request waits in one queue; three 1-seat ones hold less work than it together.
    void l.acquire('f', () => undefined, 4);
    for (let i = 0; i < 3; i++) void l.acquire('f', () => undefined, 1);
    const waiting = l.dump().queues.map((q) => q.waiting);
    expect([...waiting].sort((m, n) => m - n)).toEqual([1, 3]);
    const works = l.dump().queues.map((q) => q.waitingWork);
    expect([...works].sort((m, n) => m - n)).toEqual([seatMs(3, ESTIMATED_SERVICE_MS), seatMs(4, ESTIMATED_SERVICE_MS)]);
  });

  it('still serves the requests waiting in queues a new configuration drops, and drops each once drained', async () => {
    const clock = new SimClock();
    const config: LevelConfig = { name: 'l', uid: 'u', exempt: false, seats: 1, queues: 8, handSize: 1, queueLengthLimit: 5 };
    const l = new PriorityLevel(config, 60_000, () => clock.now(), clock);
    const [x, y] = apart(8, 'x', 'y');
    const running = l.acquire(x, () => undefined) as Grant;
    // Each runs for a moment once granted.
    const waits = [l.acquire(x, () => undefined), l.acquire(y, () => undefined)].map((w) =>
      (w as Promise<Grant | false>).then((g) => {
        if (g) g.finish();
        return g;
      }),
    );
    l.reconfigure({ ...config, queues: 1 });
    expect(l.dump().queues.length).toBeGreaterThan(1);
    running.finish();
    expect((await Promise.all(waits)).every((g) => g !== false)).toBe(true);
    expect(l.dump().queues.length).toBe(1);
  });

  it('takes turns between queues whose heads would finish at the same virtual time', async () => {
    const sim = new Sim({ seats: 1, queues: 64 });
    const flows = apart(64, 'p', 'q', 'r');
    sim.send('first', 10);
    for (let i = 0; i < 3; i++) for (const f of flows) sim.send(f, 10);
    await sim.clock.run(1_000);
    const order = sim.dispatched.slice(1).map((d) => d.flow);
    for (let i = 0; i < 9; i += 3) expect(new Set(order.slice(i, i + 3)).size).toBe(3);
  });
});
