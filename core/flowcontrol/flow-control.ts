/**
 * API Priority and Fairness: every request is classified by the FlowSchemas to a priority level,
 * then runs at once (exempt levels, or free seats), waits in the level's queues, or is rejected
 * with 429. The server's seats (`--max-requests-inflight` + `--max-mutating-requests-inflight`)
 * are shared among the levels in proportion to their `nominalConcurrencyShares` (exempt's count
 * too); each level may lend `lendablePercent` of its nominal seats and borrow up to
 * `borrowingLimitPercent` more, and every adjustment period (10 s) the seats are shared out again
 * by the levels' recent seat demand, as the real controller does. A request occupies the seats
 * its work estimate gives (a LIST by the objects it goes through; a write one, and after its
 * answer as many as the watches its event may go to call for, for the time it takes to tell them).
 * A watch holds its seats only until its answer starts, as the real platform counts watches by
 * their initial work.
 */
import type { Attributes } from '../auth/attributes.ts';
import type { FlowSchema, PriorityLevelConfiguration } from '../registry/types/flowcontrol-v1.ts';
import type { Clock } from '../util/clock.ts';
import { compareStrings } from '../util/compare.ts';
import { allocate } from './allocation.ts';
import { classify, orderSchemas } from './classifier.ts';
import { type Grant, type LevelConfig, type LevelDump, PriorityLevel, type RejectReason } from './priority-level.ts';
import { estimateWork, levelMaxSeats, maxSeatsOf, type WorkEstimate } from './work-estimate.ts';

/** The real controller's borrowing adjustment period. */
const ADJUSTMENT_PERIOD_MS = 10_000;

export interface FlowControlOptions {
  /** `--max-requests-inflight` (default 400). */
  readonly maxRequestsInflight?: number;
  /** `--max-mutating-requests-inflight` (default 200). */
  readonly maxMutatingRequestsInflight?: number;
  /** How long a request may wait in a queue before it is rejected (default 15 s, as the real server). */
  readonly queueWaitLimitMs?: number;
  /** Now, in ms (seat demand is integrated over time, and virtual time advances with it). */
  readonly now?: () => number;
  /** Timers for the queue wait limit and a write's final seats (default: real ones). */
  readonly timers?: Pick<Clock, 'setTimeout'>;
  /**
   * Runs a callback on the host's next turn of its event loop (Node: `setImmediate`). Given, a
   * request's seats are held until then rather than freed the moment its answer is made: on one
   * event loop a request's work runs to its answer without a pause, so seats freed at once would
   * let every request read in one turn run in the order it was read, a flood's ahead of everyone
   * else's. Held to the next turn, the requests read meanwhile wait in their queues, and fair
   * queuing picks which run next, as a seat held while the real server writes the answer does.
   * Absent, seats are freed at once (in-process callers, which read no sockets).
   */
  readonly nextTurn?: (callback: () => void) => void;
}

export interface FlowConfigSource {
  flowSchemas(): readonly FlowSchema[];
  priorityLevels(): readonly PriorityLevelConfiguration[];
  onChange(listener: () => void): void;
  /** How many objects of a resource are stored (undefined: not known), for the seats of a LIST. */
  objectCount?(apiGroup: string, resource: string): number | undefined;
  /**
   * How many open watches a write of an object may have to tell of it (undefined: not known),
   * for its final seats: `name` is the path's ('' for a create), as the real tracker is asked.
   */
  watchCount?(apiGroup: string, resource: string, namespace: string, name: string): number | undefined;
}

export interface FlowMetrics {
  inQueue(flowSchema: string, priorityLevel: string, delta: number): void;
  executing(flowSchema: string, priorityLevel: string, delta: number): void;
  rejected(flowSchema: string, priorityLevel: string, reason: RejectReason): void;
  dispatched(flowSchema: string, priorityLevel: string): void;
  nominalSeats(priorityLevel: string, seats: number): void;
  /** The seats a level keeps however much it lends, and has at most however much it borrows. */
  seatBounds?(priorityLevel: string, lower: number, upper: number): void;
  currentSeats?(priorityLevel: string, seats: number): void;
}

/** A request admitted to run: call `done` when it no longer needs its seats. */
export interface Admission {
  readonly admitted: true;
  readonly flowSchemaUid: string;
  readonly priorityLevelUid: string;
  /** The most seats it occupies. */
  readonly seats: number;
  /** Its seats while it runs, and after its answer. */
  readonly work: WorkEstimate;
  /** Its answer is given: its seats are freed (its final seats after the additional latency). */
  done(): void;
}

