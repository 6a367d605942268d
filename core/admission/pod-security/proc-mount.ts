/** Baseline: containers keep the default masked /proc (`procMount` unset or `Default`). */
import type { Check } from './check.ts';
import { containersPhrase, joinQuote, relaxedForUserNamespace, sortedSet, visitContainers } from './helpers.ts';

export const procMount: Check = {
  id: 'procMount',
  level: 'baseline',
  versions: [
    {
      minimumMinor: 0,
      checkPod: (_meta, spec, options) => {
        // In a user namespace an unmasked /proc exposes nothing of the node.
        if (relaxedForUserNamespace(spec, options.relaxForUserNamespacePods)) return undefined;
        const bad: string[] = [];
        const types: string[] = [];
        visitContainers(spec, (c) => {
          const type = c.securityContext?.procMount;
          if (type == null || type === 'Default') return;
          bad.push(c.name);
          types.push(type);
        });
        if (bad.length === 0) return undefined;
        return {
          forbiddenReason: 'procMount',
          forbiddenDetail: `${containersPhrase(bad)} must not set securityContext.procMount to ${joinQuote(sortedSet(types))}`,
        };
      },
    },
  ],
};
