/**
 * Leader election on a Lease, as client-go's leaderelection does it: candidates share one Lease;
 * the holder renews it every retry period, and the others take it over once it has not changed
 * for its lease duration, measured on their own clocks from when they last saw it change (so
 * clocks that disagree between replicas do not matter). A holder that cannot renew within the
 * renew deadline stops leading before the lease can pass to another, so two leaders never act
 * at once as long as renewDeadline < leaseDuration. Writes are guarded by resourceVersion: of two
 * candidates taking an expired lease at once, one gets a 409 and stays a candidate.
 *
 * Unlike kube-controller-manager, which exits when it loses the lease, a replica that loses it
 * stops its controllers and becomes a candidate again: it is also an API server, which must keep
 * serving.
 */
import type { Lease, LeaseSpec } from '../../../core/registry/types/index.ts';
import { formatMicroTime, parseTime } from '../api/time.ts';
import { resourceType } from '../api/resources.ts';
import type { Client, ResourceClient } from '../client/client.ts';
import { ApiError, isConflict, isNotFound } from '../client/api-error.ts';
import { type Clock, realClock } from '../../../core/util/clock.ts';
import type { Logger } from '../util/logger.ts';

export const LEASES = resourceType<Lease>({
  group: 'coordination.orch.io',
  version: 'v1',
  resource: 'leases',
  kind: 'Lease',
  namespaced: true,
});

/** client-go's JitterFactor: the retry period is stretched by up to this much, so candidates spread out. */
const JITTER_FACTOR = 1.2;

export interface LeaderElectionConfig {
  readonly client: Client;
  /** The Lease: `namespace/name`, shared by every candidate. */
  readonly namespace: string;
  readonly name: string;
  /** This candidate, unique among them (kube-controller-manager: `<hostname>_<uuid>`). */
  readonly identity: string;
  /** How long a lease not renewed stays someone's (client-go default 15 s). */
  readonly leaseDurationMs: number;
  /** How long the leader keeps trying to renew before it stops leading (default 10 s). */
  readonly renewDeadlineMs: number;
  /** How often candidates try to take the lease, and the leader renews it (default 2 s). */
  readonly retryPeriodMs: number;
  /** Called when this candidate starts leading; leading lasts until onStoppedLeading. */
  readonly onStartedLeading: () => void | Promise<void>;
  /** Called when leading stops: the lease was lost, or the elector was stopped. */
  readonly onStoppedLeading: () => void | Promise<void>;
  /** Called when the holder this candidate sees changes (its own identity included). */
  readonly onNewLeader?: (identity: string) => void;
  /** Give the lease up when stopped, so another candidate takes over at once (client-go's ReleaseOnCancel). */
  readonly releaseOnStop?: boolean;
  readonly clock?: Clock;
  readonly logger?: Logger;
}

export class LeaderElectionConfigError extends Error {}

/** The checks client-go's NewLeaderElector makes, with its messages. */
export function validateLeaderElectionConfig(c: Omit<LeaderElectionConfig, 'client' | 'onStartedLeading' | 'onStoppedLeading'>): void {
  if (c.leaseDurationMs <= c.renewDeadlineMs) throw new LeaderElectionConfigError('leaseDuration must be greater than renewDeadline');
  if (c.renewDeadlineMs <= JITTER_FACTOR * c.retryPeriodMs)
    throw new LeaderElectionConfigError('renewDeadline must be greater than retryPeriod*JitterFactor');
  if (c.leaseDurationMs < 1000) throw new LeaderElectionConfigError('leaseDuration must be at least one second');
  if (c.renewDeadlineMs <= 0) throw new LeaderElectionConfigError('renewDeadline must be greater than zero');
  if (c.retryPeriodMs <= 0) throw new LeaderElectionConfigError('retryPeriod must be greater than zero');
  if (!c.identity) throw new LeaderElectionConfigError('Lock identity is empty');
  if (!c.name || !c.namespace) throw new LeaderElectionConfigError('the lease needs a namespace and a name');
}

export class LeaderElector {
  private readonly leases: ResourceClient<Lease>;
  private readonly clock: Clock;
  /** The lease spec as last seen, and when (on this clock) it was seen to change. */
  private observed: LeaseSpec | undefined;
  private observedAt = 0;
  private observedLease: Lease | undefined;
  private reportedLeader = '';
  private leading = false;
  private stopped = false;
  private wake: (() => void) | undefined;
  private loop: Promise<void> | undefined;

  constructor(private readonly config: LeaderElectionConfig) {
    validateLeaderElectionConfig(config);
    this.leases = config.client.resource(LEASES, config.namespace);
    this.clock = config.clock ?? realClock;
  }

  get identity(): string {
    return this.config.identity;
  }

  /** Whether this candidate leads now. */
  isLeader(): boolean {
    return this.leading;
  }

  /** The holder this candidate last saw ('' when none). */
  get leader(): string {
    return this.observed?.holderIdentity ?? '';
  }

  /**
   * Starts campaigning. Resolves after the first attempt to take the lease (and, when it was
   * taken, after onStartedLeading): a lone replica leads by the time it answers.
   */
  async start(): Promise<void> {
    if (this.loop) return;
    let first!: () => void;
    const attempted = new Promise<void>((resolve) => {
      first = resolve;
    });
    this.loop = this.run(first);
    await attempted;
  }

