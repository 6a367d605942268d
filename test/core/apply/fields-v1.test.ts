/**
 * FieldsV1, the wire form of field sets in managedFields, byte for byte as the real platform writes
 * it (docs/api-rules.md, "Server-side apply and field ownership").
 */
import { describe, expect, it } from 'vitest';
import {
  FieldSet,
  FieldsV1Error,
  elementToken,
  fieldElement,
  fieldPath,
  fromFieldsV1,
  indexElement,
  keyElement,
  parseElementToken,
  pathString,
  toFieldsV1,
  valueElement,
  type Path,
} from '../../../core/apply/index.ts';
import type { JsonValue } from '../../../core/util/json.ts';

const f = fieldElement;

describe('path element tokens', () => {
  it.each([
    { name: 'a field', element: f('data'), token: 'f:data' },
    { name: 'a field with dots and slashes', element: f('app.orchestrator.io/name'), token: 'f:app.orchestrator.io/name' },
    {
      name: 'a map-list item, key fields sorted by name',
      element: keyElement([
        { name: 'protocol', value: 'TCP' },
        { name: 'containerPort', value: 80 },
      ]),
      token: 'k:{"containerPort":80,"protocol":"TCP"}',
    },
    { name: 'a map-list item with one key', element: keyElement([{ name: 'name', value: 'nginx' }]), token: 'k:{"name":"nginx"}' },
    { name: 'a set item (string)', element: valueElement('x'), token: 'v:"x"' },
    { name: 'a set item (number)', element: valueElement(3), token: 'v:3' },
    { name: 'a set item (boolean)', element: valueElement(true), token: 'v:true' },
    {
      name: 'a set item, HTML characters escaped as Go escapes them',
      element: valueElement('a<b>&c'),
      token: 'v:"a\\u003cb\\u003e\\u0026c"',
    },
    { name: 'a list item by index', element: indexElement(2), token: 'i:2' },
  ])('$name', ({ element, token }) => {
    expect(elementToken(element)).toBe(token);
    expect(parseElementToken(token)).toEqual(element);
  });

  it('reads key fields in any order and keeps them sorted', () => {
    expect(parseElementToken('k:{"protocol":"UDP","containerPort":53}')).toEqual(
      keyElement([
        { name: 'containerPort', value: 53 },
        { name: 'protocol', value: 'UDP' },
      ]),
    );
  });

  it.each([
    { name: 'too short', token: 'f', message: 'key must be 2 characters long:' },
    { name: 'no colon', token: 'fx', message: 'missing colon: fx' },
    { name: 'a key that is not JSON', token: 'k:{name}', message: undefined },
    { name: 'an index that is not a number', token: 'i:x', message: undefined },
  ])('rejects a malformed token: $name', ({ token, message }) => {
    expect(() => parseElementToken(token)).toThrow(message ?? Error);
  });

  it('gives undefined for an element kind it does not know', () => {
    expect(parseElementToken('r:future')).toBeUndefined();
  });
});

describe('path strings (conflict messages)', () => {
  it.each<{ path: Path; text: string }>([
    { path: fieldPath('data', 'key'), text: '.data.key' },
    {
      path: [f('spec'), f('containers'), keyElement([{ name: 'name', value: 'app' }]), f('image')],
      text: '.spec.containers[name="app"].image',
    },
    {
      path: [
        f('spec'),
        f('ports'),
        keyElement([
          { name: 'containerPort', value: 80 },
          { name: 'protocol', value: 'TCP' },
        ]),
      ],
      text: '.spec.ports[containerPort=80,protocol="TCP"]',
    },
    { path: [f('metadata'), f('finalizers'), valueElement('a')], text: '.metadata.finalizers[="a"]' },
    { path: [f('spec'), f('args'), indexElement(0)], text: '.spec.args[0]' },
  ])('$path prints as $text', ({ path, text }) => {
    expect(pathString(path)).toBe(text);
  });
});

