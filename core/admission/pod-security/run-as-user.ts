/** Restricted (from v1.23): neither the pod nor a container may set `runAsUser: 0`. */
import type { Check } from './check.ts';
import { containersPhrase, relaxedForUserNamespace, visitContainers } from './helpers.ts';

export const runAsUser: Check = {
  id: 'runAsUser',
  level: 'restricted',
  versions: [
    {
      minimumMinor: 23,
      checkPod: (_meta, spec, options) => {
        if (relaxedForUserNamespace(spec, options.relaxForUserNamespacePods)) return undefined;
        const setters: string[] = [];
        if (spec.securityContext?.runAsUser === 0) setters.push('pod');
        const bad: string[] = [];
        visitContainers(spec, (c) => {
          if (c.securityContext?.runAsUser === 0) bad.push(c.name);
        });
        if (bad.length > 0) setters.push(containersPhrase(bad));
        if (setters.length === 0) return undefined;
        return { forbiddenReason: 'runAsUser=0', forbiddenDetail: `${setters.join(' and ')} must not set runAsUser=0` };
      },
    },
  ],
};
