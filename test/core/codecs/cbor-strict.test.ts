/**
 * CBOR bodies are decoded as strictly as the real platform's decode mode: a duplicate map key,
 * invalid UTF-8 text, NaN or an infinity, the simple value `undefined`, an integer outside
 * int64 is a 400 (cbor-x alone would take the last key, replace the bytes, store null, round);
 * and an int64 a double would round is refused as in JSON text. Well-formed bodies pass.
 */
import { Encoder } from 'cbor-x';
import { describe, expect, it } from 'vitest';
import { cborStrictError } from '../../../core/codecs/cbor-strict.ts';
import { CM, call, inProcess } from '../../support/targets.ts';

const h = (hex: string) => Uint8Array.from(hex.match(/../g)!.map((x) => Number.parseInt(x, 16)));

describe('what the strict walk refuses', () => {
  it.each([
    ['a map with a key twice', 'a2616101616102', 'cbor: found duplicate map key "a" at map element index 1'],
    ['a nested map with a key twice', 'a16178a2616201616202', 'cbor: found duplicate map key "b" at map element index 1'],
    ['an indefinite map with a key twice', 'bf616101616102ff', 'cbor: found duplicate map key "a" at map element index 1'],
    ['invalid UTF-8 text', 'a16161 62ff41'.replace(/ /g, ''), 'cbor: invalid UTF-8 string'],
    ['invalid UTF-8 in a chunk', 'a161617f61ffff', 'cbor: invalid UTF-8 string'],
    ['a half-precision NaN', 'a16161f97e00', 'cbor: data item of cbor type primitives is not accepted by protocol: floating-point NaN'],
    [
      'a single-precision infinity',
      'a16161fa7f800000',
      'cbor: data item of cbor type primitives is not accepted by protocol: floating-point infinity',
    ],
    [
      'a double-precision -infinity',
      'a16161fbfff0000000000000',
      'cbor: data item of cbor type primitives is not accepted by protocol: floating-point infinity',
    ],
    ['undefined', 'a16161f7', 'cbor: data item of cbor type primitives is not accepted by protocol: simple value 23 is not recognized'],
    [
      'a positive integer past int64',
      'a161611bffffffffffffffff',
      "cbor: cannot unmarshal positive integer into Go value of type int64 (18446744073709551615 overflows Go's int64)",
    ],
    [
      'a negative integer past int64',
      'a161613b8000000000000000',
      "cbor: cannot unmarshal negative integer into Go value of type int64 (-1-9223372036854775808 overflows Go's int64)",
    ],
  ])('%s', (_, hex, message) => {
    expect(cborStrictError(h(hex))).toBe(message);
  });

  it.each([
    ['the same key in two maps', 'a2616101616aa16161 01'.replace(/ /g, '')],
    ['a key equal to a value', 'a26161616161626162'],
    ['int64 max', 'a161611b7fffffffffffffff'],
    ['a tagged self-described body', 'd9d9f7a1616101'],
    [
      'an ordinary object',
      Buffer.from(new Encoder({ useRecords: false }).encode({ a: [1, 2.5, 'x', null, true], b: { c: new Uint8Array([1]) } })).toString(
        'hex',
      ),
    ],
  ])('%s passes', (_, hex) => {
    expect(cborStrictError(h(hex))).toBeUndefined();
  });
});

describe('over the API (gate CBORServingAndStorage)', () => {
  it('a ConfigMap with a key twice in data is refused, and nothing is stored', async () => {
    const t = await inProcess({ featureGates: { CBORServingAndStorage: true } });
    // {"metadata":{"name":"d"},"data":{"k":"1","k":"2"}}
    const body = h('a2686d65746164617461a1646e616d65616464646174 61a2616b6131616b6132'.replace(/ /g, ''));
    const r = await t.request(CM, { method: 'POST', headers: { 'content-type': 'application/cbor' }, body });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { message: string }).message).toBe(
      'error decoding CBOR: cbor: found duplicate map key "k" at map element index 1',
    );
    expect((await call(t, 'GET', CM)).body.items).toEqual([]);
    await t.close();
  });
});
