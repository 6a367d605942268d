/**
 * PUT of a missing object: the kinds whose real strategy allows create-on-update (Services, core
 * and events.orch.io Events, Leases and the four RBAC kinds) create it (201); every other kind
 * answers the real 404. A create through PUT is still a create for RBAC: it needs `create` as well
 * as `update`, and the escalation checks of a create.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiServer } from '../../core/index.ts';
import { apiVersionOf, type KindDefinition } from '../../core/registry/definition.ts';
import { BUILTIN_KINDS } from '../../core/registry/kinds/index.ts';
import { as, bindRole, RBAC, securedServer } from '../support/secured.ts';
import { call, serverPerSuite } from '../support/targets.ts';

/** The real platform's `AllowCreateOnUpdate() == true`, by resource.group. */
const CREATES_ON_PUT = new Set([
  'services',
  'events',
  'events.events.orch.io',
  'leases.coordination.orch.io',
  'roles.rbac.authorization.orch.io',
  'clusterroles.rbac.authorization.orch.io',
  'rolebindings.rbac.authorization.orch.io',
  'clusterrolebindings.rbac.authorization.orch.io',
]);

/** Valid bodies for the kinds that create (a 404 needs no more than a name). */
const VALID: Record<string, Record<string, unknown>> = {
  services: { spec: { ports: [{ port: 80 }] } },
  events: { involvedObject: { kind: 'Pod', name: 'p', namespace: 'default' }, reason: 'R', message: 'm' },
  'events.events.orch.io': {
    eventTime: '2026-01-01T00:00:00.000000Z',
    reportingController: 'x/y',
    reportingInstance: 'i',
    action: 'A',
    reason: 'R',
    type: 'Normal',
    regarding: { kind: 'Pod', name: 'p', namespace: 'default' },
  },
  'leases.coordination.orch.io': { spec: {} },
  'roles.rbac.authorization.orch.io': { rules: [] },
  'clusterroles.rbac.authorization.orch.io': { rules: [] },
  'rolebindings.rbac.authorization.orch.io': { roleRef: { apiGroup: 'rbac.authorization.orch.io', kind: 'ClusterRole', name: 'view' } },
  'clusterrolebindings.rbac.authorization.orch.io': {
    roleRef: { apiGroup: 'rbac.authorization.orch.io', kind: 'ClusterRole', name: 'view' },
  },
};

const gr = (def: KindDefinition) => (def.group ? `${def.resource}.${def.group}` : def.resource);
const updatable = BUILTIN_KINDS.filter((d) => !d.featureGate && (d.verbs ?? ['update']).includes('update'));

function pathOf(def: KindDefinition, name: string): string {
  const root = def.group ? `/apis/${def.group}/${def.version}` : `/api/${def.version}`;
  return `${root}${def.namespaced ? '/namespaces/default' : ''}/${def.resource}/${name}`;
}

describe('PUT of a missing object', () => {
  const t = serverPerSuite();

  it('covers every kind the table names', () => {
    expect([...CREATES_ON_PUT].filter((k) => !updatable.some((d) => gr(d) === k))).toEqual([]);
  });

  it.each(updatable.map((def, i) => [gr(def), CREATES_ON_PUT.has(gr(def)) ? 201 : 404, def, i] as const))(
    '%s: %i',
    async (resource, status, def, i) => {
      // CRD names must be <plural>.<group>; the rest get a name of their own (both Event kinds share one store).
      const name = def.kind === 'CustomResourceDefinition' ? 'gizmos.example.com' : `put-made-${i}`;
      const body = { apiVersion: apiVersionOf(def), kind: def.kind, metadata: { name }, ...VALID[resource] };
      const r = await call(t, 'PUT', pathOf(def, name), body);
      expect(r.status, r.text).toBe(status);
      if (status === 201) {
        expect(r.body.metadata).toMatchObject({ name, uid: expect.any(String) });
        expect((await call(t, 'GET', pathOf(def, name))).status).toBe(200);
      } else {
        expect(r.body).toEqual({
          kind: 'Status',
          apiVersion: 'v1',
          metadata: {},
          status: 'Failure',
          message: `${gr(def)} "${name}" not found`,
          reason: 'NotFound',
          details: { name, ...(def.group ? { group: def.group } : {}), kind: def.resource },
          code: 404,
        });
      }
    },
  );

  it('a Service created by PUT is allocated as one created by POST', async () => {
    const path = pathOf(updatable.find((d) => d.resource === 'services')!, 'put-alloc');
    const r = await call(t, 'PUT', path, {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'put-alloc' },
      spec: { type: 'NodePort', ports: [{ port: 80 }] },
    });
    expect(r.status).toBe(201);
    expect(r.body.spec.clusterIP).toMatch(/^10\.(9[6-9]|10[0-9]|11[01])\.\d+\.\d+$/);
    expect(r.body.spec.clusterIPs).toEqual([r.body.spec.clusterIP]);
    expect(r.body.spec.ports[0].nodePort).toBeGreaterThanOrEqual(30000);
  });

  it('a PUT of an existing Service still answers 200', async () => {
    const path = pathOf(updatable.find((d) => d.resource === 'services')!, 'put-twice');
    const body = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'put-twice' }, spec: { ports: [{ port: 80 }] } };
    expect((await call(t, 'PUT', path, body)).status).toBe(201);
    const again = await call(t, 'PUT', path, body);
    expect(again.status).toBe(200);
  });
});

describe('PUT that creates a Role, under RBAC', () => {
  let api: ApiServer | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  const ROLES = `${RBAC}/namespaces/default/roles`;
  const role = (rules: unknown[]) => ({ apiVersion: 'rbac.authorization.orch.io/v1', kind: 'Role', metadata: { name: 'made' }, rules });
  const readPods = [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }];

  async function bobMay(verbs: string[], extra: unknown[] = []): Promise<ApiServer> {
    const s = await securedServer();
    const writer = {
      metadata: { name: 'writer' },
      rules: [{ verbs, apiGroups: ['rbac.authorization.orch.io'], resources: ['roles'] }, ...extra],
    };
    expect((await as(s, 'root', 'POST', `${RBAC}/clusterroles`, writer)).status).toBe(201);
    expect((await as(s, 'root', 'POST', `${RBAC}/clusterrolebindings`, bindRole('bob', 'writer'))).status).toBe(201);
    return s;
  }

  it.each([
    ['update without create', ['update'], [], 403, 'cannot create resource "roles"'],
    ['update and create, granting what bob holds', ['update', 'create'], readPods, 201, ''],
    [
      'update and create, granting what bob lacks',
      ['update', 'create'],
      [],
      403,
      'is attempting to grant RBAC permissions not currently held',
    ],
  ] as const)('%s', async (_what, verbs, held, status, message) => {
    api = await bobMay([...verbs], [...held]);
    const r = await as(api, 'bob', 'PUT', `${ROLES}/made`, role(readPods));
    expect(r.status, r.text).toBe(status);
    if (message) expect((r.body as { message: string }).message).toContain(message);
    expect((await as(api, 'root', 'GET', `${ROLES}/made`)).status).toBe(status === 201 ? 200 : 404);
  });
});
