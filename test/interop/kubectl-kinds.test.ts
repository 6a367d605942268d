/**
 * kubectl 1.32 and every built-in kind: `create -f` and `get` of one object of each, and
 * `explain` of some fields (docs/api-rules.md, "Versions and deprecation": discovery and OpenAPI).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kubectlPerSuite } from '../support/kubectl.ts';

const POD_SPEC = { containers: [{ name: 'c', image: 'busybox' }] };
const OBJECTS: { name: string; resource: string; object: object }[] = [
  { name: 'configmap', resource: 'cm', object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'k-cm' }, data: { a: 'b' } } },
  {
    name: 'secret',
    resource: 'secret',
    object: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'k-secret' }, stringData: { password: 'x' } },
  },
  { name: 'serviceaccount', resource: 'sa', object: { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'k-sa' } } },
  { name: 'pod', resource: 'pod', object: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'k-pod' }, spec: POD_SPEC } },
  {
    name: 'service',
    resource: 'svc',
    object: { apiVersion: 'v1', kind: 'Service', metadata: { name: 'k-svc' }, spec: { selector: { app: 'k' }, ports: [{ port: 80 }] } },
  },
  {
    name: 'persistentvolumeclaim',
    resource: 'pvc',
    object: {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'k-pvc' },
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
    },
  },
  {
    name: 'event (core)',
    resource: 'events.v1.',
    object: {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: 'k-ev1' },
      involvedObject: { kind: 'Pod', name: 'k-pod', namespace: 'default' },
      reason: 'Test',
      message: 'hello',
      type: 'Normal',
    },
  },
  {
    name: 'event (events.orch.io)',
    resource: 'events.v1.events.orch.io',
    object: {
      apiVersion: 'events.orch.io/v1',
      kind: 'Event',
      metadata: { name: 'k-ev2' },
      eventTime: '2026-01-01T00:00:00.000000Z',
      action: 'Do',
      reason: 'Test',
      reportingController: 'example.com/c',
      reportingInstance: 'i',
      type: 'Normal',
      regarding: { kind: 'Pod', name: 'k-pod', namespace: 'default' },
    },
  },
  {
    name: 'statefulset',
    resource: 'sts',
    object: {
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: { name: 'k-sts' },
      spec: {
        serviceName: 'k',
        replicas: 0,
        selector: { matchLabels: { app: 'k' } },
        template: { metadata: { labels: { app: 'k' } }, spec: POD_SPEC },
      },
    },
  },
  {
    name: 'controllerrevision',
    resource: 'controllerrevision',
    object: { apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata: { name: 'k-rev' }, revision: 1, data: { a: 1 } },
  },
  {
    name: 'ingress',
    resource: 'ingress',
    object: {
      apiVersion: 'networking.orch.io/v1',
      kind: 'Ingress',
      metadata: { name: 'k-ing' },
      spec: { defaultBackend: { service: { name: 'k-svc', port: { number: 80 } } } },
    },
  },
  {
    name: 'ingressclass',
    resource: 'ingressclass',
    object: {
      apiVersion: 'networking.orch.io/v1',
      kind: 'IngressClass',
      metadata: { name: 'k-class' },
      spec: { controller: 'example.com/ingress' },
    },
  },
  {
    name: 'flowschema',
    resource: 'flowschema',
    object: {
      apiVersion: 'flowcontrol.apiserver.orch.io/v1',
      kind: 'FlowSchema',
      metadata: { name: 'k-fs' },
      spec: {
        priorityLevelConfiguration: { name: 'global-default' },
        rules: [
          {
            subjects: [{ kind: 'Group', group: { name: 'system:authenticated' } }],
            nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['/healthz'] }],
          },
        ],
      },
    },
  },
  {
    name: 'prioritylevelconfiguration',
    resource: 'prioritylevelconfiguration',
    object: {
      apiVersion: 'flowcontrol.apiserver.orch.io/v1',
      kind: 'PriorityLevelConfiguration',
      metadata: { name: 'k-plc' },
      spec: { type: 'Limited', limited: { nominalConcurrencyShares: 5, limitResponse: { type: 'Reject' } } },
    },
  },
  {
    name: 'resourceclaimtemplate',
    resource: 'resourceclaimtemplate',
    object: {
      apiVersion: 'resource.orch.io/v1beta1',
      kind: 'ResourceClaimTemplate',
      metadata: { name: 'k-rct' },
      spec: { spec: { devices: { requests: [{ name: 'gpu', deviceClassName: 'gpu.example.com' }] } } },
    },
  },
  {
    name: 'resourceclaim',
    resource: 'resourceclaim',
    object: {
      apiVersion: 'resource.orch.io/v1beta1',
      kind: 'ResourceClaim',
      metadata: { name: 'k-rc' },
      spec: { devices: { requests: [{ name: 'gpu', deviceClassName: 'gpu.example.com' }] } },
    },
  },
  {
    name: 'role',
    resource: 'role',
    object: {
      apiVersion: 'rbac.authorization.orch.io/v1',
      kind: 'Role',
      metadata: { name: 'k-role' },
      rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['get'] }],
    },
  },
  {
    name: 'clusterrole',
    resource: 'clusterrole',
    object: {
      apiVersion: 'rbac.authorization.orch.io/v1',
      kind: 'ClusterRole',
      metadata: { name: 'k-crole' },
      rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['list'] }],
    },
  },
  {
    name: 'rolebinding',
    resource: 'rolebinding',
    object: {
      apiVersion: 'rbac.authorization.orch.io/v1',
      kind: 'RoleBinding',
      metadata: { name: 'k-rb' },
      roleRef: { apiGroup: 'rbac.authorization.orch.io', kind: 'Role', name: 'k-role' },
      subjects: [{ kind: 'User', name: 'alice', apiGroup: 'rbac.authorization.orch.io' }],
    },
  },
  {
    name: 'clusterrolebinding',
    resource: 'clusterrolebinding',
    object: {
      apiVersion: 'rbac.authorization.orch.io/v1',
      kind: 'ClusterRoleBinding',
      metadata: { name: 'k-crb' },
      roleRef: { apiGroup: 'rbac.authorization.orch.io', kind: 'ClusterRole', name: 'k-crole' },
      subjects: [{ kind: 'ServiceAccount', name: 'k-sa', namespace: 'default' }],
    },
  },
  { name: 'namespace', resource: 'ns', object: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'k-ns' } } },
  {
    name: 'customresourcedefinition',
    resource: 'crd',
    object: {
      apiVersion: 'apiextensions.orch.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'kthings.example.com' },
      spec: {
        group: 'example.com',
        scope: 'Namespaced',
        names: { plural: 'kthings', kind: 'KThing' },
        versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object' } } }],
      },
    },
  },
];

describe('kubectl and every kind', () => {
  const cluster = kubectlPerSuite({ featureGates: { DynamicResourceAllocation: true } });
  const k = cluster.kubectl;

  it.each(OBJECTS)('create -f and get: $name', async ({ resource, object }) => {
    const name = (object as { metadata: { name: string } }).metadata.name;
    const file = join(k.dir, `${name}.json`);
    writeFileSync(file, JSON.stringify(object));
    const created = await k('create', '-f', file);
    expect(created).toMatch(new RegExp(`/${name} created\\n$`));
    const out = await k('get', resource, name);
    expect(out.split('\n')[0]).toMatch(/^(NAME|LAST SEEN)\s/);
    // Events show their name only with -o wide (the real event printer's Name has priority 1).
    expect(await k('get', resource, name, '-o', 'wide')).toContain(name);
    const yaml = await k('get', resource, name, '-o', 'yaml');
    expect(yaml).toContain(`kind: ${(object as { kind: string }).kind}`);
  });

  it('get componentstatuses prints the deprecation warning', async () => {
    const r = await k.result(['get', 'componentstatuses']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('Warning: v1 ComponentStatus is deprecated in v1.19+');
    expect(r.stdout).toMatch(/etcd-0\s+Healthy\s+ok/);
  });

  it.each([
    { path: 'ingress.spec.rules.http.paths', field: 'pathType' },
    { path: 'flowschema.spec', field: 'matchingPrecedence' },
    { path: 'configmap', field: 'binaryData' },
    { path: 'pod.spec.containers', field: 'image' },
  ])('explain $path', async ({ path, field }) => {
    const out = await k('explain', path);
    expect(out).toContain('FIELD');
    expect(out).toContain(field);
  });
});
