/**
 * The built-in controllers (controllers/builtin.ts), run in the worker against its own API server
 * as orch-apiserver runs them: those on by default whose feature gates the server has on, given
 * the server's gates, through the same client any program uses on the in-process transport
 * orch-apiserver's controllers use (straight onto `api.handle`: no Service Worker, no WHATWG
 * Request in between — a browser's Request drops the User-Agent header, and with it the field
 * manager the server names the controllers' writes after). The "controllers" switch starts and
 * stops a manager running all of them; the sample finalizer controller is no built-in and does
 * not run here.
 *
 * The pod simulator reads `settings.podSimulator`; changing those settings restarts the manager.
 */
import type { ApiServer, Clock } from '../../core/index.ts';
import {
  BUILTIN_CONTROLLERS,
  cannotRun,
  Client,
  inProcessTransport,
  Manager,
  takingTurns,
  type BuiltinController,
} from '../../controllers/index.ts';
import type { PodSimulatorSettings, RuntimeSettings } from '../protocol/control.ts';

interface TaskScheduler {
  postTask(task: () => void, options?: { priority?: 'user-blocking' | 'user-visible' | 'background' }): Promise<void>;
}

/**
 * A task of its own: `scheduler.postTask` where the browser has it, else a message to itself
 * (setTimeout would be clamped to 4 ms once nested, for every request of a burst).
 */
function nextTask(task: () => void): void {
  const scheduler = (globalThis as { scheduler?: TaskScheduler }).scheduler;
  if (scheduler) {
    void scheduler.postTask(task, { priority: 'user-visible' });
    return;
  }
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    task();
  };
  channel.port2.postMessage(undefined);
}

export interface ControllerHost {
  /** Names of the controllers this build runs against this server. */
  readonly available: readonly string[];
  /** Names of the controllers running now. */
  readonly running: readonly string[];
  /** Starts or stops them to match the settings (settled in order). */
  apply(settings: RuntimeSettings): Promise<void>;
  stop(): Promise<void>;
}

export interface ControllerEnvironment {
  /** The API server the controllers run against, in this worker, and its feature gates. */
  readonly api: Pick<ApiServer, 'handle' | 'gates'>;
  readonly clock: Clock;
}

/**
 * The User-Agent, hence field manager, of the controllers' writes: the name orch-apiserver's
 * controllers have (server/controllers.ts), so managed fields read the same in both hosts.
 */
const CONTROLLER_MANAGER = 'orch-controller-manager';

/** The pod simulator is a switch of its own: the others run whenever the controllers do. */
function wanted(c: BuiltinController, s: RuntimeSettings): boolean {
  return c.name !== 'pod-lifecycle' || s.podSimulator.enabled;
}

export function startControllers(env: ControllerEnvironment, settings: RuntimeSettings): ControllerHost {
  const gates = env.api.gates;
  const available: readonly BuiltinController[] = BUILTIN_CONTROLLERS.filter(
    // The playground's server makes its signing key when first needed: no tokens controller.
    (c) => c.enabledByDefault && cannotRun(c, { gates, signingKey: false }) === undefined,
  );
  let manager: Manager | undefined;
  let started: RuntimeSettings | undefined;
  let queue: Promise<void> = Promise.resolve();

  const start = async (s: RuntimeSettings) => {
    const m = new Manager({
      // One request per task of the worker's event loop: a page's request that comes while the
      // controllers start (or reconcile in a burst) is answered between two of theirs, not after
      // all of them.
      client: new Client({ transport: takingTurns(inProcessTransport(env.api), nextTask), userAgent: CONTROLLER_MANAGER }),
      clock: env.clock,
    });
    const podLifecycle = { readyDelayMs: s.podSimulator.readyDelayMs, stopDelayMs: s.podSimulator.stopDelayMs };
    for (const c of available) if (wanted(c, s)) await m.add(c.create({ gates, podLifecycle }));
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
        const simulatorChanged =
          was !== undefined && (Object.keys(s.podSimulator) as (keyof PodSimulatorSettings)[]).some((k) => was[k] !== s.podSimulator[k]);
        if (manager && (!s.controllers || simulatorChanged)) await halt();
        if (s.controllers && !manager) await start(s);
      })
      .catch((err: unknown) => console.error('orch: controllers failed to start or stop', err));
    return queue;
  };
  void apply(settings);

  return {
    available: available.map((c) => c.name),
    get running() {
      const s = started;
      return manager && s ? available.filter((c) => wanted(c, s)).map((c) => c.name) : [];
    },
    apply,
    async stop() {
      queue = queue.then(halt, halt);
      await queue;
    },
  };
}
