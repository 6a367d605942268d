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
    { name: '10,000 arrays', text: arrays(10_000), error: undefined },
    { name: '10,001 arrays', text: arrays(10_001), error: "invalid character '[' exceeded max depth" },
    { name: '10,001 objects', text: objects(10_001), error: "invalid character '{' exceeded max depth" },
    { name: 'an object around 10,000 arrays', text: `{"x":${arrays(10_000)}}`, error: "invalid character '[' exceeded max depth" },
    { name: 'brackets inside a string', text: `{"x":"${'['.repeat(20_000)}"}`, error: undefined },
    { name: 'escaped quotes inside a string', text: `{"x":"\\"${'['.repeat(20_000)}"}`, error: undefined },
  ])('$name', ({ text, error }) => {
    expect(jsonDepthError(text)).toBe(error);
  });
});

describe('YAML flow collections: 10,000 levels, as the YAML parser', () => {
  it.each([
    { name: '10,000 on the first line', text: `x: ${arrays(10_000)}`, error: undefined },
    { name: '10,001 on the first line (no line named)', text: `x: ${arrays(10_001)}`, error: 'yaml: exceeded max depth of 10000' },
    { name: '10,001 on line 3', text: `a: 1\nb: 2\nx: ${arrays(10_001)}`, error: 'yaml: line 3: exceeded max depth of 10000' },
    { name: 'inside a double-quoted scalar', text: `x: "${'['.repeat(20_000)}"`, error: undefined },
    { name: "inside a single-quoted scalar, with ''", text: `x: 'it''s ${'['.repeat(20_000)}'`, error: undefined },
    { name: 'in a comment', text: `# ${'['.repeat(20_000)}\nx: 1`, error: undefined },
  ])('$name', ({ text, error }) => {
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
    { value: 1, limit: 0, deeper: false },
    { value: [], limit: 0, deeper: true },
    { value: [[[1]]], limit: 3, deeper: false },
    { value: [[[1]]], limit: 2, deeper: true },
    { value: { a: { b: [{}] } }, limit: 4, deeper: false },
    { value: { a: { b: [{}] } }, limit: 3, deeper: true },
  ])('$value nests deeper than $limit: $deeper', ({ value, limit, deeper }) => {
    expect(nestedDeeperThan(value, limit)).toBe(deeper);
  });
});
