/**
 * The API priority and fairness configuration the real platform (v1.32) installs at start: the
 * mandatory `exempt` and `catch-all` objects, whose spec may not be changed, and the suggested
 * ones. Names follow this platform's spelling (kube- → orch-, k8s.io → orch.io).
 */
import type {
  FlowSchemaSpec,
  PolicyRulesWithSubjects,
  PriorityLevelConfigurationSpec,
  ResourcePolicyRule,
  Subject,
} from '../types/flowcontrol-v1.ts';
import type { ObjectMeta } from '../types/meta-v1.ts';

export const APF_GROUP_VERSION = 'flowcontrol.apiserver.orch.io/v1';
/** Marks objects the server keeps up to date with its own defaults. */
export const AUTO_UPDATE_ANNOTATION = 'apf.orchestrator.io/autoupdate-spec';

const SYSTEM_NAMESPACE = 'orch-system';
const COORDINATION_GROUP = 'coordination.orch.io';
const CONTROLLER_MANAGER_USER = 'system:orch-controller-manager';
const SCHEDULER_USER = 'system:orch-scheduler';
const MASTERS = 'system:masters';
const NODES = 'system:nodes';
const AUTHENTICATED = 'system:authenticated';
const UNAUTHENTICATED = 'system:unauthenticated';
const SERVICE_ACCOUNTS = 'system:serviceaccounts';

const groups = (...names: string[]): Subject[] => names.map((name) => ({ kind: 'Group', group: { name } }));
const users = (...names: string[]): Subject[] => names.map((name) => ({ kind: 'User', user: { name } }));
const systemServiceAccounts = (...names: string[]): Subject[] =>
  names.map((name) => ({ kind: 'ServiceAccount', serviceAccount: { namespace: SYSTEM_NAMESPACE, name } }));

const resourceRule = (
  verbs: string[],
  apiGroups: string[],
  resources: string[],
  namespaces: string[],
  clusterScope: boolean,
): ResourcePolicyRule => ({
  verbs,
  apiGroups,
  resources,
  ...(clusterScope ? { clusterScope } : {}),
  namespaces,
});

const everything: Pick<PolicyRulesWithSubjects, 'resourceRules' | 'nonResourceRules'> = {
  resourceRules: [resourceRule(['*'], ['*'], ['*'], ['*'], true)],
  nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }],
};
const electionVerbs = ['get', 'create', 'update'];

function flowSchemaSpec(
  level: string,
  precedence: number,
  distinguisher: 'ByNamespace' | 'ByUser' | '',
  rule: PolicyRulesWithSubjects,
): FlowSchemaSpec {
  return {
    priorityLevelConfiguration: { name: level },
    matchingPrecedence: precedence,
    ...(distinguisher ? { distinguisherMethod: { type: distinguisher } } : {}),
    rules: [rule],
  };
}

function limited(shares: number, lendable: number, queuing?: [number, number, number]): PriorityLevelConfigurationSpec {
  return {
    type: 'Limited',
    limited: {
      nominalConcurrencyShares: shares,
      lendablePercent: lendable,
      limitResponse: queuing
        ? { type: 'Queue', queuing: { queues: queuing[0], handSize: queuing[1], queueLengthLimit: queuing[2] } }
        : { type: 'Reject' },
    },
  };
}

export const MANDATORY_PRIORITY_LEVELS: Readonly<Record<string, PriorityLevelConfigurationSpec>> = {
  exempt: { type: 'Exempt', exempt: { nominalConcurrencyShares: 0, lendablePercent: 0 } },
  'catch-all': limited(5, 0),
};

export const SUGGESTED_PRIORITY_LEVELS: Readonly<Record<string, PriorityLevelConfigurationSpec>> = {
  system: limited(30, 33, [64, 6, 50]),
  'node-high': limited(40, 25, [64, 6, 50]),
  'leader-election': limited(10, 0, [16, 4, 50]),
  'workload-high': limited(40, 50, [128, 6, 50]),
  'workload-low': limited(100, 90, [128, 6, 50]),
  'global-default': limited(20, 50, [128, 6, 50]),
};

