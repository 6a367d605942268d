/**
 * Admission as kubectl 1.32 meets it: `kubectl create ingress` gets the class marked default
 * (DefaultIngressClass); `kubectl run --privileged` into a namespace labelled
 * `pod-security.kubernetes.io/enforce=restricted` is refused with the real message (PodSecurity);
 * labelling a namespace with pods that would now be refused prints the real warnings.
 */
import { describe, expect, it } from 'vitest';
import { kubectlPerSuite } from '../support/kubectl.ts';

const RESTRICTED_PRIVILEGED =
  'violates PodSecurity "restricted:latest": privileged (container "priv" must not set securityContext.privileged=true), ' +
  'allowPrivilegeEscalation != false (container "priv" must set securityContext.allowPrivilegeEscalation=false), ' +
  'unrestricted capabilities (container "priv" must set securityContext.capabilities.drop=["ALL"]), ' +
  'runAsNonRoot != true (pod or container "priv" must set securityContext.runAsNonRoot=true), ' +
  'seccompProfile (pod or container "priv" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")';

describe('admission, through kubectl 1.32', () => {
  const cluster = kubectlPerSuite({ host: '127.0.0.1' });
  const k = cluster.kubectl;

  it('kubectl create ingress gets the default IngressClass (marked in the real spelling)', async () => {
    const file = k.file(
      'default-class.yaml',
      [
        'apiVersion: networking.orch.io/v1',
        'kind: IngressClass',
        'metadata:',
        '  name: default-ic',
        '  annotations:',
        '    ingressclass.kubernetes.io/is-default-class: "true"',
        'spec: {controller: example.com/ic}',
        '',
      ].join('\n'),
    );
    expect(await k('apply', '-f', file)).toBe('ingressclass.networking.orch.io/default-ic created\n');
    expect(await k('create', 'ingress', 'defaulted', '--rule=a.example.com/*=web:80')).toBe(
      'ingress.networking.k8s.io/defaulted created\n',
    );
    expect(await k('create', 'ingress', 'chosen', '--class=other', '--rule=b.example.com/*=web:80')).toBe(
      'ingress.networking.k8s.io/chosen created\n',
    );
    expect(await k('get', 'ingress', '-o', 'jsonpath={range .items[*]}{.metadata.name}={.spec.ingressClassName}{"\\n"}{end}')).toBe(
      'chosen=other\ndefaulted=default-ic\n',
    );
  });

  it('kubectl run --privileged in a restricted namespace is refused with the real message', async () => {
    await k('create', 'namespace', 'psa-demo');
    expect(await k('label', 'namespace', 'psa-demo', 'pod-security.kubernetes.io/enforce=restricted')).toBe('namespace/psa-demo labeled\n');
    const r = await k.result(['-n', 'psa-demo', 'run', 'priv', '--image=busybox', '--privileged']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`Error from server (Forbidden): pods "priv" is forbidden: ${RESTRICTED_PRIVILEGED}\n`);
    // A dry run on the server is refused the same; nothing was made either way.
    const dry = await k.result(['-n', 'psa-demo', 'run', 'priv', '--image=busybox', '--privileged', '--dry-run=server']);
    expect(dry.stderr).toBe(`Error from server (Forbidden): pods "priv" is forbidden: ${RESTRICTED_PRIVILEGED}\n`);
    expect(await k('-n', 'psa-demo', 'get', 'pods', '-o', 'name')).toBe('');
  });

  it('kubectl label ns … enforce=baseline warns about the pods already there', async () => {
    await k('create', 'namespace', 'psa-live');
    for (const name of ['web-1', 'web-2']) await k('-n', 'psa-live', 'run', name, '--image=busybox', '--privileged');
    await k('-n', 'psa-live', 'run', 'plain', '--image=busybox');
    const r = await k.result(['label', 'namespace', 'psa-live', 'pod-security.kubernetes.io/enforce=baseline']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('namespace/psa-live labeled\n');
    expect(r.stderr).toBe(
      'Warning: existing pods in namespace "psa-live" violate the new PodSecurity enforce level "baseline:latest"\n' +
        'Warning: web-1 (and 1 other pod): privileged\n',
    );
  });
});
