/**
 * FlowSchema (flowcontrol.apiserver.orch.io/v1): validation as v1.32 does it, the rules for
 * non-resource URLs, defaults, status and table, and the configuration made at start.
 */
import { describe, expect, it } from 'vitest';
import { flowSchemaKind, nonResourceURLProblem } from '../../../core/registry/kinds/flowschema.ts';
import { priorityLevelConfigurationKind } from '../../../core/registry/kinds/prioritylevelconfiguration.ts';
import { call, serverPerSuite } from '../../support/targets.ts';
import { causeKeys, causesOf, expectCreated, serverWith, withChange } from '../../support/validation.ts';

const FS = '/apis/flowcontrol.apiserver.orch.io/v1/flowschemas';

const rule = {
  subjects: [{ kind: 'Group', group: { name: 'system:authenticated' } }],
  resourceRules: [{ verbs: ['get'], apiGroups: [''], resources: ['pods'], namespaces: ['*'] }],
};
const valid = {
  apiVersion: 'flowcontrol.apiserver.orch.io/v1',
  kind: 'FlowSchema',
  metadata: { name: 'fs' },
  spec: { priorityLevelConfiguration: { name: 'workload-low' }, matchingPrecedence: 500, rules: [rule] },
};

const t = serverPerSuite(() => serverWith([flowSchemaKind, priorityLevelConfigurationKind]));

/** The row paths are dotted (`spec.rules.0`); causes name list items as `spec.rules[0]`. */
const fieldPath = (p: string) => p.replace(/\.(\d+)/g, '[$1]');

let seq = 0;
async function create(body: object) {
  const named = withChange(body, 'metadata.name', `fs-${++seq}`);
  return call(t, 'POST', FS, named);
}