export const MANDATORY_FLOW_SCHEMAS: Readonly<Record<string, FlowSchemaSpec>> = {
  exempt: flowSchemaSpec('exempt', 1, '', { subjects: groups(MASTERS), ...everything }),
  'catch-all': flowSchemaSpec('catch-all', 10000, 'ByUser', { subjects: groups(UNAUTHENTICATED, AUTHENTICATED), ...everything }),
};

export const SUGGESTED_FLOW_SCHEMAS: Readonly<Record<string, FlowSchemaSpec>> = {
  'system-nodes': flowSchemaSpec('system', 500, 'ByUser', { subjects: groups(NODES), ...everything }),
  'system-node-high': flowSchemaSpec('node-high', 400, 'ByUser', {
    subjects: groups(NODES),
    resourceRules: [
      resourceRule(['*'], [''], ['nodes', 'nodes/status'], ['*'], true),
      resourceRule(['*'], [COORDINATION_GROUP], ['leases'], ['*'], false),
    ],
  }),
  probes: flowSchemaSpec('exempt', 2, '', {
    subjects: groups(UNAUTHENTICATED, AUTHENTICATED),
    nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['/healthz', '/readyz', '/livez'] }],
  }),
  'system-leader-election': flowSchemaSpec('leader-election', 100, 'ByUser', {
    subjects: [...users(CONTROLLER_MANAGER_USER, SCHEDULER_USER), ...systemServiceAccounts('*')],
    resourceRules: [resourceRule(electionVerbs, [COORDINATION_GROUP], ['leases'], ['*'], false)],
  }),
  'workload-leader-election': flowSchemaSpec('leader-election', 200, 'ByUser', {
    subjects: systemServiceAccounts('*'),
    resourceRules: [
      resourceRule(electionVerbs, [''], ['endpoints', 'configmaps'], ['*'], false),
      resourceRule(electionVerbs, [COORDINATION_GROUP], ['leases'], ['*'], false),
    ],
  }),
  'endpoint-controller': flowSchemaSpec('workload-high', 150, 'ByUser', {
    subjects: [...users(CONTROLLER_MANAGER_USER), ...systemServiceAccounts('endpoint-controller', 'endpointslicemirroring-controller')],
    resourceRules: [resourceRule(electionVerbs, [''], ['endpoints'], ['*'], false)],
  }),
  'orch-controller-manager': flowSchemaSpec('workload-high', 800, 'ByNamespace', {
    subjects: users(CONTROLLER_MANAGER_USER),
    ...everything,
  }),
  'orch-scheduler': flowSchemaSpec('workload-high', 800, 'ByNamespace', { subjects: users(SCHEDULER_USER), ...everything }),
  'orch-system-service-accounts': flowSchemaSpec('workload-high', 900, 'ByNamespace', {
    subjects: systemServiceAccounts('*'),
    ...everything,
  }),
  'service-accounts': flowSchemaSpec('workload-low', 9000, 'ByUser', { subjects: groups(SERVICE_ACCOUNTS), ...everything }),
  'global-default': flowSchemaSpec('global-default', 9900, 'ByUser', { subjects: groups(UNAUTHENTICATED, AUTHENTICATED), ...everything }),
};

/** A start-up object: a FlowSchema or PriorityLevelConfiguration with the spec `S`. */
interface ApfObject<S> {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  spec: S;
}

/** Start-up objects of one kind, each marked for automatic update as the real platform marks them. */
export function apfObjects<S>(kind: string, specs: readonly Readonly<Record<string, S>>[]): ApfObject<S>[] {
  return specs.flatMap((byName) =>
    Object.entries(byName).map(([name, spec]) => ({
      apiVersion: APF_GROUP_VERSION,
      kind,
      metadata: { name, annotations: { [AUTO_UPDATE_ANNOTATION]: 'true' } },
      spec: structuredClone(spec),
    })),
  );
}
