/**
 * The warnings a stricter enforce level on a namespace gives about the pods already in it: they
 * keep running, but the user learns which would now be refused. Pods with the same violations are
 * reported once, by the first of their names, with how many others share them; one pod per
 * controller is checked before the other replicas, and at most 3000 pods are.
 */
import type { ObjectMeta, Pod } from '../../registry/types/index.ts';
import { compareStrings } from '../../util/compare.ts';
import { levelVersionText, type LevelVersion } from './policy.ts';
import type { PodSecurityChecks } from './admission.ts';

const MAX_PODS_TO_CHECK = 3000;

export function existingPodWarnings(namespace: string, pods: readonly Pod[], enforce: LevelVersion, checks: PodSecurityChecks): string[] {
  const ordered = controllersFirst(pods);
  const checked = ordered.slice(0, MAX_PODS_TO_CHECK);
  const byReasons = new Map<string, { first: string; count: number }>();
  for (const pod of checked) {
    const results = checks.checkPod(enforce.level, enforce.version, pod.metadata ?? {}, pod.spec ?? {});
    if (!results.length) continue;
    const reasons = results.map((r) => r.forbiddenReason).join(', ');
    const name = pod.metadata?.name ?? '';
    const seen = byReasons.get(reasons);
    if (!seen) byReasons.set(reasons, { first: name, count: 1 });
    else {
      seen.count++;
      if (compareStrings(name, seen.first) < 0) seen.first = name;
    }
  }
  const warnings: string[] = [];
  if (checked.length < ordered.length) {
    warnings.push(`new PodSecurity enforce level only checked against the first ${checked.length} of ${ordered.length} existing pods`);
  }
  if (byReasons.size) {
    warnings.push(`existing pods in namespace "${namespace}" violate the new PodSecurity enforce level "${levelVersionText(enforce)}"`);
  }
  const perPod = [...byReasons].map(([reasons, { first, count }]) => `${first}${others(count - 1)}: ${reasons}`);
  return [...warnings, ...perPod.sort(compareStrings)];
}

function others(n: number): string {
  if (n === 0) return '';
  return n === 1 ? ' (and 1 other pod)' : ` (and ${n} other pods)`;
}

/** The first pod of each controller (and every pod without one) before the other replicas. */
function controllersFirst(pods: readonly Pod[]): Pod[] {
  const first: Pod[] = [];
  const rest: Pod[] = [];
  const seen = new Set<string>();
  for (const pod of pods) {
    const owner = controllerUid(pod.metadata);
    if (owner === undefined) first.push(pod);
    else if (seen.has(owner)) rest.push(pod);
    else {
      seen.add(owner);
      first.push(pod);
    }
  }
  return [...first, ...rest];
}

function controllerUid(meta: ObjectMeta | undefined): string | undefined {
  return meta?.ownerReferences?.find((r) => r.controller === true)?.uid;
}
