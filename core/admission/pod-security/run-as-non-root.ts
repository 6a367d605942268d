/**
 * Restricted: containers must run as non-root — `runAsNonRoot: true` on the pod, or on every
 * container that does not inherit it, and false nowhere.
 */
import type { Check } from './check.ts';
import { containersPhrase, relaxedForUserNamespace, visitContainers } from './helpers.ts';

export const runAsNonRoot: Check = {
  id: 'runAsNonRoot',
  level: 'restricted',
  versions: [
    {
      minimumMinor: 0,
      checkPod: (_meta, spec, options) => {
        // Root in a user namespace is not root on the node.
        if (relaxedForUserNamespace(spec, options.relaxForUserNamespacePods)) return undefined;
        const setters: string[] = [];
        const podValue = spec.securityContext?.runAsNonRoot;
        if (podValue === false) setters.push('pod');
        const explicitlyBad: string[] = [];
        const implicitlyBad: string[] = [];
        visitContainers(spec, (c) => {
          const value = c.securityContext?.runAsNonRoot;
          if (value == null) {
            if (podValue !== true) implicitlyBad.push(c.name);
          } else if (!value) explicitlyBad.push(c.name);
        });
        if (explicitlyBad.length > 0) setters.push(containersPhrase(explicitlyBad));
        // An explicit false is the fault to report first; missing settings only when there is none.
        if (setters.length > 0) {
          return {
            forbiddenReason: 'runAsNonRoot != true',
            forbiddenDetail: `${setters.join(' and ')} must not set securityContext.runAsNonRoot=false`,
          };
        }
        if (implicitlyBad.length > 0) {
          return {
            forbiddenReason: 'runAsNonRoot != true',
            forbiddenDetail: `pod or ${containersPhrase(implicitlyBad)} must set securityContext.runAsNonRoot=true`,
          };
        }
        return undefined;
      },
    },
  ],
};
