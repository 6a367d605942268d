/**
 * A YAML body's repeated keys: the last value is kept, and the strict decoder's report names each
 * repeat by the line of its value, inner repeats before the entry holding them.
 */
import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../../core/codecs/yaml.ts';
import { strictDecodingWarnings } from '../../../core/codecs/yaml-duplicates.ts';

/** The value and the report of `text`. */
function read(text: string): { value: unknown; report: string | undefined } {
  const duplicates: string[] = [];
  const value = parseYaml(text, 'p: ', duplicates);
  expect(duplicates.length).toBeLessThanOrEqual(1);
  return { value, report: duplicates[0] };
}

const ERRORS = 'yaml: unmarshal errors:\n';

describe('a key written twice', () => {
  it.each([
    ['none', 'a: 1\nb: 2\n', { a: 1, b: 2 }, undefined],
    ['in a block mapping', 'a: 1\nb: 2\na: 3\n', { a: 3, b: 2 }, '  line 3: key "a" already set in map'],
    ['written once plain and once quoted', 'a: 1\n"a": 2\n', { a: 2 }, '  line 2: key "a" already set in map'],
    ['a number and a string are two keys', '1: x\n"1": y\n', { 1: 'y' }, undefined],
    ['a number written twice', '1: x\n1: y\n', { 1: 'y' }, '  line 2: key 1 already set in map'],
    ['in JSON on one line', '{"a": 1, "a": 2}', { a: 2 }, '  line 1: key "a" already set in map'],
    ['in list items', 'l:\n- nm: 1\n  nm: 2\n- nm: 3\n', { l: [{ nm: 2 }, { nm: 3 }] }, '  line 3: key "nm" already set in map'],
    [
      'inside a repeated entry: the inner one first',
      'm: 1\nm:\n  x: 1\n  x: 2\n',
      { m: { x: 2 } },
      '  line 4: key "x" already set in map\n  line 3: key "m" already set in map',
    ],
    ['with CRLF line ends', 'a: 1\r\nb: 2\r\na: 3\r\n', { a: 3, b: 2 }, '  line 3: key "a" already set in map'],
  ])('%s', (_, text, value, lines) => {
    const got = read(text);
    expect(got.value).toEqual(value);
    expect(got.report).toBe(lines === undefined ? undefined : `${ERRORS}${lines}`);
  });

  it('keeps the last value where no one asked for the report', () => {
    expect(parseYaml('a: 1\na: 2\n', 'p: ')).toEqual({ a: 2 });
  });
});

describe('as warnings', () => {
  it.each([
    [
      `${ERRORS}  line 3: key "a" already set in map\n  line 9: key "b" already set in map`,
      ['line 3: key "a" already set in map', 'line 9: key "b" already set in map'],
    ],
    ['unknown field "x"', ['unknown field "x"']],
  ])('%j', (problem, warnings) => {
    expect(strictDecodingWarnings(problem)).toEqual(warnings);
  });
});
