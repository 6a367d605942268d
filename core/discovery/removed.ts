/**
 * API versions removed in earlier releases (docs/api-rules.md, versioning): requests to them
 * answer 404 with a message naming the version to migrate to. The real platform answers a bare
 * 404; the API's specification asks for the migration target, which is what a user needs.
 */

interface Removal {
  readonly groupVersion: string;
  readonly resources: readonly string[];
  readonly removedIn: string;
  readonly migrateTo: string;
}

const REMOVALS: readonly Removal[] = [
  {
    groupVersion: 'flowcontrol.apiserver.orch.io/v1beta3',
    resources: ['flowschemas', 'prioritylevelconfigurations'],
    removedIn: '1.32',
    migrateTo: 'flowcontrol.apiserver.orch.io/v1',
  },
  {
    groupVersion: 'flowcontrol.apiserver.orch.io/v1beta2',
    resources: ['flowschemas', 'prioritylevelconfigurations'],
    removedIn: '1.29',
    migrateTo: 'flowcontrol.apiserver.orch.io/v1',
  },
  { groupVersion: 'storage.orch.io/v1beta1', resources: ['csistoragecapacities'], removedIn: '1.27', migrateTo: 'storage.orch.io/v1' },
  {
    groupVersion: 'flowcontrol.apiserver.orch.io/v1beta1',
    resources: ['flowschemas', 'prioritylevelconfigurations'],
    removedIn: '1.26',
    migrateTo: 'flowcontrol.apiserver.orch.io/v1',
  },
  { groupVersion: 'autoscaling/v2beta2', resources: ['horizontalpodautoscalers'], removedIn: '1.26', migrateTo: 'autoscaling/v2' },
  { groupVersion: 'batch/v1beta1', resources: ['cronjobs'], removedIn: '1.25', migrateTo: 'batch/v1' },
  { groupVersion: 'discovery.orch.io/v1beta1', resources: ['endpointslices'], removedIn: '1.25', migrateTo: 'discovery.orch.io/v1' },
  { groupVersion: 'events.orch.io/v1beta1', resources: ['events'], removedIn: '1.25', migrateTo: 'events.orch.io/v1' },
  { groupVersion: 'autoscaling/v2beta1', resources: ['horizontalpodautoscalers'], removedIn: '1.25', migrateTo: 'autoscaling/v2' },
  { groupVersion: 'policy/v1beta1', resources: ['poddisruptionbudgets'], removedIn: '1.25', migrateTo: 'policy/v1' },
  {
    groupVersion: 'policy/v1beta1',
    resources: ['podsecuritypolicies'],
    removedIn: '1.25',
    migrateTo: 'built-in pod security admission or a third-party admission webhook',
  },
  { groupVersion: 'node.orch.io/v1beta1', resources: ['runtimeclasses'], removedIn: '1.25', migrateTo: 'node.orch.io/v1' },
  {
    groupVersion: 'admissionregistration.orch.io/v1beta1',
    resources: ['mutatingwebhookconfigurations', 'validatingwebhookconfigurations'],
    removedIn: '1.22',
    migrateTo: 'admissionregistration.orch.io/v1',
  },
  {
    groupVersion: 'apiextensions.orch.io/v1beta1',
    resources: ['customresourcedefinitions'],
    removedIn: '1.22',
    migrateTo: 'apiextensions.orch.io/v1',
  },
  {
    groupVersion: 'apiregistration.orch.io/v1beta1',
    resources: ['apiservices'],
    removedIn: '1.22',
    migrateTo: 'apiregistration.orch.io/v1',
  },
  {
    groupVersion: 'authentication.orch.io/v1beta1',
    resources: ['tokenreviews'],
    removedIn: '1.22',
    migrateTo: 'authentication.orch.io/v1',
  },
  {
    groupVersion: 'authorization.orch.io/v1beta1',
    resources: ['localsubjectaccessreviews', 'selfsubjectaccessreviews', 'subjectaccessreviews', 'selfsubjectrulesreviews'],
    removedIn: '1.22',
    migrateTo: 'authorization.orch.io/v1',
  },
  {
    groupVersion: 'certificates.orch.io/v1beta1',
    resources: ['certificatesigningrequests'],
    removedIn: '1.22',
    migrateTo: 'certificates.orch.io/v1',
  },
  { groupVersion: 'coordination.orch.io/v1beta1', resources: ['leases'], removedIn: '1.22', migrateTo: 'coordination.orch.io/v1' },
  { groupVersion: 'extensions/v1beta1', resources: ['ingresses'], removedIn: '1.22', migrateTo: 'networking.orch.io/v1' },
  {
    groupVersion: 'networking.orch.io/v1beta1',
    resources: ['ingresses', 'ingressclasses'],
    removedIn: '1.22',
    migrateTo: 'networking.orch.io/v1',
  },
  {
    groupVersion: 'rbac.authorization.orch.io/v1beta1',
    resources: ['clusterroles', 'clusterrolebindings', 'roles', 'rolebindings'],
    removedIn: '1.22',
    migrateTo: 'rbac.authorization.orch.io/v1',
  },
  { groupVersion: 'scheduling.orch.io/v1beta1', resources: ['priorityclasses'], removedIn: '1.22', migrateTo: 'scheduling.orch.io/v1' },
  {
    groupVersion: 'storage.orch.io/v1beta1',
    resources: ['csidrivers', 'csinodes', 'storageclasses', 'volumeattachments'],
    removedIn: '1.22',
    migrateTo: 'storage.orch.io/v1',
  },
  { groupVersion: 'extensions/v1beta1', resources: ['networkpolicies'], removedIn: '1.16', migrateTo: 'networking.orch.io/v1' },
  { groupVersion: 'extensions/v1beta1', resources: ['daemonsets', 'deployments', 'replicasets'], removedIn: '1.16', migrateTo: 'apps/v1' },
  {
    groupVersion: 'apps/v1beta2',
    resources: ['daemonsets', 'deployments', 'statefulsets', 'replicasets'],
    removedIn: '1.16',
    migrateTo: 'apps/v1',
  },
  { groupVersion: 'apps/v1beta1', resources: ['deployments', 'statefulsets', 'replicasets'], removedIn: '1.16', migrateTo: 'apps/v1' },
  {
    groupVersion: 'extensions/v1beta1',
    resources: ['podsecuritypolicies'],
    removedIn: '1.16',
    migrateTo: 'policy/v1beta1 (itself removed in 1.25)',
  },
];

/** The 404 message for a removed group/version (and resource, when the path names one). */
export function removedMessage(group: string, version: string, resource?: string): string | undefined {
  const groupVersion = group ? `${group}/${version}` : version;
  const matches = REMOVALS.filter((r) => r.groupVersion === groupVersion && (!resource || r.resources.includes(resource)));
  if (!matches.length) return undefined;
  const r = matches[0];
  const what = resource ? `${resource} in ${groupVersion}` : groupVersion;
  return `the server could not find the requested resource: ${what} is no longer served (removed in v${r.removedIn}); migrate to ${r.migrateTo}`;
}
