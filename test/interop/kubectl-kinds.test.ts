/**
 * Issue 5 with kubectl 1.32: `create -f` and `get` of one object of every kind, and `explain`.
 * Skipped (with the reason) when kubectl is absent.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/index.ts';
import { hasKubectl, KUBECTL, kubectlFor, type Kubectl } from '../support/kubectl.ts';

if (!hasKubectl) console.log(`skipping kubectl kinds tests: ${KUBECTL} is not installed`);

const POD_SPEC = { containers: [{ name: 'c', image: 'busybox' }] };
const OBJECTS: readonly [string, string, object][] = [
  ['configmap', 'cm', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'k-cm' }, data: { a: 'b' } }],
  ['secret', 'secret', { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'k-secret' }, stringData: { password: 'x' } }],
  ['serviceaccount', 'sa', { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'k-sa' } }],
  ['pod', 'pod', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'k-pod' }, spec: POD_SPEC }],
  ['service', 'svc', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'k-svc' }, spec: { selector: { app: 'k' }, ports: [{ port: 80 }] } }],
  ['persistentvolumeclaim', 'pvc', { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'k-pvc' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
  ['event (core)', 'events.v1.', { apiVersion: 'v1', kind: 'Event', metadata: { name: 'k-ev1' }, involvedObject: { kind: 'Pod', name: 'k-pod', namespace: 'default' }, reason: 'Test', message: 'hello', type: 'Normal' }],
  ['event (events.orch.io)', 'events.v1.events.orch.io', { apiVersion: 'events.orch.io/v1', kind: 'Event', metadata: { name: 'k-ev2' }, eventTime: '2026-01-01T00:00:00.000000Z', action: 'Do', reason: 'Test', reportingController: 'example.com/c', reportingInstance: 'i', type: 'Normal', regarding: { kind: 'Pod', name: 'k-pod', namespace: 'default' } }],
  ['statefulset', 'sts', { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'k-sts' }, spec: { serviceName: 'k', replicas: 0, selector: { matchLabels: { app: 'k' } }, template: { metadata: { labels: { app: 'k' } }, spec: POD_SPEC } } }],
  ['controllerrevision', 'controllerrevision', { apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata: { name: 'k-rev' }, revision: 1, data: { a: 1 } }],
  ['ingress', 'ingress', { apiVersion: 'networking.orch.io/v1', kind: 'Ingress', metadata: { name: 'k-ing' }, spec: { defaultBackend: { service: { name: 'k-svc', port: { number: 80 } } } } }],
  ['ingressclass', 'ingressclass', { apiVersion: 'networking.orch.io/v1', kind: 'IngressClass', metadata: { name: 'k-class' }, spec: { controller: 'example.com/ingress' } }],
  ['flowschema', 'flowschema', { apiVersion: 'flowcontrol.apiserver.orch.io/v1', kind: 'FlowSchema', metadata: { name: 'k-fs' }, spec: { priorityLevelConfiguration: { name: 'global-default' }, rules: [{ subjects: [{ kind: 'Group', group: { name: 'system:authenticated' } }], nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['/healthz'] }] }] } }],
  ['prioritylevelconfiguration', 'prioritylevelconfiguration', { apiVersion: 'flowcontrol.apiserver.orch.io/v1', kind: 'PriorityLevelConfiguration', metadata: { name: 'k-plc' }, spec: { type: 'Limited', limited: { nominalConcurrencyShares: 5, limitResponse: { type: 'Reject' } } } }],
  ['resourceclaimtemplate', 'resourceclaimtemplate', { apiVersion: 'resource.orch.io/v1beta1', kind: 'ResourceClaimTemplate', metadata: { name: 'k-rct' }, spec: { spec: { devices: { requests: [{ name: 'gpu', deviceClassName: 'gpu.example.com' }] } } } }],
  ['resourceclaim', 'resourceclaim', { apiVersion: 'resource.orch.io/v1beta1', kind: 'ResourceClaim', metadata: { name: 'k-rc' }, spec: { devices: { requests: [{ name: 'gpu', deviceClassName: 'gpu.example.com' }] } } }],
  ['role', 'role', { apiVersion: 'rbac.authorization.orch.io/v1', kind: 'Role', metadata: { name: 'k-role' }, rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['get'] }] }],
  ['clusterrole', 'clusterrole', { apiVersion: 'rbac.authorization.orch.io/v1', kind: 'ClusterRole', metadata: { name: 'k-crole' }, rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['list'] }] }],
  ['rolebinding', 'rolebinding', { apiVersion: 'rbac.authorization.orch.io/v1', kind: 'RoleBinding', metadata: { name: 'k-rb' }, roleRef: { apiGroup: 'rbac.authorization.orch.io', kind: 'Role', name: 'k-role' }, subjects: [{ kind: 'User', name: 'alice', apiGroup: 'rbac.authorization.orch.io' }] }],
  ['clusterrolebinding', 'clusterrolebinding', { apiVersion: 'rbac.authorization.orch.io/v1', kind: 'ClusterRoleBinding', metadata: { name: 'k-crb' }, roleRef: { apiGroup: 'rbac.authorization.orch.io', kind: 'ClusterRole', name: 'k-crole' }, subjects: [{ kind: 'ServiceAccount', name: 'k-sa', namespace: 'default' }] }],
  ['namespace', 'ns', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'k-ns' } }],
];

describe.skipIf(!hasKubectl)('kubectl and every kind', () => {
  let server: RunningServer;
  let k: Kubectl;
  beforeAll(async () => {
    server = await startServer({ port: 0, featureGates: { DynamicResourceAllocation: true } });
    k = kubectlFor(server.url);
  });
  afterAll(async () => {
    await server.shutdown();
  });

  it.each(OBJECTS)('create -f and get: %s', async (_what, resource, object) => {
    const name = (object as { metadata: { name: string } }).metadata.name;
    const file = join(k.dir, `${name}.json`);
    writeFileSync(file, JSON.stringify(object));
    const created = await k('create', '-f', file);
    expect(created).toMatch(new RegExp(`/${name} created\\n$`));
    const out = await k('get', resource, name);
    expect(out.split('\n')[0]).toMatch(/^(NAME|LAST SEEN)\s/);
    expect(out).toContain(name);
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
    ['ingress.spec.rules.http.paths', 'pathType'],
    ['flowschema.spec', 'matchingPrecedence'],
    ['configmap', 'binaryData'],
    ['pod.spec.containers', 'image'],
  ])('explain %s', async (path, field) => {
    const out = await k('explain', path);
    expect(out).toContain('FIELD');
    expect(out).toContain(field);
  });
});
