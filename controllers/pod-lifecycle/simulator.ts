/**
 * The pod-lifecycle simulator: the scheduler and the node agent this API server has no real one
 * of. A new pod is bound to a simulated node (round robin) through `POST pods/{name}/binding`, as
 * the real scheduler binds; it then reports ContainerCreating and, after `readyDelayMs` of clock
 * time, Running and Ready. Annotations steer single pods, so ordering is visible:
 *
 * - `sim.orch.io/fail: "true"`: the pod fails instead of becoming ready (phase Failed);
 * - `sim.orch.io/never-ready: "true"`: it runs but its containers never become ready.
 *
 * A pod with scheduling gates is not scheduled until they are removed.
 *
 * A pod whose deletion has begun (kept by finalizers, or marked for graceful deletion) is stopped
 * as a node would: its containers take `stopDelayMs` to exit (at most the pod's grace period),
 * then they show terminated and a final DELETE with grace period 0 confirms the deletion.
 *
 * While the server does not serve the binding subresource, `spec.nodeName` cannot be set after
 * creation (pod updates may not change it): the pod is then placed in status only (PodScheduled,
 * hostIP), and that is logged once.
 */
import type { Pod, PodStatus } from '../../core/registry/types/index.ts';
import { isConflict, isNotFound, ApiError } from '../runtime/client/api-error.ts';
import type { ReconcileResult } from '../runtime/controller/controller.ts';
import type { RunnableFactory } from '../runtime/controller/manager.ts';
import { parseTime } from '../runtime/api/time.ts';
import { PODS } from '../runtime/api/resources.ts';
import { isPodTerminal } from './pod.ts';
import { currentStage, statusFor, type Placement, type Stage } from './status.ts';

export const SIM_FAIL_ANNOTATION = 'sim.orch.io/fail';
export const SIM_NEVER_READY_ANNOTATION = 'sim.orch.io/never-ready';
export const DEFAULT_NODE = 'orch-node-1';

export interface PodLifecycleOptions {
  /** Simulated node names (default `['orch-node-1']`); pods are spread over them in turn. */
  readonly nodes?: readonly string[];
  /** Clock time from scheduling to Running and Ready (default 2000 ms; 0: at once). */
  readonly readyDelayMs?: number;
  /**
   * Clock time a deleted pod's containers take to stop, capped by its grace period (default 0:
   * at once). Meanwhile the pod shows as Terminating.
   */
  readonly stopDelayMs?: number;
  /** Workers (default 10). */
  readonly concurrency?: number;
}

function annotated(pod: Pod, key: string): boolean {
  return pod.metadata.annotations?.[key] === 'true';
}

/** What the pod should show now, given its annotations and how long it has been starting. */
function targetStage(pod: Pod, startedAt: number, now: number, delay: number): Stage {
  if (now - startedAt < delay) return 'starting';
  if (annotated(pod, SIM_FAIL_ANNOTATION)) return 'failed';
  if (annotated(pod, SIM_NEVER_READY_ANNOTATION)) return 'unready';
  return 'ready';
}

/** A 404 that says the URL is not served at all (not that the pod is missing). */
function notServed(err: unknown): boolean {
  return err instanceof ApiError && err.code === 404 && !err.details?.name;
}

