/**
 * orch controllers: the runtime (typed client, informers, work queue, controllers and their
 * manager, helpers), the test harness, the built-in controllers (namespace termination, garbage
 * collection, StatefulSets, the pod simulator, resource claims, flow control) with the table hosts
 * run them from (`BUILTIN_CONTROLLERS`), and a sample controller that owns a finalizer.
 *
 * Controllers talk to an API server only through a `fetch` function (or, beside a server in the
 * same process, a transport onto its `handle` that skips the WHATWG objects):
 *
 * ```ts
 * const client = new Client({ fetch: (r) => api.fetch(r) });          // in-process
 * const client = new Client({ transport: inProcessTransport(api) });  // in-process, fewer objects
 * const client = new Client({ fetch, baseUrl: 'http://127.0.0.1:6443' }); // over HTTP
 * const mgr = new Manager({ client, clock });
 * await mgr.add(namespaceController());
 * await mgr.add((m) => m.createController({ name: 'mine', for: CONFIG_MAPS, reconcile: async (key) => {  ...  } }));
 * await mgr.start();
 * ```
 *
 * Tests: `createTestEnv({ controllers: [...] })` gives an in-process server, the manager and a
 * virtual clock shared by all; `waitFor` follows watch events and `advance` moves time.
 */
export * from './runtime/index.ts';
export * from './testing/index.ts';
export * from './finalizers/index.ts';
export * from './namespace/index.ts';
export * from './garbage-collector/index.ts';
export * from './statefulset/index.ts';
export * from './pod-lifecycle/index.ts';
export * from './resource-claim/index.ts';
export * from './flowcontrol/index.ts';
export * from './serviceaccount/index.ts';
export * from './builtin.ts';
