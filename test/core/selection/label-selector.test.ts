/**
 * Label selector syntax and matching, as the real platform's parser accepts and rejects it
 * (docs/api-rules.md, "Selectors").
 */
import { describe, expect, it } from 'vitest';
import { parseLabelSelector, SelectorParseError } from '../../../core/selection/label-selector.ts';

const labels = { app: 'web', tier: 'gold', env: 'prod' };

describe('label selectors that parse', () => {
  it.each([
    { text: '', expected: true },
    { text: 'app=web', expected: true },
    { text: 'app==web', expected: true },
    { text: 'app!=web', expected: false },
    { text: 'app!=db', expected: true },
    { text: 'missing!=x', expected: true },
    { text: 'tier in (gold,silver)', expected: true },
    { text: 'tier in (silver)', expected: false },
    { text: 'tier notin (silver, bronze)', expected: true },
    { text: 'tier notin (gold)', expected: false },
    { text: 'app', expected: true },
    { text: 'missing', expected: false },
    { text: '!missing', expected: true },
    { text: '!app', expected: false },
    { text: 'app=web,tier=gold', expected: true },
    { text: 'app=web, tier=silver', expected: false },
    { text: 'app in (web),!missing,env', expected: true },
    { text: 'example.com/role=x', expected: false },
    { text: 'app=', expected: false },
  ])('$text matches $expected', ({ text, expected }) => {
    expect(parseLabelSelector(text).matches(labels)).toBe(expected);
  });
});

describe('label selectors that are rejected (400)', () => {
  it.each([
    { text: 'a in b', message: "unable to parse requirement: found 'b', expected: '('" },
    { text: 'a in (b', message: 'unable to parse requirement' },
    { text: 'a notin ()', message: "unable to parse requirement: for 'in', 'notin' operators, values set can't be empty" },
    { text: ',a=b', message: "found ',', expected: !, identifier, or 'end of string'" },
    { text: 'a=b,', message: "found '', expected: identifier after ','" },
    { text: 'a b', message: "unable to parse requirement: found 'b', expected: in, notin, =, ==, !=, gt, lt" },
    { text: 'a=b c', message: "found 'c', expected: ',' or 'end of string'" },
    { text: 'a b=c', message: "unable to parse requirement: found 'b', expected: in, notin, =, ==, !=, gt, lt" },
    { text: 'Bad Key!=x', message: 'found' },
    { text: '-a=b', message: 'Invalid value: "-a"' },
    { text: 'a=-b', message: 'Invalid value: "-b"' },
    { text: `${'k'.repeat(64)}=v`, message: 'must be no more than 63 characters' },
  ])('$text', ({ text, message }) => {
    expect(() => parseLabelSelector(text)).toThrow(SelectorParseError);
    expect(() => parseLabelSelector(text)).toThrow(message);
  });
});
