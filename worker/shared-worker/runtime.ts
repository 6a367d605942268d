/**
 * The browser runtime: one API server on IndexedDB, its clock and its controllers, and the
 * operations on the store as a whole (reset, snapshot export and import) that restart it.
 * It runs in the SharedWorker, so every tab of the origin talks to the same one.
 */
import {
  createApiServer,
  MemoryBackend,
  realClock,
  type ApiRequest,
  type ApiResponse,
  type ApiServer,
  type RequestUrl,
  type StorageBackend,
} from '../../core/index.ts';
import type { BootPhase, KindInfo, OrchControl, RuntimeStats, ThroughputOptions, ThroughputResult } from '../protocol/control.ts';
import { startControllers, type ControllerHost } from './controllers.ts';
import { IndexedDbBackend, type Durability } from './idb-backend.ts';
import type { WireRequest, WireResponse } from '../protocol/port-protocol.ts';
import { servePort, toApiRequest, wholeResponse, type PortServer } from './port-server.ts';
import { ScaledClock } from './scaled-clock.ts';
import type { PodSimulatorSettings, RuntimeSettings, Snapshot } from '../protocol/control.ts';
import { checkSettings, SettingsStore } from './settings.ts';
import { actingAs, CONTROLLER_MANAGER_USER, PAGE_ADMIN, PLAYGROUND_SECURITY } from './identities.ts';
import { parseSnapshot, toSnapshot } from './snapshot.ts';

export interface RuntimeOptions {
  /** IndexedDB database of the store (the settings live in `<name>-settings`). */
  readonly storeName?: string;
  readonly durability?: Durability;
}

interface Running {
  readonly api: ApiServer;
  readonly backend: IndexedDbBackend;
  readonly controllers: ControllerHost;
}

/** Beta gates off by default that the playground turns on, so its tutorial can teach them. */
const PLAYGROUND_GATES = { DynamicResourceAllocation: true } as const;

/** While the clock runs at another speed than the wall's, where it is gets saved this often. */
const CLOCK_SAVE_EVERY_MS = 10_000;

/** Now, in ms since the epoch at the precision of this worker's clock (comparable across contexts). */
function epochNow(): number {
  return performance.timeOrigin + performance.now();
}

function isWatch(url: RequestUrl): boolean {
  const w = url.searchParams.get('watch');
  return w === '1' || w === 'true' || url.pathname.includes('/watch/');
}

export class OrchRuntime {
  readonly instance = crypto.randomUUID();
  private running: Promise<Running>;
  private clock = new ScaledClock();
  private current: RuntimeSettings | undefined;
  private readonly settingsStore: SettingsStore;
  private readonly ports = new Set<PortServer>();
  private readonly storeName: string;
  /** The steps of this worker's start and when each ended. */
  private readonly bootPhases: BootPhase[] = [{ phase: 'worker created', at: performance.timeOrigin }];

  constructor(private readonly options: RuntimeOptions = {}) {
    this.phase('worker script ran');
    this.storeName = options.storeName ?? 'orch';
    this.settingsStore = SettingsStore.for(this.storeName);
    this.running = this.boot();
    this.running.catch((err: unknown) => console.error('orch: the API server failed to start', err));
  }

  /** The API server, once serving (after a restart, the new one). */
  async api(): Promise<ApiServer> {
    return (await this.running).api;
  }

  async handle(req: ApiRequest): Promise<ApiResponse> {
    return (await this.running).api.handle(actingAs(req, PAGE_ADMIN));
  }

  connect(port: MessagePort): void {
    const server = servePort(
      port,
      (req) => this.handle(req),
      () => this.ports.delete(server),
    );
    this.ports.add(server);
  }

  async request(req: WireRequest): Promise<WireResponse> {
    const apiReq = toApiRequest(req);
    if (isWatch(apiReq.url)) throw new TypeError('a watch streams its answer: send it with fetch, through the Service Worker');
    return wholeResponse(await this.handle(apiReq), apiReq.method);
  }

