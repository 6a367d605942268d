/**
 * Go's text/tabwriter as describe uses it: tab-terminated cells aligned per column block (the
 * run of consecutive lines with a cell in that column), padding 2, the text after the last tab
 * never padded.
 */
import { describe, expect, it } from 'vitest';
import { goTabwriter } from '../../../core/util/go-tabwriter.ts';

describe('goTabwriter', () => {
  it.each<[string, string, string]>([
    ['one block', 'Name:\tx\nNamespace:\tdefault\n', 'Name:       x\nNamespace:  default\n'],
    ['a line without a tab ends the block', 'A:\t1\nheading\nLonger:\t2\n', 'A:  1\nheading\nLonger:  2\n'],
    ['an empty last cell pads its column (trailing spaces kept)', 'IP:\t\nIPs:\tnone\n', 'IP:   \nIPs:  none\n'],
    ['nested columns align within their own block', 'a\tb\tc\nlong\tb\tc\nx\ty\n', 'a     b  c\nlong  b  c\nx     y\n'],
    ['width counts characters, not bytes', 'é:\t1\nab:\t2\n', 'é:   1\nab:  2\n'],
  ])('%s', (_name, input, output) => {
    expect(goTabwriter(input)).toBe(output);
  });
});
