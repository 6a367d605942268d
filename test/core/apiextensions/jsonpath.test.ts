/** The JSONPath subset of printer columns: members, indexes, wildcards and equality filters. */
import { describe, expect, it } from 'vitest';
import { evaluateJsonPath, parseSimplePath } from '../../../core/apiextensions/index.ts';

const OBJ = {
  spec: { replicas: 3, 'a.b': 'dotted', items: [{ name: 'x' }, { name: 'y' }] },
  status: {
    conditions: [
      { type: 'Ready', status: 'True' },
      { type: 'Synced', status: 'False' },
    ],
  },
};

describe('printer column paths', () => {
  it.each([
    ['.spec.replicas', [3]],
    ['.spec.missing', []],
    ['.spec.items[0].name', ['x']],
    ['.spec.items[-1].name', ['y']],
    ['.spec.items[*].name', ['x', 'y']],
    [".spec['a.b']", ['dotted']],
    ['.status.conditions[?(@.type=="Ready")].status', ['True']],
    ["{.status.conditions[?(@.type=='Synced')].status}", ['False']],
  ])('%s selects %j', (path, values) => {
    expect(evaluateJsonPath(OBJ, path)).toEqual(values);
  });

  it.each([
    ['.spec.replicas', ['spec', 'replicas']],
    ['spec.replicas', undefined],
    ['.spec.items[0]', undefined],
  ])('%s is a simple path: %j', (path, segments) => {
    expect(parseSimplePath(path)).toEqual(segments);
  });
});
