/**
 * Restricted (from v1.19): every container must run under RuntimeDefault or Localhost seccomp,
 * set on the pod or on the container. It replaces the baseline seccomp check; from v1.25 Windows
 * pods are exempt.
 */
import type { Check, CheckPodFn } from './check.ts';
import { containersPhrase, isWindowsPod, visitContainers } from './helpers.ts';
import { explicitlyBadSeccomp, SECCOMP_PROFILE_BASELINE_ID, validSeccompType } from './seccomp-profile-baseline.ts';

const seccompProfileRestrictedV1_19: CheckPodFn = (_meta, spec) => {
  // A bad type set explicitly is reported before containers that set nothing.
  const explicit = explicitlyBadSeccomp(spec);
  if (explicit) return explicit;
  const podProfile = spec.securityContext?.seccompProfile;
  const podCovers = podProfile != null && validSeccompType(podProfile.type);
  const uncovered: string[] = [];
  visitContainers(spec, (c) => {
    if (c.securityContext?.seccompProfile == null && !podCovers) uncovered.push(c.name);
  });
  if (uncovered.length === 0) return undefined;
  return {
    forbiddenReason: 'seccompProfile',
    forbiddenDetail: `pod or ${containersPhrase(uncovered)} must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost"`,
  };
};

export const seccompProfileRestricted: Check = {
  id: 'seccompProfile_restricted',
  level: 'restricted',
  versions: [
    { minimumMinor: 19, checkPod: seccompProfileRestrictedV1_19, overrides: [SECCOMP_PROFILE_BASELINE_ID] },
    {
      minimumMinor: 25,
      checkPod: (meta, spec, options) => (isWindowsPod(spec) ? undefined : seccompProfileRestrictedV1_19(meta, spec, options)),
      overrides: [SECCOMP_PROFILE_BASELINE_ID],
    },
  ],
};
