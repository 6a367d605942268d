/**
 * Bootstrap RBAC reconciliation at start: a shipped role or binding that was changed is given
 * back what it lacks (rules, aggregation selectors, subjects, labels, annotations), keeping what
 * users added, unless its autoupdate annotation is "false"; a binding whose roleRef was changed
 * is recreated with the shipped roleRef. Checked on the functions and across a restart on the
 * same store.
 */
import { describe, expect, it } from 'vitest';
import { AUTOUPDATE_ANNOTATION } from '../../../core/auth/rbac/bootstrap-policy.ts';
import { reconcileClusterRole, reconcileClusterRoleBinding } from '../../../core/auth/rbac/reconcile.ts';
import { createApiServer, type ApiServer } from '../../../core/index.ts';
import type { ClusterRole, ClusterRoleBinding } from '../../../core/registry/types/rbac-v1.ts';
import { MemoryBackend } from '../../../core/storage/memory-backend.ts';
import type { StorageBackend } from '../../../core/storage/backend.ts';
import { as, RBAC, TOKENS } from '../../support/secured.ts';

const GET_PODS = { verbs: ['get'], apiGroups: [''], resources: ['pods'] };
const LIST_PODS = { verbs: ['list'], apiGroups: [''], resources: ['pods'] };
const GET_CM = { verbs: ['get'], apiGroups: [''], resources: ['configmaps'] };
const SELECT = (label: string) => ({ matchLabels: { [label]: 'true' } });

function role(rules: object[], extra: Partial<ClusterRole> = {}, annotations: Record<string, string> = {}): ClusterRole {
  return {
    metadata: { name: 'r', labels: { shipped: 'yes' }, annotations: { [AUTOUPDATE_ANNOTATION]: 'true', ...annotations } },
    rules,
    ...extra,
  };
}

describe('reconciling a bootstrap ClusterRole', () => {
  it.each([
    ['unchanged', role([GET_PODS]), role([GET_PODS]), undefined],
    ['a rule taken away comes back', role([GET_PODS, LIST_PODS]), role([GET_PODS]), [GET_PODS, LIST_PODS]],
    ['a rule a user added is kept', role([GET_PODS]), role([GET_PODS, GET_CM]), undefined],
    ['both at once', role([GET_PODS, LIST_PODS]), role([GET_CM]), [GET_CM, GET_PODS, LIST_PODS]],
    ['autoupdate "false" keeps it as it is', role([GET_PODS]), role([], {}, { [AUTOUPDATE_ANNOTATION]: 'false' }), undefined],
  ])('%s', (_what, shipped, existing, rules) => {
    const got = reconcileClusterRole(existing, shipped);
    if (rules === undefined) expect(got).toBeUndefined();
    else expect(got?.object.rules).toEqual(rules);
  });

  it('adds missing labels and annotations under the stored ones', () => {
    const existing: ClusterRole = { metadata: { name: 'r', labels: { shipped: 'changed', mine: '1' } }, rules: [GET_PODS] };
    const got = reconcileClusterRole(existing, role([GET_PODS]));
    expect(got?.object.metadata).toEqual({
      name: 'r',
      labels: { shipped: 'changed', mine: '1' },
      annotations: { [AUTOUPDATE_ANNOTATION]: 'true' },
    });
  });

  it.each([
    ['a missing selector is added', [SELECT('a')], [SELECT('b')], [SELECT('b'), SELECT('a')]],
    ['present selectors stay', [SELECT('a')], [SELECT('a'), SELECT('b')], undefined],
    ['an aggregation the shipped role lacks is removed', undefined, [SELECT('a')], null],
  ])('aggregation: %s', (_what, shipped, existing, selectors) => {
    const got = reconcileClusterRole(
      role([], existing ? { aggregationRule: { clusterRoleSelectors: existing } } : {}),
      role([], shipped ? { aggregationRule: { clusterRoleSelectors: shipped } } : {}),
    );
    if (selectors === undefined) expect(got).toBeUndefined();
    else if (selectors === null) expect(got?.object.aggregationRule).toBeUndefined();
    else expect(got?.object.aggregationRule?.clusterRoleSelectors).toEqual(selectors);
  });
});

