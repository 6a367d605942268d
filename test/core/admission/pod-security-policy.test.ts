/**
 * PodSecurity's reading of namespace labels (core/admission/pod-security-admission/policy.ts) and
 * its warnings about existing pods (namespace-warnings.ts): unset modes, failing closed and open,
 * warn following enforce, spelling, and which pods a large namespace has checked.
 */
import { describe, expect, it } from 'vitest';
import { existingPodWarnings } from '../../../core/admission/pod-security-admission/namespace-warnings.ts';
import { levelVersionText, policyFromLabels } from '../../../core/admission/pod-security-admission/policy.ts';
import * as checks from '../../../core/admission/pod-security/checks.ts';
import type { Pod } from '../../../core/registry/types/index.ts';

const P = 'pod-security.orchestrator.io/';
const K = 'pod-security.kubernetes.io/';

describe('the policy a namespace’s labels ask for', () => {
  it.each<{ rule: string; labels: Record<string, string>; policy: string[]; errors: number }>([
    {
      rule: 'no labels: privileged everywhere',
      labels: {},
      policy: ['privileged:latest', 'privileged:latest', 'privileged:latest'],
      errors: 0,
    },
    {
      rule: 'each mode has its own level and version',
      labels: { [`${P}enforce`]: 'baseline', [`${P}audit`]: 'restricted', [`${P}audit-version`]: 'v1.25', [`${P}warn`]: 'baseline' },
      policy: ['baseline:latest', 'restricted:v1.25', 'baseline:latest'],
      errors: 0,
    },
    {
      rule: 'warn follows a stricter enforce, with its version',
      labels: { [`${P}enforce`]: 'restricted', [`${P}enforce-version`]: 'v1.28' },
      policy: ['restricted:v1.28', 'privileged:latest', 'restricted:v1.28'],
      errors: 0,
    },
    {
      rule: 'warn follows enforce’s level but keeps its own version',
      labels: { [`${P}enforce`]: 'restricted', [`${P}warn-version`]: 'v1.25' },
      policy: ['restricted:latest', 'privileged:latest', 'restricted:v1.25'],
      errors: 0,
    },
    {
      rule: 'a warn level set, even lower, is kept',
      labels: { [`${P}enforce`]: 'restricted', [`${P}warn`]: 'privileged' },
      policy: ['restricted:latest', 'privileged:latest', 'privileged:latest'],
      errors: 0,
    },
    {
      rule: 'an unparseable enforce level is enforced as restricted, and warn does not follow it',
      labels: { [`${P}enforce`]: 'strict' },
      policy: ['restricted:latest', 'privileged:latest', 'privileged:latest'],
      errors: 1,
    },
    {
      rule: 'unparseable audit and warn levels fail open; an unparseable version is latest',
      labels: { [`${P}audit`]: 'x', [`${P}warn`]: 'y', [`${P}enforce`]: 'baseline', [`${P}enforce-version`]: '1.25' },
      policy: ['baseline:latest', 'privileged:latest', 'privileged:latest'],
      errors: 3,
    },
    {
      rule: 'the real spelling is read when orch’s is absent',
      labels: { [`${K}enforce`]: 'baseline', [`${P}audit`]: 'restricted', [`${K}audit`]: 'baseline' },
      policy: ['baseline:latest', 'restricted:latest', 'baseline:latest'],
      errors: 0,
    },
  ])('$rule', ({ labels, policy, errors }) => {
    const got = policyFromLabels(labels);
    expect([got.policy.enforce, got.policy.audit, got.policy.warn].map(levelVersionText)).toEqual(policy);
    expect(got.errors).toHaveLength(errors);
  });
});

describe('warnings about the pods in a namespace', () => {
  function pod(name: string, privileged: boolean, controller?: string): Pod {
    return {
      metadata: {
        name,
        ...(controller
          ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: controller, uid: controller, controller: true }] }
          : {}),
      },
      spec: privileged
        ? { containers: [{ name: 'c', image: 'i', securityContext: { privileged: true } }] }
        : { hostNetwork: true, containers: [{ name: 'c', image: 'i' }] },
    } as Pod;
  }
  const baseline = { level: 'baseline' as const, version: 'latest' };

  it('at most 3000 pods are checked, one per controller first', async () => {
    // 3000 replicas of one controller, then a pod of another: the other is among the checked.
    const pods = [...Array.from({ length: 3000 }, (_, i) => pod(`a-${String(i).padStart(4, '0')}`, true, 'a')), pod('b-0', false, 'b')];
    expect(existingPodWarnings('ns', pods, baseline, checks)).toEqual([
      'new PodSecurity enforce level only checked against the first 3000 of 3001 existing pods',
      'existing pods in namespace "ns" violate the new PodSecurity enforce level "baseline:latest"',
      'a-0000 (and 2998 other pods): privileged',
      'b-0: host namespaces',
    ]);
  });

  it('pods of no controller are all checked in order', async () => {
    const pods = [pod('z', true), pod('y', false), pod('x', true)];
    expect(existingPodWarnings('ns', pods, baseline, checks)).toEqual([
      'existing pods in namespace "ns" violate the new PodSecurity enforce level "baseline:latest"',
      'x (and 1 other pod): privileged',
      'y: host namespaces',
    ]);
  });
});
