/**
 * The built-in controllers, as a cluster's controller manager (and node agent) would run them
 * beside the API: one row each, with what kube-controller-manager's controller descriptors say —
 * the name `--controllers` takes, whether it runs by default, the feature gates without which it
 * does not run (its API is not served then), and how to make it. Every host runs this table:
 * orch-apiserver (server/controllers.ts, `--controllers`) and the playground's worker
 * (worker/shared-worker/controllers.ts, its "controllers" switch); they filter it, they do not list their own.
 */
import type { FeatureGates } from '../core/index.ts';
import { flowSchemaController } from './flowcontrol/index.ts';
import { garbageCollector } from './garbage-collector/index.ts';
import { namespaceController } from './namespace/index.ts';
import { podLifecycleSimulator, type PodLifecycleOptions } from './pod-lifecycle/index.ts';
import { resourceClaimController } from './resource-claim/index.ts';
import { serviceAccountController, tokensController, type TokensControllerOptions } from './serviceaccount/index.ts';
import type { RunnableFactory } from './runtime/index.ts';
import { statefulSetController } from './statefulset/index.ts';

export interface BuiltinControllerSettings {
  /**
   * The feature gates of the API server the controllers run against: a controller follows its
   * server's gates, as kube-controller-manager is started with the cluster's.
   */
  readonly gates: Pick<FeatureGates, 'enabled'>;
  /** The pod simulator's pacing (`--pod-ready-delay`, `--pod-stop-delay`). */
  readonly podLifecycle?: PodLifecycleOptions;
  /** The ServiceAccount token signer and root CA, on a host with a signing key of its own (see `needsSigningKey`). */
  readonly serviceAccountTokens?: TokensControllerOptions;
}

export interface BuiltinController {
  readonly name: string;
  /** Run when no list is given, and by `*` in `--controllers`. */
  readonly enabledByDefault: boolean;
  /** Gates that must all be on for it to run: without them its API is not served. */
  readonly featureGates: readonly string[];
  /**
   * Runs only where the host has a ServiceAccount signing key of its own, as kube-controller-manager
   * starts the tokens controller only with `--service-account-private-key-file`.
   */
  readonly needsSigningKey?: boolean;
  create(settings: BuiltinControllerSettings): RunnableFactory;
}

/** In the order they start (and `--controllers` lists them). */
export const BUILTIN_CONTROLLERS = [
  { name: 'namespace', enabledByDefault: true, featureGates: [], create: () => namespaceController() },
  { name: 'garbage-collector', enabledByDefault: true, featureGates: [], create: () => garbageCollector() },
  { name: 'serviceaccount', enabledByDefault: true, featureGates: [], create: () => serviceAccountController() },
  {
    name: 'serviceaccount-token',
    enabledByDefault: true,
    featureGates: [],
    needsSigningKey: true,
    create:
      ({ serviceAccountTokens }) =>
      (mgr) => {
        if (!serviceAccountTokens) throw new Error('the serviceaccount-token controller needs a ServiceAccount signing key');
        return tokensController(serviceAccountTokens)(mgr);
      },
  },
  {
    name: 'statefulset',
    enabledByDefault: true,
    featureGates: [],
    create: ({ gates }) =>
      statefulSetController({
        featureGates: {
          MaxUnavailableStatefulSet: gates.enabled('MaxUnavailableStatefulSet'),
          StatefulSetAutoDeletePVC: gates.enabled('StatefulSetAutoDeletePVC'),
        },
      }),
  },
  // The scheduler and the node agent's part, which a cluster has and the API server does not.
  { name: 'pod-lifecycle', enabledByDefault: true, featureGates: [], create: ({ podLifecycle }) => podLifecycleSimulator(podLifecycle) },
  { name: 'resource-claim', enabledByDefault: true, featureGates: ['DynamicResourceAllocation'], create: () => resourceClaimController() },
  // The real API server keeps FlowSchemas' Dangling condition itself; here a controller does.
  { name: 'flowcontrol', enabledByDefault: true, featureGates: [], create: () => flowSchemaController() },
] as const satisfies readonly BuiltinController[];

export type BuiltinControllerName = (typeof BUILTIN_CONTROLLERS)[number]['name'];

/**
 * Why `controller` cannot run on a host (its server's gates, whether it has a signing key of its
 * own), or undefined when it can.
 */
export function cannotRun(
  controller: BuiltinController,
  host: { gates: Pick<FeatureGates, 'enabled'>; signingKey: boolean },
): string | undefined {
  const gates = gatesMissing(controller, host.gates);
  if (gates) return gates;
  return controller.needsSigningKey && !host.signingKey ? 'no ServiceAccount signing key (--service-account-signing-key-file)' : undefined;
}

/** Why `controller` cannot run against a server with these gates, or undefined when it can. */
export function gatesMissing(controller: BuiltinController, gates: Pick<FeatureGates, 'enabled'>): string | undefined {
  const off = controller.featureGates.filter((g) => !gates.enabled(g));
  if (off.length === 0) return undefined;
  return off.length === 1 ? `feature gate ${off[0]} is off` : `feature gates ${off.join(', ')} are off`;
}
