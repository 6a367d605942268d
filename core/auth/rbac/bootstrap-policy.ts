/**
 * The bootstrap roles and bindings of v1.32 that concern the API this server serves (the real
 * `plugin/pkg/auth/authorizer/rbac/bootstrappolicy`), spelled for this platform. They are created
 * at start when missing; `admin`, `edit` and `view` are aggregated from the `system:aggregate-to-*`
 * roles, whose rules they carry from the start.
 */
import type { ClusterRole, ClusterRoleBinding, PolicyRule } from '../../registry/types/rbac-v1.ts';
import { ISSUER_DISCOVERY_URLS } from '../issuer-discovery.ts';
import { AUTHENTICATED_GROUP, MASTERS_GROUP, SERVICE_ACCOUNTS_GROUP, UNAUTHENTICATED_GROUP } from '../user.ts';

const RBAC = 'rbac.authorization.orch.io';
const AUTHZ = 'authorization.orch.io';
const AUTHN = 'authentication.orch.io';
export const BOOTSTRAP_LABELS = { 'orchestrator.io/bootstrapping': 'rbac-defaults' };
export const AUTOUPDATE_ANNOTATION = 'rbac.authorization.orchestrator.io/autoupdate';
export const AGGREGATE_TO = (role: 'admin' | 'edit' | 'view') => `${RBAC}/aggregate-to-${role}`;

const READ = ['get', 'list', 'watch'];
const WRITE = ['create', 'delete', 'deletecollection', 'patch', 'update'];
const rule = (verbs: string[], apiGroups: string[], resources: string[]): PolicyRule => ({ verbs, apiGroups, resources });
const urls = (verbs: string[], nonResourceURLs: string[]): PolicyRule => ({ verbs, nonResourceURLs });

function clusterRole(name: string, rules: PolicyRule[], labels: Record<string, string> = {}, aggregateFrom?: string): ClusterRole {
  return {
    apiVersion: `${RBAC}/v1`,
    kind: 'ClusterRole',
    metadata: { name, labels: { ...BOOTSTRAP_LABELS, ...labels }, annotations: { [AUTOUPDATE_ANNOTATION]: 'true' } },
    ...(aggregateFrom ? { aggregationRule: { clusterRoleSelectors: [{ matchLabels: { [aggregateFrom]: 'true' } }] } } : {}),
    rules,
  };
}

function binding(name: string, role: string, subjects: { kind: 'User' | 'Group'; name: string }[]): ClusterRoleBinding {
  return {
    apiVersion: `${RBAC}/v1`,
    kind: 'ClusterRoleBinding',
    metadata: { name, labels: { ...BOOTSTRAP_LABELS }, annotations: { [AUTOUPDATE_ANNOTATION]: 'true' } },
    roleRef: { apiGroup: RBAC, kind: 'ClusterRole', name: role },
    subjects: subjects.map((s) => ({ apiGroup: RBAC, ...s })),
  };
}

const viewRules: PolicyRule[] = [
  rule(
    READ,
    [''],
    [
      'configmaps',
      'endpoints',
      'persistentvolumeclaims',
      'persistentvolumeclaims/status',
      'pods',
      'replicationcontrollers',
      'replicationcontrollers/scale',
      'serviceaccounts',
      'services',
      'services/status',
    ],
  ),
  rule(
    READ,
    [''],
    [
      'bindings',
      'events',
      'limitranges',
      'namespaces/status',
      'pods/log',
      'pods/status',
      'replicationcontrollers/status',
      'resourcequotas',
      'resourcequotas/status',
    ],
  ),
  rule(READ, [''], ['namespaces']),
  rule(READ, ['discovery.orch.io'], ['endpointslices']),
  rule(
    READ,
    ['apps'],
    [
      'controllerrevisions',
      'daemonsets',
      'daemonsets/status',
      'deployments',
      'deployments/scale',
      'deployments/status',
      'replicasets',
      'replicasets/scale',
      'replicasets/status',
      'statefulsets',
      'statefulsets/scale',
      'statefulsets/status',
    ],
  ),
  rule(READ, ['autoscaling'], ['horizontalpodautoscalers', 'horizontalpodautoscalers/status']),
  rule(READ, ['batch'], ['cronjobs', 'cronjobs/status', 'jobs', 'jobs/status']),
  rule(
    READ,
    ['extensions'],
    [
      'daemonsets',
      'daemonsets/status',
      'deployments',
      'deployments/scale',
      'deployments/status',
      'ingresses',
      'ingresses/status',
      'networkpolicies',
      'replicasets',
      'replicasets/scale',
      'replicasets/status',
      'replicationcontrollers/scale',
    ],
  ),
  rule(READ, ['policy'], ['poddisruptionbudgets', 'poddisruptionbudgets/status']),
  rule(READ, ['networking.orch.io'], ['ingresses', 'ingresses/status', 'networkpolicies']),
  rule(READ, ['events.orch.io'], ['events']),
  rule(READ, ['resource.orch.io'], ['resourceclaims', 'resourceclaims/status', 'resourceclaimtemplates']),
];

