/**
 * A managedFields entry's identity key is its JSON without fields and time (and without the
 * apiVersion of an applier), as the real platform keys entries: the same identity always gives the
 * same key, and two identities never share one, however their names are split.
 */
import { describe, expect, it } from 'vitest';
import { identityKey } from '../../../core/apply/index.ts';

describe('identityKey', () => {
  it.each([
    {
      id: { manager: 'kubectl', operation: 'Update', apiVersion: 'v1', subresource: '' },
      key: '{"manager":"kubectl","operation":"Update","apiVersion":"v1"}',
    },
    {
      id: { manager: 'kubectl', operation: 'Apply', apiVersion: 'v1', subresource: '' },
      key: '{"manager":"kubectl","operation":"Apply"}',
    },
    {
      id: { manager: 'ctl', operation: 'Update', apiVersion: 'apps/v1', subresource: 'status' },
      key: '{"manager":"ctl","operation":"Update","apiVersion":"apps/v1","subresource":"status"}',
    },
    {
      id: { manager: 'say "hi"\u0000', operation: 'Update', apiVersion: 'v1', subresource: '' },
      key: '{"manager":"say \\"hi\\"\\u0000","operation":"Update","apiVersion":"v1"}',
    },
  ] as const)('$id.manager $id.operation → $key', ({ id, key }) => {
    expect(identityKey(id)).toBe(key);
    expect(identityKey({ ...id })).toBe(key); // asked again: the same answer
  });

  it('never gives two identities one key, whatever characters their names hold', () => {
    const ids = [
      { manager: 'a', operation: 'Update', apiVersion: 'v1b', subresource: '' },
      { manager: 'a', operation: 'Update', apiVersion: 'v1', subresource: 'b' },
      { manager: 'a:1', operation: 'Update', apiVersion: 'v1', subresource: '' },
      { manager: 'a', operation: 'Update', apiVersion: ':1v1', subresource: '' },
      { manager: '1:a6:Update', operation: 'Update', apiVersion: 'v1', subresource: '' },
    ] as const;
    const keys = ids.map((id) => identityKey(id));
    expect(new Set(keys).size).toBe(ids.length);
  });

  it('stays right after more identities than it remembers', () => {
    for (let i = 0; i < 3000; i++) identityKey({ manager: `m-${i}`, operation: 'Update', apiVersion: 'v1', subresource: '' });
    expect(identityKey({ manager: 'm-7', operation: 'Update', apiVersion: 'v1', subresource: '' })).toBe(
      '{"manager":"m-7","operation":"Update","apiVersion":"v1"}',
    );
  });
});
