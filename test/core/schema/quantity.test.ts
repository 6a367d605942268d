/**
 * A Quantity is written back in the real platform's canonical form: the format it came in
 * (decimal SI, binary SI, decimal exponent), the largest exponent that is a multiple of three and
 * keeps an integer mantissa, rounded up to nano precision; past E (10^18) decimal SI has no
 * suffix and the exponent is written out.
 */
import { describe, expect, it } from 'vitest';
import { canonicalQuantity } from '../../../core/schema/quantity.ts';

describe('canonical quantities', () => {
  it.each([
    ['1000m', '1'],
    ['0.5', '500m'],
    ['1.5Gi', '1536Mi'],
    ['1024', '1024'],
    ['2048Ki', '2Mi'],
    ['1e3', '1e3'],
    ['1.5e3', '1500'],
    ['0.1n', '1n'], // rounded up to nano precision
    ['100E', '100E'],
    ['1000E', '1e21'],
    ['-1000E', '-1e21'],
    ['1e21', '1e21'],
    ['1.5e30', '1500e27'],
    ['1000000E', '1e24'],
    ['12345678901234567890123', '12345678901234567890123'],
    ['0', '0'],
  ])('%s → %s', (given, canonical) => {
    expect(canonicalQuantity(given)).toBe(canonical);
  });

  it.each(['', 'abc', '1.2.3', '1Qi', '--1'])('%j is not a quantity', (given) => {
    expect(canonicalQuantity(given)).toBeUndefined();
  });
});