const editRules: PolicyRule[] = [
  rule(
    ['create', 'delete', 'deletecollection', 'patch', 'update'],
    [''],
    ['pods', 'pods/attach', 'pods/exec', 'pods/portforward', 'pods/proxy'],
  ),
  rule(['create'], [''], ['pods/eviction']),
  rule(
    WRITE,
    [''],
    [
      'configmaps',
      'events',
      'persistentvolumeclaims',
      'replicationcontrollers',
      'replicationcontrollers/scale',
      'secrets',
      'serviceaccounts',
      'services',
      'services/proxy',
    ],
  ),
  rule(['create'], [''], ['serviceaccounts/token']),
  rule(
    WRITE,
    ['apps'],
    [
      'daemonsets',
      'deployments',
      'deployments/rollback',
      'deployments/scale',
      'replicasets',
      'replicasets/scale',
      'statefulsets',
      'statefulsets/scale',
    ],
  ),
  rule(WRITE, ['autoscaling'], ['horizontalpodautoscalers']),
  rule(WRITE, ['batch'], ['cronjobs', 'jobs']),
  rule(WRITE, ['networking.orch.io'], ['ingresses', 'networkpolicies']),
  rule(WRITE, ['policy'], ['poddisruptionbudgets']),
  rule(WRITE, ['events.orch.io'], ['events']),
  rule(WRITE, ['resource.orch.io'], ['resourceclaims', 'resourceclaimtemplates']),
  rule(READ, [''], ['pods/attach', 'pods/exec', 'pods/portforward', 'pods/proxy', 'secrets', 'services/proxy']),
  rule(['impersonate'], [''], ['serviceaccounts']),
];

const adminRules: PolicyRule[] = [
  rule(['create'], [AUTHZ], ['localsubjectaccessreviews']),
  rule(WRITE.concat(READ), [RBAC], ['rolebindings', 'roles']),
];

function aggregated(name: string, own: PolicyRule[], parts: PolicyRule[][], labels: Record<string, string>, from: string): ClusterRole {
  return clusterRole(name, [...parts.flat(), ...own], labels, from);
}

export function bootstrapClusterRoles(): ClusterRole[] {
  const view = viewRules;
  const edit = editRules;
  return [
    clusterRole('cluster-admin', [rule(['*'], ['*'], ['*']), urls(['*'], ['*'])]),
    clusterRole('system:discovery', [
      urls(
        ['get'],
        ['/api', '/api/*', '/apis', '/apis/*', '/healthz', '/livez', '/openapi', '/openapi/*', '/readyz', '/version', '/version/'],
      ),
    ]),
    clusterRole('system:basic-user', [
      rule(['create'], [AUTHZ], ['selfsubjectaccessreviews', 'selfsubjectrulesreviews']),
      rule(['create'], [AUTHN], ['selfsubjectreviews']),
    ]),
    clusterRole('system:public-info-viewer', [urls(['get'], ['/healthz', '/livez', '/readyz', '/version', '/version/'])]),
    clusterRole('system:monitoring', [
      urls(['get'], ['/healthz', '/healthz/*', '/livez', '/livez/*', '/metrics', '/metrics/slis', '/readyz', '/readyz/*']),
    ]),
    clusterRole('system:auth-delegator', [
      rule(['create'], [AUTHN], ['tokenreviews']),
      rule(['create'], [AUTHZ], ['subjectaccessreviews']),
    ]),
    clusterRole('system:service-account-issuer-discovery', [urls(['get'], ISSUER_DISCOVERY_URLS)]),
    clusterRole('system:aggregate-to-view', view, { [AGGREGATE_TO('view')]: 'true' }),
    clusterRole('system:aggregate-to-edit', edit, { [AGGREGATE_TO('edit')]: 'true' }),
    clusterRole('system:aggregate-to-admin', adminRules, { [AGGREGATE_TO('admin')]: 'true' }),
    aggregated('view', [], [view], { [AGGREGATE_TO('edit')]: 'true' }, AGGREGATE_TO('view')),
    aggregated('edit', [], [edit, view], { [AGGREGATE_TO('admin')]: 'true' }, AGGREGATE_TO('edit')),
    aggregated('admin', [], [adminRules, edit, view], {}, AGGREGATE_TO('admin')),
  ];
}

export function bootstrapClusterRoleBindings(): ClusterRoleBinding[] {
  return [
    binding('cluster-admin', 'cluster-admin', [{ kind: 'Group', name: MASTERS_GROUP }]),
    binding('system:discovery', 'system:discovery', [{ kind: 'Group', name: AUTHENTICATED_GROUP }]),
    binding('system:basic-user', 'system:basic-user', [{ kind: 'Group', name: AUTHENTICATED_GROUP }]),
    binding('system:public-info-viewer', 'system:public-info-viewer', [
      { kind: 'Group', name: AUTHENTICATED_GROUP },
      { kind: 'Group', name: UNAUTHENTICATED_GROUP },
    ]),
    binding('system:monitoring', 'system:monitoring', [{ kind: 'Group', name: 'system:monitoring' }]),
    binding('system:service-account-issuer-discovery', 'system:service-account-issuer-discovery', [
      { kind: 'Group', name: SERVICE_ACCOUNTS_GROUP },
    ]),
  ];
}