function binding(
  role: string,
  subjects: string[],
  annotations: Record<string, string> = { [AUTOUPDATE_ANNOTATION]: 'true' },
): ClusterRoleBinding {
  return {
    metadata: { name: 'b', annotations },
    roleRef: { apiGroup: 'rbac.authorization.orch.io', kind: 'ClusterRole', name: role },
    subjects: subjects.map((name) => ({ kind: 'Group', apiGroup: 'rbac.authorization.orch.io', name })),
  };
}

describe('reconciling a bootstrap ClusterRoleBinding', () => {
  it.each([
    ['unchanged', binding('r', ['g']), binding('r', ['g']), undefined, false],
    ['a removed subject comes back', binding('r', ['g', 'h']), binding('r', ['g']), ['g', 'h'], false],
    ['an added subject is kept', binding('r', ['g']), binding('r', ['g', 'mine']), undefined, false],
    ['a changed roleRef is recreated, subjects kept', binding('r', ['g']), binding('other', ['mine']), ['mine', 'g'], true],
    ['autoupdate "false" keeps it as it is', binding('r', ['g']), binding('r', [], { [AUTOUPDATE_ANNOTATION]: 'false' }), undefined, false],
  ])('%s', (_what, shipped, existing, subjects, recreate) => {
    const got = reconcileClusterRoleBinding(existing, shipped);
    if (subjects === undefined) return expect(got).toBeUndefined();
    expect(got?.object.subjects?.map((s) => s.name)).toEqual(subjects);
    expect(got?.object.roleRef).toEqual(shipped.roleRef);
    expect(got?.recreate).toBe(recreate);
  });
});

/** The backend outlives each server (a durable store across a restart). */
function kept(backend: StorageBackend): StorageBackend {
  return new Proxy(backend, {
    get(target, prop) {
      if (prop === 'close') return async () => undefined;
      const v = Reflect.get(target, prop, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}

async function start(storage: StorageBackend): Promise<ApiServer> {
  const api = createApiServer({ storage, security: { authentication: { tokens: TOKENS }, authorization: { modes: 'RBAC' } } });
  await api.ready;
  return api;
}

describe('bootstrap policy across a restart', () => {
  it('is repaired at start, keeping user additions and protected objects', async () => {
    const backend = new MemoryBackend();
    const first = await start(kept(backend));
    const put = async (path: string, change: (o: Record<string, any>) => void) => {
      const got = await as(first, 'root', 'GET', path);
      change(got.body);
      expect((await as(first, 'root', 'PUT', path, got.body)).status).toBe(200);
    };
    // system:basic-user loses a rule and gains one; system:discovery is protected and emptied.
    await put(`${RBAC}/clusterroles/system:basic-user`, (o) => {
      o.rules = [o.rules[0], GET_CM];
    });
    await put(`${RBAC}/clusterroles/system:discovery`, (o) => {
      o.metadata.annotations[AUTOUPDATE_ANNOTATION] = 'false';
      o.rules = [];
    });
    // The binding loses system:unauthenticated and gains a user.
    await put(`${RBAC}/clusterrolebindings/system:public-info-viewer`, (o) => {
      o.subjects = [o.subjects[0], { kind: 'User', apiGroup: 'rbac.authorization.orch.io', name: 'alice' }];
    });
    await first.close();

    const second = await start(kept(backend));
    const basic = (await as(second, 'root', 'GET', `${RBAC}/clusterroles/system:basic-user`)).body;
    expect(basic.rules).toContainEqual(GET_CM);
    expect(basic.rules.flatMap((r: { resources: string[] }) => r.resources)).toEqual(
      expect.arrayContaining(['selfsubjectaccessreviews', 'selfsubjectrulesreviews', 'selfsubjectreviews']),
    );
    expect((await as(second, 'root', 'GET', `${RBAC}/clusterroles/system:discovery`)).body.rules).toEqual([]);
    const viewer = (await as(second, 'root', 'GET', `${RBAC}/clusterrolebindings/system:public-info-viewer`)).body;
    expect(viewer.subjects.map((s: { name: string }) => s.name)).toEqual(['system:authenticated', 'alice', 'system:unauthenticated']);
    // The repaired binding takes effect: anonymous may read /version again.
    expect((await as(second, 'anonymous', 'GET', '/version')).status).toBe(200);
    await second.close();
  });
});
