/**
 * Restricted: every container must drop ALL capabilities and may add back only NET_BIND_SERVICE.
 * It replaces the baseline capabilities check; from v1.25 Windows pods are exempt.
 */
import { CAPABILITIES_BASELINE_ID } from './capabilities-baseline.ts';
import type { Check, CheckPodFn } from './check.ts';
import { containersPhrase, isWindowsPod, joinQuote, sortedSet, visitContainers } from './helpers.ts';

const capabilitiesRestrictedV1_22: CheckPodFn = (_meta, spec) => {
  const missingDropAll: string[] = [];
  const adding: string[] = [];
  const added: string[] = [];
  visitContainers(spec, (c) => {
    const capabilities = c.securityContext?.capabilities;
    if (!capabilities) {
      missingDropAll.push(c.name);
      return;
    }
    if (!(capabilities.drop ?? []).includes('ALL')) missingDropAll.push(c.name);
    const forbidden = (capabilities.add ?? []).filter((cap) => cap !== 'NET_BIND_SERVICE');
    if (forbidden.length > 0) {
      adding.push(c.name);
      added.push(...forbidden);
    }
  });
  const details: string[] = [];
  if (missingDropAll.length > 0) details.push(`${containersPhrase(missingDropAll)} must set securityContext.capabilities.drop=["ALL"]`);
  if (adding.length > 0) {
    details.push(`${containersPhrase(adding)} must not include ${joinQuote(sortedSet(added))} in securityContext.capabilities.add`);
  }
  if (details.length === 0) return undefined;
  return { forbiddenReason: 'unrestricted capabilities', forbiddenDetail: details.join('; ') };
};

export const capabilitiesRestricted: Check = {
  id: 'capabilities_restricted',
  level: 'restricted',
  versions: [
    { minimumMinor: 22, checkPod: capabilitiesRestrictedV1_22, overrides: [CAPABILITIES_BASELINE_ID] },
    {
      minimumMinor: 25,
      checkPod: (meta, spec, options) => (isWindowsPod(spec) ? undefined : capabilitiesRestrictedV1_22(meta, spec, options)),
      overrides: [CAPABILITIES_BASELINE_ID],
    },
  ],
};