export interface Rejection {
  readonly admitted: false;
  readonly flowSchemaUid: string;
  readonly priorityLevelUid: string;
  readonly reason: RejectReason;
}

/** A level's seat limits, as the real controller derives them from its configuration. */
export interface LevelLimits {
  readonly nominal: number;
  /** Seats it never lends: nominal − round(nominal × lendablePercent / 100). */
  readonly min: number;
  /** nominal + round(nominal × borrowingLimitPercent / 100), or + the server's seats when unset. */
  readonly max: number;
  /** The most seats one request may take here (0: no limit of the level's own). */
  readonly maxSeats: number;
  /** The seats it has now, after lending and borrowing. */
  readonly current: number;
}

interface LevelState {
  readonly level: PriorityLevel;
  limits: LevelLimits;
}

/** One priority level's state for the debug dumps. */
export interface LevelDebugState {
  readonly name: string;
  /** Its configuration object is gone, and it stays until its requests are done. */
  readonly quiescing: boolean;
  readonly dump: LevelDump;
}

export class FlowControl {
  private ordered: FlowSchema[] = [];
  private readonly levels = new Map<string, LevelState>();
  private dirty = true;
  readonly serverSeats: number;
  private readonly waitLimitMs: number;
  private readonly now: () => number;
  private readonly timers: Pick<Clock, 'setTimeout'> | undefined;
  private readonly nextTurn: ((callback: () => void) => void) | undefined;
  /** Seats to free on the next turn (see nextTurn), freed together. */
  private releases: (() => void)[] = [];
  private lastAdjustment: number;

  constructor(
    private readonly source: FlowConfigSource,
    private readonly metrics: FlowMetrics,
    opts: FlowControlOptions = {},
  ) {
    this.serverSeats = (opts.maxRequestsInflight ?? 400) + (opts.maxMutatingRequestsInflight ?? 200);
    this.waitLimitMs = opts.queueWaitLimitMs ?? 15_000;
    this.now = opts.now ?? (() => Date.now());
    this.timers = opts.timers;
    this.nextTurn = opts.nextTurn;
    this.lastAdjustment = this.now();
    source.onChange(() => {
      this.dirty = true;
    });
  }

  /** Every priority level, those still draining after their object went included, by name. */
  levelStates(): LevelDebugState[] {
    this.refresh();
    const configured = new Set(this.source.priorityLevels().map((p) => p.metadata?.name ?? ''));
    return [...this.levels]
      .sort(([a], [b]) => compareStrings(a, b))
      .map(([name, s]) => ({ name, quiescing: !configured.has(name), dump: s.level.dump() }));
  }

  /** The seat limits of each level, by name (after reading the current configuration). */
  limits(): ReadonlyMap<string, LevelLimits> {
    this.refresh();
    return new Map([...this.levels].map(([name, s]) => [name, s.limits]));
  }

  private refresh(): void {
    if (!this.dirty) return;
    this.dirty = false;
    this.ordered = orderSchemas(this.source.flowSchemas());
    const plcs = this.source.priorityLevels();
    const sharesOf = (p: PriorityLevelConfiguration) =>
      p.spec?.type === 'Exempt' ? (p.spec.exempt?.nominalConcurrencyShares ?? 0) : (p.spec?.limited?.nominalConcurrencyShares ?? 30);
    const shares = plcs.reduce((sum, p) => sum + sharesOf(p), 0);
    const seen = new Set<string>();
    for (const p of plcs) {
      const name = p.metadata?.name ?? '';
      seen.add(name);
      const exempt = p.spec?.type === 'Exempt';
      const limited = p.spec?.limited;
      // The real formulas: nominal = ceil(server seats × shares / sum of shares); lending and borrowing round.
      const nominal = shares > 0 ? Math.ceil((this.serverSeats * sharesOf(p)) / shares) : 0;
      const lendable = Math.round((nominal * ((exempt ? p.spec?.exempt?.lendablePercent : limited?.lendablePercent) ?? 0)) / 100);
      const borrowPercent = exempt ? undefined : limited?.borrowingLimitPercent;
      const borrowing =
        borrowPercent === undefined || borrowPercent === null ? this.serverSeats : Math.round((nominal * borrowPercent) / 100);
      const queuing = limited?.limitResponse?.type === 'Queue' ? limited.limitResponse.queuing : undefined;
      const handSize = queuing ? (queuing.handSize ?? 8) : 0;
      const existing = this.levels.get(name);
      const current = existing?.limits.current ?? nominal - Math.floor(lendable / 2);
      const limits: LevelLimits = {
        nominal,
        min: nominal - lendable,
        max: nominal + borrowing,
        maxSeats: levelMaxSeats(nominal, handSize),
        current,
      };
      const config: LevelConfig = {
        name,
        uid: p.metadata?.uid ?? '',
        exempt,
        seats: current,
        queues: queuing ? (queuing.queues ?? 64) : 0,
        handSize,
        queueLengthLimit: queuing ? (queuing.queueLengthLimit ?? 50) : 0,
      };
      if (existing) {
        existing.limits = limits;
        existing.level.reconfigure(config);
      } else this.levels.set(name, { level: new PriorityLevel(config, this.waitLimitMs, this.now, this.timers), limits });
      this.metrics.nominalSeats(name, nominal);
      this.metrics.seatBounds?.(name, limits.min, limits.max);
    }
    for (const [name, s] of [...this.levels]) if (!seen.has(name) && s.level.idle) this.levels.delete(name);
    // As the real controller, a new configuration shares the seats out again at once.
    this.adjustLimits();
  }

