/**
 * Only a DELETE starts deletion (docs/api-rules.md, deletion): an update that sets
 * metadata.deletionTimestamp on a live object is refused (422, field is immutable) and changes
 * nothing; on a terminating object an update cannot move or drop it: the stored one is kept, as
 * the real registry's BeforeUpdate carries it over.
 */
import { describe, expect, it } from 'vitest';
import { configMap } from '../support/builders.ts';
import { call, CM, serverPerTest } from '../support/targets.ts';

const t = serverPerTest();

describe('metadata.deletionTimestamp is never written by an update', () => {
  it('a PUT setting it on a live object is 422 and changes nothing', async () => {
    expect((await call(t, 'POST', CM, configMap('x', { a: '1' }))).status).toBe(201);
    const before = (await call(t, 'GET', `${CM}/x`)).body;

    const r = await call(t, 'PUT', `${CM}/x`, { ...before, metadata: { ...before.metadata, deletionTimestamp: '2026-01-01T00:00:00Z' } });
    expect(r.status).toBe(422);
    expect(r.body.details.causes).toContainEqual(
      expect.objectContaining({ field: 'metadata.deletionTimestamp', message: expect.stringContaining('field is immutable') }),
    );
    expect((await call(t, 'GET', `${CM}/x`)).body).toEqual(before);
  });

  it.each([
    { name: 'moving it', deletionTimestamp: '2020-01-01T00:00:00Z' },
    { name: 'dropping it', deletionTimestamp: undefined },
  ])('$name on a terminating object keeps the stored one', async ({ deletionTimestamp }) => {
    await call(t, 'POST', CM, { ...configMap('x', { a: '1' }), metadata: { name: 'x', finalizers: ['example.com/hold'] } });
    expect((await call(t, 'DELETE', `${CM}/x`)).status).toBe(200);
    const before = (await call(t, 'GET', `${CM}/x`)).body;
    expect(before.metadata.deletionTimestamp).toBeDefined();

    const r = await call(t, 'PUT', `${CM}/x`, { ...before, metadata: { ...before.metadata, deletionTimestamp }, data: { a: '2' } });
    expect(r.status).toBe(200);
    expect(r.body.metadata.deletionTimestamp).toBe(before.metadata.deletionTimestamp);
    expect(r.body.data).toEqual({ a: '2' });
  });
});
