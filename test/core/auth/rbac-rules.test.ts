/** RBAC rule matching, one row per rule of the real matching functions, and escalation coverage. */
import { describe, expect, it } from 'vitest';
import type { Attributes } from '../../../core/auth/attributes.ts';
import { uncovered } from '../../../core/auth/escalation.ts';
import { aggregatedRules } from '../../../core/auth/rbac/aggregation.ts';
import { ruleAllows } from '../../../core/auth/rbac/rules.ts';
import type { ClusterRole, PolicyRule } from '../../../core/registry/types/rbac-v1.ts';

const user = { name: 'u', groups: [] };
const res = (verb: string, resource: string, extra: Partial<Attributes & { isResourceRequest: true }> = {}): Attributes => ({
  isResourceRequest: true,
  user,
  verb,
  namespace: 'ns',
  apiGroup: '',
  apiVersion: 'v1',
  resource,
  subresource: '',
  name: '',
  ...extra,
});
const path = (verb: string, p: string): Attributes => ({ isResourceRequest: false, user, verb, path: p });

describe('a PolicyRule allows a request when verb, group, resource and name all match', () => {
  it.each<[string, PolicyRule, Attributes, boolean]>([
    ['the verb', { verbs: ['get'], apiGroups: [''], resources: ['pods'] }, res('get', 'pods'), true],
    ['another verb', { verbs: ['get'], apiGroups: [''], resources: ['pods'] }, res('list', 'pods'), false],
    ['every verb', { verbs: ['*'], apiGroups: [''], resources: ['pods'] }, res('delete', 'pods'), true],
    ['another group', { verbs: ['get'], apiGroups: ['apps'], resources: ['pods'] }, res('get', 'pods'), false],
    [
      'every group',
      { verbs: ['get'], apiGroups: ['*'], resources: ['statefulsets'] },
      res('get', 'statefulsets', { apiGroup: 'apps' }),
      true,
    ],
    ['every resource', { verbs: ['get'], apiGroups: [''], resources: ['*'] }, res('get', 'secrets'), true],
    // Requests carry the served `orch.io` group; a rule written for the real platform names it too.
    [
      'the group in its k8s.io spelling',
      { verbs: ['get'], apiGroups: ['coordination.k8s.io'], resources: ['leases'] },
      res('get', 'leases', { apiGroup: 'coordination.orch.io' }),
      true,
    ],
    [
      'the group in its orch.io spelling',
      { verbs: ['get'], apiGroups: ['coordination.orch.io'], resources: ['leases'] },
      res('get', 'leases', { apiGroup: 'coordination.orch.io' }),
      true,
    ],
    [
      'another group in the k8s.io spelling',
      { verbs: ['get'], apiGroups: ['networking.k8s.io'], resources: ['leases'] },
      res('get', 'leases', { apiGroup: 'coordination.orch.io' }),
      false,
    ],
    [
      'a group that only ends like one',
      { verbs: ['get'], apiGroups: ['k8s.io'], resources: ['leases'] },
      res('get', 'leases', { apiGroup: 'orch.io' }),
      false,
    ],
    [
      'a subresource by name',
      { verbs: ['get'], apiGroups: [''], resources: ['pods/log'] },
      res('get', 'pods', { subresource: 'log' }),
      true,
    ],
    [
      'not the subresource for the resource',
      { verbs: ['get'], apiGroups: [''], resources: ['pods'] },
      res('get', 'pods', { subresource: 'log' }),
      false,
    ],
    [
      '*/scale for any scale',
      { verbs: ['update'], apiGroups: ['apps'], resources: ['*/scale'] },
      res('update', 'statefulsets', { apiGroup: 'apps', subresource: 'scale' }),
      true,
    ],
    [
      '*/scale not for status',
      { verbs: ['update'], apiGroups: ['apps'], resources: ['*/scale'] },
      res('update', 'statefulsets', { apiGroup: 'apps', subresource: 'status' }),
      false,
    ],
    [
      'a named object',
      { verbs: ['get'], apiGroups: [''], resources: ['configmaps'], resourceNames: ['a'] },
      res('get', 'configmaps', { name: 'a' }),
      true,
    ],
    [
      'another named object',
      { verbs: ['get'], apiGroups: [''], resources: ['configmaps'], resourceNames: ['a'] },
      res('get', 'configmaps', { name: 'b' }),
      false,
    ],
    [
      'a list under resourceNames',
      { verbs: ['list'], apiGroups: [''], resources: ['configmaps'], resourceNames: ['a'] },
      res('list', 'configmaps'),
      false,
    ],
    ['a path', { verbs: ['get'], nonResourceURLs: ['/healthz'] }, path('get', '/healthz'), true],
    ['a path prefix', { verbs: ['get'], nonResourceURLs: ['/apis/*'] }, path('get', '/apis/apps/v1'), true],
    ['another path', { verbs: ['get'], nonResourceURLs: ['/healthz'] }, path('get', '/metrics'), false],
    ['a path rule for a resource', { verbs: ['get'], nonResourceURLs: ['*'] }, res('get', 'pods'), false],
    ['a resource rule for a path', { verbs: ['*'], apiGroups: ['*'], resources: ['*'] }, path('get', '/metrics'), false],
  ])('%s', (_what, rule, attrs, allowed) => {
    expect(ruleAllows(rule, attrs)).toBe(allowed);
  });
});