  async stats(): Promise<RuntimeStats> {
    const r = await this.running;
    let openRequests = 0;
    for (const p of this.ports) openRequests += p.openStreams;
    return {
      instance: this.instance,
      storage: r.backend.name,
      revision: await r.backend.currentRevision(),
      commits: r.backend.commits,
      openRequests,
      clockNow: this.clock.now(),
      clockSpeed: this.clock.speed,
      controllers: { available: r.controllers.available, running: r.controllers.running },
      boot: this.bootPhases,
    };
  }

  private phase(name: string): void {
    this.bootPhases.push({ phase: name, at: epochNow() });
  }

  async kinds(): Promise<KindInfo[]> {
    const api = await this.api();
    return api.kinds.map((k) => ({
      group: k.group,
      version: k.version,
      kind: k.kind,
      resource: k.resource,
      namespaced: k.namespaced,
      subresources: Object.keys(k.subresources ?? {}),
    }));
  }

  /** Every object goes; the revision moves on, so every client's watch fails with 410 and it lists again. */
  async reset(): Promise<void> {
    await this.restart(async (revision) => IndexedDbBackend.replace(this.storeName, { revision, items: [] }));
  }

  async exportSnapshot(): Promise<Snapshot> {
    const r = await this.running;
    return toSnapshot(r.backend.contents());
  }

  async importSnapshot(input: unknown): Promise<void> {
    const snapshot = parseSnapshot(input);
    await this.restart(async () => IndexedDbBackend.replace(this.storeName, snapshot));
  }

  async settings(): Promise<RuntimeSettings> {
    await this.running;
    return this.current!;
  }

  async setControllers(enabled: boolean): Promise<RuntimeSettings> {
    return this.changeSettings((s) => ({ ...s, controllers: enabled }));
  }

  async setClockSpeed(speed: number): Promise<RuntimeSettings> {
    return this.changeSettings((s) => ({ ...s, clockSpeed: speed }));
  }

  async setPodSimulator(changes: Partial<PodSimulatorSettings>): Promise<RuntimeSettings> {
    return this.changeSettings((s) => ({ ...s, podSimulator: { ...s.podSimulator, ...changes } }));
  }

  /**
   * Creates per second through the API server on a scratch store, with `concurrency` creates in
   * flight. The scratch database is deleted afterwards; the real store is not touched.
   */
  async measureCreates(o: ThroughputOptions): Promise<ThroughputResult> {
    if (!Number.isInteger(o.creates) || o.creates < 1 || !Number.isInteger(o.concurrency) || o.concurrency < 1) {
      throw new RangeError('creates and concurrency must be positive integers');
    }
    const scratch = `${this.storeName}-bench-${crypto.randomUUID()}`;
    const backend: StorageBackend =
      o.storage === 'memory' ? new MemoryBackend() : await IndexedDbBackend.open({ name: scratch, durability: this.options.durability });
    const api = createApiServer({ storage: backend, clock: realClock });
    try {
      await api.ready;
      let next = 0;
      const lane = async () => {
        while (next < o.creates) {
          const i = next++;
          const body = new TextEncoder().encode(JSON.stringify({ metadata: { name: `bench-${i}` }, data: { i: String(i) } }));
          const res = await api.handle(
            toApiRequest({
              method: 'POST',
              url: 'http://orch.local/api/v1/namespaces/default/configmaps',
              headers: [['content-type', 'application/json']],
              body: body.buffer,
            }),
          );
          if (res.status !== 201) throw new Error(`create ${i} answered ${res.status}`);
        }
      };
      const t0 = performance.now();
      await Promise.all(Array.from({ length: o.concurrency }, lane));
      const ms = performance.now() - t0;
      const commits = backend instanceof IndexedDbBackend ? backend.commits : o.creates;
      return { storage: backend.name, creates: o.creates, ms, perSecond: (o.creates * 1000) / ms, commits };
    } finally {
      await api.close();
      if (o.storage !== 'memory') await IndexedDbBackend.destroy(scratch);
    }
  }

