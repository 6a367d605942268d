/** FlowSchema (flowcontrol.apiserver.orch.io/v1): the seed's field table, validated as v1.32 does. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowSchemaKind, nonResourceURLProblem } from '../../../core/registry/kinds/flowschema.ts';
import { priorityLevelConfigurationKind } from '../../../core/registry/kinds/prioritylevelconfiguration.ts';
import { call, causeKeys, causesOf, expectCreated, serverWith, withChange, type Target } from './support.ts';

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

let t: Target;
beforeAll(async () => {
  t = await serverWith([flowSchemaKind, priorityLevelConfigurationKind]);
});
afterAll(async () => {
  await t.close();
});

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
  const rows: [string, string, unknown, string[]][] = [
    ['a valid schema', 'spec.matchingPrecedence', 500, []],
    ['matchingPrecedence 10000 is the upper bound', 'spec.matchingPrecedence', 10000, []],
    ['matchingPrecedence above 10000', 'spec.matchingPrecedence', 10001, ['spec.matchingPrecedence FieldValueInvalid']],
    ['negative matchingPrecedence', 'spec.matchingPrecedence', -1, ['spec.matchingPrecedence FieldValueInvalid']],
    ['matchingPrecedence 1 is reserved for exempt', 'spec.matchingPrecedence', 1, ['spec.matchingPrecedence FieldValueInvalid']],
    ['distinguisher ByUser', 'spec.distinguisherMethod', { type: 'ByUser' }, []],
    ['distinguisher ByNamespace', 'spec.distinguisherMethod', { type: 'ByNamespace' }, []],
    ['distinguisher of another type', 'spec.distinguisherMethod', { type: 'ByColor' }, ['spec.distinguisherMethod.type FieldValueNotSupported']],
    ['distinguisher without type', 'spec.distinguisherMethod', {}, ['spec.distinguisherMethod.type FieldValueNotSupported']],
    ['missing priority level name', 'spec.priorityLevelConfiguration', {}, ['spec.priorityLevelConfiguration.name FieldValueRequired']],
    ['priority level name not a DNS subdomain', 'spec.priorityLevelConfiguration.name', 'Bad_Name', ['spec.priorityLevelConfiguration.name FieldValueInvalid']],
    ['no rules matches nothing but is valid', 'spec.rules', [], []],
    ['rule without subjects', `${R}.subjects`, [], [`${R}.subjects FieldValueRequired`]],
    ['subject of unknown kind', `${R}.subjects`, [{ kind: 'Robot' }], [`${R}.subjects[0].kind FieldValueNotSupported`]],
    ['Group subject without group', `${R}.subjects`, [{ kind: 'Group' }], [`${R}.subjects[0].group FieldValueRequired`]],
    ['Group subject with empty name', `${R}.subjects`, [{ kind: 'Group', group: { name: '' } }], [`${R}.subjects[0].group.name FieldValueRequired`]],
    ['Group subject with a user too', `${R}.subjects`, [{ kind: 'Group', group: { name: 'g' }, user: { name: 'u' } }], [`${R}.subjects[0].user FieldValueForbidden`]],
    ['User subject', `${R}.subjects`, [{ kind: 'User', user: { name: '*' } }], []],
    ['User subject without user', `${R}.subjects`, [{ kind: 'User', group: { name: 'g' } }], [`${R}.subjects[0].user FieldValueRequired`, `${R}.subjects[0].group FieldValueForbidden`]],
    ['ServiceAccount subject', `${R}.subjects`, [{ kind: 'ServiceAccount', serviceAccount: { namespace: 'ns', name: '*' } }], []],
    ['ServiceAccount subject without namespace', `${R}.subjects`, [{ kind: 'ServiceAccount', serviceAccount: { name: 'sa' } }], [`${R}.subjects[0].serviceAccount.namespace FieldValueRequired`]],
    ['ServiceAccount subject with bad name', `${R}.subjects`, [{ kind: 'ServiceAccount', serviceAccount: { namespace: 'ns', name: 'Bad!' } }], [`${R}.subjects[0].serviceAccount.name FieldValueInvalid`]],
    ['ServiceAccount subject without serviceAccount', `${R}.subjects`, [{ kind: 'ServiceAccount' }], [`${R}.subjects[0].serviceAccount FieldValueRequired`]],
    ['neither resource nor non-resource rules', `${R}.resourceRules`, undefined, [`${R} FieldValueRequired`]],
    ['resource rule without verbs', `${RR}.verbs`, [], [`${RR}.verbs FieldValueRequired`]],
    ['verb * alone', `${RR}.verbs`, ['*'], []],
    ['verb * with others', `${RR}.verbs`, ['*', 'get'], [`${RR}.verbs FieldValueInvalid`]],
    ['unknown verb', `${RR}.verbs`, ['get', 'fly'], [`${RR}.verbs FieldValueNotSupported`]],
    ['resource rule without apiGroups', `${RR}.apiGroups`, [], [`${RR}.apiGroups FieldValueRequired`]],
    ['apiGroup * with others', `${RR}.apiGroups`, ['*', 'apps'], [`${RR}.apiGroups FieldValueInvalid`]],
    ['resource rule without resources', `${RR}.resources`, [], [`${RR}.resources FieldValueRequired`]],
    ['resource * with others', `${RR}.resources`, ['*', 'pods'], [`${RR}.resources FieldValueInvalid`]],
    ['resource with a subresource', `${RR}.resources`, ['nodes/status', 'pods'], []],
    ['resource not lower case', `${RR}.resources`, ['Pods'], [`${RR}.resources[0] FieldValueInvalid`]],
    ['namespaced rule without namespaces', `${RR}.namespaces`, [], [`${RR}.namespaces FieldValueRequired`]],
    ['cluster scoped rule without namespaces', `${RR}`, { verbs: ['get'], apiGroups: [''], resources: ['nodes'], clusterScope: true }, []],
    ['namespace * with others', `${RR}.namespaces`, ['*', 'default'], [`${RR}.namespaces FieldValueInvalid`]],
    ['namespace not a DNS label', `${RR}.namespaces`, ['Not.A.Label'], [`${RR}.namespaces[0] FieldValueInvalid`]],
    ['non-resource rule only', `${R}`, { subjects: rule.subjects, nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['/healthz'] }] }, []],
    ['non-resource rule without URLs', NR, [{ verbs: ['get'], nonResourceURLs: [] }], [`${NR}[0].nonResourceURLs FieldValueRequired`]],
    ['non-resource rule without verbs', NR, [{ verbs: [], nonResourceURLs: ['/healthz'] }], [`${NR}[0].verbs FieldValueRequired`]],
    ['URL * with others', NR, [{ verbs: ['get'], nonResourceURLs: ['*', '/healthz'] }], [`${NR}[0].nonResourceURLs FieldValueInvalid`]],
    ['URL /hea* (wildcard inside a segment)', NR, [{ verbs: ['get'], nonResourceURLs: ['/hea*'] }], [`${NR}[0].nonResourceURLs[0] FieldValueInvalid`]],
    ['URL without leading slash', NR, [{ verbs: ['get'], nonResourceURLs: ['healthz'] }], [`${NR}[0].nonResourceURLs[0] FieldValueInvalid`]],
  ];
  it.each(rows)('%s', async (_row, path, value, expected) => {
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

describe('non-resource URL rules of the seed', () => {
  const rows: [string, string | undefined][] = [
    ['/healthz', undefined],
    ['/hea', undefined],
    ['/hea/*', undefined],
    ['/healthz/*', undefined],
    ['/', undefined],
    ['/hea*', 'wildcard can only do suffix matching'],
    ['/a/*/b', 'wildcard can only do suffix matching'],
    ['/a//b', 'must not contain double slash'],
    ['/a b', 'must not contain white-space'],
    ['', 'must not be empty'],
  ];
  it.each(rows)('%j', (url, problem) => {
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
    const set = await call(t, 'PUT', `${FS}/${name}/status`, { ...created, status: { conditions: [{ type: 'Dangling', status: 'True' }] } });
    expect(set.status).toBe(200);
    expect(set.body.status.conditions).toEqual([{ type: 'Dangling', status: 'True', lastTransitionTime: null }]);
    const dup = await call(t, 'PUT', `${FS}/${name}/status`, {
      ...set.body,
      status: { conditions: [{ type: 'Dangling', status: 'True' }, { type: 'Dangling', status: 'False' }] },
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
    expect(flowSchemaKind.table!.map((c) => c.name)).toEqual(['PriorityLevel', 'MatchingPrecedence', 'DistinguisherMethod', 'Age', 'MissingPL']);
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
    expect(catchAll.spec).toMatchObject({ priorityLevelConfiguration: { name: 'catch-all' }, matchingPrecedence: 10000, distinguisherMethod: { type: 'ByUser' } });
  });

  it('a mandatory spec cannot be changed', async () => {
    const catchAll = (await call(t, 'GET', `${FS}/catch-all`)).body;
    const res = await call(t, 'PUT', `${FS}/catch-all`, withChange(catchAll, 'spec.matchingPrecedence', 9999));
    expect(causesOf(res)).toEqual([{ reason: 'FieldValueInvalid', field: 'spec', message: expect.stringContaining("spec of 'catch-all' must equal the fixed value") }]);
  });
});
