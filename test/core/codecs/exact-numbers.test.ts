/**
 * Numbers are kept as 64-bit floats here, so a number a float would change (an integer beyond
 * 2^53, a number beyond the float range) is refused with a 400 naming it, in JSON, YAML and apply
 * bodies, rather than stored as a different value; everything a float holds exactly passes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { changedByDouble, inexactJsonNumber, inexactYamlNumber } from '../../../core/codecs/exact-numbers.ts';
import { installCRD, WIDGETS } from '../apiextensions/crd-support.ts';
import { call, serverPerSuite } from '../../support/targets.ts';

describe('which literals a double changes', () => {
  it.each([
    ['9007199254740991', false], // 2^53 - 1
    ['9007199254740992', false], // 2^53, exact
    ['9007199254740993', true],
    ['-9007199254740993', true],
    ['9223372036854775807', true], // int64 max
    ['12345678901234567890', true],
    ['1000000000000000000', false], // 1e18 is exact
    ['0.1', false], // a float, rounded as Go's float64 rounds it
    ['1.5e308', false],
    ['1e400', true], // beyond the range: Infinity
    ['-1e400', true],
    ['1e-400', false], // underflows to 0, as in Go
  ])('%s → %s', (literal, changed) => {
    expect(changedByDouble(literal)).toBe(changed);
  });

  it.each([
    ['{"a":9007199254740993}', '9007199254740993'],
    ['{"a":[1,2,{"b":-9223372036854775807}]}', '-9223372036854775807'],
    ['{"a":"9007199254740993","b":1}', undefined], // in a string: text, not a number
    ['{"a\\"9007199254740993":1}', undefined],
    ['{"a":9007199254740991}', undefined],
    ['{"a":1e400}', '1e400'],
    ['{"a":1.25e-5}', undefined],
  ])('the JSON %s holds %s', (text, found) => {
    expect(inexactJsonNumber(text, JSON.parse(text))).toBe(found);
  });

  it('a body nested 9,000 levels deep is walked without running out of stack', () => {
    const text = `${'{"a":'.repeat(9000)}9007199254740993${'}'.repeat(9000)}`;
    expect(inexactJsonNumber(text, JSON.parse(text))).toBe('9007199254740993');
  });

  it.each([
    ['9007199254740993', true],
    ['+9007199254740993', true],
    ['9007199254740991', false],
    ['1e400', true],
    ['v9007199254740993', false], // a string
    ['9007199254740993x', false],
  ])('the plain YAML scalar %s: %s', (plain, inexact) => {
    expect(inexactYamlNumber(plain)).toBe(inexact);
  });
});

describe('a body with a number a double would change', () => {
  const t = serverPerSuite();
  beforeAll(async () => {
    await installCRD(t);
  });
  const widget = (name: string, free: string) =>
    `{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"${name}"},"spec":{"color":"red","free":{"n":${free}}}}`;

  it.each([
    ['JSON', 'application/json', widget('w1', '9007199254740993'), '9007199254740993'],
    [
      'YAML',
      'application/yaml',
      'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w2\nspec:\n  color: red\n  replicas: 9223372036854775807\n',
      '9223372036854775807',
    ],
    ['JSON beyond the float range', 'application/json', widget('w3', '1e400'), '1e400'],
  ])('%s: 400 naming the number, nothing stored', async (_, type, body, number) => {
    const r = await call(t, 'POST', WIDGETS, body, { 'content-type': type });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ kind: 'Status', reason: 'BadRequest', code: 400 });
    expect(r.body.message).toContain(`the number ${number} cannot be kept exactly`);
    expect((await call(t, 'GET', WIDGETS)).body.items).toEqual([]);
  });

  it('an apply and a merge patch are refused alike, and the object keeps its value', async () => {
    expect((await call(t, 'POST', WIDGETS, widget('kept', '9007199254740991'))).status).toBe(201);
    const apply = await call(t, 'PATCH', `${WIDGETS}/kept?fieldManager=m`, widget('kept', '9007199254740993'), {
      'content-type': 'application/apply-patch+yaml',
    });
    expect(apply.status, apply.text).toBe(400);
    const merge = await call(t, 'PATCH', `${WIDGETS}/kept`, '{"spec":{"free":{"n":18446744073709551615}}}', {
      'content-type': 'application/merge-patch+json',
    });
    expect(merge.status).toBe(400);
    expect((await call(t, 'GET', `${WIDGETS}/kept`)).text).toContain('"n":9007199254740991');
  });
});
