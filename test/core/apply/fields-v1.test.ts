/** FieldsV1: the wire form of field sets, byte for byte as the real platform writes it. */
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

const f = fieldElement;

describe('path element tokens', () => {
  it.each([
    ['a field', f('data'), 'f:data'],
    ['a field with dots and slashes', f('app.orchestrator.io/name'), 'f:app.orchestrator.io/name'],
    ['a map-list item, key fields sorted by name', keyElement([{ name: 'protocol', value: 'TCP' }, { name: 'containerPort', value: 80 }]), 'k:{"containerPort":80,"protocol":"TCP"}'],
    ['a map-list item with one key', keyElement([{ name: 'name', value: 'nginx' }]), 'k:{"name":"nginx"}'],
    ['a set item (string)', valueElement('x'), 'v:"x"'],
    ['a set item (number)', valueElement(3), 'v:3'],
    ['a set item (boolean)', valueElement(true), 'v:true'],
    ['a set item, HTML characters escaped as Go escapes them', valueElement('a<b>&c'), 'v:"a\\u003cb\\u003e\\u0026c"'],
    ['a list item by index', indexElement(2), 'i:2'],
  ])('%s', (_what, pe, token) => {
    expect(elementToken(pe)).toBe(token);
    expect(parseElementToken(token)).toEqual(pe);
  });

  it('reads key fields in any order and keeps them sorted', () => {
    expect(parseElementToken('k:{"protocol":"UDP","containerPort":53}')).toEqual(
      keyElement([{ name: 'containerPort', value: 53 }, { name: 'protocol', value: 'UDP' }]),
    );
  });

  it.each([
    ['too short', 'f', 'key must be 2 characters long:'],
    ['no colon', 'fx', 'missing colon: fx'],
    ['a key that is not JSON', 'k:{name}', undefined],
    ['an index that is not a number', 'i:x', undefined],
  ])('rejects a malformed token: %s', (_what, token, message) => {
    expect(() => parseElementToken(token)).toThrow(message ?? Error);
  });

  it('gives undefined for an element kind it does not know', () => {
    expect(parseElementToken('r:future')).toBeUndefined();
  });
});

describe('path strings (conflict messages)', () => {
  it.each<[Path, string]>([
    [fieldPath('data', 'key'), '.data.key'],
    [[f('spec'), f('containers'), keyElement([{ name: 'name', value: 'app' }]), f('image')], '.spec.containers[name="app"].image'],
    [[f('spec'), f('ports'), keyElement([{ name: 'containerPort', value: 80 }, { name: 'protocol', value: 'TCP' }])], '.spec.ports[containerPort=80,protocol="TCP"]'],
    [[f('metadata'), f('finalizers'), valueElement('a')], '.metadata.finalizers[="a"]'],
    [[f('spec'), f('args'), indexElement(0)], '.spec.args[0]'],
  ])('%j prints as %s', (path, text) => {
    expect(pathString(path)).toBe(text);
  });
});

describe('FieldsV1 encoding', () => {
  it('a member with no children is {}; a member with children also lists "." (last)', () => {
    const s = FieldSet.of(fieldPath('data'), fieldPath('data', 'a'), fieldPath('metadata', 'labels'), fieldPath('metadata', 'labels', 'app'));
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
    expect(Object.keys(toFieldsV1(s))).toEqual(['f:alpha', 'f:zeta', 'k:{"name":"first"}', 'k:{"name":"second"}', 'v:2', 'v:"a"', 'v:"b"', 'v:true', 'i:2', 'i:10']);
  });

  it('orders field names by code point, as Go compares UTF-8 bytes', () => {
    const s = FieldSet.of([f('\u{1F600}')], [f('\uFF21')], [f('b')], [f('B')]);
    expect(Object.keys(toFieldsV1(s))).toEqual(['f:B', 'f:b', 'f:\uFF21', 'f:\u{1F600}']);
  });

  it('an empty set is {}', () => {
    expect(toFieldsV1(new FieldSet())).toEqual({});
  });

  it.each([
    ['flat', '{"f:a":{},"f:b":{}}'],
    ['nested with self', '{"f:spec":{"f:containers":{"k:{\\"name\\":\\"a\\"}":{"f:image":{},"f:name":{},".":{}}}}}'],
    ['sets and indexes', '{"f:hosts":{"v:\\"x\\"":{},"v:\\"y\\"":{}},"f:list":{"i:0":{"f:a":{}}}}'],
  ])('round-trips %s', (_what, json) => {
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

  it.each([
    ['a malformed key', { 'x': {} }],
    ['a value that is not an object', { 'f:a': 1 }],
    ['not an object at all', ['f:a']],
  ])('rejects %s', (_what, v) => {
    expect(() => fromFieldsV1(v)).toThrow(FieldsV1Error);
  });
});

describe('field set operations', () => {
  const parentAndChild = FieldSet.of(fieldPath('a'), fieldPath('a', 'b'));

  it('difference is path by path: removing a parent keeps its children', () => {
    expect(parentAndChild.difference(FieldSet.of(fieldPath('a'))).paths().map(pathString)).toEqual(['.a.b']);
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
