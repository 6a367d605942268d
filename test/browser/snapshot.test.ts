/**
 * Issue 8, snapshots: what the playground exports it can import; a file that is not a snapshot
 * is refused with a message naming what is wrong (and changes nothing).
 */
import { expect } from 'chai';
import { parseSnapshot } from '../../worker/snapshot.ts';
import { describe, it } from './support/mocha.ts';

const item = (over: Record<string, unknown> = {}) => ({ key: '/registry/configmaps/default/a', value: '{"kind":"ConfigMap"}', createRevision: 3, modRevision: 4, ...over });
const snap = (over: Record<string, unknown> = {}) => ({ kind: 'OrchSnapshot', version: 1, revision: 5, items: [item()], ...over });

describe('snapshot files', () => {
  it('a snapshot reads back as itself, from JSON text or parsed', () => {
    expect(parseSnapshot(snap())).to.deep.equal(snap());
    expect(parseSnapshot(JSON.stringify(snap()))).to.deep.equal(snap());
  });

  // Each row: what is wrong, the input, words the message must contain.
  const rows: [string, unknown, string][] = [
    ['not JSON', '{"kind": ', 'not JSON'],
    ['not an object', [1, 2], 'expected an object'],
    ['another kind', snap({ kind: 'Secret' }), 'kind must be "OrchSnapshot"'],
    ['a future version', snap({ version: 2 }), 'unsupported version 2'],
    ['a negative revision', snap({ revision: -1 }), 'revision must be a non-negative integer'],
    ['no items', snap({ items: 'none' }), 'items must be an array'],
    ['a key outside the registry', snap({ items: [item({ key: '/etc/passwd' })] }), 'items[0].key must be a string starting with /registry/'],
    ['a key twice', snap({ items: [item(), item()] }), 'items[1].key /registry/configmaps/default/a appears twice'],
    ['a value that is not an object', snap({ items: [item({ value: '[1]' })] }), 'items[0].value is not a JSON object'],
    ['a revision of zero', snap({ items: [item({ createRevision: 0 })] }), 'items[0] revisions must be positive integers'],
    ['created after modified', snap({ items: [item({ createRevision: 5, modRevision: 4 })] }), 'createRevision is after its modRevision'],
    ['modified after the snapshot', snap({ items: [item({ modRevision: 9 })] }), "modRevision is after the snapshot's revision"],
  ];
  for (const [what, input, words] of rows) {
    it(`refuses ${what}`, () => {
      expect(() => parseSnapshot(input)).to.throw(TypeError, words);
    });
  }
});
