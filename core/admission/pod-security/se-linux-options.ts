/**
 * Baseline: the SELinux type may only be one of the container types (v1.31 adds
 * `container_engine_t`), and the SELinux user and role may not be set, on pod or containers.
 */
import type { SELinuxOptions } from '../../registry/types/index.ts';
import type { Check, CheckPodFn } from './check.ts';
import { containersPhrase, joinQuote, pluralize, sortedSet, visitContainers } from './helpers.ts';

const TYPES_V1_0: ReadonlySet<string> = new Set(['', 'container_t', 'container_init_t', 'container_kvm_t']);
const TYPES_V1_31: ReadonlySet<string> = new Set([...TYPES_V1_0, 'container_engine_t']);

function seLinuxOptions(allowedTypes: ReadonlySet<string>): CheckPodFn {
  return (_meta, spec) => {
    const badTypes: string[] = [];
    let setUser = false;
    let setRole = false;
    // Every fault of every setter is noted, not only the first, so the detail lists them all.
    const valid = (opts: SELinuxOptions): boolean => {
      let ok = true;
      const type = opts.type ?? '';
      if (!allowedTypes.has(type)) {
        ok = false;
        badTypes.push(type);
      }
      if (opts.user) {
        ok = false;
        setUser = true;
      }
      if (opts.role) {
        ok = false;
        setRole = true;
      }
      return ok;
    };

    const setters: string[] = [];
    const podOptions = spec.securityContext?.seLinuxOptions;
    if (podOptions && !valid(podOptions)) setters.push('pod');
    const bad: string[] = [];
    visitContainers(spec, (c) => {
      const opts = c.securityContext?.seLinuxOptions;
      if (opts && !valid(opts)) bad.push(c.name);
    });
    if (bad.length > 0) setters.push(containersPhrase(bad));
    if (setters.length === 0) return undefined;

    const faults: string[] = [];
    const types = sortedSet(badTypes);
    if (types.length > 0) faults.push(`${pluralize('type', 'types', types.length)} ${joinQuote(types)}`);
    if (setUser) faults.push('user may not be set');
    if (setRole) faults.push('role may not be set');
    return {
      forbiddenReason: 'seLinuxOptions',
      forbiddenDetail: `${setters.join(' and ')} set forbidden securityContext.seLinuxOptions: ${faults.join('; ')}`,
    };
  };
}

export const seLinuxOptionsCheck: Check = {
  id: 'seLinuxOptions',
  level: 'baseline',
  versions: [
    { minimumMinor: 0, checkPod: seLinuxOptions(TYPES_V1_0) },
    { minimumMinor: 31, checkPod: seLinuxOptions(TYPES_V1_31) },
  ],
};