describe('escalation: the rules a user may grant are those it holds', () => {
  it.each<[string, PolicyRule[], PolicyRule[], number]>([
    [
      'the same rule',
      [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }],
      [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }],
      0,
    ],
    [
      'less than held',
      [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }],
      [{ verbs: ['get', 'list'], apiGroups: ['apps'], resources: ['statefulsets'] }],
      0,
    ],
    [
      'a verb more',
      [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }],
      [{ verbs: ['get', 'delete'], apiGroups: [''], resources: ['pods'] }],
      1,
    ],
    [
      'a wildcard not held',
      [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }],
      [{ verbs: ['get'], apiGroups: [''], resources: ['*'] }],
      1,
    ],
    [
      'a name within an unnamed rule',
      [{ verbs: ['get'], apiGroups: [''], resources: ['secrets'] }],
      [{ verbs: ['get'], apiGroups: [''], resources: ['secrets'], resourceNames: ['s'] }],
      0,
    ],
    [
      'all names from a named rule',
      [{ verbs: ['get'], apiGroups: [''], resources: ['secrets'], resourceNames: ['s'] }],
      [{ verbs: ['get'], apiGroups: [''], resources: ['secrets'] }],
      1,
    ],
    ['a path prefix', [{ verbs: ['get'], nonResourceURLs: ['/api/*'] }], [{ verbs: ['get'], nonResourceURLs: ['/api/v1'] }], 0],
    [
      'a group held in one spelling, granted in the other',
      [{ verbs: ['get'], apiGroups: ['coordination.orch.io'], resources: ['leases'] }],
      [{ verbs: ['get'], apiGroups: ['coordination.k8s.io'], resources: ['leases'] }],
      0,
    ],
    [
      'a group held in the k8s.io spelling, granted in the served one',
      [{ verbs: ['get'], apiGroups: ['coordination.k8s.io'], resources: ['leases'] }],
      [{ verbs: ['get'], apiGroups: ['coordination.orch.io'], resources: ['leases'] }],
      0,
    ],
    [
      'another group in the k8s.io spelling',
      [{ verbs: ['get'], apiGroups: ['coordination.orch.io'], resources: ['leases'] }],
      [{ verbs: ['get'], apiGroups: ['networking.k8s.io'], resources: ['leases'] }],
      1,
    ],
  ])('%s', (_what, owned, wanted, missing) => {
    expect(uncovered(owned, wanted)).toHaveLength(missing);
  });
});

describe('aggregation', () => {
  const role = (name: string, labels: Record<string, string>, rules: PolicyRule[]): ClusterRole => ({ metadata: { name, labels }, rules });
  it('gathers the rules of the roles the selectors match, in name order, each once', () => {
    const target: ClusterRole = {
      metadata: { name: 'agg' },
      aggregationRule: { clusterRoleSelectors: [{ matchLabels: { 'x/agg': 'true' } }] },
    };
    const get = { verbs: ['get'], apiGroups: [''], resources: ['pods'] };
    const list = { verbs: ['list'], apiGroups: [''], resources: ['pods'] };
    const all = [
      target,
      role('b', { 'x/agg': 'true' }, [list, get]),
      role('a', { 'x/agg': 'true' }, [get]),
      role('c', {}, [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }]),
    ];
    expect(aggregatedRules(target, all)).toEqual([get, list]);
  });
});
