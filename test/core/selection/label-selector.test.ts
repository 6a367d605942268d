/** Label selector syntax and matching, as the real platform's parser accepts and rejects it. */
import { describe, expect, it } from 'vitest';
import { parseLabelSelector, SelectorParseError } from '../../../core/selection/label-selector.ts';

const labels = { app: 'web', tier: 'gold', env: 'prod' };

describe('label selectors that parse', () => {
  it.each([
    ['', true],
    ['app=web', true],
    ['app==web', true],
    ['app!=web', false],
    ['app!=db', true],
    ['missing!=x', true],
    ['tier in (gold,silver)', true],
    ['tier in (silver)', false],
    ['tier notin (silver, bronze)', true],
    ['tier notin (gold)', false],
    ['app', true],
    ['missing', false],
    ['!missing', true],
    ['!app', false],
    ['app=web,tier=gold', true],
    ['app=web, tier=silver', false],
    ['app in (web),!missing,env', true],
    ['example.com/role=x', false],
    ['app=', false],
  ])('%j matches %s', (text, expected) => {
    expect(parseLabelSelector(text).matches(labels)).toBe(expected);
  });
});

describe('label selectors that are rejected (400)', () => {
  it.each([
    ['a in b', "unable to parse requirement: found 'b', expected: '('"],
    ['a in (b', 'unable to parse requirement'],
    ['a notin ()', "unable to parse requirement: for 'in', 'notin' operators, values set can't be empty"],
    [',a=b', "found ',', expected: !, identifier, or 'end of string'"],
    ['a=b,', "found '', expected: identifier after ','"],
    ['a b', "unable to parse requirement: found 'b', expected: in, notin, =, ==, !=, gt, lt"],
    ['a=b c', "found 'c', expected: ',' or 'end of string'"],
    ['a b=c', "unable to parse requirement: found 'b', expected: in, notin, =, ==, !=, gt, lt"],
    ['Bad Key!=x', 'found'],
    ['-a=b', 'Invalid value: "-a"'],
    ['a=-b', 'Invalid value: "-b"'],
    ['k'.repeat(64) + '=v', 'must be no more than 63 characters'],
  ])('%j', (text, message) => {
    expect(() => parseLabelSelector(text)).toThrow(SelectorParseError);
    expect(() => parseLabelSelector(text)).toThrow(message);
  });
});