describe('FlowSchema validation', () => {
  const R = 'spec.rules.0';
  const RR = `${R}.resourceRules.0`;
  const NR = `${R}.nonResourceRules`;
  // [row, path to change, new value, expected "field reason" causes ([] = accepted)]
  const rows: { rule: string; path: string; value: unknown; expected: string[] }[] = [
    { rule: 'a valid schema', path: 'spec.matchingPrecedence', value: 500, expected: [] },
    { rule: 'matchingPrecedence 10000 is the upper bound', path: 'spec.matchingPrecedence', value: 10000, expected: [] },
    {
      rule: 'matchingPrecedence above 10000',
      path: 'spec.matchingPrecedence',
      value: 10001,
      expected: ['spec.matchingPrecedence FieldValueInvalid'],
    },
    {
      rule: 'negative matchingPrecedence',
      path: 'spec.matchingPrecedence',
      value: -1,
      expected: ['spec.matchingPrecedence FieldValueInvalid'],
    },
    {
      rule: 'matchingPrecedence 1 is reserved for exempt',
      path: 'spec.matchingPrecedence',
      value: 1,
      expected: ['spec.matchingPrecedence FieldValueInvalid'],
    },
    { rule: 'distinguisher ByUser', path: 'spec.distinguisherMethod', value: { type: 'ByUser' }, expected: [] },
    { rule: 'distinguisher ByNamespace', path: 'spec.distinguisherMethod', value: { type: 'ByNamespace' }, expected: [] },
    {
      rule: 'distinguisher of another type',
      path: 'spec.distinguisherMethod',
      value: { type: 'ByColor' },
      expected: ['spec.distinguisherMethod.type FieldValueNotSupported'],
    },
    {
      rule: 'distinguisher without type',
      path: 'spec.distinguisherMethod',
      value: {},
      expected: ['spec.distinguisherMethod.type FieldValueNotSupported'],
    },
    {
      rule: 'missing priority level name',
      path: 'spec.priorityLevelConfiguration',
      value: {},
      expected: ['spec.priorityLevelConfiguration.name FieldValueRequired'],
    },
    {
      rule: 'priority level name not a DNS subdomain',
      path: 'spec.priorityLevelConfiguration.name',
      value: 'Bad_Name',
      expected: ['spec.priorityLevelConfiguration.name FieldValueInvalid'],
    },
    { rule: 'no rules matches nothing but is valid', path: 'spec.rules', value: [], expected: [] },
    { rule: 'rule without subjects', path: `${R}.subjects`, value: [], expected: [`${R}.subjects FieldValueRequired`] },
    {
      rule: 'subject of unknown kind',
      path: `${R}.subjects`,
      value: [{ kind: 'Robot' }],
      expected: [`${R}.subjects[0].kind FieldValueNotSupported`],
    },
    {
      rule: 'Group subject without group',
      path: `${R}.subjects`,
      value: [{ kind: 'Group' }],
      expected: [`${R}.subjects[0].group FieldValueRequired`],
    },
    {
      rule: 'Group subject with empty name',
      path: `${R}.subjects`,
      value: [{ kind: 'Group', group: { name: '' } }],
      expected: [`${R}.subjects[0].group.name FieldValueRequired`],
    },
    {
      rule: 'Group subject with a user too',
      path: `${R}.subjects`,
      value: [{ kind: 'Group', group: { name: 'g' }, user: { name: 'u' } }],
      expected: [`${R}.subjects[0].user FieldValueForbidden`],
    },
    { rule: 'User subject', path: `${R}.subjects`, value: [{ kind: 'User', user: { name: '*' } }], expected: [] },
    {
      rule: 'User subject without user',
      path: `${R}.subjects`,
      value: [{ kind: 'User', group: { name: 'g' } }],
      expected: [`${R}.subjects[0].user FieldValueRequired`, `${R}.subjects[0].group FieldValueForbidden`],
    },
    {
      rule: 'ServiceAccount subject',
      path: `${R}.subjects`,
      value: [{ kind: 'ServiceAccount', serviceAccount: { namespace: 'ns', name: '*' } }],
      expected: [],
    },
    {
      rule: 'ServiceAccount subject without namespace',
      path: `${R}.subjects`,
      value: [{ kind: 'ServiceAccount', serviceAccount: { name: 'sa' } }],
      expected: [`${R}.subjects[0].serviceAccount.namespace FieldValueRequired`],
    },
    {
      rule: 'ServiceAccount subject with bad name',
      path: `${R}.subjects`,
      value: [{ kind: 'ServiceAccount', serviceAccount: { namespace: 'ns', name: 'Bad!' } }],
      expected: [`${R}.subjects[0].serviceAccount.name FieldValueInvalid`],
    },
    {
      rule: 'ServiceAccount subject without serviceAccount',
      path: `${R}.subjects`,
      value: [{ kind: 'ServiceAccount' }],
      expected: [`${R}.subjects[0].serviceAccount FieldValueRequired`],
    },
    {
      rule: 'neither resource nor non-resource rules',
      path: `${R}.resourceRules`,
      value: undefined,
      expected: [`${R} FieldValueRequired`],
    },
    { rule: 'resource rule without verbs', path: `${RR}.verbs`, value: [], expected: [`${RR}.verbs FieldValueRequired`] },
    { rule: 'verb * alone', path: `${RR}.verbs`, value: ['*'], expected: [] },
    { rule: 'verb * with others', path: `${RR}.verbs`, value: ['*', 'get'], expected: [`${RR}.verbs FieldValueInvalid`] },
    { rule: 'unknown verb', path: `${RR}.verbs`, value: ['get', 'fly'], expected: [`${RR}.verbs FieldValueNotSupported`] },
    { rule: 'resource rule without apiGroups', path: `${RR}.apiGroups`, value: [], expected: [`${RR}.apiGroups FieldValueRequired`] },
    { rule: 'apiGroup * with others', path: `${RR}.apiGroups`, value: ['*', 'apps'], expected: [`${RR}.apiGroups FieldValueInvalid`] },
    { rule: 'resource rule without resources', path: `${RR}.resources`, value: [], expected: [`${RR}.resources FieldValueRequired`] },
    { rule: 'resource * with others', path: `${RR}.resources`, value: ['*', 'pods'], expected: [`${RR}.resources FieldValueInvalid`] },
    { rule: 'resource with a subresource', path: `${RR}.resources`, value: ['nodes/status', 'pods'], expected: [] },
    { rule: 'resource not lower case', path: `${RR}.resources`, value: ['Pods'], expected: [`${RR}.resources[0] FieldValueInvalid`] },
    { rule: 'namespaced rule without namespaces', path: `${RR}.namespaces`, value: [], expected: [`${RR}.namespaces FieldValueRequired`] },
    {
      rule: 'cluster scoped rule without namespaces',
      path: `${RR}`,
      value: { verbs: ['get'], apiGroups: [''], resources: ['nodes'], clusterScope: true },
      expected: [],
    },
    {
      rule: 'namespace * with others',
      path: `${RR}.namespaces`,
      value: ['*', 'default'],
      expected: [`${RR}.namespaces FieldValueInvalid`],
    },
    {
      rule: 'namespace not a DNS label',
      path: `${RR}.namespaces`,
      value: ['Not.A.Label'],
      expected: [`${RR}.namespaces[0] FieldValueInvalid`],
    },
    {
      rule: 'non-resource rule only',
      path: `${R}`,
      value: { subjects: rule.subjects, nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['/healthz'] }] },
      expected: [],
    },
    {
      rule: 'non-resource rule without URLs',
      path: NR,
      value: [{ verbs: ['get'], nonResourceURLs: [] }],
      expected: [`${NR}[0].nonResourceURLs FieldValueRequired`],
    },
    {
      rule: 'non-resource rule without verbs',
      path: NR,
      value: [{ verbs: [], nonResourceURLs: ['/healthz'] }],
      expected: [`${NR}[0].verbs FieldValueRequired`],
    },
    {
      rule: 'URL * with others',
      path: NR,
      value: [{ verbs: ['get'], nonResourceURLs: ['*', '/healthz'] }],
      expected: [`${NR}[0].nonResourceURLs FieldValueInvalid`],
    },
    {
      rule: 'URL /hea* (wildcard inside a segment)',
      path: NR,
      value: [{ verbs: ['get'], nonResourceURLs: ['/hea*'] }],
      expected: [`${NR}[0].nonResourceURLs[0] FieldValueInvalid`],
    },
    {
      rule: 'URL without leading slash',
      path: NR,
      value: [{ verbs: ['get'], nonResourceURLs: ['healthz'] }],
      expected: [`${NR}[0].nonResourceURLs[0] FieldValueInvalid`],
    },
  ];
  it.each(rows)('$rule', async ({ path, value, expected }) => {
    const res = await create(withChange(valid, path, value));
    if (!expected.length) expectCreated(res);
    else expect(causeKeys(res)).toEqual(expected.map(fieldPath));
  });

  it('reports the real messages', async () => {
    const res = await create(withChange(valid, 'spec.matchingPrecedence', 1));
    expect(causesOf(res)[0].message).toBe("Invalid value: 1: only the schema named 'exempt' may have matchingPrecedence 1");
    const noLevel = await create(withChange(valid, 'spec.priorityLevelConfiguration', {}));
    expect(causesOf(noLevel)[0].message).toBe('Required value: must reference a priority level');
  });
});

