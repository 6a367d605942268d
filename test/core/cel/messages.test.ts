/**
 * What a failing rule reports: `message`, else the evaluated `messageExpression`, else
 * `failed rule: <rule>`; at the node's path, or at `fieldPath` below it; as Invalid (with the
 * schema type as the value) unless `reason` says Forbidden, Required or Duplicate. Runtime errors
 * name the rule.
 */
import { describe, expect, it } from 'vitest';
import type { ValidationRule } from '../../../core/cel/index.ts';
import { check, specSchema } from './support.ts';

const props = {
  min: { type: 'integer' },
  max: { type: 'integer' },
  labels: { type: 'object', maxProperties: 5, additionalProperties: { type: 'string', maxLength: 10 } },
  opt: { type: 'string', maxLength: 10 },
};
const spec = { min: 5, max: 3, labels: { 'a.b': 'x' } };

describe('a failing rule is reported as the real platform reports it', () => {
  it.each<[string, ValidationRule, string]>([
    ['default message', { rule: 'self.min <= self.max' }, 'spec: Invalid value: "object": failed rule: self.min <= self.max'],
    [
      'message',
      { rule: 'self.min <= self.max', message: ' min must not exceed max ' },
      'spec: Invalid value: "object": min must not exceed max',
    ],
    [
      'messageExpression',
      { rule: 'self.min <= self.max', messageExpression: '"min (" + string(self.min) + ") exceeds max (" + string(self.max) + ")"' },
      'spec: Invalid value: "object": min (5) exceeds max (3)',
    ],
    [
      'messageExpression that fails falls back to message',
      { rule: 'self.min <= self.max', message: 'fallback', messageExpression: 'self.opt' },
      'spec: Invalid value: "object": fallback',
    ],
    [
      'messageExpression that is blank falls back',
      { rule: 'false', messageExpression: '" "' },
      'spec: Invalid value: "object": failed rule: false',
    ],
    ['fieldPath', { rule: 'self.min <= self.max', fieldPath: '.min', message: 'too big' }, 'spec.min: Invalid value: "object": too big'],
    [
      'fieldPath into a map',
      { rule: 'false', fieldPath: ".labels['a.b']", message: 'no' },
      'spec.labels[a.b]: Invalid value: "object": no',
    ],
    ['reason Forbidden', { rule: 'false', reason: 'FieldValueForbidden', message: 'no' }, 'spec: Forbidden: no'],
    ['reason Required', { rule: 'false', reason: 'FieldValueRequired', message: 'need it' }, 'spec: Required value: need it'],
    ['reason Duplicate', { rule: 'false', reason: 'FieldValueDuplicate', message: 'dup' }, 'spec: Duplicate value: "object"'],
    ['reason Invalid', { rule: 'false', reason: 'FieldValueInvalid' }, 'spec: Invalid value: "object": failed rule: false'],
    [
      'a runtime error names the rule',
      { rule: 'self.opt == "x"' },
      'spec: Invalid value: "object": no such key: opt evaluating rule: self.opt == "x"',
    ],
    [
      'a runtime error names the message instead',
      { rule: 'self.opt == "x"', message: 'opt must be x' },
      'spec: Invalid value: "object": no such key: opt evaluating rule: opt must be x',
    ],
  ])('%s', (_, rule, expected) => {
    expect(check(specSchema(props, [rule]), { spec })).toEqual([expected]);
  });
});

it('rules at the resource root are reported at <nil>, as the real platform does', () => {
  const schema = {
    type: 'object',
    properties: { spec: { type: 'object', properties: props } },
    'x-kubernetes-validations': [{ rule: 'self.spec.min < 0' }],
  };
  expect(check(schema, { spec })).toEqual(['<nil>: Invalid value: "object": failed rule: self.spec.min < 0']);
});

it('null values are not validated', () => {
  expect(
    check(specSchema({ x: { type: 'string', nullable: true, 'x-kubernetes-validations': [{ rule: 'self == "y"' }] } }), {
      spec: { x: null },
    }),
  ).toEqual([]);
});

it('rules inside allOf apply to the same value', () => {
  const schema = specSchema({
    n: { type: 'integer', allOf: [{ 'x-kubernetes-validations': [{ rule: 'self > 1', message: 'more than one' }] }] },
  });
  expect(check(schema, { spec: { n: 2 } })).toEqual([]);
  expect(check(schema, { spec: { n: 1 } })).toEqual(['spec.n: Invalid value: "integer": more than one']);
});