  /**
   * Shares the server's seats out again by each level's seat demand since the last time: what
   * the real controller does every adjustment period (and on every configuration change).
   */
  adjustLimits(): void {
    this.refresh();
    this.lastAdjustment = this.now();
    const states = [...this.levels.values()];
    const items = states.map(({ level, limits }) => {
      const stats = level.demand.reset();
      const lower = Math.max(limits.min, Math.min(limits.nominal, stats.highWatermark));
      return { lower, upper: limits.max, target: Math.max(lower, stats.smoothed) };
    });
    const total = states.reduce((sum, s) => sum + s.limits.nominal, 0);
    const shares = allocate(total, items);
    states.forEach((s, i) => {
      const current = Math.round(shares[i]);
      s.limits = { ...s.limits, current };
      s.level.reconfigure({ ...s.level.config, seats: current });
      this.metrics.currentSeats?.(s.level.config.name, current);
    });
  }

  /**
   * Classifies the request and waits for its seats; undefined when no schema matches (no config
   * yet). `path` is the request's, for the debug dumps.
   */
  async admit(a: Attributes, query: URLSearchParams = new URLSearchParams(), path?: string): Promise<Admission | Rejection | undefined> {
    this.refresh();
    if (this.now() - this.lastAdjustment >= ADJUSTMENT_PERIOD_MS) this.adjustLimits();
    const c = classify(this.ordered, a, (name) => this.levels.has(name));
    if (!c) return undefined;
    const fsName = c.schema.metadata?.name ?? '';
    const plName = c.schema.spec?.priorityLevelConfiguration.name ?? '';
    const { level, limits } = this.levels.get(plName)!;
    const ids = { flowSchemaUid: c.schema.metadata?.uid ?? '', priorityLevelUid: level.config.uid };
    const work = estimateWork(
      a,
      query,
      (g, r) => this.source.objectCount?.(g, r),
      (g, r, ns, name) => this.source.watchCount?.(g, r, ns, name),
      limits.maxSeats,
    );
    let reason: RejectReason = 'queue-full';
    const got = level.acquire(
      `${fsName}\u0000${c.flow}`,
      (r) => {
        reason = r;
      },
      work,
      { flowSchema: fsName, distinguisher: c.flow, attributes: a, ...(path === undefined ? {} : { path }) },
    );
    let grant: Grant | false;
    if (got instanceof Promise) {
      this.metrics.inQueue(fsName, plName, 1);
      grant = await got;
      this.metrics.inQueue(fsName, plName, -1);
    } else grant = got;
    if (!grant) {
      this.metrics.rejected(fsName, plName, reason);
      return { admitted: false, ...ids, reason };
    }
    this.metrics.dispatched(fsName, plName);
    this.metrics.executing(fsName, plName, 1);
    let released = false;
    return {
      admitted: true,
      ...ids,
      seats: maxSeatsOf(grant.work),
      work: grant.work,
      done: () => {
        if (released) return;
        released = true;
        this.release(() => {
          this.metrics.executing(fsName, plName, -1);
          grant.finish();
        });
      },
    };
  }

  /** Frees seats now, or on the host's next turn with every other freed in this one. */
  private release(free: () => void): void {
    if (!this.nextTurn) return free();
    if (this.releases.push(free) > 1) return;
    this.nextTurn(() => {
      const due = this.releases;
      this.releases = [];
      for (const f of due) f();
    });
  }
}
