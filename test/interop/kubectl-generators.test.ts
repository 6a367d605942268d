/**
 * kubectl's generators (`kubectl create role`, `rolebinding`, `clusterrole`, `clusterrolebinding`,
 * `ingress`) build typed objects of kubectl's own scheme: they post them, in protobuf, to the real
 * platform's spelling of the group (`/apis/rbac.authorization.k8s.io/…`) with that spelling in the
 * body, and decode the answer only if it comes back in it. The server takes the alias and answers
 * in it, so they print what they print against the real platform.
 */
import { describe, expect, it } from 'vitest';
import { kubectlPerSuite } from '../support/kubectl.ts';

describe("kubectl 1.32's create generators", () => {
  const cluster = kubectlPerSuite({ host: '127.0.0.1' });
  const k = cluster.kubectl;

  it.each([
    [['create', 'role', 'reader', '--verb=get,list', '--resource=configmaps'], 'role.rbac.authorization.k8s.io/reader created\n'],
    [['create', 'rolebinding', 'reader-bob', '--role=reader', '--user=bob'], 'rolebinding.rbac.authorization.k8s.io/reader-bob created\n'],
    [
      ['create', 'clusterrole', 'pod-lister', '--verb=list', '--resource=pods'],
      'clusterrole.rbac.authorization.k8s.io/pod-lister created\n',
    ],
    [
      ['create', 'clusterrolebinding', 'devs-list-pods', '--clusterrole=pod-lister', '--group=devs'],
      'clusterrolebinding.rbac.authorization.k8s.io/devs-list-pods created\n',
    ],
    [['create', 'service', 'clusterip', 'web', '--tcp=80:8080'], 'service/web created\n'],
    [['create', 'ingress', 'web', '--rule=example.com/=web:80'], 'ingress.networking.k8s.io/web created\n'],
  ])('kubectl %j', async (args, printed) => {
    const r = await k.result(args);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(printed);
    expect(r.code).toBe(0);
  });

  it('what they made is what the flags said, in the served groups', async () => {
    const binding = JSON.parse(await k('get', 'rolebinding', 'reader-bob', '-o', 'json'));
    expect(binding.apiVersion).toBe('rbac.authorization.orch.io/v1');
    expect(binding.roleRef).toEqual({ apiGroup: 'rbac.authorization.orch.io', kind: 'Role', name: 'reader' });
    expect(binding.subjects).toEqual([{ apiGroup: 'rbac.authorization.orch.io', kind: 'User', name: 'bob' }]);
    const role = JSON.parse(await k('get', 'role', 'reader', '-o', 'json'));
    expect(role.rules).toEqual([{ apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list'] }]);
    const ingress = JSON.parse(await k('get', 'ingress', 'web', '-o', 'json'));
    expect(ingress.spec.rules[0].host).toBe('example.com');
    expect(ingress.spec.rules[0].http.paths[0].backend.service).toEqual({ name: 'web', port: { number: 80 } });
  });
});
