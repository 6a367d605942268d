/** One priority level: seats, shuffle-sharded queues, rejection, exemption, fairness between flows. */
import { describe, expect, it } from 'vitest';
import { dealHand, type LevelConfig, PriorityLevel, type RejectReason } from '../../../core/flowcontrol/index.ts';

const level = (over: Partial<LevelConfig> = {}) =>
  new PriorityLevel({ name: 'l', uid: 'u', exempt: false, seats: 1, queues: 4, handSize: 2, queueLengthLimit: 2, ...over }, 60_000);

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
  it.each<[string, Partial<LevelConfig>, number, (boolean | RejectReason | 'queued')[]]>([
    ['runs up to its seats at once', { seats: 2 }, 2, [true, true]],
    [
      'queues the next ones, then rejects when the queues of the hand are full',
      { seats: 1, queues: 1, handSize: 1, queueLengthLimit: 2 },
      4,
      [true, 'queued', 'queued', 'queue-full'],
    ],
    ['rejects at once when it does not queue', { seats: 1, queues: 0, handSize: 0, queueLengthLimit: 0 }, 2, [true, 'concurrency-limit']],
    ['never queues when exempt', { exempt: true, seats: 0, queues: 0 }, 5, [true, true, true, true, true]],
  ])('%s', (_what, config, n, expected) => {
    const l = level(config);
    const got: (boolean | RejectReason | 'queued')[] = [];
    for (let i = 0; i < n; i++) {
      let reason: RejectReason | undefined;
      const r = l.acquire('flow', (why) => {
        reason = why;
      });
      got.push(r === true ? true : r === false ? reason! : 'queued');
    }
    expect(got).toEqual(expected);
  });

  it('gives freed seats to the queues in turn, so a light flow is not stuck behind a heavy one', async () => {
    const l = level({ seats: 1, queues: 8, handSize: 1, queueLengthLimit: 100 });
    expect(l.acquire('heavy', () => undefined)).toBe(true);
    const order: string[] = [];
    const waits: Promise<boolean>[] = [];
    for (let i = 0; i < 5; i++)
      waits.push((l.acquire('heavy', () => undefined) as Promise<boolean>).then(() => void order.push('heavy')) as never);
    const lightWait = l.acquire('light', () => undefined) as Promise<boolean>;
    void lightWait.then(() => order.push('light'));
    for (let i = 0; i < 6; i++) {
      l.release();
      await Promise.resolve();
      await Promise.resolve();
    }
    await Promise.all(waits);
    // Unless both flows were dealt the same queue, light runs second, not after the five heavy ones.
    expect(order.indexOf('light')).toBeLessThanOrEqual(1);
  });
});
