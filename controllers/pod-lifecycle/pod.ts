/**
 * The readiness rules every workload controller shares (and the playground shows): a pod is ready
 * when its `Ready` condition is True, and available once it has been ready for `minReadySeconds`.
 */
import type { Pod, PodCondition } from '../../core/registry/types/index.ts';
import { parseTime } from '../runtime/api/time.ts';

export function podCondition(pod: Pod, type: string): PodCondition | undefined {
  return pod.status?.conditions?.find((c) => c.type === type);
}

export function isPodReady(pod: Pod): boolean {
  return podCondition(pod, 'Ready')?.status === 'True';
}

/**
 * Ready for more than `minReadySeconds` by `now` (ms), measured from the Ready condition's last
 * transition; strictly more, as the real check is.
 */
export function isPodAvailable(pod: Pod, minReadySeconds: number, now: number): boolean {
  if (!isPodReady(pod)) return false;
  if (minReadySeconds <= 0) return true;
  const since = parseTime(podCondition(pod, 'Ready')?.lastTransitionTime);
  return since !== undefined && since + minReadySeconds * 1000 < now;
}

export function isPodTerminal(pod: Pod): boolean {
  return pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
}
