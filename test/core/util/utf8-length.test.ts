/** utf8Length counts the bytes a string takes in UTF-8, as the real platform's size limits count them. */
import { describe, expect, it } from 'vitest';
import { utf8Length } from '../../../core/util/json.ts';

describe('utf8Length is the UTF-8 byte count', () => {
  it.each([
    { text: '', bytes: 0, what: 'empty' },
    { text: 'abc', bytes: 3, what: 'ASCII, one byte each' },
    { text: 'é', bytes: 2, what: 'Latin-1 supplement, two bytes' },
    { text: '€', bytes: 3, what: 'the rest of the BMP, three bytes' },
    { text: '😀', bytes: 4, what: 'outside the BMP (a surrogate pair), four bytes' },
    { text: 'a😀é€', bytes: 10, what: 'mixed' },
  ])('$what: $bytes', ({ text, bytes }) => {
    expect(utf8Length(text)).toBe(bytes);
    expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
  });
});
