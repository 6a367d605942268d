/**
 * The playground's clock speed: the server clock runs at a chosen multiple of the wall
 * clock (0 pauses it), never moves back when the speed changes, and fires timers when it — not
 * the wall — reaches their time. The wall is a fake one the test moves, except for timer firing.
 */
import { expect } from 'chai';
import { MAX_CLOCK_SPEED, ScaledClock } from '../../worker/shared-worker/scaled-clock.ts';
import { describe, it } from './support/mocha.ts';

function fakeWall(start = 1_000_000) {
  let t = start;
  return { now: () => t, move: (ms: number) => (t += ms) };
}

describe('the scaled clock', () => {
  // Each row: the speed, the wall milliseconds passed, the clock milliseconds passed.
  const rows: { speed: number; wall: number; passed: number }[] = [
    { speed: 1, wall: 1000, passed: 1000 },
    { speed: 10, wall: 1000, passed: 10_000 },
    { speed: 0.5, wall: 1000, passed: 500 },
    { speed: 0, wall: 5000, passed: 0 },
  ];
  for (const { speed, wall, passed } of rows) {
    it(`at ${speed}×, ${wall} ms of wall time is ${passed} ms of clock time`, () => {
      const w = fakeWall();
      const c = new ScaledClock(speed, 50_000, w.now);
      w.move(wall);
      expect(c.now()).to.equal(50_000 + passed);
    });
  }

  it('changing the speed carries on from where the clock is', () => {
    const w = fakeWall();
    const c = new ScaledClock(10, 0, w.now);
    w.move(1000);
    c.setSpeed(1);
    expect(c.now()).to.equal(10_000);
    w.move(1000);
    expect(c.now()).to.equal(11_000);
    c.setSpeed(0);
    w.move(60_000);
    expect(c.now()).to.equal(11_000);
  });

  for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY, MAX_CLOCK_SPEED + 1]) {
    it(`refuses the speed ${bad}`, () => {
      expect(() => new ScaledClock(bad)).to.throw(RangeError);
      expect(() => new ScaledClock(1).setSpeed(bad)).to.throw(RangeError);
    });
  }

  it('a timer fires once the clock reaches its time, not before', async () => {
    const c = new ScaledClock(200);
    const due = c.now() + 2000;
    const firedAt = await new Promise<number>((resolve) => c.setTimeout(() => resolve(c.now()), 2000));
    expect(firedAt).to.be.at.least(due);
  });

  it('a paused clock holds its timers until it runs again', async () => {
    const c = new ScaledClock(0);
    let fired = false;
    c.setTimeout(() => (fired = true), 10);
    await new Promise((r) => setTimeout(r, 50));
    expect(fired).to.equal(false);
    const done = new Promise<void>((resolve) => c.setTimeout(resolve, 20));
    c.setSpeed(100);
    await done;
    expect(fired).to.equal(true);
  });

  it('a cancelled timer never fires', async () => {
    const c = new ScaledClock(100);
    let fired = false;
    c.setTimeout(() => (fired = true), 100).cancel();
    await c.sleep(500);
    expect(fired).to.equal(false);
  });
});
