/** Baseline: containers may not bind ports of the node (`ports[*].hostPort` unset or 0). */
import type { Check } from './check.ts';
import { containersPhrase, pluralize, sortedSet, visitContainers } from './helpers.ts';

export const hostPorts: Check = {
  id: 'hostPorts',
  level: 'baseline',
  versions: [
    {
      minimumMinor: 0,
      checkPod: (_meta, spec) => {
        const bad: string[] = [];
        const ports: string[] = [];
        visitContainers(spec, (c) => {
          const used = (c.ports ?? []).filter((p) => p.hostPort != null && p.hostPort !== 0).map((p) => String(p.hostPort));
          if (used.length === 0) return;
          bad.push(c.name);
          ports.push(...used);
        });
        if (bad.length === 0) return undefined;
        // The real check collects the ports as strings, so they list in string order ("10000" before "80").
        const listed = sortedSet(ports);
        return {
          forbiddenReason: 'hostPort',
          forbiddenDetail: `${containersPhrase(bad)} ${pluralize('uses', 'use', bad.length)} ${pluralize('hostPort', 'hostPorts', listed.length)} ${listed.join(', ')}`,
        };
      },
    },
  ],
};
