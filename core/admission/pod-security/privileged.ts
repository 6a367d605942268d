/** Baseline: privileged containers turn off most isolation, so none may set `privileged: true`. */
import type { Check } from './check.ts';
import { containersPhrase, visitContainers } from './helpers.ts';

export const privileged: Check = {
  id: 'privileged',
  level: 'baseline',
  versions: [
    {
      minimumMinor: 0,
      checkPod: (_meta, spec) => {
        const bad: string[] = [];
        visitContainers(spec, (c) => {
          if (c.securityContext?.privileged === true) bad.push(c.name);
        });
        if (bad.length === 0) return undefined;
        return { forbiddenReason: 'privileged', forbiddenDetail: `${containersPhrase(bad)} must not set securityContext.privileged=true` };
      },
    },
  ],
};
