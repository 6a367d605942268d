/**
 * The sample controllers, run in the worker against its own API server through the same client
 * any program uses (built on the server's in-process `fetch`: no Service Worker in between).
 * The "controllers" switch starts and stops a manager running all of them.
 *
 * The StatefulSet controller and the pod simulator are not in `controllers/` yet: the pod
 * simulator's settings are kept and reported, and take effect once it lands (add it to
 * CONTROLLERS, reading `settings.podSimulator`).
 */
import type { Clock } from '../core/index.ts';
import { Client, finalizerController, garbageCollector, Manager, namespaceController, type RunnableFactory } from '../controllers/index.ts';
import type { RuntimeSettings } from './settings.ts';

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
  /** The API server, as a WHATWG fetch. */
  readonly fetch: (request: Request) => Promise<Response>;
  readonly clock: Clock;
}

const CONTROLLERS: readonly (readonly [string, () => RunnableFactory])[] = [
  ['namespace', () => namespaceController()],
  ['garbage-collector', () => garbageCollector()],
  ['configmap-mirror', () => finalizerController()],
];

export function startControllers(env: ControllerEnvironment, settings: RuntimeSettings): ControllerHost {
  let manager: Manager | undefined;
  let queue: Promise<void> = Promise.resolve();

  const start = async () => {
    const m = new Manager({ client: new Client({ fetch: env.fetch, userAgent: 'orch-playground-controllers' }), clock: env.clock });
    for (const [, make] of CONTROLLERS) await m.add(make());
    await m.start();
    manager = m;
  };
  const halt = async () => {
    const m = manager;
    manager = undefined;
    await m?.stop();
  };
  const apply = (s: RuntimeSettings) => {
    queue = queue
      .then(async () => {
        if (s.controllers && !manager) await start();
        else if (!s.controllers && manager) await halt();
      })
      .catch((err: unknown) => console.error('orch: controllers failed to start or stop', err));
    return queue;
  };
  void apply(settings);

  return {
    available: CONTROLLERS.map(([name]) => name),
    get running() {
      return manager ? CONTROLLERS.map(([name]) => name) : [];
    },
    apply,
    async stop() {
      queue = queue.then(halt, halt);
      await queue;
    },
  };
}
