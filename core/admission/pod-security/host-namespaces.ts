/** Baseline: sharing the node's network, PID or IPC namespace is forbidden. */
import type { Check } from './check.ts';

export const hostNamespaces: Check = {
  id: 'hostNamespaces',
  level: 'baseline',
  versions: [
    {
      minimumMinor: 0,
      checkPod: (_meta, spec) => {
        const shared: string[] = [];
        if (spec.hostNetwork === true) shared.push('hostNetwork=true');
        if (spec.hostPID === true) shared.push('hostPID=true');
        if (spec.hostIPC === true) shared.push('hostIPC=true');
        if (shared.length === 0) return undefined;
        return { forbiddenReason: 'host namespaces', forbiddenDetail: shared.join(', ') };
      },
    },
  ],
};
