/**
 * `kubectl auth reconcile` reads each binding back through the real platform's spelling of the
 * RBAC group and compares its roleRef and subjects with the manifest's: the server answers their
 * group references in that spelling, so a second run finds nothing to change (no `reconciliation
 * required`, the binding not deleted and created again), as against the real platform.
 */
import { describe, expect, it } from 'vitest';
import { kubectlPerSuite } from '../support/kubectl.ts';

const MANIFEST = `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: recon-cr}
rules:
- apiGroups: [""]
  resources: ["configmaps"]
  verbs: ["get"]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: recon-rb, namespace: default}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: recon-cr}
subjects:
- {kind: User, name: dave, apiGroup: rbac.authorization.k8s.io}
- {kind: ServiceAccount, name: robot, namespace: default}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: recon-crb}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: recon-cr}
subjects:
- {kind: Group, name: devs, apiGroup: rbac.authorization.k8s.io}
`;

describe('kubectl auth reconcile', () => {
  const cluster = kubectlPerSuite({ host: '127.0.0.1' });
  const k = cluster.kubectl;
  const uids = async () => [
    (await k('get', 'rolebinding', 'recon-rb', '-o', 'jsonpath={.metadata.uid}')).trim(),
    (await k('get', 'clusterrolebinding', 'recon-crb', '-o', 'jsonpath={.metadata.uid}')).trim(),
  ];

  it('changes nothing the second time', async () => {
    const file = k.file('recon.yaml', MANIFEST);
    const first = await k.result(['auth', 'reconcile', '-f', file]);
    expect(first.code, first.stderr).toBe(0);
    const before = await uids();
    const second = await k.result(['auth', 'reconcile', '-f', file]);
    expect(second.code).toBe(0);
    expect(second.stderr).toBe('');
    expect(second.stdout).toBe(
      [
        'clusterrole.rbac.authorization.k8s.io/recon-cr reconciled',
        'rolebinding.rbac.authorization.k8s.io/recon-rb reconciled',
        'clusterrolebinding.rbac.authorization.k8s.io/recon-crb reconciled',
        '',
      ].join('\n'),
    );
    expect(await uids()).toEqual(before);
  });
});
