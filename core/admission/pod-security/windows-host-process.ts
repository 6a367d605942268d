/** Baseline: neither the pod nor a container may run as a Windows HostProcess (full node access). */
import type { Check } from './check.ts';
import { containersPhrase, visitContainers } from './helpers.ts';

export const windowsHostProcess: Check = {
  id: 'windowsHostProcess',
  level: 'baseline',
  versions: [
    {
      minimumMinor: 0,
      checkPod: (_meta, spec) => {
        const bad: string[] = [];
        visitContainers(spec, (c) => {
          if (c.securityContext?.windowsOptions?.hostProcess === true) bad.push(c.name);
        });
        const setters: string[] = [];
        if (spec.securityContext?.windowsOptions?.hostProcess === true) setters.push('pod');
        if (bad.length > 0) setters.push(containersPhrase(bad));
        if (setters.length === 0) return undefined;
        return {
          forbiddenReason: 'hostProcess',
          forbiddenDetail: `${setters.join(' and ')} must not set securityContext.windowsOptions.hostProcess=true`,
        };
      },
    },
  ],
};