describe('FieldsV1 encoding', () => {
  it('a member with no children is {}; a member with children also lists "." (last)', () => {
    const s = FieldSet.of(
      fieldPath('data'),
      fieldPath('data', 'a'),
      fieldPath('metadata', 'labels'),
      fieldPath('metadata', 'labels', 'app'),
    );
    expect(JSON.stringify(toFieldsV1(s))).toBe('{"f:data":{"f:a":{},".":{}},"f:metadata":{"f:labels":{"f:app":{},".":{}}}}');
  });

  it('orders keys: fields, then map-list keys, then set values, then indexes; each kind in value order', () => {
    const s = FieldSet.of(
      [indexElement(10)],
      [indexElement(2)],
      [valueElement(true)],
      [valueElement('b')],
      [valueElement('a')],
      [valueElement(2)],
      [keyElement([{ name: 'name', value: 'second' }])],
      [keyElement([{ name: 'name', value: 'first' }])],
      [f('zeta')],
      [f('alpha')],
    );
    expect(Object.keys(toFieldsV1(s))).toEqual([
      'f:alpha',
      'f:zeta',
      'k:{"name":"first"}',
      'k:{"name":"second"}',
      'v:2',
      'v:"a"',
      'v:"b"',
      'v:true',
      'i:2',
      'i:10',
    ]);
  });

  it('orders field names by code point, as Go compares UTF-8 bytes', () => {
    const s = FieldSet.of([f('\u{1F600}')], [f('\uFF21')], [f('b')], [f('B')]);
    expect(Object.keys(toFieldsV1(s))).toEqual(['f:B', 'f:b', 'f:\uFF21', 'f:\u{1F600}']);
  });

  it('an empty set is {}', () => {
    expect(toFieldsV1(new FieldSet())).toEqual({});
  });

  it.each([
    { name: 'flat', json: '{"f:a":{},"f:b":{}}' },
    { name: 'nested with self', json: '{"f:spec":{"f:containers":{"k:{\\"name\\":\\"a\\"}":{"f:image":{},"f:name":{},".":{}}}}}' },
    { name: 'sets and indexes', json: '{"f:hosts":{"v:\\"x\\"":{},"v:\\"y\\"":{}},"f:list":{"i:0":{"f:a":{}}}}' },
  ])('round-trips $name', ({ json }) => {
    expect(JSON.stringify(toFieldsV1(fromFieldsV1(JSON.parse(json))))).toBe(json);
  });
});

describe('FieldsV1 decoding', () => {
  it('reads "." as membership of the enclosing element, wherever it is written', () => {
    const s = fromFieldsV1({ 'f:data': { '.': {}, 'f:a': {} } });
    expect(s.has(fieldPath('data'))).toBe(true);
    expect(s.has(fieldPath('data', 'a'))).toBe(true);
  });

  it('an object holding only "." is a plain member', () => {
    const s = fromFieldsV1({ 'f:data': { '.': {} } });
    expect(s.paths().map(pathString)).toEqual(['.data']);
  });

  it('drops keys of unknown element kinds', () => {
    expect(JSON.stringify(toFieldsV1(fromFieldsV1({ 'f:a': {}, 'r:b': {} })))).toBe('{"f:a":{}}');
  });

  it('absent or null is the empty set', () => {
    expect(fromFieldsV1(undefined).empty).toBe(true);
    expect(fromFieldsV1(null).empty).toBe(true);
  });

  it.each<{ name: string; value: JsonValue }>([
    { name: 'a malformed key', value: { x: {} } },
    { name: 'a value that is not an object', value: { 'f:a': 1 } },
    { name: 'not an object at all', value: ['f:a'] },
  ])('rejects $name', ({ value }) => {
    expect(() => fromFieldsV1(value)).toThrow(FieldsV1Error);
  });
});

describe('field set operations', () => {
  const parentAndChild = FieldSet.of(fieldPath('a'), fieldPath('a', 'b'));

  it('difference is path by path: removing a parent keeps its children', () => {
    expect(
      parentAndChild
        .difference(FieldSet.of(fieldPath('a')))
        .paths()
        .map(pathString),
    ).toEqual(['.a.b']);
  });

  it('recursive difference removes a member with everything below it', () => {
    expect(parentAndChild.recursiveDifference(FieldSet.of(fieldPath('a'))).empty).toBe(true);
  });

  it('intersection keeps common paths only', () => {
    const other = FieldSet.of(fieldPath('a', 'b'), fieldPath('c'));
    expect(parentAndChild.intersection(other).paths().map(pathString)).toEqual(['.a.b']);
  });

  it('iterates members of a level before descending, as the real platform lists conflicts', () => {
    const s = FieldSet.of(fieldPath('b', 'x'), fieldPath('c'), fieldPath('a', 'y'), fieldPath('d'));
    expect(s.paths().map(pathString)).toEqual(['.c', '.d', '.a.y', '.b.x']);
  });
});