  private async boot(): Promise<Running> {
    const stored = await this.settingsStore.load();
    this.phase('settings loaded');
    this.current = stored.settings;
    this.clock = new ScaledClock(stored.settings.clockSpeed, Date.now() + (stored.clockOffsetMs ?? 0));
    setInterval(() => {
      if (this.clock.speed !== 1) void this.saveSettings();
    }, CLOCK_SAVE_EVERY_MS);
    await this.holdStoreLock();
    this.phase('store lock held');
    const running = await this.open(true);
    this.phase('serving');
    return running;
  }

  /**
   * One writer per store: a worker of a page being reloaded may still be closing when the next
   * one starts. The lock is held for the worker's life and freed by the browser when it ends.
   */
  private async holdStoreLock(): Promise<void> {
    const locks = (globalThis.navigator as Navigator | undefined)?.locks;
    if (!locks) return;
    await new Promise<void>((acquired) => {
      void locks.request(`orch-store:${this.storeName}`, () => {
        acquired();
        return new Promise<void>(() => undefined);
      });
    });
  }

  private async open(first = false): Promise<Running> {
    const backend = await IndexedDbBackend.open({ name: this.storeName, durability: this.options.durability });
    if (first) this.phase('store opened');
    const api = createApiServer({ storage: backend, clock: this.clock, featureGates: PLAYGROUND_GATES, security: PLAYGROUND_SECURITY });
    await api.ready;
    if (first) this.phase(`API server ready (${backend.commits} commits)`);
    const asControllers = { gates: api.gates, handle: (r: ApiRequest) => api.handle(actingAs(r, CONTROLLER_MANAGER_USER)) };
    const controllers = startControllers({ api: asControllers, clock: this.clock }, this.current!);
    return { api, backend, controllers };
  }

  /** Stops the server, changes the database while nothing uses it, and starts a new server. */
  private async restart(change: (revision: number) => Promise<void>): Promise<void> {
    const previous = this.running;
    const next = (async () => {
      const r = await previous.catch(() => undefined);
      let revision = 0;
      if (r) {
        await r.controllers.stop();
        // The core leaves ending watches to its host (the Node host closes their connections).
        for (const p of this.ports) p.endStreams();
        await r.api.close();
        revision = await r.backend.currentRevision();
      }
      let failure: unknown;
      try {
        await change(revision);
      } catch (err) {
        failure = err;
      }
      const opened = await this.open();
      return { opened, failure };
    })();
    this.running = next.then((x) => x.opened);
    const { failure } = await next;
    if (failure) throw failure;
  }

  private async changeSettings(change: (s: RuntimeSettings) => RuntimeSettings): Promise<RuntimeSettings> {
    const r = await this.running;
    const next = checkSettings(change(this.current!));
    this.clock.setSpeed(next.clockSpeed);
    this.current = next;
    await r.controllers.apply(next);
    await this.saveSettings();
    return next;
  }

  private saveSettings(): Promise<void> {
    return this.settingsStore.save({ settings: this.current!, clockOffsetMs: this.clock.now() - Date.now() });
  }
}

/** Only the control surface, for comlink: a page must not reach the runtime's internals. */
export function controlOf(rt: OrchRuntime): OrchControl {
  return {
    ready: () => rt.stats(),
    connect: (port) => rt.connect(port),
    request: (req) => rt.request(req),
    kinds: () => rt.kinds(),
    stats: () => rt.stats(),
    reset: () => rt.reset(),
    exportSnapshot: () => rt.exportSnapshot(),
    importSnapshot: (s) => rt.importSnapshot(s),
    settings: () => rt.settings(),
    setControllers: (on) => rt.setControllers(on),
    setClockSpeed: (speed) => rt.setClockSpeed(speed),
    setPodSimulator: (changes) => rt.setPodSimulator(changes),
    measureCreates: (o) => rt.measureCreates(o),
  };
}
