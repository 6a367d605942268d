/**
 * Restricted: every container must set `allowPrivilegeEscalation: false` (setuid binaries cannot
 * gain privileges). From v1.25 Windows pods are exempt: the field does not exist there.
 */
import type { Check, CheckPodFn } from './check.ts';
import { containersPhrase, isWindowsPod, visitContainers } from './helpers.ts';

const allowPrivilegeEscalationV1_8: CheckPodFn = (_meta, spec) => {
  const bad: string[] = [];
  visitContainers(spec, (c) => {
    if (c.securityContext?.allowPrivilegeEscalation !== false) bad.push(c.name);
  });
  if (bad.length === 0) return undefined;
  return {
    forbiddenReason: 'allowPrivilegeEscalation != false',
    forbiddenDetail: `${containersPhrase(bad)} must set securityContext.allowPrivilegeEscalation=false`,
  };
};

export const allowPrivilegeEscalation: Check = {
  id: 'allowPrivilegeEscalation',
  level: 'restricted',
  versions: [
    // The field exists from v1.8.
    { minimumMinor: 8, checkPod: allowPrivilegeEscalationV1_8 },
    {
      minimumMinor: 25,
      checkPod: (meta, spec, options) => (isWindowsPod(spec) ? undefined : allowPrivilegeEscalationV1_8(meta, spec, options)),
    },
  ],
};
