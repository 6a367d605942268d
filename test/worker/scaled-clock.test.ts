/**
 * The playground's clock fires timers in the order of their times, even when rounding wakes one
 * a hair early: whichever timer wakes fires every timer that is due, earliest first.
 */
import { expect, it } from 'vitest';
import { ScaledClock } from '../../worker/shared-worker/scaled-clock.ts';

it('a timer woken early by rounding still fires before a later one that woke on time', async () => {
  // The wall stands still for the first look after the speed change (the first timer to wake
  // finds itself early and waits on), then has moved a millisecond: 100 clock ms at this speed.
  let started = false;
  let looked = false;
  const wall = () => {
    if (!started || !looked) {
      looked = started;
      return 1_000;
    }
    return 1_001;
  };
  const clock = new ScaledClock(0, 0, wall);
  const fired: string[] = [];
  clock.setTimeout(() => fired.push('first, at 10'), 10);
  const second = new Promise<void>((resolve) =>
    clock.setTimeout(() => {
      fired.push('second, at 20');
      resolve();
    }, 20),
  );
  clock.setSpeed(100);
  started = true;
  await second;
  await new Promise((resolve) => setTimeout(resolve, 5));
  expect(fired).toEqual(['first, at 10', 'second, at 20']);
});
