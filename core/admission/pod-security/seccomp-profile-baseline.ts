/**
 * Baseline: a seccomp profile, where one is set, must be the runtime's default or one of the node,
 * never Unconfined. Policy versions before v1.19 read the alpha annotations; later ones the
 * `seccompProfile` fields of pod and containers.
 */
import { goQuote } from '../../errors/go-quote.ts';
import {
  PROFILE_DOCKER_DEFAULT,
  PROFILE_LOCALHOST_PREFIX,
  PROFILE_RUNTIME_DEFAULT,
  SECCOMP_CONTAINER_ANNOTATION_PREFIX,
  SECCOMP_POD_ANNOTATION,
} from './annotations.ts';
import type { PodSpec } from '../../registry/types/index.ts';
import type { Check, CheckPodFn, CheckResult } from './check.ts';
import { containersPhrase, joinQuote, pluralize, sortedSet, visitContainers } from './helpers.ts';

export const SECCOMP_PROFILE_BASELINE_ID = 'seccompProfile_baseline';

export const validSeccompType = (type: string | undefined): boolean => type === 'Localhost' || type === 'RuntimeDefault';

const validAnnotation = (value: string): boolean =>
  value === PROFILE_RUNTIME_DEFAULT || value === PROFILE_DOCKER_DEFAULT || value.startsWith(PROFILE_LOCALHOST_PREFIX);

const seccompAnnotationsV1_0: CheckPodFn = (meta, spec) => {
  const annotations = meta.annotations ?? {};
  const forbidden: string[] = [];
  const inspect = (key: string): void => {
    const value = Object.hasOwn(annotations, key) ? annotations[key] : undefined;
    if (value !== undefined && !validAnnotation(value)) forbidden.push(`${key}=${goQuote(value)}`);
  };
  inspect(SECCOMP_POD_ANNOTATION);
  visitContainers(spec, (c) => inspect(SECCOMP_CONTAINER_ANNOTATION_PREFIX + c.name));
  const listed = sortedSet(forbidden);
  if (listed.length === 0) return undefined;
  return {
    forbiddenReason: 'seccompProfile',
    forbiddenDetail: `forbidden ${pluralize('annotation', 'annotations', listed.length)} ${listed.join(', ')}`,
  };
};

/**
 * The pod and the containers that explicitly set a type other than RuntimeDefault or Localhost,
 * as a result; restricted reuses it before its own demand that every container be covered.
 */
export function explicitlyBadSeccomp(spec: PodSpec): CheckResult | undefined {
  const setters: string[] = [];
  const values: string[] = [];
  const podProfile = spec.securityContext?.seccompProfile;
  if (podProfile && !validSeccompType(podProfile.type)) {
    setters.push('pod');
    values.push(podProfile.type ?? '');
  }
  const bad: string[] = [];
  visitContainers(spec, (c) => {
    const profile = c.securityContext?.seccompProfile;
    if (profile && !validSeccompType(profile.type)) {
      bad.push(c.name);
      values.push(profile.type ?? '');
    }
  });
  if (bad.length > 0) setters.push(containersPhrase(bad));
  if (setters.length === 0) return undefined;
  return {
    forbiddenReason: 'seccompProfile',
    forbiddenDetail: `${setters.join(' and ')} must not set securityContext.seccompProfile.type to ${joinQuote(sortedSet(values))}`,
  };
}

export const seccompProfileBaseline: Check = {
  id: SECCOMP_PROFILE_BASELINE_ID,
  level: 'baseline',
  versions: [
    { minimumMinor: 0, checkPod: seccompAnnotationsV1_0 },
    { minimumMinor: 19, checkPod: (_meta, spec) => explicitlyBadSeccomp(spec) },
  ],
};