describe('non-resource URL rules', () => {
  const rows: { url: string; problem: string | undefined }[] = [
    { url: '/healthz', problem: undefined },
    { url: '/hea', problem: undefined },
    { url: '/hea/*', problem: undefined },
    { url: '/healthz/*', problem: undefined },
    { url: '/', problem: undefined },
    { url: '/hea*', problem: 'wildcard can only do suffix matching' },
    { url: '/a/*/b', problem: 'wildcard can only do suffix matching' },
    { url: '/a//b', problem: 'must not contain double slash' },
    { url: '/a b', problem: 'must not contain white-space' },
    { url: '', problem: 'must not be empty' },
  ];
  it.each(rows)('$url', ({ url, problem }) => {
    expect(nonResourceURLProblem(url)).toBe(problem);
  });
});

describe('FlowSchema defaults, status and table', () => {
  it('matchingPrecedence defaults to 1000 (also for an explicit 0), generation starts at 1', async () => {
    const missing = expectCreated(await create(withChange(valid, 'spec.matchingPrecedence', undefined)));
    expect(missing.spec.matchingPrecedence).toBe(1000);
    expect(missing.metadata.generation).toBe(1);
    const zero = expectCreated(await create(withChange(valid, 'spec.matchingPrecedence', 0)));
    expect(zero.spec.matchingPrecedence).toBe(1000);
  });

  it('status is written only through the status subresource, and checks condition types', async () => {
    const created = expectCreated(await create(valid));
    const name = created.metadata.name;
    const ignored = await call(t, 'PUT', `${FS}/${name}`, { ...created, status: { conditions: [{ type: 'Dangling', status: 'True' }] } });
    expect(ignored.status).toBe(200);
    expect(ignored.body.status).toEqual({});
    const set = await call(t, 'PUT', `${FS}/${name}/status`, {
      ...created,
      status: { conditions: [{ type: 'Dangling', status: 'True' }] },
    });
    expect(set.status).toBe(200);
    expect(set.body.status.conditions).toEqual([{ type: 'Dangling', status: 'True', lastTransitionTime: null }]);
    const dup = await call(t, 'PUT', `${FS}/${name}/status`, {
      ...set.body,
      status: {
        conditions: [
          { type: 'Dangling', status: 'True' },
          { type: 'Dangling', status: 'False' },
        ],
      },
    });
    expect(causeKeys(dup)).toEqual(['status.conditions[1].type FieldValueDuplicate']);
  });

  it('a spec change moves generation', async () => {
    const created = expectCreated(await create(valid));
    const upd = await call(t, 'PUT', `${FS}/${created.metadata.name}`, withChange(created, 'spec.matchingPrecedence', 600));
    expect(upd.body.metadata.generation).toBe(2);
  });

  it('table cells follow the real printer', () => {
    const obj = { metadata: { creationTimestamp: '2024-01-01T00:00:00Z' }, spec: valid.spec, status: {} };
    const cells = flowSchemaKind.table!.map((c) => c.cell(obj, Date.parse('2024-01-01T00:00:30Z')));
    expect(flowSchemaKind.table!.map((c) => c.name)).toEqual([
      'PriorityLevel',
      'MatchingPrecedence',
      'DistinguisherMethod',
      'Age',
      'MissingPL',
    ]);
    expect(cells).toEqual(['workload-low', 500, '<none>', '30s', '?']);
    const dangling = { ...obj, status: { conditions: [{ type: 'Dangling', status: 'False' }] } };
    expect(flowSchemaKind.table![4].cell(dangling, 0)).toBe('False');
  });
});

