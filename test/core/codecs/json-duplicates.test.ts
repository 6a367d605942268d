import { describe, expect, it } from 'vitest';
import { countTextKeys, findDuplicateKeys } from '../../../core/codecs/json-duplicates.ts';

describe('duplicate keys in a JSON body', () => {
  it.each([
    ['no keys', '[1, "a", true]', 0],
    ['one key', '{"a":1}', 1],
    ['white space before the colon', '{"a" \n\t : 1, "b"\r\n:2}', 2],
    ['a string value that looks like a key', '{"a":"b:","c":"\\":"}', 2],
    ['an escaped quote inside a key', '{"a\\"b":1}', 1],
    ['an escaped backslash ending a key', '{"a\\\\":{"b":[{"c":null}]}}', 3],
    ['runs of backslashes before quotes', '{"a\\\\\\"b":"\\\\","c":1}', 2],
    ['strings in an array are no keys', '{"list":["x", "y" , "z"]}', 1],
    ['keys beyond the basic plane', '{"ключ":1,"😀":{"x":2}}', 3],
  ])('%s: counts the keys of the text', (_, text, keys) => {
    JSON.parse(text); // the scan runs only on text JSON.parse accepted
    expect(countTextKeys(text)).toBe(keys);
  });

  it.each([
    ['none', '{"a":1,"b":{"a":2}}', []],
    ['at the top', '{"a":1,"a":2}', ['a']],
    ['nested in a map', '{"data":{"x":"1","y":"2","x":"3"}}', ['data.x']],
    ['inside a list item', '{"items":[{"k":1},{"k":1,"k":2}]}', ['items[1].k']],
    ['a key with a quote in it', '{"a\\"":1,"a\\"":2}', ['a"']],
  ])('names the duplicates: %s', (_, text, want) => {
    expect(findDuplicateKeys(text, JSON.parse(text))).toEqual(want);
  });
});
