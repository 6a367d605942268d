/**
 * metadata.name selects on every kind, metadata.namespace only on namespaced kinds: a
 * cluster-scoped kind has no namespace field, and the real server answers 400 `field label not
 * supported: metadata.namespace` for it, on list and on watch alike.
 */
import { describe, expect, it } from 'vitest';
import { clockedServerPerTest } from '../../support/clocked-server.ts';

const s = clockedServerPerTest();

const cases = [
  { path: '/api/v1/namespaces/default/configmaps', field: 'metadata.namespace=default', status: 200 },
  { path: '/api/v1/configmaps', field: 'metadata.namespace=default', status: 200 },
  { path: '/api/v1/namespaces', field: 'metadata.name=default', status: 200 },
  { path: '/api/v1/namespaces', field: 'metadata.namespace=default', status: 400 },
  { path: '/apis/rbac.authorization.orch.io/v1/clusterroles', field: 'metadata.namespace=', status: 400 },
  { path: '/apis/rbac.authorization.orch.io/v1/clusterroles', field: 'metadata.name=view', status: 200 },
  { path: '/apis/rbac.authorization.orch.io/v1/roles', field: 'metadata.namespace=orch-system', status: 200 },
];

describe('metadata field selectors by scope', () => {
  for (const c of cases) {
    // A watch that is refused ends at once with its Status; one that is served stays open, so only refusals are watched here.
    for (const watch of c.status === 400 ? [false, true] : [false]) {
      it(`${watch ? 'watch' : 'list'} ${c.path}?fieldSelector=${c.field} → ${c.status}`, async () => {
        const q = `fieldSelector=${encodeURIComponent(c.field)}${watch ? '&watch=true&timeoutSeconds=1' : ''}`;
        const r = await s.req('GET', `${c.path}?${q}`);
        expect(r.status).toBe(c.status);
        if (c.status === 400)
          expect(r.body).toMatchObject({ kind: 'Status', reason: 'BadRequest', message: `field label not supported: metadata.namespace` });
      });
    }
  }
});
