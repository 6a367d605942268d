import { describe, expect, it } from 'vitest';
import { goDurationMs, goDurationNanos } from '../../../core/util/go-duration.ts';

describe("a duration is read as Go's time.ParseDuration reads it", () => {
  it.each([
    ['0', 0n],
    ['+0', 0n],
    ['1h30m', 5_400_000_000_000n],
    ['1.5s', 1_500_000_000n],
    ['-300ms', -300_000_000n],
    ['.5s', 500_000_000n],
    ['5.s', 5_000_000_000n],
    ['1us', 1_000n],
    ['1µs', 1_000n],
    ['1μs', 1_000n],
    ['2h45m3.5s', 9_903_500_000_000n],
    ['9223372036854775807ns', 9_223_372_036_854_775_807n],
    ['-9223372036854775808ns', -9_223_372_036_854_775_808n],
  ])('%s is %s ns', (text, nanos) => {
    expect(goDurationNanos(text)).toBe(nanos);
  });

  it.each([
    ['', 'empty'],
    ['-', 'a sign alone'],
    ['1', 'a number without a unit'],
    ['1d', 'an unknown unit'],
    ['.s', 'a number with no digits'],
    ['1h ', 'a trailing space'],
    ['9223372036854775808ns', 'one past int64'],
    ['3000000h', 'hours past int64'],
  ])('%j is refused (%s)', (text) => {
    expect(goDurationNanos(text)).toBeUndefined();
  });

  it.each([
    ['1m30s', 90_000],
    ['1.5ms', 1.5],
    ['250us', 0.25],
    ['x', undefined],
  ])('%s is %s ms', (text, ms) => {
    expect(goDurationMs(text)).toBe(ms);
  });
});
