/**
 * What the StatefulSet view reads off the API objects (apps/v1 StatefulSet, v1 Pod): each ordinal's
 * pod and its state, the revision it runs, and — for an ordinal without a pod — why the controller
 * has not made it yet. Plain functions of the objects, so the view shows whatever the controller
 * does rather than what it should do.
 */
import { isPodReady } from '../../controllers/pod-lifecycle/index.ts';
import type { Pod, StatefulSet, StatefulSetSpec } from '../../core/registry/types/index.ts';
// The label the controller puts the pod's revision (the ControllerRevision's name) in.
import { REVISION_LABEL } from '../../controllers/statefulset/index.ts';

export function exampleStatefulSet(namespace: string): StatefulSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'web', namespace },
    spec: {
      replicas: 3,
      serviceName: 'web',
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } },
    },
  };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The pods of `sts` by ordinal: controlled by it (or, before owner references, named `<sts>-<n>`). */
export function podsByOrdinal(sts: StatefulSet, pods: readonly Pod[]): Map<number, Pod> {
  const name = sts.metadata?.name ?? '';
  const uid = sts.metadata?.uid;
  const re = new RegExp(`^${escapeRegExp(name)}-(\\d+)$`);
  const out = new Map<number, Pod>();
  for (const p of pods) {
    const m = re.exec(p.metadata?.name ?? '');
    if (!m) continue;
    const owners = p.metadata?.ownerReferences ?? [];
    if (owners.length && !owners.some((o) => o.kind === 'StatefulSet' && (o.uid === uid || o.name === name))) continue;
    out.set(Number(m[1]), p);
  }
  return out;
}

/** What a learner sees of one pod: phase (Pending until a node reports one), Ready, and why not. */
export interface PodState {
  readonly name: string;
  readonly phase: string;
  readonly ready: boolean;
  readonly terminating: boolean;
  /** The revision it was made from (undefined for a pod the controller did not make). */
  readonly revision: string | undefined;
  /** Why it is not ready yet: a container's waiting reason (ContainerCreating, ...) or the Ready condition's. */
  readonly reason: string | undefined;
}

export function podState(p: Pod): PodState {
  const ready = isPodReady(p);
  const waiting = p.status?.containerStatuses?.map((c) => c.state?.waiting?.reason ?? c.state?.terminated?.reason).find(Boolean);
  const readyCondition = p.status?.conditions?.find((c) => c.type === 'Ready');
  return {
    name: p.metadata?.name ?? '',
    phase: p.status?.phase ?? 'Pending',
    ready,
    terminating: !!p.metadata?.deletionTimestamp,
    revision: p.metadata?.labels?.[REVISION_LABEL],
    reason: ready ? undefined : (waiting ?? readyCondition?.reason),
  };
}

export interface Slot {
  readonly ordinal: number;
  readonly pod?: PodState;
  /** For an ordinal without a pod under OrderedReady: the pod the controller waits for first. */
  readonly waitsFor?: string;
}

/**
 * One slot per ordinal the set wants (from `spec.ordinals.start`), plus any pod beyond them still
 * there (being scaled away). Under OrderedReady a missing pod is made only once every lower
 * ordinal is Running and Ready, which is what `waitsFor` says.
 */
export function slotsOf(sts: StatefulSet, pods: readonly Pod[]): Slot[] {
  const spec: Partial<StatefulSetSpec> = sts.spec ?? {};
  const start = spec.ordinals?.start ?? 0;
  const replicas = spec.replicas ?? 1;
  const byOrdinal = podsByOrdinal(sts, pods);
  const highest = Math.max(start + replicas - 1, ...byOrdinal.keys());
  const ordered = (spec.podManagementPolicy ?? 'OrderedReady') === 'OrderedReady';
  const name = sts.metadata?.name ?? '';
  const slots: Slot[] = [];
  let blocker: string | undefined;
  for (let ordinal = start; ordinal <= highest; ordinal++) {
    const p = byOrdinal.get(ordinal);
    const pod = p ? podState(p) : undefined;
    slots.push({ ordinal, ...(pod ? { pod } : {}), ...(!pod && ordered && blocker ? { waitsFor: blocker } : {}) });
    if (!blocker && (!pod?.ready || pod.phase !== 'Running' || pod.terminating)) blocker = pod?.name ?? `${name}-${ordinal}`;
  }
  return slots;
}

/** A revision name without its `<set>-` prefix (the hash is what tells revisions apart). */
export function shortRevision(sts: StatefulSet, revision: string | undefined): string {
  if (!revision) return '–';
  const prefix = `${sts.metadata?.name ?? ''}-`;
  return revision.startsWith(prefix) ? revision.slice(prefix.length) : revision;
}