  /** Stops campaigning: leading stops (onStoppedLeading), and the lease is given up if configured. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
  }

  private async run(attempted: () => void): Promise<void> {
    try {
      while (!this.stopped) {
        // Candidate: try, then wait a jittered retry period, until the lease is ours.
        if ((await this.tryAcquireOrRenew(this.config.renewDeadlineMs)) && !this.stopped) {
          await this.becomeLeader();
          attempted();
          await this.renewWhileLeading();
        } else {
          attempted();
          if (!this.stopped) await this.sleep(this.config.retryPeriodMs * (1 + Math.random() * (JITTER_FACTOR - 1)));
        }
      }
    } finally {
      attempted();
    }
    await this.stopLeading();
    if (this.config.releaseOnStop) await this.release();
  }

  /** Renews every retry period; returns when stopped, or after leading stopped because no renewal succeeded by the deadline. */
  private async renewWhileLeading(): Promise<void> {
    let renewedAt = this.clock.now();
    while (!this.stopped) {
      await this.sleep(this.config.retryPeriodMs);
      if (this.stopped) return;
      const left = renewedAt + this.config.renewDeadlineMs - this.clock.now();
      if (left > 0 && (await this.tryAcquireOrRenew(left))) {
        renewedAt = this.clock.now();
        continue;
      }
      if (this.clock.now() - renewedAt >= this.config.renewDeadlineMs) {
        this.config.logger?.error(`leader election: ${this.identity} lost the lease ${this.leaseName()}`);
        await this.stopLeading();
        return;
      }
    }
  }

  private async becomeLeader(): Promise<void> {
    this.leading = true;
    this.config.logger?.info(`leader election: ${this.identity} acquired the lease ${this.leaseName()}`);
    await this.config.onStartedLeading();
  }

  private async stopLeading(): Promise<void> {
    if (!this.leading) return;
    this.leading = false;
    await this.config.onStoppedLeading();
  }

  /** One attempt, given at most `withinMs`: true when this candidate holds the lease after it. */
  private async tryAcquireOrRenew(withinMs: number): Promise<boolean> {
    let timer: { cancel(): void } | undefined;
    const timedOut = new Promise<false>((resolve) => {
      timer = this.clock.setTimeout(() => resolve(false), withinMs);
    });
    try {
      return await Promise.race([this.attempt(), timedOut]);
    } catch (err) {
      this.config.logger?.error(`leader election: could not reach the lease ${this.leaseName()}`, err);
      return false;
    } finally {
      timer?.cancel();
    }
  }

  private async attempt(): Promise<boolean> {
    const now = this.clock.now();
    const durationSeconds = Math.floor(this.config.leaseDurationMs / 1000);
    let current: Lease;
    try {
      current = await this.leases.get(this.config.name);
    } catch (err) {
      if (!isNotFound(err)) throw err;
      const spec: LeaseSpec = {
        holderIdentity: this.identity,
        leaseDurationSeconds: durationSeconds,
        acquireTime: formatMicroTime(now),
        renewTime: formatMicroTime(now),
        leaseTransitions: 0,
      };
      try {
        this.see(await this.leases.create({ metadata: { name: this.config.name, namespace: this.config.namespace }, spec }));
        return true;
      } catch (createErr) {
        // Another candidate created it first (409 AlreadyExists): it leads.
        if (createErr instanceof ApiError && createErr.code === 409) return false;
        throw createErr;
      }
    }
    this.see(current);
    const old = current.spec ?? {};
    const holder = old.holderIdentity ?? '';
    const mine = holder === this.identity;
    const validFor = (old.leaseDurationSeconds ?? durationSeconds) * 1000;
    if (holder && !mine && this.observedAt + validFor > now) return false;
    const spec: LeaseSpec = {
      ...old,
      holderIdentity: this.identity,
      leaseDurationSeconds: durationSeconds,
      renewTime: formatMicroTime(now),
      acquireTime: mine ? old.acquireTime : formatMicroTime(now),
      leaseTransitions: mine ? (old.leaseTransitions ?? 0) : (old.leaseTransitions ?? 0) + 1,
    };
    try {
      this.see(await this.leases.update({ ...current, spec }));
      return true;
    } catch (err) {
      if (isConflict(err)) return false;
      throw err;
    }
  }

  /** Gives the lease up: no holder, as client-go's release writes it, so the next candidate need not wait. */
  private async release(): Promise<void> {
    const current = this.observedLease;
    if (!current || current.spec?.holderIdentity !== this.identity) return;
    const now = formatMicroTime(this.clock.now());
    try {
      await this.leases.update({
        ...current,
        spec: { ...current.spec, holderIdentity: '', leaseDurationSeconds: 1, acquireTime: now, renewTime: now },
      });
    } catch (err) {
      this.config.logger?.error(`leader election: could not release the lease ${this.leaseName()}`, err);
    }
  }

  /** Notes the lease as read or written: a changed record restarts the expiry wait. */
  private see(lease: Lease): void {
    this.observedLease = lease;
    const spec = lease.spec ?? {};
    if (!this.observed || !sameRecord(this.observed, spec)) {
      this.observed = spec;
      this.observedAt = this.clock.now();
    }
    const holder = spec.holderIdentity ?? '';
    if (holder !== this.reportedLeader) {
      this.reportedLeader = holder;
      if (holder) this.config.onNewLeader?.(holder);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const handle = this.clock.setTimeout(() => {
        this.wake = undefined;
        resolve();
      }, ms);
      this.wake = () => {
        handle.cancel();
        this.wake = undefined;
        resolve();
      };
    });
  }

  private leaseName(): string {
    return `${this.config.namespace}/${this.config.name}`;
  }
}

function sameRecord(a: LeaseSpec, b: LeaseSpec): boolean {
  return (
    a.holderIdentity === b.holderIdentity &&
    a.leaseDurationSeconds === b.leaseDurationSeconds &&
    parseTime(a.renewTime) === parseTime(b.renewTime) &&
    parseTime(a.acquireTime) === parseTime(b.acquireTime) &&
    a.leaseTransitions === b.leaseTransitions
  );
}
