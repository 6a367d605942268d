/**
 * API Priority and Fairness: every request is classified by the FlowSchemas to a priority level,
 * then runs at once (exempt levels, or a free seat), waits in the level's queues, or is rejected
 * with 429. The server's seats (`--max-requests-inflight` + `--max-mutating-requests-inflight`)
 * are shared among the limited levels in proportion to their `nominalConcurrencyShares`. A watch
 * holds its seat only until its answer starts, as the real platform counts watches by their
 * initial work.
 */
import type { Attributes } from '../auth/attributes.ts';
import type { FlowSchema, PriorityLevelConfiguration } from '../registry/types/flowcontrol-v1.ts';
import { classify, orderSchemas } from './classifier.ts';
import { type LevelConfig, PriorityLevel, type RejectReason } from './priority-level.ts';

export interface FlowControlOptions {
  /** `--max-requests-inflight` (default 400). */
  readonly maxRequestsInflight?: number;
  /** `--max-mutating-requests-inflight` (default 200). */
  readonly maxMutatingRequestsInflight?: number;
  /** How long a request may wait in a queue before it is rejected (default 15 s, as the real server). */
  readonly queueWaitLimitMs?: number;
}

export interface FlowConfigSource {
  flowSchemas(): readonly FlowSchema[];
  priorityLevels(): readonly PriorityLevelConfiguration[];
  onChange(listener: () => void): void;
}

export interface FlowMetrics {
  inQueue(flowSchema: string, priorityLevel: string, delta: number): void;
  executing(flowSchema: string, priorityLevel: string, delta: number): void;
  rejected(flowSchema: string, priorityLevel: string, reason: RejectReason): void;
  dispatched(flowSchema: string, priorityLevel: string): void;
  nominalSeats(priorityLevel: string, seats: number): void;
}

/** A request admitted to run: call `done` when it no longer needs its seat. */
export interface Admission {
  readonly admitted: true;
  readonly flowSchemaUid: string;
  readonly priorityLevelUid: string;
  done(): void;
}

export interface Rejection {
  readonly admitted: false;
  readonly flowSchemaUid: string;
  readonly priorityLevelUid: string;
  readonly reason: RejectReason;
}

export class FlowControl {
  private ordered: FlowSchema[] = [];
  private readonly levels = new Map<string, PriorityLevel>();
  private dirty = true;
  readonly serverSeats: number;
  private readonly waitLimitMs: number;

  constructor(
    private readonly source: FlowConfigSource,
    private readonly metrics: FlowMetrics,
    opts: FlowControlOptions = {},
  ) {
    this.serverSeats = (opts.maxRequestsInflight ?? 400) + (opts.maxMutatingRequestsInflight ?? 200);
    this.waitLimitMs = opts.queueWaitLimitMs ?? 15_000;
    source.onChange(() => {
      this.dirty = true;
    });
  }

  private refresh(): void {
    if (!this.dirty) return;
    this.dirty = false;
    this.ordered = orderSchemas(this.source.flowSchemas());
    const plcs = this.source.priorityLevels();
    const shares = plcs.reduce((sum, p) => sum + (p.spec?.type === 'Limited' ? (p.spec.limited?.nominalConcurrencyShares ?? 30) : 0), 0);
    const seen = new Set<string>();
    for (const p of plcs) {
      const name = p.metadata?.name ?? '';
      seen.add(name);
      const exempt = p.spec?.type === 'Exempt';
      const limited = p.spec?.limited;
      const ncs = limited?.nominalConcurrencyShares ?? 30;
      // The real formula: ceil(server seats × shares / sum of shares); a level with 0 shares gets no seats.
      const seats = exempt ? 0 : shares > 0 ? Math.ceil((this.serverSeats * ncs) / shares) : 0;
      const queuing = limited?.limitResponse?.type === 'Queue' ? limited.limitResponse.queuing : undefined;
      const config: LevelConfig = {
        name,
        uid: p.metadata?.uid ?? '',
        exempt,
        seats,
        queues: queuing ? (queuing.queues ?? 64) : 0,
        handSize: queuing ? (queuing.handSize ?? 8) : 0,
        queueLengthLimit: queuing ? (queuing.queueLengthLimit ?? 50) : 0,
      };
      const existing = this.levels.get(name);
      if (existing) existing.reconfigure(config);
      else this.levels.set(name, new PriorityLevel(config, this.waitLimitMs));
      if (!exempt) this.metrics.nominalSeats(name, seats);
    }
    for (const name of [...this.levels.keys()]) if (!seen.has(name) && this.levels.get(name)!.executing === 0) this.levels.delete(name);
  }

  /** Classifies the request and waits for its seat; undefined when no schema matches (no config yet). */
  async admit(a: Attributes): Promise<Admission | Rejection | undefined> {
    this.refresh();
    const c = classify(this.ordered, a, (name) => this.levels.has(name));
    if (!c) return undefined;
    const fsName = c.schema.metadata?.name ?? '';
    const plName = c.schema.spec?.priorityLevelConfiguration.name ?? '';
    const level = this.levels.get(plName)!;
    const ids = { flowSchemaUid: c.schema.metadata?.uid ?? '', priorityLevelUid: level.config.uid };
    let reason: RejectReason = 'queue-full';
    const got = level.acquire(`${fsName}\u0000${c.flow}`, (r) => {
      reason = r;
    });
    let admitted: boolean;
    if (got === true || got === false) admitted = got;
    else {
      this.metrics.inQueue(fsName, plName, 1);
      admitted = await got;
      this.metrics.inQueue(fsName, plName, -1);
    }
    if (!admitted) {
      this.metrics.rejected(fsName, plName, reason);
      return { admitted: false, ...ids, reason };
    }
    this.metrics.dispatched(fsName, plName);
    this.metrics.executing(fsName, plName, 1);
    let released = false;
    return {
      admitted: true,
      ...ids,
      done: () => {
        if (released) return;
        released = true;
        this.metrics.executing(fsName, plName, -1);
        level.release();
      },
    };
  }
}
