/** ControllerRevision (apps/v1): data is required and immutable, revision is not negative. */
import { describe, expect, it } from 'vitest';
import { controllerRevisionKind } from '../../../core/registry/kinds/controllerrevision.ts';
import { call, serverPerSuite } from '../../support/targets.ts';
import { causeKeys, causesOf, expectCreated, serverWith, withChange } from '../../support/validation.ts';

const REVS = '/apis/apps/v1/namespaces/default/controllerrevisions';

const valid = {
  apiVersion: 'apps/v1',
  kind: 'ControllerRevision',
  metadata: {
    name: 'web-7d4b9c',
    ownerReferences: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'web', uid: 'u-1', controller: true }],
  },
  data: { spec: { template: { spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } } } },
  revision: 1,
};

describe('ControllerRevision', () => {
  const t = serverPerSuite(() => serverWith([controllerRevisionKind]));

  it.each([
    { rule: 'data is required', path: 'data', value: undefined, causes: ['data FieldValueRequired'] },
    { rule: 'revision is not negative', path: 'revision', value: -1, causes: ['revision FieldValueInvalid'] },
  ])('$rule', async ({ path, value, causes }) => {
    expect(causeKeys(await call(t, 'POST', REVS, withChange(valid, path, value)))).toEqual(causes);
  });

  it('keeps data as sent, and says data is mandatory', async () => {
    const [cause] = causesOf(await call(t, 'POST', REVS, withChange(valid, 'data', undefined)));
    expect(cause.message).toBe('Required value: data is mandatory');
    const body = expectCreated(await call(t, 'POST', REVS, valid));
    expect(body.data).toEqual(valid.data);
    expect(body.revision).toBe(1);
  });

  it('data is immutable; revision may be renumbered', async () => {
    const cur = (await call(t, 'GET', `${REVS}/web-7d4b9c`)).body;
    const data = await call(t, 'PUT', `${REVS}/web-7d4b9c`, { ...cur, data: { spec: {} } });
    expect(causeKeys(data)).toEqual(['data FieldValueInvalid']);
    const renumbered = await call(t, 'PUT', `${REVS}/web-7d4b9c`, { ...cur, revision: 3 });
    expect(renumbered.status, JSON.stringify(renumbered.body)).toBe(200);
    expect(renumbered.body.revision).toBe(3);
  });

  it('the table names the controller and the revision', async () => {
    const r = await call(t, 'GET', REVS, undefined, { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' });
    expect(r.body.columnDefinitions.map((c: any) => c.name)).toEqual(['Name', 'Controller', 'Revision', 'Age']);
    expect(r.body.rows[0].cells.slice(0, 3)).toEqual(['web-7d4b9c', 'statefulset.apps/web', 3]);
  });
});
