/**
 * YAML bodies that are JSON (as clients send apply configurations) are read as JSON: the same
 * value the YAML parser gives, for a fraction of its cost. What JSON and YAML would read
 * differently, or JSON cannot read at all, is left to the YAML parser, whose answer stands.
 */
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../../core/codecs/yaml.ts';

describe('a YAML body that is JSON', () => {
  it.each([
    ['an object', '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a"},"data":{"k":"v"}}'],
    ['leading white space', '\n\t {"a": [1, 2.5, -0, 1e3, true, null, "\\u00e9\\/"]}'],
    ['an array', '[{"a": 1}, {"b": {"c": []}}]'],
    ['YAML proper', 'apiVersion: v1\nkind: ConfigMap\ndata:\n  k: "v"\n'],
    ['YAML flow that is not JSON', '{a: 1, b: [x, y]}'],
    ['a scalar', '"just a string"'],
  ])('%s: the value YAML gives it', (_, text) => {
    expect(parseYaml(text, 'p: ')).toEqual(load(text));
  });

  it('a key written twice is left to the YAML parser, which keeps the last value and reports the repeat', () => {
    const duplicates: string[] = [];
    expect(parseYaml('{"data": {"a": "1", "a": "2"}}', 'p: ', duplicates)).toEqual({ data: { a: '2' } });
    expect(duplicates).toEqual(['yaml: unmarshal errors:\n  line 1: key "a" already set in map']);
  });
});
