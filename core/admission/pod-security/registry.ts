/**
 * Which checks run at each policy version, as the real evaluator's registry lays them out: a
 * variant applies from its minimum version up to the next variant's; a check does not run at
 * versions before its first variant; restricted runs the baseline checks its own variants do not
 * override, then its own; within a level, checks run in the byte order of their ids.
 */
import { allowPrivilegeEscalation } from './allow-privilege-escalation.ts';
import { appArmorProfile } from './app-armor-profile.ts';
import { capabilitiesBaseline } from './capabilities-baseline.ts';
import { capabilitiesRestricted } from './capabilities-restricted.ts';
import type { Check, CheckPodFn, VersionedCheck } from './check.ts';
import { sortStrings } from './helpers.ts';
import { hostNamespaces } from './host-namespaces.ts';
import { hostPathVolumes } from './host-path-volumes.ts';
import { hostPorts } from './host-ports.ts';
import { privileged } from './privileged.ts';
import { procMount } from './proc-mount.ts';
import { restrictedVolumes } from './restricted-volumes.ts';
import { runAsNonRoot } from './run-as-non-root.ts';
import { runAsUser } from './run-as-user.ts';
import { seLinuxOptionsCheck } from './se-linux-options.ts';
import { seccompProfileBaseline } from './seccomp-profile-baseline.ts';
import { seccompProfileRestricted } from './seccomp-profile-restricted.ts';
import { sysctls } from './sysctls.ts';
import { windowsHostProcess } from './windows-host-process.ts';

/** The checks of policy v1.32. */
export const CHECKS: readonly Check[] = [
  allowPrivilegeEscalation,
  appArmorProfile,
  capabilitiesBaseline,
  capabilitiesRestricted,
  hostNamespaces,
  hostPathVolumes,
  hostPorts,
  privileged,
  procMount,
  restrictedVolumes,
  runAsNonRoot,
  runAsUser,
  seLinuxOptionsCheck,
  seccompProfileBaseline,
  seccompProfileRestricted,
  sysctls,
  windowsHostProcess,
];

/** The newest minimum version of any variant: `latest`, and every newer version, evaluate as it. */
export const MAX_MINOR = Math.max(...CHECKS.map((c) => c.versions[c.versions.length - 1]!.minimumMinor));

/** The variant of `check` in force at minor version `minor`, if the check exists yet. */
function variantAt(check: Check, minor: number): VersionedCheck | undefined {
  let found: VersionedCheck | undefined;
  for (const v of check.versions) if (v.minimumMinor <= minor) found = v;
  return found;
}

interface LevelTables {
  readonly baseline: readonly CheckPodFn[];
  readonly restricted: readonly CheckPodFn[];
}

function ordered(level: Check['level']): Check[] {
  const byId = new Map(CHECKS.filter((c) => c.level === level).map((c) => [c.id, c]));
  return sortStrings([...byId.keys()]).map((id) => byId.get(id)!);
}

function tablesAt(minor: number): LevelTables {
  const baseline = ordered('baseline').flatMap((c) => {
    const v = variantAt(c, minor);
    return v ? [{ id: c.id, v }] : [];
  });
  const restricted = ordered('restricted').flatMap((c) => {
    const v = variantAt(c, minor);
    return v ? [{ id: c.id, v }] : [];
  });
  const overridden = new Set(restricted.flatMap((r) => r.v.overrides ?? []));
  return {
    baseline: baseline.map((b) => b.v.checkPod),
    restricted: [...baseline.filter((b) => !overridden.has(b.id)), ...restricted].map((r) => r.v.checkPod),
  };
}

/** Each minor version's tables, made when a pod is first checked at it (all of them at load was ~5 ms of a start). */
const TABLES: (LevelTables | undefined)[] = [];

/** The check functions of `level` at minor version `minor` (clamped to MAX_MINOR), in evaluation order. */
export function checksAt(level: 'baseline' | 'restricted', minor: number): readonly CheckPodFn[] {
  const at = Math.min(minor, MAX_MINOR);
  TABLES[at] ??= tablesAt(at);
  return TABLES[at][level];
}
