/**
 * YAML bodies that are JSON (as clients send apply configurations) are read as JSON: the same
 * value the YAML parser gives, for a fraction of its cost. What JSON and YAML would read
 * differently, or JSON cannot read at all, is left to the YAML parser, whose answer stands.
 */
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../../core/codecs/yaml.ts';
import { StatusError } from '../../../core/errors/index.ts';

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

  it('a key written twice is refused, as the YAML parser refuses it', () => {
    const text = '{"data": {"a": "1", "a": "2"}}';
    let err: unknown;
    try {
      parseYaml(text, 'error decoding YAML: ');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(StatusError);
    expect((err as StatusError).code).toBe(400);
    expect((err as StatusError).message).toMatch(/^error decoding YAML: duplicated mapping key/);
  });
});
