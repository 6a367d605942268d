/**
 * The controllers orch-apiserver runs beside the API, as a small cluster's controller manager
 * and node agent would: they talk to the server through an in-process client on `api.fetch` and
 * run on the server's clock. `--controllers` names them as kube-controller-manager's flag does
 * (`*` for those on by default, `-name` to leave one out). `flowcontrol` keeps the FlowSchema
 * `Dangling` condition (which the real API server maintains itself) so MISSINGPL is answered.
 */
import type { ApiServer } from '../core/index.ts';
import {
  Client,
  garbageCollector,
  inProcessTransport,
  Manager,
  flowSchemaController,
  namespaceController,
  podLifecycleSimulator,
  resourceClaimController,
  statefulSetController,
  type Logger,
  type RunnableFactory,
} from '../controllers/index.ts';
import { takingTurns } from './taking-turns.ts';

export const CONTROLLER_NAMES = ['namespace', 'garbage-collector', 'statefulset', 'pod-lifecycle', 'resource-claim', 'flowcontrol'] as const;
export type ControllerName = (typeof CONTROLLER_NAMES)[number];
/** What runs without `--controllers`, and what `*` stands for. */
export const DEFAULT_CONTROLLERS: readonly ControllerName[] = ['namespace', 'garbage-collector', 'statefulset', 'pod-lifecycle', 'resource-claim', 'flowcontrol'];

export class UnknownControllerError extends Error {}

/** `--controllers` text: names, `*` (those on by default), `-name` (not this one); empty or `none`: none. */
export function parseControllers(text: string): ControllerName[] {
  const parts = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.length === 0 || (parts.length === 1 && parts[0] === 'none')) return [];
  const known = new Set<string>(CONTROLLER_NAMES);
  const on = new Set<ControllerName>();
  const off = new Set<string>();
  for (const p of parts) {
    const name = p.startsWith('-') ? p.slice(1) : p;
    if (p === '*') {
      for (const n of DEFAULT_CONTROLLERS) on.add(n);
      continue;
    }
    if (!known.has(name)) throw new UnknownControllerError(`${JSON.stringify(name)} is not in the list of known controllers (${CONTROLLER_NAMES.join(', ')})`);
    if (p.startsWith('-')) off.add(name);
    else on.add(name as ControllerName);
  }
  return CONTROLLER_NAMES.filter((n) => on.has(n) && !off.has(n));
}

export interface ControllerSettings {
  readonly names: readonly ControllerName[];
  /** `--pod-ready-delay`: how long simulated pods take to become Ready. */
  readonly podReadyDelayMs: number;
  /** `--pod-stop-delay`: how long a deleted simulated pod's containers take to stop. */
  readonly podStopDelayMs: number;
  readonly logger?: Logger;
}

export interface RunningControllers {
  /** The controllers running (a requested one whose API is not served is left out). */
  readonly names: readonly ControllerName[];
  readonly manager: Manager;
  /** Requested controllers that cannot run on this server, with why. */
  readonly skipped: readonly { readonly name: ControllerName; readonly reason: string }[];
  stop(): Promise<void>;
}

export async function startControllers(api: ApiServer, settings: ControllerSettings): Promise<RunningControllers> {
  const gates = api.gates;
  const factories: Record<ControllerName, () => RunnableFactory> = {
    namespace: () => namespaceController(),
    'garbage-collector': () => garbageCollector(),
    statefulset: () =>
      statefulSetController({
        featureGates: { MaxUnavailableStatefulSet: gates.enabled('MaxUnavailableStatefulSet'), StatefulSetAutoDeletePVC: gates.enabled('StatefulSetAutoDeletePVC') },
      }),
    'pod-lifecycle': () => podLifecycleSimulator({ readyDelayMs: settings.podReadyDelayMs, stopDelayMs: settings.podStopDelayMs }),
    'resource-claim': () => resourceClaimController(),
    flowcontrol: () => flowSchemaController(),
  };
  const skipped: { name: ControllerName; reason: string }[] = [];
  const names = settings.names.filter((n) => {
    // As kube-controller-manager: the claim controller runs only where its API is served.
    if (n === 'resource-claim' && !gates.enabled('DynamicResourceAllocation')) {
      skipped.push({ name: n, reason: 'feature gate DynamicResourceAllocation is off' });
      return false;
    }
    return true;
  });
  const client = new Client({ transport: takingTurns(inProcessTransport(api)), userAgent: 'orch-controller-manager' });
  const manager = new Manager({ client, clock: api.clock, ...(settings.logger ? { logger: settings.logger } : {}) });
  for (const n of names) await manager.add(factories[n]());
  await manager.start();
  return { names, manager, skipped, stop: () => manager.stop() };
}
