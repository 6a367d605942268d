/**
 * createApiServer(): the whole API server as a function from request to response. Hosts (Node
 * HTTP, a Web Worker behind a Service Worker, a controller test) all call the same `fetch`.
 */
import { Codecs } from './codecs/negotiate.ts';
import { jsonSerializer } from './codecs/json.ts';
import { protobufSerializer } from './codecs/protobuf/serializer.ts';
import { cborSerializer } from './codecs/cbor.ts';
import { cborApplyPatcher } from './handlers/apply-patcher.ts';
import { tableVariant } from './codecs/table.ts';
import { partialMetadataVariant } from './codecs/partial-metadata.ts';
import { BUILTIN_PATCHERS } from './handlers/patchers.ts';
import { isPrettyPrint } from './handlers/options.ts';
import { managedFieldsHook } from './apply/hook.ts';
import { yamlSerializer } from './codecs/yaml.ts';
import { StatusError, toStatusError } from './errors/status-error.ts';
import { FeatureGates } from './features/feature-gates.ts';
import { RuntimeConfig } from './features/runtime-config.ts';
import { DiscoveryDocuments } from './discovery/documents.ts';
import { OpenApiDocuments } from './openapi/documents.ts';
import { negotiateOpenApi, OPENAPI_V2_FORMS, OPENAPI_V3_FORMS } from './openapi/negotiate.ts';
import { handleDiscovery } from './handlers/discovery.ts';
import { Health, type HealthState } from './handlers/health.ts';
import { handleResource, type ServedResource } from './handlers/resources.ts';
import { statusResponse } from './handlers/respond.ts';
import { VERSION_INFO } from './handlers/version.ts';
import { jsonResponse, textResponse, type ApiRequest, type ApiResponse } from './http/api-request.ts';
import { DEFAULT_COMPRESSION_THRESHOLD, maybeCompress } from './http/compression.ts';
import { Metrics } from './metrics/metrics.ts';
import { countRequest, requestScope } from './metrics/request-count.ts';
import { debugDumpOf, renderDebugDump } from './flowcontrol/debug-dump.ts';
import { warningHeaders } from './handlers/respond.ts';
import { fromFetchRequest, toFetchResponse } from './http/fetch-adapter.ts';
import { requestInfo, type ResourceRequestInfo } from './http/request-info.ts';
import { apiVersionOf, deprecationWarning, type KindDefinition } from './registry/definition.ts';
import { BUILTIN_KINDS } from './registry/kinds/index.ts';
import { customResourceDefinitionKind } from './registry/kinds/customresourcedefinition.ts';
import { celRuleChecker, CustomResourceController } from './apiextensions/index.ts';
import { namespaceKind } from './registry/kinds/namespace.ts';
import { DEFAULT_READ_CONFIG, Reader, type ReadConfig } from './registry/read.ts';
import { ResourceRegistry, type NamespaceState } from './registry/resource-registry.ts';
import { reconcileBootstrap } from './registry/reconcile-bootstrap.ts';
import { MemoryBackend } from './storage/memory-backend.ts';
import type { StorageBackend } from './storage/backend.ts';
import { Cache } from './watch-cache/cache.ts';
import { realClock, type Clock } from './util/clock.ts';
import { isObject, type JsonObject } from './util/json.ts';
import { orchGroup, RequestSecurity, requestContext, type SecurityOptions } from './auth/security.ts';
import { IssuerDiscovery } from './auth/issuer-discovery.ts';
import { Admission, BUILTIN_ADMISSION, registryView, type AdmissionPlugin } from './admission/index.ts';

