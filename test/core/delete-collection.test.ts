/**
 * DELETE of a collection answers what it deleted, as the real store does: the kind's List with
 * each deleted object as it was listed (before its deletion: no deletionTimestamp even on one a
 * finalizer keeps), in whatever format the client asked for, a Table included. A `limit`
 * deletes one page and answers that page with its `continue`.
 */
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { decodeEnvelope, decodeMessage } from '../../core/codecs/protobuf/index.ts';
import { listSchemaOf } from '../../core/codecs/protobuf/message-types.ts';
import { ConfigMap } from '../../core/registry/types/core-v1-misc.ts';
import { configMap } from '../support/builders.ts';
import { call, CM, serverPerTest, TRANSPORTS } from '../support/targets.ts';

const names = (items: { metadata: { name: string } }[]) => items.map((i) => i.metadata.name);

describe.each(TRANSPORTS)('deletecollection answers ($name)', ({ start }) => {
  const t = serverPerTest(start);

  async function seed(): Promise<void> {
    for (const n of ['a', 'b', 'c']) expect((await call(t, 'POST', CM, configMap(n, { k: n }, { labels: { app: 'x' } }))).status).toBe(201);
  }

  it('the List of the deleted objects, as they were listed', async () => {
    await seed();
    await call(t, 'POST', CM, configMap('other', {}, { labels: { app: 'y' } }));
    const listed = await call(t, 'GET', `${CM}?labelSelector=app%3Dx`);
    const r = await call(t, 'DELETE', `${CM}?labelSelector=app%3Dx`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      kind: 'ConfigMapList',
      apiVersion: 'v1',
      metadata: { resourceVersion: expect.any(String) },
      items: listed.body.items,
    });
    expect(names((await call(t, 'GET', CM)).body.items)).toEqual(['other']);
  });

  it('an object a finalizer keeps is in the answer as it was before the delete marked it', async () => {
    await call(t, 'POST', CM, configMap('kept', {}, { finalizers: ['example.com/hold'] }));
    const r = await call(t, 'DELETE', CM);
    expect(names(r.body.items)).toEqual(['kept']);
    expect(r.body.items[0].metadata.deletionTimestamp).toBeUndefined();
    const after = await call(t, 'GET', `${CM}/kept`);
    expect(after.body.metadata.deletionTimestamp).toEqual(expect.any(String));
    expect(Number(after.body.metadata.resourceVersion)).toBeGreaterThan(Number(r.body.items[0].metadata.resourceVersion));
  });

  it('nothing to delete: an empty List', async () => {
    const r = await call(t, 'DELETE', CM);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ kind: 'ConfigMapList', apiVersion: 'v1', items: [] });
  });

  it('a dry run answers the List and deletes nothing', async () => {
    await seed();
    const r = await call(t, 'DELETE', `${CM}?dryRun=All`);
    expect(names(r.body.items)).toEqual(['a', 'b', 'c']);
    expect(names((await call(t, 'GET', CM)).body.items)).toEqual(['a', 'b', 'c']);
  });

  it('a limit deletes one page and answers it with its continue', async () => {
    await seed();
    const r = await call(t, 'DELETE', `${CM}?limit=2`);
    expect(names(r.body.items)).toEqual(['a', 'b']);
    expect(r.body.metadata).toMatchObject({ continue: expect.any(String), remainingItemCount: 1 });
    expect(names((await call(t, 'GET', CM)).body.items)).toEqual(['c']);
  });

  it('a Table of the deleted objects when a Table is asked for', async () => {
    await seed();
    const r = await call(t, 'DELETE', CM, undefined, { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' });
    expect(r.status).toBe(200);
    expect(r.body.kind).toBe('Table');
    expect(r.body.rows.map((row: { cells: unknown[] }) => row.cells[0])).toEqual(['a', 'b', 'c']);
  });

  it('metadata only when a PartialObjectMetadataList is asked for', async () => {
    await seed();
    const r = await call(t, 'DELETE', CM, undefined, { accept: 'application/json;as=PartialObjectMetadataList;v=v1;g=meta.k8s.io' });
    expect(r.body.kind).toBe('PartialObjectMetadataList');
    expect(names(r.body.items)).toEqual(['a', 'b', 'c']);
    expect(r.body.items[0].data).toBeUndefined();
  });

  it('in YAML and in protobuf alike', async () => {
    await seed();
    const y = await t.request(CM, { method: 'DELETE', headers: { accept: 'application/yaml' } });
    expect(load(await y.text())).toMatchObject({
      kind: 'ConfigMapList',
      items: [{ data: { k: 'a' } }, { data: { k: 'b' } }, { data: { k: 'c' } }],
    });
    await seed();
    const pb = await t.request(CM, { method: 'DELETE', headers: { accept: 'application/vnd.kubernetes.protobuf' } });
    const env = decodeEnvelope(new Uint8Array(await pb.arrayBuffer()));
    expect(env).toMatchObject({ apiVersion: 'v1', kind: 'ConfigMapList' });
    expect(names(decodeMessage(env.raw, listSchemaOf(ConfigMap)).items as { metadata: { name: string } }[])).toEqual(['a', 'b', 'c']);
  });
});
