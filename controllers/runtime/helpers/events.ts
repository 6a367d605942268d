/**
 * An event recorder writing `events.orch.io/v1` Events, aggregating repeats the way the real
 * platform's events library does:
 *
 * - the first occurrence is created as an Event named `<regarding name>.<hex nanoseconds>`;
 * - the first repeat (same action, reason, reporting controller, regarding and related) patches
 *   that Event with `series: {count: 2, lastObservedTime}`;
 * - further repeats only count up locally; the count is written every 30 minutes, and when the
 *   series has been quiet for 6 minutes (its last write), after which a repeat starts a new Event;
 * - a singleton Event is forgotten after 6 minutes.
 *
 * Writes go out one at a time, so a repeat never races the creation it patches. A write the
 * server rejects is dropped (it would be rejected again); one that did not reach the server is
 * retried every 10 seconds, 12 times.
 */
import type { Clock, TimerHandle } from '../../../core/index.ts';
import type { Event, ObjectReference } from '../../../core/registry/types/index.ts';
import { apiVersionOf, EVENTS, type ResourceType } from '../api/resources.ts';
import { formatMicroTime, parseTime } from '../api/time.ts';
import type { KubeObject } from '../api/types.ts';
import { ApiError, isAlreadyExists, isNotFound, isUnsupportedMediaType } from '../client/api-error.ts';
import type { Client, ResourceClient } from '../client/client.ts';
import { consoleLogger, type Logger } from '../util/logger.ts';

export type EventType = 'Normal' | 'Warning';

export interface EventRecorderOptions {
  readonly client: Client;
  readonly clock: Clock;
  /** `reportingController`, e.g. `samples.orch.io/finalizer-controller`. */
  readonly reportingController: string;
  /** `reportingInstance` (default `<reportingController>-<random>`, the real one appends the host name). */
  readonly reportingInstance?: string;
  readonly logger?: Logger;
}

export interface EventSpec {
  /** The object the event is about. */
  readonly regarding: KubeObject | ObjectReference;
  /** A second object involved, if any. */
  readonly related?: KubeObject | ObjectReference;
  readonly type: EventType;
  /** Why (UpperCamelCase, e.g. `CleanedUp`). */
  readonly reason: string;
  /** What was done (UpperCamelCase, e.g. `Delete`). */
  readonly action: string;
  /** Human-readable detail. */
  readonly note?: string;
}

const FINISH_MS = 6 * 60_000;
const REFRESH_MS = 30 * 60_000;
const RETRY_MS = 10_000;
const MAX_TRIES = 12;
const MAX_NAME = 253;
const MAX_RENAMES = 5;

/** An ObjectReference to an object (kind and apiVersion from `type` when the object lacks them). */
export function referenceTo(obj: KubeObject, type?: ResourceType): ObjectReference {
  const ref: ObjectReference = {};
  const kind = obj.kind ?? type?.kind;
  const apiVersion = obj.apiVersion ?? (type ? apiVersionOf(type) : undefined);
  if (kind) ref.kind = kind;
  if (obj.metadata.namespace) ref.namespace = obj.metadata.namespace;
  if (obj.metadata.name) ref.name = obj.metadata.name;
  if (obj.metadata.uid) ref.uid = obj.metadata.uid;
  if (apiVersion) ref.apiVersion = apiVersion;
  if (obj.metadata.resourceVersion) ref.resourceVersion = obj.metadata.resourceVersion;
  return ref;
}

function asReference(x: KubeObject | ObjectReference): ObjectReference {
  return 'metadata' in x && typeof x.metadata === 'object' ? referenceTo(x) : (x as ObjectReference);
}

/** Field order fixed, so equal references give equal keys. */
function refKey(r: ObjectReference | undefined): unknown[] {
  return r ? [r.kind, r.namespace, r.name, r.uid, r.apiVersion, r.resourceVersion, r.fieldPath] : [];
}

export class EventRecorder {
  readonly reportingController: string;
  readonly reportingInstance: string;
  private readonly client: Client;
  private readonly clock: Clock;
  private readonly logger: Logger;
  private readonly cache = new Map<string, Event>();
  private chain: Promise<void> = Promise.resolve();
  private timers: TimerHandle[] = [];
  /** Makes names unique within one clock millisecond (a virtual clock may not move between events). */
  private seq = 0;

  constructor(opts: EventRecorderOptions) {
    this.client = opts.client;
    this.clock = opts.clock;
    this.logger = opts.logger ?? consoleLogger;
    this.reportingController = opts.reportingController;
    this.reportingInstance = opts.reportingInstance ?? `${opts.reportingController}-${crypto.randomUUID().slice(0, 8)}`;
  }

  /** Starts the periodic series writes (the manager does this). */
  start(): void {
    if (this.timers.length) return;
    const every = (ms: number, fn: () => void) => {
      const tick = () => {
        fn();
        this.timers[slot] = this.clock.setTimeout(tick, ms);
      };
      const slot = this.timers.length;
      this.timers.push(this.clock.setTimeout(tick, ms));
    };
    every(FINISH_MS, () => this.finishSeries());
    every(REFRESH_MS, () => this.refreshSeries());
  }

  stop(): void {
    for (const t of this.timers) t.cancel();
    this.timers = [];
  }

