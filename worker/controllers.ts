/**
 * The sample controllers, run in the worker against its own API server through the same client
 * any program uses, on the in-process transport orch-apiserver's controllers use (straight onto
 * `api.handle`: no Service Worker, no WHATWG Request in between — a browser's Request drops the
 * User-Agent header, and with it the field manager the server names the controllers' writes
 * after). The "controllers" switch starts and stops a manager running all of them.
 *
 * The pod simulator reads `settings.podSimulator`; changing those settings restarts the manager.
 */
import type { ApiServer, Clock } from '../core/index.ts';
import {
  Client,
  finalizerController,
  flowSchemaController,
  garbageCollector,
  inProcessTransport,
  Manager,
  namespaceController,
  podLifecycleSimulator,
  statefulSetController,
  type RunnableFactory,
} from '../controllers/index.ts';
import type { PodSimulatorSettings, RuntimeSettings } from './settings.ts';

export interface ControllerHost {
  /** Names of the controllers this build has. */
  readonly available: readonly string[];
  /** Names of the controllers running now. */
  readonly running: readonly string[];
  /** Starts or stops them to match the settings (settled in order). */
  apply(settings: RuntimeSettings): Promise<void>;
  stop(): Promise<void>;
}

export interface ControllerEnvironment {
  /** The API server the controllers run against, in this worker. */
  readonly api: Pick<ApiServer, 'handle'>;
  readonly clock: Clock;
}

/**
 * The User-Agent, hence field manager, of the controllers' writes: the name orch-apiserver's
 * controllers have (server/controllers.ts), so managed fields read the same in both hosts.
 */
const CONTROLLER_MANAGER = 'orch-controller-manager';

const CONTROLLERS: readonly (readonly [string, (s: RuntimeSettings) => RunnableFactory | undefined])[] = [
  ['namespace', () => namespaceController()],
  ['garbage-collector', () => garbageCollector()],
  ['configmap-mirror', () => finalizerController()],
  ['statefulset', () => statefulSetController()],
  ['flowcontrol', () => flowSchemaController()],
  ['pod-lifecycle', (s) => (s.podSimulator.enabled ? podLifecycleSimulator({ readyDelayMs: s.podSimulator.readyDelayMs, stopDelayMs: s.podSimulator.stopDelayMs }) : undefined)],
];

export function startControllers(env: ControllerEnvironment, settings: RuntimeSettings): ControllerHost {
  let manager: Manager | undefined;
  let started: RuntimeSettings | undefined;
  let queue: Promise<void> = Promise.resolve();

  const start = async (s: RuntimeSettings) => {
    const m = new Manager({ client: new Client({ transport: inProcessTransport(env.api), userAgent: CONTROLLER_MANAGER }), clock: env.clock });
    for (const [, make] of CONTROLLERS) {
      const factory = make(s);
      if (factory) await m.add(factory);
    }
    await m.start();
    manager = m;
    started = s;
  };
  const halt = async () => {
    const m = manager;
    manager = undefined;
    await m?.stop();
  };
  const apply = (s: RuntimeSettings) => {
    queue = queue
      .then(async () => {
        // Any simulator setting changed: the simulator restarts with the new ones.
        const was = started?.podSimulator;
        const simulatorChanged = was !== undefined && (Object.keys(s.podSimulator) as (keyof PodSimulatorSettings)[]).some((k) => was[k] !== s.podSimulator[k]);
        if (manager && (!s.controllers || simulatorChanged)) await halt();
        if (s.controllers && !manager) await start(s);
      })
      .catch((err: unknown) => console.error('orch: controllers failed to start or stop', err));
    return queue;
  };
  void apply(settings);

  return {
    available: CONTROLLERS.map(([name]) => name),
    get running() {
      return manager && started ? CONTROLLERS.filter(([, make]) => make(started!) !== undefined).map(([name]) => name) : [];
    },
    apply,
    async stop() {
      queue = queue.then(halt, halt);
      await queue;
    },
  };
}