export interface ApiServerOptions {
  /** Where objects are kept (default: in memory). */
  readonly storage?: StorageBackend;
  /** The clock every timed behaviour reads (default: the real one). */
  readonly clock?: Clock;
  /** `--feature-gates`: parsed text (`A=true,B=false`), settings, or gates. */
  readonly featureGates?: string | Readonly<Record<string, boolean>> | FeatureGates;
  /** `--runtime-config`: text (`apps/v1=false,...`) or parsed. */
  readonly runtimeConfig?: string | RuntimeConfig;
  /** How long watch history (and continue tokens) last; default 5 minutes. */
  readonly historyWindowMs?: number;
  /** `--livez-grace-period`. */
  readonly livezGracePeriodMs?: number;
  readonly read?: Partial<ReadConfig>;
  /** Kinds to serve (default: every built-in kind). */
  readonly kinds?: readonly KindDefinition[];
  /** Responses at least this large are gzipped for clients that accept it (default 128 KiB, as the real platform). */
  readonly compressionThresholdBytes?: number;
  /** Authentication, authorization, flow control and audit (default: a local development server, everything allowed). */
  readonly security?: SecurityOptions;
  /** The admission plugins, in order (default: `BUILTIN_ADMISSION`). */
  readonly admission?: readonly AdmissionPlugin[];
}

export interface ApiServer {
  /** WHATWG fetch: any Request in, a Response out (streamed for watches). */
  fetch(request: Request): Promise<Response>;
  /** The same, on the core's lighter request/response shapes (used by the Node host). */
  handle(request: ApiRequest): Promise<ApiResponse>;
  /** Resolves once storage is loaded and start-up objects exist. */
  readonly ready: Promise<void>;
  /** Marks the server as shutting down: /readyz fails from now on. */
  beginShutdown(): void;
  close(): Promise<void>;
  readonly clock: Clock;
  readonly gates: FeatureGates;
  /** Served kinds (for discovery and hosts). */
  readonly kinds: readonly KindDefinition[];
  /** The security stages (ServiceAccount token issuing, authorization questions). */
  readonly security: RequestSecurity;
}

const DEFAULT_HISTORY_MS = 5 * 60_000;

function toGates(g: ApiServerOptions['featureGates']): FeatureGates {
  if (g instanceof FeatureGates) return g;
  if (typeof g === 'string') return FeatureGates.parse(g);
  return new FeatureGates(g ?? {});
}

function toRuntimeConfig(r: ApiServerOptions['runtimeConfig']): RuntimeConfig {
  if (r instanceof RuntimeConfig) return r;
  return RuntimeConfig.parse(r ?? '');
}

/** GA versions and betas from before 1.24 are on by default; newer betas and alphas need enabling. */
function servedByDefault(def: KindDefinition): boolean {
  return !/alpha/.test(def.version);
}

