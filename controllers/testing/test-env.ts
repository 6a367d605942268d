/**
 * A test environment for controllers: an API server (in-process by default, or any server reached
 * through `connect`), a manager running the chosen controllers, and one virtual clock shared by
 * all of them, so a test moves time (`advance`) instead of waiting for it. `waitFor` is driven by
 * watch events (through the manager's shared informers), never by polling.
 */
import { createApiServer, VirtualClock, type ApiServer, type ApiServerOptions } from '../../core/index.ts';
import { objectKey, type ResourceType } from '../runtime/api/resources.ts';
import type { KubeObject } from '../runtime/api/types.ts';
import { Client, type ResourceClient } from '../runtime/client/client.ts';
import { inProcessTransport } from '../runtime/client/in-process.ts';
import type { FetchLike, Transport } from '../runtime/client/transport.ts';
import type { Runnable } from '../runtime/controller/controller.ts';
import { Manager, type ManagerOptions, type RunnableFactory } from '../runtime/controller/manager.ts';
import type { CustomResourceDefinition } from '../runtime/api/custom-resources.ts';
import { installCrds } from '../runtime/helpers/crds.ts';
import type { Logger } from '../runtime/util/logger.ts';
import { readCrdFiles } from './crd-files.ts';

export interface TestEnvOptions {
  readonly controllers?: readonly (Runnable | RunnableFactory)[];
  /** The clock of everything (default: a new VirtualClock). A `connect`ed server should run on it too. */
  readonly clock?: VirtualClock;
  /** Options of the in-process server (not used with `connect`). */
  readonly server?: Omit<ApiServerOptions, 'clock'>;
  /** Use a server elsewhere (e.g. orch-apiserver over HTTP: global fetch and its URL). */
  readonly connect?: { readonly fetch: FetchLike; readonly baseUrl: string };
  readonly informers?: ManagerOptions['informers'];
  /** Also print controller errors (they are always collected in `errors`). */
  readonly verbose?: boolean;
  /**
   * CustomResourceDefinitions to install before the controllers start: objects, or paths (or
   * `file:` URLs) of YAML or JSON files or of directories of them (as envtest's CRD directory
   * paths). The env starts once each is Established and discovered; `crds` of the env holds them
   * as the server has them.
   */
  readonly crds?: readonly (CustomResourceDefinition | string | URL)[];
  /**
   * Run the controllers as this user, so they are tested with the identity and RBAC they will have
   * in production: a bearer token the server accepts, or a user (and groups) the env impersonates,
   * such as `system:serviceaccount:<ns>:<name>`. With a user and no `server.security`, the
   * in-process server enforces RBAC, and `env.client` is an administrator (system:masters) that
   * sets up what the test needs, Roles and RoleBindings included. `waitFor` reads through the
   * controllers' informers, so it sees what the user may list and watch.
   */
  readonly as?: { readonly token: string } | { readonly user: string; readonly groups?: readonly string[] };
}

export interface WaitOptions {
  /** Real milliseconds before giving up with a description of what was seen (default 5000). */
  readonly timeoutMs?: number;
}

export interface ReportedError {
  readonly message: string;
  readonly detail: unknown;
}

export interface TestEnv {
  readonly clock: VirtualClock;
  readonly client: Client;
  readonly manager: Manager;
  /** The in-process server, when the env made one. */
  readonly api: ApiServer | undefined;
  /** The CRDs installed from `crds`, as the server answered them once Established. */
  readonly crds: readonly CustomResourceDefinition[];
  /** What controllers reported as failures (failed reconciles, rejected events). */
  readonly errors: readonly ReportedError[];
  resource<T extends KubeObject>(type: ResourceType<T>, namespace?: string): ResourceClient<T>;
  /** Moves the shared clock, firing due timers (requeues, backoffs, bookmarks) in order. */
  advance(ms: number): Promise<void>;
  /**
   * Resolves once the controllers have nothing to do: every queue empty and no reconcile running,
   * including work caused by the events of their own writes. Delayed retries (backoff,
   * requeueAfter) wait for `advance`.
   */
  settle(): Promise<void>;
  /** Resolves with the object at `key` (`namespace/name` or `name`; undefined if absent) once `predicate` holds. */
  waitFor<T extends KubeObject>(
    type: ResourceType<T>,
    key: string,
    predicate: (obj: T | undefined) => boolean,
    opts?: WaitOptions,
  ): Promise<T | undefined>;
  /** Resolves with all cached objects of a resource once `predicate` holds for them. */
  waitForList<T extends KubeObject>(type: ResourceType<T>, predicate: (objs: T[]) => boolean, opts?: WaitOptions): Promise<T[]>;
  stop(): Promise<void>;
}

const DEFAULT_WAIT_MS = 5000;

/** A transport that adds headers to every request (credentials, impersonation). */
function withHeaders(transport: Transport, headers: Readonly<Record<string, string>>): Transport {
  return (r) => transport({ ...r, headers: { ...r.headers, ...headers } });
}

