/**
 * The nesting scans that run over every large body before it is parsed: they count the levels
 * as the real platform's decoders count them, ignore brackets inside strings and comments, and
 * end on any input (they are loops over bytes that the client chose).
 */
import { Encoder } from 'cbor-x';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cborDepthError, jsonDepthError, nestedDeeperThan, yamlDepthError } from '../../../core/codecs/depth.ts';

const arrays = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const objects = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

describe('JSON: 10,000 levels, as encoding/json', () => {
  it.each([
    ['10,000 arrays', arrays(10_000), undefined],
    ['10,001 arrays', arrays(10_001), "invalid character '[' exceeded max depth"],
    ['10,001 objects', objects(10_001), "invalid character '{' exceeded max depth"],
    ['an object around 10,000 arrays', `{"x":${arrays(10_000)}}`, "invalid character '[' exceeded max depth"],
    ['brackets inside a string', `{"x":"${'['.repeat(20_000)}"}`, undefined],
    ['escaped quotes inside a string', `{"x":"\\"${'['.repeat(20_000)}"}`, undefined],
  ])('%s', (_what, text, error) => {
    expect(jsonDepthError(text)).toBe(error);
  });
});

describe('YAML flow collections: 10,000 levels, as the YAML parser', () => {
  it.each([
    ['10,000 on the first line', `x: ${arrays(10_000)}`, undefined],
    ['10,001 on the first line (no line named)', `x: ${arrays(10_001)}`, 'yaml: exceeded max depth of 10000'],
    ['10,001 on line 3', `a: 1\nb: 2\nx: ${arrays(10_001)}`, 'yaml: line 3: exceeded max depth of 10000'],
    ['inside a double-quoted scalar', `x: "${'['.repeat(20_000)}"`, undefined],
    ["inside a single-quoted scalar, with ''", `x: 'it''s ${'['.repeat(20_000)}'`, undefined],
    ['in a comment', `# ${'['.repeat(20_000)}\nx: 1`, undefined],
  ])('%s', (_what, text, error) => {
    expect(yamlDepthError(text)).toBe(error);
  });
});

describe('CBOR: 64 levels, as the real decoder (arrays, maps and tags count)', () => {
  const plain = new Encoder({ useRecords: false, mapsAsObjects: true, variableMapSize: true });
  const described = new Encoder({ useRecords: false, mapsAsObjects: true, variableMapSize: true, useSelfDescribedHeader: true });
  const nestedValue = (levels: number): unknown => {
    let v: unknown = 1;
    for (let i = 0; i < levels; i++) v = i % 2 ? { k: v } : [v, 'pad'];
    return v;
  };

  it('arrays and maps nested 1..80 deep: refused exactly past 64', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 80 }), fc.boolean(), (levels, tagged) => {
        const bytes = (tagged ? described : plain).encode(nestedValue(levels));
        const depth = levels + (tagged ? 1 : 0);
        // Tiny documents are not scanned: they cannot nest 64 levels.
        expect(cborDepthError(bytes)).toBe(depth > 64 && bytes.length > 64 ? 'cbor: exceeded max nested level 64' : undefined);
      }),
      { numRuns: 200, seed: 64 },
    );
  });

  it('any bytes: the scan ends, and says nothing of input it cannot walk', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 65, maxLength: 2048 }), (bytes) => {
        const r = cborDepthError(bytes);
        expect(r === undefined || r === 'cbor: exceeded max nested level 64').toBe(true);
      }),
      { numRuns: 2000, seed: 7 },
    );
  });
});

describe('decoded values', () => {
  it.each([
    [1, 0, false],
    [[], 0, true],
    [[[[1]]], 3, false],
    [[[[1]]], 2, true],
    [{ a: { b: [{}] } }, 4, false],
    [{ a: { b: [{}] } }, 3, true],
  ])('%j nests deeper than %i: %s', (value, limit, deeper) => {
    expect(nestedDeeperThan(value, limit)).toBe(deeper);
  });
});
