/**
 * Baseline: only sysctls namespaced to the pod and isolated from other pods may be set; each policy
 * version that declared more of them safe is a variant.
 */
import type { Check, CheckPodFn } from './check.ts';

const SAFE_V1_0 = [
  'kernel.shm_rmid_forced',
  'net.ipv4.ip_local_port_range',
  'net.ipv4.tcp_syncookies',
  'net.ipv4.ping_group_range',
  'net.ipv4.ip_unprivileged_port_start',
];
const SAFE_V1_27 = [...SAFE_V1_0, 'net.ipv4.ip_local_reserved_ports'];
const SAFE_V1_29 = [
  ...SAFE_V1_27,
  'net.ipv4.tcp_keepalive_time',
  'net.ipv4.tcp_fin_timeout',
  'net.ipv4.tcp_keepalive_intvl',
  'net.ipv4.tcp_keepalive_probes',
];
const SAFE_V1_32 = [...SAFE_V1_29, 'net.ipv4.tcp_rmem', 'net.ipv4.tcp_wmem'];

function sysctlsAllowing(safe: readonly string[]): CheckPodFn {
  const allowed = new Set(safe);
  return (_meta, spec) => {
    // Listed in spec order, repeats included, as the real check does.
    const forbidden = (spec.securityContext?.sysctls ?? []).map((s) => s.name ?? '').filter((name) => !allowed.has(name));
    if (forbidden.length === 0) return undefined;
    return { forbiddenReason: 'forbidden sysctls', forbiddenDetail: forbidden.join(', ') };
  };
}

export const sysctls: Check = {
  id: 'sysctls',
  level: 'baseline',
  versions: [
    { minimumMinor: 0, checkPod: sysctlsAllowing(SAFE_V1_0) },
    { minimumMinor: 27, checkPod: sysctlsAllowing(SAFE_V1_27) },
    { minimumMinor: 29, checkPod: sysctlsAllowing(SAFE_V1_29) },
    { minimumMinor: 32, checkPod: sysctlsAllowing(SAFE_V1_32) },
  ],
};
