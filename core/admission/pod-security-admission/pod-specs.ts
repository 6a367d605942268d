/**
 * Where PodSecurity finds the pod it checks: a Pod is one; the workload kinds carry a pod
 * template, at the path this table names (the real plugin's list, whether or not a kind is
 * served here). And which pod updates are worth checking again.
 */
import type { GroupKind } from '../../errors/status-error.ts';
import type { ObjectMeta, PodSpec } from '../../registry/types/index.ts';
import type { JsonObject } from '../../util/json.ts';
import { isObject } from '../../util/json.ts';

export const POD: GroupKind = { group: '', kind: 'Pod' };

/** Workload kinds and the path of their pod template. */
export const POD_TEMPLATES: readonly (GroupKind & { readonly template: readonly string[] })[] = [
  { group: '', kind: 'PodTemplate', template: ['template'] },
  { group: '', kind: 'ReplicationController', template: ['spec', 'template'] },
  { group: 'apps', kind: 'ReplicaSet', template: ['spec', 'template'] },
  { group: 'apps', kind: 'Deployment', template: ['spec', 'template'] },
  { group: 'apps', kind: 'StatefulSet', template: ['spec', 'template'] },
  { group: 'apps', kind: 'DaemonSet', template: ['spec', 'template'] },
  { group: 'batch', kind: 'Job', template: ['spec', 'template'] },
  { group: 'batch', kind: 'CronJob', template: ['spec', 'jobTemplate', 'spec', 'template'] },
];

export interface PodParts {
  readonly meta: ObjectMeta;
  readonly spec: PodSpec;
}

/** The pod template of a workload object, or undefined when it has none. */
export function templateOf(kind: GroupKind, obj: JsonObject): PodParts | undefined {
  const entry = POD_TEMPLATES.find((t) => t.group === kind.group && t.kind === kind.kind);
  if (!entry) return undefined;
  let at: unknown = obj;
  for (const step of entry.template) at = isObject(at) ? at[step] : undefined;
  if (!isObject(at)) return undefined;
  return { meta: (isObject(at.metadata) ? at.metadata : {}) as ObjectMeta, spec: (isObject(at.spec) ? at.spec : {}) as PodSpec };
}

/** Per-container seccomp annotations of old releases, which the checks still read; in both spellings. */
const CONTAINER_SECCOMP_PREFIXES = ['container.seccomp.security.alpha.orchestrator.io/', 'container.seccomp.security.alpha.kubernetes.io/'];

interface ContainerImage {
  readonly name: string;
  readonly image?: string;
}

/**
 * Whether an update changed what the checks look at. A pod's spec is mostly immutable: only
 * images, container seccomp annotations and added or changed ephemeral containers (or, through
 * other subresources, a different number of containers) can make a valid pod violate a policy.
 */
export function isSignificantPodUpdate(pod: PodParts, old: PodParts): boolean {
  const annotations = pod.meta.annotations ?? {};
  const oldAnnotations = old.meta.annotations ?? {};
  const changed = (c: ContainerImage, o: ContainerImage) =>
    c.image !== o.image || CONTAINER_SECCOMP_PREFIXES.some((p) => annotations[p + c.name] !== oldAnnotations[p + c.name]);
  for (const list of ['containers', 'initContainers'] as const) {
    const now = pod.spec[list] ?? [];
    const before = old.spec[list] ?? [];
    if (now.length !== before.length) return true;
    if (now.some((c, i) => changed(c, before[i]))) return true;
  }
  const oldEphemeral = old.spec.ephemeralContainers ?? [];
  return (pod.spec.ephemeralContainers ?? []).some((c) => {
    const o = oldEphemeral.find((e) => e.name === c.name);
    return !o || changed(c, o);
  });
}
