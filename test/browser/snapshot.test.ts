/**
 * Snapshots of the playground: what it exports it can import; a file that is not a snapshot
 * is refused with a message naming what is wrong (and changes nothing).
 */
import { expect } from 'chai';
import { parseSnapshot } from '../../worker/shared-worker/snapshot.ts';
import { describe, it } from './support/mocha.ts';

const item = (over: Record<string, unknown> = {}) => ({
  key: '/registry/configmaps/default/a',
  value: '{"kind":"ConfigMap"}',
  createRevision: 3,
  modRevision: 4,
  ...over,
});
const snap = (over: Record<string, unknown> = {}) => ({ kind: 'OrchSnapshot', version: 1, revision: 5, items: [item()], ...over });

describe('snapshot files', () => {
  it('a snapshot reads back as itself, from JSON text or parsed', () => {
    expect(parseSnapshot(snap())).to.deep.equal(snap());
    expect(parseSnapshot(JSON.stringify(snap()))).to.deep.equal(snap());
  });

  // Each row: what is wrong, the input, words the message must contain.
  const rows: { name: string; input: unknown; words: string }[] = [
    { name: 'not JSON', input: '{"kind": ', words: 'not JSON' },
    { name: 'not an object', input: [1, 2], words: 'expected an object' },
    { name: 'another kind', input: snap({ kind: 'Secret' }), words: 'kind must be "OrchSnapshot"' },
    { name: 'a future version', input: snap({ version: 2 }), words: 'unsupported version 2' },
    { name: 'a negative revision', input: snap({ revision: -1 }), words: 'revision must be a non-negative integer' },
    { name: 'no items', input: snap({ items: 'none' }), words: 'items must be an array' },
    {
      name: 'a key outside the registry',
      input: snap({ items: [item({ key: '/etc/passwd' })] }),
      words: 'items[0].key must be a string starting with /registry/',
    },
    { name: 'a key twice', input: snap({ items: [item(), item()] }), words: 'items[1].key /registry/configmaps/default/a appears twice' },
    {
      name: 'a value that is not an object',
      input: snap({ items: [item({ value: '[1]' })] }),
      words: 'items[0].value is not a JSON object',
    },
    {
      name: 'a revision of zero',
      input: snap({ items: [item({ createRevision: 0 })] }),
      words: 'items[0] revisions must be positive integers',
    },
    {
      name: 'created after modified',
      input: snap({ items: [item({ createRevision: 5, modRevision: 4 })] }),
      words: 'createRevision is after its modRevision',
    },
    {
      name: 'modified after the snapshot',
      input: snap({ items: [item({ modRevision: 9 })] }),
      words: "modRevision is after the snapshot's revision",
    },
  ];
  for (const { name, input, words } of rows) {
    it(`refuses ${name}`, () => {
      expect(() => parseSnapshot(input)).to.throw(TypeError, words);
    });
  }
});
