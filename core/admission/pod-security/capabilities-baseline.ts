/** Baseline: containers may add only capabilities of the runtime's default set (not NET_RAW). */
import type { Check } from './check.ts';
import { containersPhrase, joinQuote, sortedSet, visitContainers } from './helpers.ts';

export const CAPABILITIES_BASELINE_ID = 'capabilities_baseline';

const DEFAULT_CAPABILITIES: ReadonlySet<string> = new Set([
  'AUDIT_WRITE',
  'CHOWN',
  'DAC_OVERRIDE',
  'FOWNER',
  'FSETID',
  'KILL',
  'MKNOD',
  'NET_BIND_SERVICE',
  'SETFCAP',
  'SETGID',
  'SETPCAP',
  'SETUID',
  'SYS_CHROOT',
]);

export const capabilitiesBaseline: Check = {
  id: CAPABILITIES_BASELINE_ID,
  level: 'baseline',
  versions: [
    {
      minimumMinor: 0,
      checkPod: (_meta, spec) => {
        const bad: string[] = [];
        const added: string[] = [];
        visitContainers(spec, (c) => {
          const forbidden = (c.securityContext?.capabilities?.add ?? []).filter((cap) => !DEFAULT_CAPABILITIES.has(cap));
          if (forbidden.length === 0) return;
          bad.push(c.name);
          added.push(...forbidden);
        });
        if (bad.length === 0) return undefined;
        return {
          forbiddenReason: 'non-default capabilities',
          forbiddenDetail: `${containersPhrase(bad)} must not include ${joinQuote(sortedSet(added))} in securityContext.capabilities.add`,
        };
      },
    },
  ],
};
