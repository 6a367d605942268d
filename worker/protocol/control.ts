/**
 * The worker's control surface, as pages see it through comlink. HTTP goes through the Service
 * Worker with plain `fetch`; this is for what HTTP does not cover: the store as a whole, the
 * clock, the controllers.
 */
import type { WireRequest, WireResponse } from './port-protocol.ts';
import type { KeyValue } from '../../core/index.ts';

export interface PodSimulatorSettings {
  /** Plays the node agent: marks pods Running, then Ready. */
  readonly enabled: boolean;
  /** How long (on the server's clock) a pod takes to become Ready. */
  readonly readyDelayMs: number;
  /** How long (on the server's clock) a deleted pod stays Terminating while its containers stop. */
  readonly stopDelayMs: number;
}

export interface RuntimeSettings {
  /** The sample controllers (StatefulSet, garbage collection, ...) run in the worker. */
  readonly controllers: boolean;
  /** How fast the server's clock runs (1 = real time, 0 = paused). */
  readonly clockSpeed: number;
  readonly podSimulator: PodSimulatorSettings;
}

/** The whole store at one revision, as the playground exports and imports it (a JSON file). */
export interface Snapshot {
  readonly kind: 'OrchSnapshot';
  readonly version: 1;
  readonly revision: number;
  readonly items: readonly KeyValue[];
}

/** A served kind, for a client that cannot use discovery. */
export interface KindInfo {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  readonly resource: string;
  readonly namespaced: boolean;
  readonly subresources: readonly string[];
}

export interface RuntimeStats {
  /** Differs for every start of the API worker (tells a restarted worker from a running one). */
  readonly instance: string;
  /** `indexeddb` or `memory`. */
  readonly storage: string;
  /** The store's revision (the latest resourceVersion). */
  readonly revision: number;
  /** Storage transactions committed since the worker started. */
  readonly commits: number;
  /** Requests being answered over ports, watches included. */
  readonly openRequests: number;
  /** The server clock (ms since the epoch) and its speed. */
  readonly clockNow: number;
  readonly clockSpeed: number;
  readonly controllers: { readonly available: readonly string[]; readonly running: readonly string[] };
  /**
   * When each step of the worker's start ended, in ms since the epoch (`performance.timeOrigin +
   * performance.now()`), so a page can place them on its own timeline: where a cold start goes.
   */
  readonly boot: readonly BootPhase[];
}

export interface BootPhase {
  readonly phase: string;
  readonly at: number;
}

export interface ThroughputOptions {
  readonly storage: 'indexeddb' | 'memory';
  readonly creates: number;
  /** Creates in flight at once. */
  readonly concurrency: number;
}

export interface ThroughputResult {
  readonly storage: string;
  readonly creates: number;
  readonly ms: number;
  readonly perSecond: number;
  /** Storage transactions used (IndexedDB batches writes). */
  readonly commits: number;
}

export interface OrchControl {
  /** Resolves once the API server is serving. */
  ready(): Promise<RuntimeStats>;
  /** Serve HTTP over this port (the page hands the other end to its Service Worker). */
  connect(port: MessagePort): void;
  /** One request answered whole, straight from the worker (no Service Worker; not for watches). */
  request(req: WireRequest): Promise<WireResponse>;
  kinds(): Promise<KindInfo[]>;
  stats(): Promise<RuntimeStats>;
  /** Deletes every object and starts again (start-up objects come back). */
  reset(): Promise<void>;
  exportSnapshot(): Promise<Snapshot>;
  /** Replaces the store with a snapshot (checked first; a bad one changes nothing). */
  importSnapshot(snapshot: unknown): Promise<void>;
  settings(): Promise<RuntimeSettings>;
  setControllers(enabled: boolean): Promise<RuntimeSettings>;
  setClockSpeed(speed: number): Promise<RuntimeSettings>;
  setPodSimulator(changes: Partial<PodSimulatorSettings>): Promise<RuntimeSettings>;
  /** Creates per second on a scratch store of the given kind (for the P8 benchmark). */
  measureCreates(options: ThroughputOptions): Promise<ThroughputResult>;
}
