/**
 * The pod statuses a node agent reports, stage by stage, shaped as the real one (v1.32) writes
 * them: condition types in its order, `ContainersNotReady` with the unready containers listed,
 * container states `waiting` → `running` (or `terminated`).
 */
import type { Container, ContainerStatus, Pod, PodCondition, PodStatus } from '../../core/registry/types/index.ts';
import { formatTime } from '../runtime/api/time.ts';
import type { PodPhase } from '../runtime/api/types.ts';

/** What the simulator makes of a pod: starting (containers being created), then one of the rest. */
export type Stage = 'starting' | 'ready' | 'unready' | 'failed' | 'stopped';

/** Where the pod runs: what scheduling and the sandbox gave it. */
export interface Placement {
  readonly hostIP: string;
  readonly podIP: string;
}

const CONDITION_ORDER = ['PodReadyToStartContainers', 'Initialized', 'Ready', 'ContainersReady', 'PodScheduled'];

/** The stage a pod's status shows (undefined: the simulator has not started it). */
export function currentStage(pod: Pod): Stage | undefined {
  const s = pod.status;
  if (!s?.startTime) return undefined;
  switch (s.phase) {
    case 'Pending':
      return 'starting';
    case 'Running':
      return (s.containerStatuses ?? []).every((c) => c.ready) && s.conditions?.find((c) => c.type === 'Ready')?.status === 'True'
        ? 'ready'
        : 'unready';
    case 'Failed':
      return 'failed';
    case 'Succeeded':
      return 'stopped';
    default:
      return undefined;
  }
}

function names(cs: readonly Container[]): string {
  return `[${cs.map((c) => c.name).join(' ')}]`;
}

/** A stable fake digest, so the same image always shows the same imageID. */
function digest(text: string): string {
  let h = 0x811c9dc5;
  let out = '';
  for (let round = 0; round < 8; round++) {
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
    h = Math.imul(h ^ round, 0x01000193) >>> 0;
    out += h.toString(16).padStart(8, '0');
  }
  return out;
}

function containerStatus(c: Container, stage: Stage, at: string, uid: string): ContainerStatus {
  const image = c.image ?? '';
  const containerID = `containerd://${digest(`${uid}/${c.name}`)}`;
  const base = { name: c.name, image, imageID: image ? `${image}@sha256:${digest(image)}` : '', restartCount: 0 };
  switch (stage) {
    case 'starting':
      return { ...base, imageID: '', ready: false, started: false, state: { waiting: { reason: 'ContainerCreating' } } };
    case 'ready':
    case 'unready':
      return { ...base, containerID, ready: stage === 'ready', started: true, state: { running: { startedAt: at } } };
    case 'failed':
      return {
        ...base,
        containerID,
        ready: false,
        started: false,
        state: { terminated: { exitCode: 1, reason: 'Error', startedAt: at, finishedAt: at, containerID } },
      };
    case 'stopped':
      return {
        ...base,
        containerID,
        ready: false,
        started: false,
        state: { terminated: { exitCode: 0, reason: 'Completed', startedAt: at, finishedAt: at, containerID } },
      };
  }
}

function initContainerStatus(c: Container, stage: Stage, at: string, uid: string): ContainerStatus {
  if (stage === 'starting')
    return {
      name: c.name,
      image: c.image ?? '',
      imageID: '',
      restartCount: 0,
      ready: false,
      started: false,
      state: { waiting: { reason: 'PodInitializing' } },
    };
  const done = containerStatus(c, 'stopped', at, uid);
  return { ...done, ready: true };
}

function phaseOf(stage: Stage): PodPhase {
  switch (stage) {
    case 'starting':
      return 'Pending';
    case 'ready':
    case 'unready':
      return 'Running';
    case 'failed':
      return 'Failed';
    case 'stopped':
      return 'Succeeded';
  }
}

/** Conditions of `stage`; a condition whose status does not change keeps its transition time. */
function conditions(pod: Pod, stage: Stage, now: number): PodCondition[] {
  const spec = pod.spec ?? { containers: [] };
  const containers = spec.containers ?? [];
  const inits = spec.initContainers ?? [];
  const existing = new Map((pod.status?.conditions ?? []).map((c) => [c.type, c]));
  const terminal = stage === 'failed' || stage === 'stopped';
  const containersReady = stage === 'ready';
  // Readiness gates are conditions someone else sets; Ready waits for them too.
  // (Validation requires a gate's conditionType; one without names no condition to wait for.)
  const gates = (spec.readinessGates ?? []).flatMap((g) => g.conditionType ?? []);
  const missingGates = gates.filter((g) => existing.get(g)?.status !== 'True');
  const unready = terminal || stage === 'starting' ? containers : stage === 'unready' ? containers : [];
  const want: Record<string, Omit<PodCondition, 'type' | 'lastTransitionTime'>> = {
    PodReadyToStartContainers: { status: terminal ? 'False' : 'True' },
    Initialized:
      stage === 'starting' && inits.length
        ? { status: 'False', reason: 'ContainersNotInitialized', message: `containers with incomplete status: ${names(inits)}` }
        : { status: 'True' },
    Ready: terminal
      ? { status: 'False', reason: 'PodCompleted' }
      : containersReady && missingGates.length
        ? {
            status: 'False',
            reason: 'ReadinessGatesNotReady',
            message: `corresponding condition of pod readiness gate "${missingGates[0]}" does not exist.`,
          }
        : containersReady
          ? { status: 'True' }
          : { status: 'False', reason: 'ContainersNotReady', message: `containers with unready status: ${names(unready)}` },
    ContainersReady: terminal
      ? { status: 'False', reason: 'PodCompleted' }
      : containersReady
        ? { status: 'True' }
        : { status: 'False', reason: 'ContainersNotReady', message: `containers with unready status: ${names(unready)}` },
    PodScheduled: { status: 'True' },
  };
  const out: PodCondition[] = [];
  for (const type of CONDITION_ORDER) {
    const before = existing.get(type);
    const next = want[type];
    const lastTransitionTime =
      before && before.status === next.status && before.lastTransitionTime ? before.lastTransitionTime : formatTime(now);
    out.push({ type, ...next, lastTransitionTime });
  }
  // Conditions others own (readiness gates, DisruptionTarget, ...) are kept as they are.
  for (const c of pod.status?.conditions ?? []) if (!CONDITION_ORDER.includes(c.type)) out.push(c);
  return out;
}

/** The status a node agent reports for `pod` at `stage`, at time `now` (ms). */
export function statusFor(pod: Pod, stage: Stage, placement: Placement, now: number): PodStatus {
  const at = formatTime(now);
  const uid = pod.metadata.uid ?? '';
  const spec = pod.spec ?? { containers: [] };
  const status: PodStatus = {
    phase: phaseOf(stage),
    conditions: conditions(pod, stage, now),
    hostIP: placement.hostIP,
    hostIPs: [{ ip: placement.hostIP }],
    podIP: placement.podIP,
    podIPs: [{ ip: placement.podIP }],
    startTime: pod.status?.startTime ?? at,
    containerStatuses: (spec.containers ?? []).map((c) => containerStatus(c, stage, at, uid)),
  };
  if (spec.initContainers?.length) status.initContainerStatuses = spec.initContainers.map((c) => initContainerStatus(c, stage, at, uid));
  return status;
}
