/**
 * Controller test environments (`createTestEnv`) that stop after each test, with whatever server
 * they were started against: in-process, against orch-apiserver over HTTP, or through a fetch the
 * test puts in front of an in-process server (to record requests or to break some).
 */
import { afterEach } from 'vitest';
import { createApiServer, VirtualClock } from '../../core/index.ts';
import { createTestEnv, type FetchLike, type TestEnv, type TestEnvOptions } from '../../controllers/index.ts';
import { startServer, type RunningServer, type StartOptions } from '../../server/index.ts';

type EnvOptions = Omit<TestEnvOptions, 'connect' | 'server'>;

export interface ControllerEnvs {
  /** `createTestEnv(options)`: an in-process server, the controllers and a virtual clock. */
  start(options?: TestEnvOptions): Promise<TestEnv>;
  /**
   * orch-apiserver on a free port (with `server` options), and an env reaching it over HTTP;
   * both on the env's virtual clock unless `server.clock` says otherwise.
   */
  overHttp(options?: EnvOptions & { readonly server?: Omit<StartOptions, 'port'> }): Promise<{ env: TestEnv; server: RunningServer }>;
  /** orch-apiserver alone on a free port. */
  serve(options?: Omit<StartOptions, 'port'>): Promise<RunningServer>;
  /** An in-process server on the env's virtual clock, which the env reaches through `front(its fetch)`. */
  behind(front: (inner: FetchLike) => FetchLike, options?: EnvOptions): Promise<TestEnv>;
}

/**
 * Envs and servers made through the answer stop after each test (of the file, or of the
 * `describe` this is called in). `printErrors` prints what the controllers reported, to explain
 * a test that timed out.
 */
export function controllerEnvs(opts: { printErrors?: boolean } = {}): ControllerEnvs {
  const stops: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  });
  const once = (stop: () => Promise<void>) => {
    let done: Promise<void> | undefined;
    stops.push(() => (done ??= stop()));
  };
  const track = (env: TestEnv) => {
    once(async () => {
      if (opts.printErrors && env.errors.length)
        console.log(
          'controller errors:',
          env.errors.map((e) => `${e.message}: ${String(e.detail)}`),
        );
      await env.stop();
    });
    return env;
  };
  const serve = async (options: Omit<StartOptions, 'port'> = {}) => {
    const server = await startServer({ host: '127.0.0.1', ...options, port: 0 });
    once(() => server.shutdown());
    return server;
  };
  return {
    start: async (options = {}) => track(await createTestEnv(options)),
    serve,
    async overHttp(options = {}) {
      const { server: serverOptions, ...envOptions } = options;
      const clock = envOptions.clock ?? new VirtualClock();
      const server = await serve({ clock, ...serverOptions });
      const env = track(await createTestEnv({ ...envOptions, clock, connect: { fetch: (r) => fetch(r), baseUrl: server.url } }));
      return { env, server };
    },
    async behind(front, options = {}) {
      const clock = options.clock ?? new VirtualClock();
      const api = createApiServer({ clock });
      once(() => api.close());
      await api.ready;
      return track(await createTestEnv({ ...options, clock, connect: { fetch: front((r) => api.fetch(r)), baseUrl: 'http://orch.test' } }));
    },
  };
}
