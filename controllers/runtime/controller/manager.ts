/**
 * The manager owns what controllers share: the client, the clock, one informer per resource, the
 * event recorders. It starts everything added to it (and anything added later at once) and stops
 * it all in reverse: controllers finish the work in hand, then informers close their watches.
 */
import { realClock, type Clock } from '../../../core/util/index.ts';
import { resourceId, type ResourceType } from '../api/resources.ts';
import type { KubeObject } from '../api/types.ts';
import type { Client } from '../client/client.ts';
import { EventRecorder } from '../helpers/events.ts';
import { SharedInformer, type InformerOptions } from '../informer/shared-informer.ts';
import { consoleLogger, type Logger } from '../util/logger.ts';
import { Controller, type ControllerOptions, type Runnable } from './controller.ts';

export interface ManagerOptions {
  readonly client: Client;
  /** The clock informers, queues and recorders run on (default: real time). */
  readonly clock?: Clock;
  readonly logger?: Logger;
  /** Options for every informer the manager makes (streaming list, backoff, page size). */
  readonly informers?: Omit<InformerOptions<KubeObject>, 'indexers'>;
}

/** Builds a runnable against a manager (how sample controllers are handed to `add` or a test env). */
export type RunnableFactory = (mgr: Manager) => Runnable;

export class Manager {
  readonly client: Client;
  readonly clock: Clock;
  readonly logger: Logger;
  private readonly informerOpts: Omit<InformerOptions<KubeObject>, 'indexers'>;
  private readonly informers = new Map<string, SharedInformer<KubeObject>>();
  private readonly runnables: Runnable[] = [];
  private readonly recorders: EventRecorder[] = [];
  private state: 'new' | 'running' | 'stopped' = 'new';

  constructor(opts: ManagerOptions) {
    this.client = opts.client;
    this.clock = opts.clock ?? realClock;
    this.logger = opts.logger ?? consoleLogger;
    this.informerOpts = opts.informers ?? {};
  }

  get running(): boolean {
    return this.state === 'running';
  }

  /** The shared informer of a resource (made, and started if the manager runs, on first use). */
  informer<T extends KubeObject>(type: ResourceType<T>): SharedInformer<T> {
    const id = resourceId(type);
    let inf = this.informers.get(id);
    if (!inf) {
      inf = new SharedInformer<KubeObject>(this.client, type, this.clock, this.informerOpts);
      this.informers.set(id, inf);
      if (this.state === 'running') inf.start();
    }
    return inf as unknown as SharedInformer<T>;
  }

  /** A controller bound to this manager's informers and clock (not yet added). */
  createController<T extends KubeObject>(opts: ControllerOptions<T>): Controller<T> {
    return new Controller<T>(opts, { clock: this.clock, logger: this.logger, informer: (t) => this.informer(t) });
  }

  /** An event recorder whose periodic series writes run while the manager does. */
  eventRecorder(reportingController: string, reportingInstance?: string): EventRecorder {
    const r = new EventRecorder({
      client: this.client,
      clock: this.clock,
      logger: this.logger,
      reportingController,
      ...(reportingInstance ? { reportingInstance } : {}),
    });
    this.recorders.push(r);
    if (this.state === 'running') r.start();
    return r;
  }

  /** Adds a runnable (or builds one); started at once if the manager is running. */
  async add(r: Runnable | RunnableFactory): Promise<Runnable> {
    const runnable = typeof r === 'function' ? r(this) : r;
    this.runnables.push(runnable);
    if (this.state === 'running') await runnable.start();
    return runnable;
  }

  /** Whether every runnable has nothing to do right now. */
  isIdle(): boolean {
    return this.runnables.every((r) => r.isIdle?.() ?? true);
  }

  /** Resolves once every runnable is idle at the same time. */
  async whenIdle(): Promise<void> {
    while (!this.isIdle()) await Promise.all(this.runnables.map((r) => r.whenIdle?.()));
  }

  /** Starts informers, recorders and runnables; resolves once every runnable has started. */
  async start(): Promise<void> {
    if (this.state !== 'new') throw new Error(`the manager cannot start: it is ${this.state}`);
    this.state = 'running';
    for (const inf of this.informers.values()) inf.start();
    for (const r of this.recorders) r.start();
    await Promise.all(this.runnables.map((r) => r.start()));
  }

  async stop(): Promise<void> {
    if (this.state !== 'running') {
      this.state = 'stopped';
      return;
    }
    this.state = 'stopped';
    for (const r of [...this.runnables].reverse()) {
      try {
        await r.stop();
      } catch (err) {
        this.logger.error(`${r.name}: failed to stop`, err);
      }
    }
    for (const r of this.recorders) r.stop();
    for (const inf of this.informers.values()) inf.stop();
  }
}