/** Objects as given; each path read in place (a path may hold several CRDs). */
function crdObjects(given: readonly (CustomResourceDefinition | string | URL)[]): CustomResourceDefinition[] {
  return given.flatMap((c) => (typeof c === 'string' || c instanceof URL ? readCrdFiles([c]) : [c]));
}

export async function createTestEnv(opts: TestEnvOptions = {}): Promise<TestEnv> {
  const clock = opts.clock ?? new VirtualClock();
  let api: ApiServer | undefined;
  let client: Client;
  let controllerClient: Client | undefined;
  if (opts.connect) {
    client = new Client({ fetch: opts.connect.fetch, baseUrl: opts.connect.baseUrl, userAgent: 'orch-controllers-test' });
  } else {
    // Acting as a user: RBAC on (unless the test configured security), the env's own client an admin.
    const adminToken = opts.as && !opts.server?.security ? `orch-test-admin-${Math.random().toString(36).slice(2)}` : undefined;
    const security = adminToken
      ? {
          authentication: { tokens: new Map([[adminToken, { name: 'orch-test-admin', groups: ['system:masters'] }]]) },
          authorization: { modes: 'RBAC' },
        }
      : opts.server?.security;
    const server = createApiServer({ ...opts.server, ...(security ? { security } : {}), clock });
    api = server;
    await server.ready;
    const transport = inProcessTransport(server);
    client = new Client({
      transport: adminToken ? withHeaders(transport, { authorization: `Bearer ${adminToken}` }) : transport,
      userAgent: 'orch-controllers-test',
    });
    if (opts.as) {
      const who =
        'token' in opts.as
          ? { authorization: `Bearer ${opts.as.token}` }
          : {
              ...(adminToken ? { authorization: `Bearer ${adminToken}` } : {}),
              'impersonate-user': opts.as.user,
              ...(opts.as.groups?.length ? { 'impersonate-group': opts.as.groups.join(',') } : {}),
            };
      controllerClient = new Client({ transport: withHeaders(transport, who), userAgent: 'orch-controllers-test' });
    }
  }
  const crds = opts.crds?.length ? await installCrds(client, crdObjects(opts.crds)) : [];
  const errors: ReportedError[] = [];
  const logger: Logger = {
    info: () => undefined,
    error(message, detail) {
      errors.push({ message, detail });
      if (opts.verbose) console.error(`orch-controllers: ${message}`, detail ?? '');
    },
  };
  const manager = new Manager({
    client: controllerClient ?? client,
    clock,
    logger,
    ...(opts.informers ? { informers: opts.informers } : {}),
  });
  for (const c of opts.controllers ?? []) await manager.add(c);
  await manager.start();

  const describeErrors = () =>
    errors.length
      ? `; controller errors: ${errors
          .slice(-5)
          .map((e) => `${e.message} (${e.detail instanceof Error ? e.detail.message : String(e.detail)})`)
          .join('; ')}`
      : '';

  function waitUntil<T extends KubeObject, R>(
    type: ResourceType<T>,
    probe: () => { done: boolean; value: R; seen: unknown },
    what: string,
    wait: WaitOptions,
  ): Promise<R> {
    const inf = manager.informer(type);
    return new Promise<R>((resolve, reject) => {
      let seen: unknown;
      let settled = false;
      const finish = (f: () => void) => {
        if (settled) return;
        settled = true;
        sub.unsubscribe();
        clearTimeout(timer);
        f();
      };
      const check = () => {
        if (settled || !inf.hasSynced()) return;
        const p = probe();
        seen = p.seen;
        if (p.done) finish(() => resolve(p.value));
      };
      const sub = inf.changes$.subscribe(check);
      const timer = setTimeout(
        () =>
          finish(() =>
            reject(
              new Error(
                `waitFor ${what}: not reached within ${wait.timeoutMs ?? DEFAULT_WAIT_MS} ms; last seen: ${JSON.stringify(seen)}${describeErrors()}`,
              ),
            ),
          ),
        wait.timeoutMs ?? DEFAULT_WAIT_MS,
      );
      void inf.waitForSync().then(check);
    });
  }

  return {
    clock,
    client,
    manager,
    api,
    crds,
    errors,
    resource: (type, namespace) => client.resource(type, namespace),
    advance: (ms) => clock.advance(ms),
    async settle() {
      // Idle is checked again after the next macrotask: a write's watch event may still be on its way.
      do {
        await manager.whenIdle();
        await new Promise((resolve) => setTimeout(resolve, 0));
      } while (!manager.isIdle());
    },
    waitFor(type, key, predicate, wait = {}) {
      const inf = manager.informer(type);
      return waitUntil(
        type,
        () => {
          const obj = inf.store.get(key);
          return { done: predicate(obj), value: obj, seen: obj ?? '(absent)' };
        },
        `${type.resource} ${key}`,
        wait,
      );
    },
    waitForList(type, predicate, wait = {}) {
      const inf = manager.informer(type);
      return waitUntil(
        type,
        () => {
          const objs = inf.store.list();
          return { done: predicate(objs), value: objs, seen: objs.map(objectKey) };
        },
        `${type.resource} list`,
        wait,
      );
    },
    async stop() {
      await manager.stop();
      await api?.close();
    },
  };
}
