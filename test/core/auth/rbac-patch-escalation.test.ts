/**
 * Escalation prevention judges the role or binding a write produces, whatever the patch type: a
 * patch that makes a role grant more than its writer holds, or makes a binding name someone for a
 * role the writer does not hold, is refused (403) however the change is spelled; a patch whose
 * result stays within the writer's rights passes, as does a change of nothing but the fields the
 * garbage collector writes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiServer } from '../../../core/index.ts';
import { as, bindRole, RBAC, securedServer } from '../../support/secured.ts';

const ROLES = `${RBAC}/namespaces/team/roles`;
const BINDINGS = `${RBAC}/namespaces/team/rolebindings`;
const EVERYTHING = { verbs: ['*'], apiGroups: ['*'], resources: ['*'] };
const READ_CM = { verbs: ['get'], apiGroups: [''], resources: ['configmaps'] };
const MERGE = { 'content-type': 'application/merge-patch+json' };
const JSON_PATCH = { 'content-type': 'application/json-patch+json' };
const STRATEGIC = { 'content-type': 'application/strategic-merge-patch+json' };
const APPLY = { 'content-type': 'application/apply-patch+yaml' };

function role(name: string, rules: unknown[]) {
  return { apiVersion: 'rbac.authorization.orch.io/v1', kind: 'Role', metadata: { name, namespace: 'team' }, rules };
}

describe('escalation checks on the patched result', () => {
  let api: ApiServer;
  let n = 0;
  /** A fresh role `bob` may write, holding only what bob holds. */
  async function ownRole(): Promise<string> {
    const name = `r${++n}`;
    expect((await as(api, 'bob', 'POST', ROLES, role(name, [READ_CM]))).status).toBe(201);
    return name;
  }

  beforeAll(async () => {
    api = await securedServer();
    expect((await as(api, 'root', 'POST', '/api/v1/namespaces', { metadata: { name: 'team' } })).status).toBe(201);
    expect((await as(api, 'root', 'POST', BINDINGS, bindRole('bob', 'admin', 'team'))).status).toBe(201);
    expect((await as(api, 'root', 'POST', BINDINGS, bindRole('carol', 'cluster-admin', 'team'))).status).toBe(201);
    expect((await as(api, 'bob', 'POST', BINDINGS, bindRole('dave', 'view', 'team'))).status).toBe(201);
  });
  afterAll(() => api.close());

  it.each([
    ['a merge patch', MERGE, { rules: [EVERYTHING] }],
    ['a JSON patch', JSON_PATCH, [{ op: 'add', path: '/rules/-', value: EVERYTHING }]],
    ['a strategic merge patch', STRATEGIC, { rules: [READ_CM, EVERYTHING] }],
  ])('%s that widens a role beyond its writer is refused', async (_what, headers, patch) => {
    const name = await ownRole();
    const res = await as(api, 'bob', 'PATCH', `${ROLES}/${name}`, patch, headers);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      `roles.rbac.authorization.orch.io "${name}" is forbidden: user "bob" (groups=["system:authenticated"]) is attempting to grant RBAC permissions not currently held:\n{APIGroups:["*"], Resources:["*"], Verbs:["*"]}`,
    );
    const stored = await as(api, 'root', 'GET', `${ROLES}/${name}`);
    expect(stored.body.rules).toEqual([{ ...READ_CM, apiGroups: [''] }]);
  });

  it('server-side apply that widens a role, or creates a wide one, is refused', async () => {
    const name = await ownRole();
    for (const target of [name, 'applied-wide']) {
      const res = await as(api, 'bob', 'PATCH', `${ROLES}/${target}?fieldManager=bob&force=true`, role(target, [EVERYTHING]), APPLY);
      expect(res.status).toBe(403);
      expect(res.body.message).toContain('is attempting to grant RBAC permissions not currently held');
    }
    expect((await as(api, 'root', 'GET', `${ROLES}/applied-wide`)).status).toBe(404);
  });

  it.each([
    ['a merge patch', MERGE, { metadata: { labels: { tier: 'a' } }, rules: [READ_CM, { ...READ_CM, verbs: ['list'] }] }],
    ['a JSON patch', JSON_PATCH, [{ op: 'add', path: '/rules/-', value: { ...READ_CM, verbs: ['watch'] } }]],
    ['a strategic merge patch', STRATEGIC, { metadata: { annotations: { note: 'x' } } }],
  ])('%s whose result stays within its writer passes', async (_what, headers, patch) => {
    const name = await ownRole();
    expect((await as(api, 'bob', 'PATCH', `${ROLES}/${name}`, patch, headers)).status).toBe(200);
  });

  it('judges a patched binding by the role it names, not by the patch', async () => {
    // Only subjects change, but the binding names cluster-admin, which bob does not hold.
    const toAdmin = await as(api, 'bob', 'PATCH', `${BINDINGS}/carol-cluster-admin`, { subjects: [{ kind: 'User', name: 'bob' }] }, MERGE);
    expect(toAdmin.status).toBe(403);
    expect(toAdmin.body.message).toContain(
      'rolebindings.rbac.authorization.orch.io "carol-cluster-admin" is forbidden: user "bob" (groups=["system:authenticated"]) is attempting to grant RBAC permissions not currently held:',
    );
    // The same patch of a binding of a role bob holds.
    const toView = await as(api, 'bob', 'PATCH', `${BINDINGS}/dave-view`, { subjects: [{ kind: 'User', name: 'erin' }] }, MERGE);
    expect(toView.status).toBe(200);
    const applied = {
      ...bindRole('frank', 'cluster-admin', 'team'),
      metadata: { name: 'frank-admin', namespace: 'team' },
    };
    expect((await as(api, 'bob', 'PATCH', `${BINDINGS}/frank-admin?fieldManager=bob`, applied, APPLY)).status).toBe(403);
  });

  it('lets a change of only the garbage collector’s fields through', async () => {
    const owner = [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: 'u-1' }];
    const res = await as(api, 'bob', 'PATCH', `${BINDINGS}/carol-cluster-admin`, { metadata: { ownerReferences: owner } }, MERGE);
    expect(res.status).toBe(200);
  });
});