export function createApiServer(options: ApiServerOptions = {}): ApiServer {
  const clock = options.clock ?? realClock;
  const gates = toGates(options.featureGates);
  const runtime = toRuntimeConfig(options.runtimeConfig);
  const backend: StorageBackend = options.storage ?? new MemoryBackend();
  const readConfig: ReadConfig = { ...DEFAULT_READ_CONFIG, ...options.read };
  const cache = new Cache({ backend, clock, historyWindowMs: options.historyWindowMs ?? DEFAULT_HISTORY_MS });
  // CBOR is alpha: served (and accepted for apply) only with its gate.
  const cbor = gates.enabled('CBORServingAndStorage');
  const formats = [jsonSerializer, yamlSerializer, protobufSerializer, ...(cbor ? [cborSerializer] : [])];
  const codecs = new Codecs(formats, [tableVariant, partialMetadataVariant(formats)]);
  const patchers = new Map([
    ...Object.entries(BUILTIN_PATCHERS),
    ...(cbor ? ([['application/apply-patch+cbor', cborApplyPatcher]] as const) : []),
  ]);

  const allKinds = options.kinds ?? BUILTIN_KINDS;
  const kinds = allKinds.filter((def) => {
    if (def.featureGate && !gates.enabled(def.featureGate)) return false;
    const gv = apiVersionOf(def);
    const explicit = runtime.resourceSetting(gv, def.resource);
    if (explicit !== undefined) return explicit;
    return runtime.groupVersionEnabled(gv, servedByDefault(def));
  });

  const served = new Map<string, ServedResource>();
  let namespaces: ResourceRegistry | undefined;
  // Every namespaced write asks; the answer is kept per stored version of the namespace.
  const namespaceStates = new WeakMap<object, NamespaceState>();
  const namespaceState = (name: string): NamespaceState => {
    const v = namespaces?.current('', name);
    if (!v) return namespaces ? 'missing' : 'active';
    let state = namespaceStates.get(v);
    if (state === undefined) {
      const ns = JSON.parse(v.json!) as JsonObject;
      const meta = isObject(ns.metadata) ? ns.metadata : {};
      const status = isObject(ns.status) ? ns.status : {};
      state = meta.deletionTimestamp !== undefined || status.phase === 'Terminating' ? 'terminating' : 'active';
      namespaceStates.set(v, state);
    }
    return state;
  };
  // Admission reads other objects from whichever registry serves their resource (built-in or custom).
  const admission = new Admission(
    options.admission ?? BUILTIN_ADMISSION,
    registryView((gr) => {
      for (const { registry } of served.values())
        if (registry.def.group === gr.group && registry.def.resource === gr.resource) return registry;
      return undefined;
    }),
  );
  // What every registry shares, built-in or custom.
  const registryDeps = { backend, cache, clock, gates, namespaceState, managedFields: managedFieldsHook, admission };
  for (const def of kinds) {
    const registry = new ResourceRegistry(def, registryDeps);
    if (def === namespaceKind || (def.group === '' && def.resource === 'namespaces')) namespaces = registry;
    served.set(`${def.group}/${def.version}/${def.resource}`, { registry, reader: new Reader(registry, readConfig) });
  }

  // Custom resources: served while their definition is Established, through the same registry
  // and handlers as built-in kinds (core/apiextensions keeps the served set and the status).
  const builtinKeys = new Set(served.keys());
  const customServed = new Map<string, readonly string[]>();
  let servedKinds: readonly KindDefinition[] = kinds;
  const crds = [...served.values()].find((s) => s.registry.def === customResourceDefinitionKind)?.registry;
  const customResources = crds
    ? new CustomResourceController({
        gates,
        clock,
        crds,
        rules: celRuleChecker,
        registry: (def) => new ResourceRegistry(def, registryDeps),
        serve(name, defs) {
          for (const key of customServed.get(name) ?? []) served.delete(key);
          const keys: string[] = [];
          for (const def of defs) {
            const key = `${def.group}/${def.version}/${def.resource}`;
            if (builtinKeys.has(key)) continue; // a built-in resource is never replaced
            const registry = new ResourceRegistry(def, registryDeps);
            served.set(key, { registry, reader: new Reader(registry, readConfig) });
            keys.push(key);
          }
          if (keys.length) customServed.set(name, keys);
          else customServed.delete(name);
          const custom = [...customServed.values()].flat().map((k) => served.get(k)!.registry.def);
          servedKinds = [...kinds, ...custom];
          refreshDocuments();
        },
        log: (message, err) => console.error(`orch: ${message}`, err),
      })
    : undefined;

  const metrics = new Metrics();
  const compressionThreshold = options.compressionThresholdBytes ?? DEFAULT_COMPRESSION_THRESHOLD;
  const state: HealthState = { started: false, shuttingDown: false, startTime: clock.now() };
  const health = new Health({
    clock,
    state,
    storeHealthy: () => backend.healthy(),
    storeCheckName: backend.healthCheckName,
    livezGracePeriodMs: options.livezGracePeriodMs ?? 0,
  });

  let discovery = new DiscoveryDocuments(kinds);
  let openapi = new OpenApiDocuments(kinds);
  /** Discovery and OpenAPI follow the served kinds (custom resources come and go). */
  function refreshDocuments(): void {
    discovery = new DiscoveryDocuments(servedKinds);
    openapi = new OpenApiDocuments(servedKinds);
  }
  const ready = (async () => {
    if (customResources && crds) {
      // Stores of custom resources already stored are registered before the cache loads them.
      const { items } = await backend.range(crds.prefix);
      customResources.preload(
        items.flatMap((kv) => {
          try {
            const crd: unknown = JSON.parse(kv.value);
            return isObject(crd) ? [crd] : [];
          } catch {
            return []; // a corrupt definition serves nothing; reading it answers the error
          }
        }),
      );
    }
    await cache.start();
    customResources?.start();
    // Start-up objects: namespaces first (others may live in them), then all the others at once,
    // so a backend that groups concurrent writes into one transaction (IndexedDB) commits them
    // together rather than one transaction per object.
    const startUp = (registries: readonly { readonly registry: ResourceRegistry }[]) =>
      Promise.all(
        registries.flatMap(({ registry }) =>
          (registry.def.bootstrap?.() ?? []).map(async (obj) => {
            const meta = obj.metadata as JsonObject;
            if (registry.current(String(meta.namespace ?? ''), String(meta.name))) return reconcileBootstrap(registry, obj);
            try {
              await registry.create(String(meta.namespace ?? ''), obj, {
                dryRun: false,
                fieldManager: 'orch-apiserver',
                fieldValidation: 'Strict',
                warnings: [],
              });
            } catch (err) {
              if (!(err instanceof StatusError && err.code === 409)) throw err;
            }
          }),
        ),
      );
    const all = [...served.values()];
    await startUp(all.filter((s) => s.registry === namespaces));
    await startUp(all.filter((s) => s.registry !== namespaces));
    state.started = true;
  })();
  ready.catch(() => undefined);

  const deps = {
    codecs,
    gates,
    now: () => clock.now(),
    watcherDelta: (def: { group: string; version: string; kind: string }, delta: number) =>
      metrics.watchers.add({ group: def.group, kind: def.kind, version: def.version }, delta),
    // Labelled as the request's path asked (as apiserver_request_total is).
    longRunningDelta: (info: ResourceRequestInfo, delta: number) =>
      metrics.longRunning.add(
        {
          component: 'apiserver',
          group: info.group,
          resource: info.resource,
          scope: requestScope(info),
          subresource: info.subresource,
          verb: 'WATCH',
          version: info.version,
        },
        delta,
      ),
    // Flow control's tracker of open watches (the security stages are built below).
    get watches() {
      return security.watches;
    },
    readConfig,
    access: (req: ApiRequest) => security.accessFor(req),
    admitWrite: (req: ApiRequest) => security.admitWrite(req),
    auditAnnotations: (req: ApiRequest) => requestContext(req)?.auditAnnotations,
    lookup: (group: string, version: string, resource: string) =>
      served.get(`${group}/${version}/${resource}`) ?? served.get(`${orchGroup(group)}/${version}/${resource}`),
    patchers,
  };

  /**
   * `/openapi/v2` and `/openapi/v3/<group/version>` in JSON or gnostic's protobuf, chosen by Accept
   * as the real server's OpenAPI handlers choose (core/openapi/negotiate.ts); the `/openapi/v3`
   * index is JSON whatever is asked. Each answer carries the document's ETag and `Vary: Accept`,
   * and a matching If-None-Match gets 304. A v3 document asked for by a stale `hash` is redirected
   * to the current one; by the current hash it may be cached for good.
   */
  async function serveOpenApi(path: string, req: ApiRequest): Promise<ApiResponse> {
    const notModified = (etag: string) =>
      (req.headers.get('if-none-match') ?? '')
        .split(',')
        .map((t) => t.trim().replace(/^W\//, ''))
        .some((t) => t === '*' || t === `"${etag}"`);
    const answer = (body: string | Uint8Array, contentType: string, etag: string, extra: Record<string, string> = {}): ApiResponse => {
      const headers = { etag: `"${etag}"`, ...extra };
      // A 304 names no content type (as Go's file server answers it).
      return notModified(etag)
        ? { status: 304, headers, body: null }
        : { status: 200, headers: { 'content-type': contentType, ...headers }, body };
    };
    if (path === '/openapi/v3' || path === '/openapi/v3/') {
      const index = await openapi.index();
      return answer(index, 'application/json', await openapi.etag(index));
    }
    const vary = { vary: 'Accept' };
    if (path === '/openapi/v2') {
      const { form } = negotiateOpenApi(req.headers.get('accept'), OPENAPI_V2_FORMS);
      // The real handler answers 406 without a body; clients report it as a content type they cannot get.
      if (!form) return { status: 406, headers: vary, body: null };
      const json = openapi.swagger();
      return answer(form.protobuf ? openapi.swaggerProtobuf() : json, form.contentType, await openapi.etag(json), vary);
    }
    const key = path.startsWith('/openapi/v3/') ? path.slice('/openapi/v3/'.length).replace(/\/$/, '') : undefined;
    const doc = key === undefined ? undefined : openapi.groupVersion(key);
    if (key === undefined || !doc) throw StatusError.pathNotFound();
    const { form, clauses } = negotiateOpenApi(req.headers.get('accept'), OPENAPI_V3_FORMS);
    if (clauses === 0) return { status: 200, headers: vary, body: null }; // as the real handler: nothing to choose from, nothing written
    if (!form) return { status: 406, headers: vary, body: null };
    const etag = await openapi.etag(doc);
    const hash = req.url.searchParams.get('hash');
    if (hash && hash !== etag) {
      return {
        status: 301,
        headers: { ...vary, location: `/openapi/v3/${key}?hash=${etag}`, etag: `"${etag}"`, 'content-type': form.contentType },
        body: null,
      };
    }
    const caching: Record<string, string> = hash
      ? { 'cache-control': 'public, immutable', expires: new Date(clock.now() + 365 * 24 * 3600 * 1000).toUTCString() }
      : { 'cache-control': 'no-cache, private' };
    return answer(form.protobuf ? openapi.groupVersionProtobuf(key)! : doc, form.contentType, etag, { ...vary, ...caching });
  }

  const security = new RequestSecurity(options.security ?? {}, {
    clock,
    metrics,
    registry: (group, resource) =>
      [...served.values()].find((s) => s.registry.def.group === group && s.registry.def.resource === resource)?.registry,
    deprecated: (group, version, resource) => served.get(`${group}/${version}/${resource}`)?.registry.def.deprecated,
    kind: (group, version, resource) => served.get(`${group}/${version}/${resource}`)?.registry.def,
    ready,
    started: () => state.started,
  });

  async function handle(req: ApiRequest): Promise<ApiResponse> {
    const res = await security.handle(req, route);
    if (req.method === 'GET' && gates.enabled('APIResponseCompression'))
      return maybeCompress(res, req.headers.get('accept-encoding'), compressionThreshold);
    return res;
  }

  async function route(req: ApiRequest): Promise<ApiResponse> {
    const accept = req.headers.get('accept');
    let info: ReturnType<typeof requestInfo> | undefined;
    try {
      const path = req.url.pathname;
      if (Health.serves(path)) {
        const h = await health.handle(path, req.url.searchParams);
        if (h) return h;
      }
      if (!state.started) await ready;
      if (path === '/version' || path === '/version/') {
        return jsonResponse(200, `${JSON.stringify(VERSION_INFO, null, 2)}\n`);
      }
      if (path === '/metrics') {
        metrics.countStoredObjects(storedObjectCounts());
        return textResponse(200, metrics.render(), 'text/plain; version=0.0.4; charset=utf-8');
      }
      // Served (unlisted) only while flow control is on, as the real server installs them.
      const apfDump = security.flow ? debugDumpOf(path) : undefined;
      if (apfDump && security.flow) return textResponse(200, renderDebugDump(apfDump, security.flow.levelStates(), req.url.searchParams));
      if (IssuerDiscovery.serves(path)) return await security.issuerDiscovery.handle(req);
      // The root index, for any method, as the real server's: the paths it lists, sorted.
      if (path === '/' || path === '/index.html') {
        const paths = [...listedPaths(), ...(await security.issuerDiscovery.listedPaths())].sort();
        return jsonResponse(200, JSON.stringify({ paths }, null, 2));
      }
      if (path.startsWith('/openapi/')) return await serveOpenApi(path, req);
      info = requestContext(req)?.info ?? requestInfo(req.method, path, req.url.searchParams);
      if (info === 'method-not-allowed') throw StatusError.methodNotAllowed();
      if (!info.isResourceRequest) {
        if (info.discovery) return handleDiscovery(req, info, discovery, codecs);
        throw StatusError.pathNotFound();
      }
      const res = await handleResource(req, info, deps);
      return record(req, info, res);
    } catch (err) {
      const se = toStatusError(err);
      if (se.code === 500) console.error('orch: internal error', err);
      const res = statusResponse(codecs, accept, se, undefined, [], isPrettyPrint(req.url.searchParams, req.headers.get('user-agent')));
      return info && info !== 'method-not-allowed' && info.isResourceRequest ? record(req, info, res) : res;
    }
  }

  /**
   * What the root index lists, by the real server's rule (the handlers registered as listed, not
   * every path they answer): discovery of each served group and version, with `/apis/` beside
   * `/apis`; the health endpoints and each of their checks; metrics, the OpenAPI documents (and
   * `/openapi/v3/`, their prefix), and the version. `/` and `/index.html` are not listed.
   */
  /** Objects stored per group/resource (the versions of one resource share its store). */
  function storedObjectCounts(): Map<string, number> {
    const out = new Map<string, number>();
    for (const { registry } of served.values()) {
      const { group, resource } = registry.def;
      out.set(group ? `${resource}.${group}` : resource, registry.store.liveObjects());
    }
    return out;
  }

  function listedPaths(): string[] {
    const paths = new Set(['/api', '/apis', '/apis/', '/metrics', '/openapi/v2', '/openapi/v3', '/openapi/v3/', '/version']);
    for (const def of servedKinds) {
      if (def.group) paths.add(`/apis/${def.group}`).add(`/apis/${def.group}/${def.version}`);
      else paths.add(`/api/${def.version}`);
    }
    for (const p of health.paths()) paths.add(p);
    return [...paths].sort();
  }

  /** Counts the request, and marks answers from deprecated versions. */
  function record(
    req: ApiRequest,
    info: Extract<ReturnType<typeof requestInfo>, { isResourceRequest: true }>,
    res: ApiResponse,
  ): ApiResponse {
    countRequest(
      metrics,
      { method: req.method, query: req.url.searchParams, contentType: req.headers.get('content-type') },
      info,
      res.status,
    );
    const def = served.get(`${info.group}/${info.version}/${info.resource}`)?.registry.def;
    const warning = def && deprecationWarning(def);
    if (!def || !warning) return res;
    metrics.deprecated.set(
      {
        group: def.group,
        removed_release: def.deprecated?.removedRelease ?? '',
        resource: def.resource,
        subresource: info.subresource,
        version: def.version,
      },
      1,
    );
    const existing = res.headers.warning;
    const extra = warningHeaders([warning]).warning;
    return {
      ...res,
      headers: { ...res.headers, warning: [...extra, ...(Array.isArray(existing) ? existing : existing ? [existing] : [])] },
    };
  }

  return {
    handle,
    async fetch(request: Request): Promise<Response> {
      return toFetchResponse(await handle(fromFetchRequest(request)));
    },
    ready,
    beginShutdown() {
      state.shuttingDown = true;
    },
    async close() {
      state.shuttingDown = true;
      customResources?.stop();
      cache.close();
      await backend.close();
    },
    clock,
    gates,
    get kinds() {
      return servedKinds;
    },
    security,
  };
}