describe('mandatory and suggested configuration at start', () => {
  const mandatory = ['exempt', 'catch-all'];
  const suggested = [
    'system-nodes',
    'system-node-high',
    'probes',
    'system-leader-election',
    'workload-leader-election',
    'endpoint-controller',
    'orch-controller-manager',
    'orch-scheduler',
    'orch-system-service-accounts',
    'service-accounts',
    'global-default',
  ];
  it('lists every bootstrap FlowSchema with the auto-update annotation', async () => {
    const fresh = await serverWith([flowSchemaKind, priorityLevelConfigurationKind]);
    const list = await call(fresh, 'GET', FS);
    await fresh.close();
    const names: string[] = list.body.items.map((i: any) => i.metadata.name);
    expect([...names].sort()).toEqual([...mandatory, ...suggested].sort());
    for (const item of list.body.items) {
      expect(item.metadata.annotations).toEqual({ 'apf.orchestrator.io/autoupdate-spec': 'true' });
    }
  });

  it('exempt and catch-all are as the real platform defines them', async () => {
    const exempt = (await call(t, 'GET', `${FS}/exempt`)).body;
    expect(exempt.spec).toEqual({
      priorityLevelConfiguration: { name: 'exempt' },
      matchingPrecedence: 1,
      rules: [
        {
          subjects: [{ kind: 'Group', group: { name: 'system:masters' } }],
          resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'], clusterScope: true, namespaces: ['*'] }],
          nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }],
        },
      ],
    });
    const catchAll = (await call(t, 'GET', `${FS}/catch-all`)).body;
    expect(catchAll.spec).toMatchObject({
      priorityLevelConfiguration: { name: 'catch-all' },
      matchingPrecedence: 10000,
      distinguisherMethod: { type: 'ByUser' },
    });
  });

  it('a mandatory spec cannot be changed', async () => {
    const catchAll = (await call(t, 'GET', `${FS}/catch-all`)).body;
    const res = await call(t, 'PUT', `${FS}/catch-all`, withChange(catchAll, 'spec.matchingPrecedence', 9999));
    expect(causesOf(res)).toEqual([
      { reason: 'FieldValueInvalid', field: 'spec', message: expect.stringContaining("spec of 'catch-all' must equal the fixed value") },
    ]);
  });
});
