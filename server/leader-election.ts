/**
 * `--leader-elect`: with several orch-apiserver replicas on one etcd, the built-in controllers
 * run in one of them at a time, as kube-controller-manager's replicas share the Lease
 * `kube-system/kube-controller-manager`: here `orch-system/orch-controller-manager`, with the
 * same defaults (lease 15 s, renew deadline 10 s, retry 2 s). The replica holding the lease runs
 * the controllers; when it stops renewing (it stopped, crashed, or lost etcd), another takes the
 * lease over once it has gone unrenewed for its duration, and starts them. A replica shut down
 * gracefully gives the lease up, so the next one need not wait.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { type ApiServer, CONTROLLER_MANAGER_USER, handleAs } from '../core/index.ts';
import { Client, inProcessTransport, LeaderElector, type Manager } from '../controllers/index.ts';
import { chooseControllers, type ControllerName, type ControllerSettings, runControllers } from './controllers.ts';

export interface LeaderElectionSettings {
  /** `--leader-elect-lease-duration` (default 15 s). */
  readonly leaseDurationMs: number;
  /** `--leader-elect-renew-deadline` (default 10 s). */
  readonly renewDeadlineMs: number;
  /** `--leader-elect-retry-period` (default 2 s). */
  readonly retryPeriodMs: number;
  /** `--leader-elect-resource-namespace` and `--leader-elect-resource-name`: the Lease. */
  readonly namespace: string;
  readonly name: string;
  /** This replica among the candidates (default `<hostname>_<uuid>`, as kube-controller-manager's). */
  readonly identity?: string;
  /** Where leadership changes are told (the command prints them). */
  readonly log?: (line: string) => void;
}

export const DEFAULT_LEADER_ELECTION: LeaderElectionSettings = {
  leaseDurationMs: 15_000,
  renewDeadlineMs: 10_000,
  retryPeriodMs: 2_000,
  namespace: 'orch-system',
  name: 'orch-controller-manager',
};

/** The controllers of a replica that runs them only while it holds the lease. */
export interface ElectedControllers {
  readonly names: readonly ControllerName[];
  readonly skipped: readonly { readonly name: ControllerName; readonly reason: string }[];
  /** This replica's identity in the Lease. */
  readonly identity: string;
  /** `namespace/name` of the Lease. */
  readonly lease: string;
  isLeader(): boolean;
  stop(): Promise<void>;
}

/**
 * Campaigns for the lease and runs the controllers while holding it. Resolves after the first
 * attempt: a lone replica (or the first of several) runs its controllers by then.
 */
export async function electedControllers(
  api: ApiServer,
  settings: ControllerSettings,
  election: LeaderElectionSettings,
): Promise<ElectedControllers> {
  const { chosen, skipped } = chooseControllers(api, settings.names);
  const identity = election.identity ?? `${hostname()}_${randomUUID()}`;
  const lease = `${election.namespace}/${election.name}`;
  let manager: Manager | undefined;
  const elector = new LeaderElector({
    client: new Client({
      transport: inProcessTransport(handleAs(api, CONTROLLER_MANAGER_USER)),
      userAgent: 'orch-controller-manager/leader-election',
    }),
    namespace: election.namespace,
    name: election.name,
    identity,
    leaseDurationMs: election.leaseDurationMs,
    renewDeadlineMs: election.renewDeadlineMs,
    retryPeriodMs: election.retryPeriodMs,
    releaseOnStop: true,
    clock: api.clock,
    ...(settings.logger ? { logger: settings.logger } : {}),
    async onStartedLeading() {
      election.log?.(`leader election: ${identity} acquired the lease ${lease}; controllers started`);
      manager = await runControllers(api, chosen, settings);
    },
    async onStoppedLeading() {
      const stopping = manager;
      manager = undefined;
      await stopping?.stop();
      election.log?.(`leader election: ${identity} no longer holds the lease ${lease}; controllers stopped`);
    },
  });
  await elector.start();
  return {
    names: chosen.map((c) => c.name),
    skipped,
    identity,
    lease,
    isLeader: () => elector.isLeader(),
    stop: () => elector.stop(),
  };
}
