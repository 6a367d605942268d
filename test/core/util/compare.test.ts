/**
 * compareStrings orders as Go does (byte-wise in UTF-8, i.e. by code point), which is what the
 * real platform's sorted output follows: FieldsV1 keys, managed fields, discovery, metrics.
 */
import { describe, expect, it } from 'vitest';
import { compareStrings, sortStrings } from '../../../core/util/compare.ts';
import { goJson } from '../../../core/util/go-json.ts';

/** Go's order, computed the long way: compare the UTF-8 bytes. */
function byUtf8Bytes(a: string, b: string): number {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  for (let i = 0; i < x.length && i < y.length; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}

describe('compareStrings is code point order, as Go compares strings', () => {
  it('a character beyond the BMP (a surrogate pair) sorts after one from U+E000 to U+FFFF, unlike `<`', () => {
    const emoji = '\u{1F600}'; // stored as the units D83D DE00
    const halfwidth = '\uFF61'; // one unit, FF61: `<` puts it after the pair's D83D
    expect(emoji < halfwidth).toBe(true);
    expect(compareStrings(emoji, halfwidth)).toBe(1);
    expect(compareStrings(halfwidth, emoji)).toBe(-1);
    expect(byUtf8Bytes(emoji, halfwidth)).toBeGreaterThan(0);
  });

  it('sorts a mixed list as its UTF-8 bytes sort', () => {
    const words = [
      'b',
      'a\u{1F600}',
      'a\uFF61',
      'ab',
      'a',
      '',
      '\u{10000}',
      '\uFFFF',
      '\uE000',
      '\uD7FF',
      'a\u{1F600}b',
      'a\u{1F601}',
      'é',
      'Z',
      '~',
    ];
    expect([...words].sort(compareStrings)).toEqual([...words].sort(byUtf8Bytes));
  });

  it.each([
    ['short, sorted in place by insertion', 5],
    ['at the insertion limit', 16],
    ['long, sorted by Array.prototype.sort', 40],
  ])('sortStrings puts a list in the same order (%s)', (_, n) => {
    const words = Array.from({ length: n }, (_, i) => ['z', 'a\u{1F600}', 'a\uFF61', 'é', 'ab', ''][i % 6] + String((i * 7) % n));
    const sorted = sortStrings([...words]);
    expect(sorted).toEqual([...words].sort(byUtf8Bytes));
  });

  it('equal strings compare 0, and a prefix sorts first', () => {
    expect(compareStrings('web-0', 'web-0')).toBe(0);
    expect(compareStrings('web', 'web-0')).toBe(-1);
    expect(compareStrings('web-0', 'web')).toBe(1);
  });

  it('goJson sorts map keys the same way', () => {
    expect(goJson({ '\uFF61': 1, '\u{1F600}': 2, a: 3 })).toBe('{"a":3,"\uFF61":1,"\u{1F600}":2}');
  });
});