export function podLifecycleSimulator(opts: PodLifecycleOptions = {}): RunnableFactory {
  const nodes = opts.nodes?.length ? [...opts.nodes] : [DEFAULT_NODE];
  const delay = Math.max(0, opts.readyDelayMs ?? 2000);
  const stopDelay = Math.max(0, opts.stopDelayMs ?? 0);
  return (mgr) => {
    const pods = mgr.client.resource(PODS);
    let nextNode = 0;
    const podSeq = new Map<string, number>();
    let bindingServed = true;
    /** Pods already given their final DELETE: key → uid (forgotten once the pod is gone). */
    const released = new Map<string, string>();
    // When this node first saw each pod's deletion (by key, for that uid): the kubelet counts the
    // stop from there, and deletionTimestamp is whole seconds, so counting from it alone could end
    // the wait up to a second early.
    const deletionSeen = new Map<string, { readonly uid: string | undefined; readonly at: number }>();

    const hostIP = (node: string) => `172.18.0.${2 + Math.max(0, nodes.indexOf(node))}`;
    const allocatePodIP = (node: string) => {
      const n = podSeq.get(node) ?? 0;
      podSeq.set(node, n + 1);
      const idx = Math.max(0, nodes.indexOf(node));
      return `10.244.${(idx * 16 + Math.floor(n / 254)) % 256}.${(n % 254) + 1}`;
    };

    /** The node a pod was put on: its spec, or (when placed in status only) its host IP. */
    const nodeOf = (pod: Pod): string | undefined => pod.spec?.nodeName || nodes.find((n) => hostIP(n) === pod.status?.hostIP);

    async function bind(pod: Pod, node: string): Promise<void> {
      if (!bindingServed) return;
      const name = pod.metadata.name ?? '';
      const path = pods.inNamespace(pod.metadata.namespace ?? '').objectPath(name, 'binding');
      const body = {
        apiVersion: 'v1',
        kind: 'Binding',
        metadata: { name, namespace: pod.metadata.namespace, uid: pod.metadata.uid },
        target: { apiVersion: 'v1', kind: 'Node', name: node },
      };
      try {
        await mgr.client.requestJson('POST', path, { body: JSON.stringify(body), contentType: 'application/json' });
      } catch (err) {
        if (notServed(err)) {
          bindingServed = false;
          mgr.logger.info(
            'pod-lifecycle: the server does not serve pods/binding; pods are placed in status only (spec.nodeName stays empty)',
          );
          return;
        }
        // Bound meanwhile (by us before a restart, or by someone else): the node is whatever it says.
        if (isConflict(err)) return;
        throw err;
      }
    }

    async function writeStatus(pod: Pod, status: PodStatus): Promise<void> {
      try {
        await pods
          .inNamespace(pod.metadata.namespace ?? '')
          .patch(pod.metadata.name ?? '', { type: 'merge', patch: { status } }, { subresource: 'status' });
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    }

    /** A node stops a deleted pod's containers, then confirms the deletion. */
    async function stop(key: string, pod: Pod, placement: Placement | undefined): Promise<void> {
      const uid = pod.metadata.uid ?? '';
      if (placement && !isPodTerminal(pod)) await writeStatus(pod, statusFor(pod, 'stopped', placement, mgr.clock.now()));
      if (released.get(key) === uid) return;
      released.set(key, uid);
      await pods
        .inNamespace(pod.metadata.namespace ?? '')
        .delete(pod.metadata.name ?? '', { gracePeriodSeconds: 0, preconditions: { uid } })
        .catch((err: unknown) => {
          if (!isNotFound(err) && !isConflict(err)) throw err;
        });
    }

    const podsInformer = mgr.informer(PODS);
    const controller = mgr.createController<Pod>({
      name: 'pod-lifecycle',
      for: PODS,
      concurrency: opts.concurrency ?? 10,
      async reconcile(key): Promise<ReconcileResult | undefined> {
        const pod = podsInformer.store.get(key);
        if (!pod) {
          released.delete(key);
          deletionSeen.delete(key);
          return undefined;
        }
        const now = mgr.clock.now();
        let node = nodeOf(pod);
        const placement = (n: string): Placement => ({ hostIP: hostIP(n), podIP: pod.status?.podIP || allocatePodIP(n) });
        if (pod.metadata.deletionTimestamp) {
          // The containers stop within the grace period the deletion gave them.
          const graceMs = (pod.metadata.deletionGracePeriodSeconds ?? 0) * 1000;
          let seen = deletionSeen.get(key);
          if (!seen || seen.uid !== pod.metadata.uid) {
            seen = { uid: pod.metadata.uid, at: now };
            deletionSeen.set(key, seen);
          }
          const markedAt = Math.max((parseTime(pod.metadata.deletionTimestamp) ?? now) - graceMs, seen.at);
          const stoppedAt = markedAt + Math.min(stopDelay, graceMs);
          if (now < stoppedAt && released.get(key) !== pod.metadata.uid) return { requeueAfter: stoppedAt - now };
          await stop(key, pod, node ? placement(node) : undefined);
          return undefined;
        }
        if (isPodTerminal(pod)) return undefined;
        // The scheduler leaves a pod alone while it has scheduling gates.
        if (!node && pod.spec?.schedulingGates?.length) return undefined;
        if (!node) {
          node = nodes[nextNode++ % nodes.length];
          await bind(pod, node);
        }
        const startedAt = parseTime(pod.status?.startTime) ?? now;
        const want = targetStage(pod, startedAt, now, delay);
        if (currentStage(pod) !== want) await writeStatus(pod, statusFor(pod, want, placement(node), now));
        return want === 'starting' ? { requeueAfter: Math.max(1, startedAt + delay - now) } : undefined;
      },
    });
    return controller;
  };
}