  /** Records an event; resolves once it is written (or given up). Callers need not wait. */
  record(spec: EventSpec): Promise<void> {
    if (spec.type !== 'Normal' && spec.type !== 'Warning') {
      this.logger.error(`event type ${JSON.stringify(spec.type)} is not supported (Normal or Warning)`);
      return Promise.resolve();
    }
    const now = this.clock.now();
    const event = this.makeEvent(spec, now);
    const key = JSON.stringify([event.action, event.reason, event.reportingController, refKey(event.regarding), refKey(event.related)]);
    const cached = this.cache.get(key);
    let toWrite: Event | undefined;
    if (cached) {
      if (cached.series) {
        // Counted from 2 by this recorder; the generated type allows a series without a count.
        cached.series.count = (cached.series.count ?? 1) + 1;
        cached.series.lastObservedTime = formatMicroTime(now);
      } else {
        cached.series = { count: 2, lastObservedTime: formatMicroTime(now) };
        toWrite = structuredClone(cached);
      }
    } else {
      this.cache.set(key, event);
      toWrite = structuredClone(event);
    }
    return toWrite ? this.enqueue(toWrite) : this.chain;
  }

  /** Resolves once every write asked for so far is done. */
  flush(): Promise<void> {
    return this.chain;
  }

  private makeEvent(spec: EventSpec, now: number): Event {
    const regarding = asReference(spec.regarding);
    const related = spec.related ? asReference(spec.related) : undefined;
    const name = this.nameFor(regarding, now);
    return {
      apiVersion: apiVersionOf(EVENTS),
      kind: EVENTS.kind,
      metadata: { name, namespace: regarding.namespace || 'default' },
      eventTime: formatMicroTime(now),
      reportingController: this.reportingController,
      reportingInstance: this.reportingInstance,
      action: spec.action,
      reason: spec.reason,
      regarding,
      ...(related ? { related } : {}),
      ...(spec.note !== undefined ? { note: spec.note } : {}),
      type: spec.type,
    };
  }

  /** `<regarding name>.<hex nanoseconds>`; the counter keeps one recorder's names apart within a millisecond. */
  private nameFor(regarding: ObjectReference, now: number): string {
    const nanos = BigInt(Math.floor(now)) * 1_000_000n + BigInt(this.seq++ % 1_000_000);
    const name = `${regarding.name ?? ''}.${nanos.toString(16)}`;
    return name.length > MAX_NAME || !regarding.name ? `${crypto.randomUUID()}.${nanos.toString(16)}` : name;
  }

  private enqueue(event: Event): Promise<void> {
    this.chain = this.chain.then(() => this.attempt(event));
    return this.chain;
  }

  private async attempt(event: Event): Promise<void> {
    /** Whether a failed attempt may still have written the Event (the request may have arrived). */
    let maybeWritten = false;
    let renames = 0;
    for (let tries = 1; ; tries++) {
      try {
        await this.write(event);
        return;
      } catch (err) {
        if (err instanceof ApiError) {
          // Another recorder's Event about an object of the same name, made in the same
          // millisecond (a virtual clock makes that common): this one takes the next name.
          if (isAlreadyExists(err) && !maybeWritten && !event.series && renames++ < MAX_RENAMES) {
            this.rename(event);
            continue;
          }
          if (!isAlreadyExists(err)) this.logger.error(`server rejected event ${event.metadata.name} (will not retry)`, err.message);
          return;
        }
        maybeWritten = true;
        if (tries >= MAX_TRIES) {
          this.logger.error(`unable to write event ${event.metadata.name} (retry limit exceeded)`, err);
          return;
        }
        await this.clock.sleep(RETRY_MS);
      }
    }
  }

  private events(namespace: string): ResourceClient<Event> {
    return this.client.resource(EVENTS, namespace);
  }

  /** A new name for `event`, also in the cache, so a repeat patches the Event that was written. */
  private rename(event: Event): void {
    const old = event.metadata.name;
    event.metadata.name = this.nameFor(event.regarding ?? {}, this.clock.now());
    for (const cached of this.cache.values()) if (cached.metadata.name === old) cached.metadata.name = event.metadata.name;
  }

  private async write(event: Event): Promise<void> {
    const events = this.events(event.metadata.namespace ?? 'default');
    if (event.series) {
      const patch = { series: event.series };
      try {
        try {
          await events.patch(event.metadata.name!, { type: 'strategic', patch });
        } catch (err) {
          // A server without strategic merge patch: for this patch a merge patch means the same.
          if (!isUnsupportedMediaType(err)) throw err;
          await events.patch(event.metadata.name!, { type: 'merge', patch });
        }
        return;
      } catch (err) {
        if (!isNotFound(err)) throw err;
        // The Event is gone (expired or deleted): write it anew, series and all.
      }
    }
    const { resourceVersion: _rv, ...meta } = event.metadata;
    await events.create({ ...event, metadata: meta });
  }

  private finishSeries(): void {
    const cutoff = this.clock.now() - FINISH_MS;
    for (const [key, ev] of [...this.cache]) {
      if (ev.series) {
        if ((parseTime(ev.series.lastObservedTime) ?? 0) < cutoff) {
          this.cache.delete(key);
          void this.enqueue(structuredClone(ev));
        }
      } else if ((parseTime(ev.eventTime) ?? 0) < cutoff) {
        this.cache.delete(key);
      }
    }
  }

  private refreshSeries(): void {
    for (const ev of this.cache.values()) if (ev.series) void this.enqueue(structuredClone(ev));
  }
}
