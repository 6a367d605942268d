/**
 * Resource requests: find the kind's registry, check the verb is served for the path, decode
 * the body in its negotiated format, run the verb, and answer in the negotiated format.
 */
import type { Codecs, Negotiated } from '../codecs/negotiate.ts';
import type { EncodeContext } from '../codecs/serializer.ts';
import { removedMessage } from '../discovery/removed.ts';
import { StatusError } from '../errors/status-error.ts';
import type { FeatureGates } from '../features/feature-gates.ts';
import type { ApiRequest, ApiResponse } from '../http/api-request.ts';
import type { ResourceRequestInfo } from '../http/request-info.ts';
import { ALL_VERBS, apiVersionOf, listKindOf, type Verb } from '../registry/definition.ts';
import type { Reader, ReadConfig } from '../registry/read.ts';
import { validateListOptions } from '../registry/read-options.ts';
import type { ResourceRegistry, WriteOptions } from '../registry/resource-registry.ts';
import { mergePatch } from '../patch/merge-patch.ts';
import { scaleKindOf, scaleOf, scaleWritten } from '../registry/scale.ts';
import type { CreateSubresource, ScaleSubresource } from '../registry/definition.ts';
import { DecodeError, decodeObject } from '../schema/decode.ts';
import { parseFieldSelector, type FieldSelector } from '../selection/field-selector.ts';
import { isObject, type JsonObject } from '../util/json.ts';
import { isPrettyPrint, parseBoolParam, parseDeleteParams, parseIntParam, parseSelectors, parseWriteParams } from './options.ts';
import { checkPathNames } from './path-names.ts';
import { decodePatchResult, parsePatchJson } from './patchers.ts';
import { listResponse, objectResponse } from './respond.ts';
import { watchBody } from './watch-stream.ts';
import { type Respell, respeller } from './respell.ts';
import { answered, answerSubresource, createOnly } from './create-only.ts';
import { bodyKindOf } from './body-kinds.ts';
import type { RequestAccess } from '../auth/access.ts';
import { orchGroup } from '../auth/attributes.ts';
import { type WatchTracker, watchedName } from '../flowcontrol/watch-tracker.ts';

/** 3 MiB, the real platform's request body limit. */
export const MAX_BODY_BYTES = 3 * 1024 * 1024;

export interface ServedResource {
  readonly registry: ResourceRegistry;
  readonly reader: Reader;
}

export interface ResourceHandlerDeps {
  /** The security context of a request (the user, authorization questions), for kinds that answer from it. */
  access?(req: ApiRequest): RequestAccess;
  /** The request's check of the object a write would store (RBAC escalation prevention), when it has one. */
  admitWrite?(req: ApiRequest): ((obj: JsonObject, old: JsonObject | undefined) => void) | undefined;
  /** Where admission's audit annotations of the request go, when it is audited. */
  auditAnnotations?(req: ApiRequest): Record<string, string> | undefined;
  readonly codecs: Codecs;
  readonly gates: FeatureGates;
  readonly readConfig: ReadConfig;
  /** Server time (ms). */
  now(): number;
  /** Open watches per kind (the `apiserver_registered_watchers` gauge). */
  watcherDelta?(def: { group: string; version: string; kind: string }, delta: number): void;
  /** An open watch (a long-running request) begins (+1) or ends (-1), with the request's labels. */
  longRunningDelta?(info: ResourceRequestInfo, delta: number): void;
  /** Open watches by what they watch, for flow control's charge of a write: `register` answers the function that forgets one. */
  readonly watches?: Pick<WatchTracker, 'register'>;
  /** The registry serving group/version/resource, if served. */
  lookup(group: string, version: string, resource: string): ServedResource | undefined;
  /** Patch types beyond merge patch (strategic, JSON patch, apply) plug in here. */
  readonly patchers?: ReadonlyMap<string, Patcher>;
}

export interface PatchInput {
  readonly registry: ResourceRegistry;
  readonly namespace: string;
  readonly name: string;
  readonly subresource: string;
  /** Set when the patch is to the `scale` subresource: it applies to the Scale view of the object. */
  readonly scale?: ScaleSubresource;
  readonly body: Uint8Array;
  readonly contentType: string;
  readonly force: boolean;
  readonly write: WriteOptions;
}

/** Applies one patch type; answers the written object. */
export type Patcher = (input: PatchInput) => Promise<{ json: string; created: boolean }>;

interface Ctx {
  readonly req: ApiRequest;
  readonly info: ResourceRequestInfo;
  readonly query: URLSearchParams;
  readonly served: ServedResource;
  readonly deps: ResourceHandlerDeps;
  readonly warnings: string[];
  readonly enc: EncodeContext;
  /**
   * The apiVersion answers carry when the path named the group in the real platform's spelling
   * (kubectl's typed clients post to `/apis/rbac.authorization.k8s.io/…` and decode only the kinds
   * of their own scheme: `rbac.authorization.k8s.io/v1`); undefined when it named the served group.
   */
  readonly alias: string | undefined;
  /** With an alias, how objects are answered in its spelling: their apiVersion and the kind's group fields. */
  readonly respell: Respell | undefined;
}

/** An object's JSON as the request spelled the group. */
function spelled(ctx: Ctx, json: string): string {
  return ctx.respell ? ctx.respell(json) : json;
}

/** A list's items as the request spelled the group. */
function spelledItems(ctx: Ctx, items: readonly string[]): readonly string[] {
  const respell = ctx.respell;
  return respell ? items.map((json) => respell(json)) : items;
}

export async function handleResource(req: ApiRequest, info: ResourceRequestInfo, deps: ResourceHandlerDeps): Promise<ApiResponse> {
  const served = deps.lookup(info.group, info.version, info.resource);
  if (!served) {
    const removed = removedMessage(info.group, info.version, info.resource);
    throw removed ? new StatusError(404, 'NotFound', removed, {}) : StatusError.pathNotFound();
  }
  const def = served.registry.def;
  // Routes by the path: a name a list's field selector pins (see requestInfo) is no object path.
  const pathNamed = info.name !== '' && !info.nameFromSelector;
  if (info.extra.length) throw StatusError.pathNotFound();
  if (info.subresource && (!pathNamed || !def.subresources?.[info.subresource])) throw StatusError.pathNotFound();
  // A cluster-scoped resource has no namespaced paths (Namespace itself is the exception: its name is its namespace).
  if (!def.namespaced && info.namespace && !(info.resource === 'namespaces' && info.group === '')) throw StatusError.pathNotFound();
  const namespace = def.namespaced ? info.namespace : '';
  const verb = info.verb;
  if (def.namespaced && !namespace && !['list', 'watch'].includes(verb)) {
    // Only list and watch exist across all namespaces.
    throw pathNamed ? StatusError.pathNotFound() : StatusError.methodNotAllowed();
  }
  if (!verbsAt(def.verbs ?? ALL_VERBS, pathNamed, info.subresource ? def.subresources![info.subresource] : undefined).includes(verb)) {
    throw StatusError.methodNotAllowed();
  }
  if (def.terminating && verb === 'create') {
    const refused = StatusError.methodNotSupported({ group: info.group, resource: info.resource }, verb);
    throw new StatusError(
      405,
      refused.reason,
      `${verb} not allowed while custom resource definition is terminating`,
      refused.status.details,
    );
  }
  checkPathNames(info);

  const query = req.url.searchParams;
  const ctx: Ctx = {
    req,
    info,
    query,
    served,
    deps,
    warnings: [],
    enc: { def, pretty: isPrettyPrint(query, req.headers.get('user-agent')), query, now: deps.now() },
    alias: info.group === def.group ? undefined : `${info.group}/${def.version}`,
    respell: respeller(def, info.group),
  };
  const name = info.name;
  switch (verb) {
    case 'get':
      return get(ctx, namespace, name);
    case 'list':
      return list(ctx, namespace);
    case 'watch':
      return watch(ctx, namespace);
    case 'create':
      return create(ctx, namespace);
    case 'update':
      return update(ctx, namespace, name);
    case 'patch':
      return patch(ctx, namespace, name);
    case 'delete':
      return del(ctx, namespace, name);
    case 'deletecollection':
      return deleteCollection(ctx, namespace);
  }
}

/** A collection path lists, watches, creates and deletes them all; an object path reads, watches, replaces, patches and deletes it. */
const COLLECTION_VERBS: ReadonlySet<Verb> = new Set(['list', 'watch', 'create', 'deletecollection']);
const OBJECT_VERBS: ReadonlySet<Verb> = new Set(['get', 'watch', 'update', 'patch', 'delete']);

/**
 * The verbs a path serves. The real platform registers routes per path shape, so a POST to a
 * named object (or a PUT to a collection) finds no route: 405, never a create.
 */
function verbsAt(main: readonly Verb[], named: boolean, sub: { kind: string; verbs?: readonly Verb[] } | undefined): readonly Verb[] {
  if (!sub) return main.filter((v) => (named ? OBJECT_VERBS : COLLECTION_VERBS).has(v));
  if (sub.kind === 'scale') return ['get', 'update', 'patch'];
  if (sub.kind === 'create') return ['create'];
  return sub.verbs ?? ['get', 'update', 'patch'];
}

function negotiate(ctx: Ctx, watch = false): Negotiated {
  const n = ctx.deps.codecs.forResponse(ctx.req.headers.get('accept'), ctx.served.registry.def, watch);
  n.serializer.checkOptions?.(ctx.enc);
  return n;
}

async function readBody(ctx: Ctx): Promise<Uint8Array> {
  return ctx.req.readBody(MAX_BODY_BYTES);
}

/** The body as the kind written to the path: the resource's own, or its subresource's (see bodyKindOf). */
async function decodeBody(ctx: Ctx, duplicates?: string[]): Promise<unknown> {
  const def = bodyKindOf(ctx.served.registry.def, ctx.info.subresource);
  const s = ctx.deps.codecs.forRequest(ctx.req.headers.get('content-type'), def);
  const body = await readBody(ctx);
  if (body.length === 0) throw StatusError.badRequest('the request body is empty; an object is required');
  return s.decode(body, { ...ctx.enc, def }, duplicates);
}

function writeOptions(
  ctx: Ctx,
  kind: 'CreateOptions' | 'UpdateOptions' | 'PatchOptions',
  applyPatch = false,
): WriteOptions & { force: boolean } {
  const p = parseWriteParams(ctx.query, kind, applyPatch);
  return {
    dryRun: p.dryRun,
    ...(p.fieldManager ? { fieldManager: p.fieldManager } : {}),
    fieldValidation: p.fieldValidation,
    warnings: ctx.warnings,
    userAgent: ctx.req.headers.get('user-agent') ?? undefined,
    admit: ctx.deps.admitWrite?.(ctx.req),
    auditAnnotations: ctx.deps.auditAnnotations?.(ctx.req),
    force: p.force,
  };
}

// ------------------------------------------------------------------------------------ reads

async function get(ctx: Ctx, namespace: string, name: string): Promise<ApiResponse> {
  const n = negotiate(ctx);
  const rv = ctx.query.get('resourceVersion') ?? undefined;
  const json = await ctx.served.reader.get(namespace, name, rv);
  const scale = scaleSubresource(ctx);
  if (scale) return scaleResponse(ctx, scale, JSON.stringify(scaleOf(JSON.parse(json) as JsonObject, scale)));
  // GET of a partial subresource (status) answers the whole object, as the real platform does.
  return objectResponse(n, 200, spelled(ctx, json), ctx.enc);
}

function scaleSubresource(ctx: Ctx): ScaleSubresource | undefined {
  const sub = ctx.info.subresource ? ctx.served.registry.def.subresources?.[ctx.info.subresource] : undefined;
  return sub?.kind === 'scale' ? sub : undefined;
}

/** A Scale answer: negotiated, encoded and printed (Table) as the Scale kind `sub` serves. */
function scaleResponse(ctx: Ctx, sub: ScaleSubresource, json: string): ApiResponse {
  const def = scaleKindOf(sub);
  return objectResponse(negotiateScale(ctx, sub), 200, json, { ...ctx.enc, def }, ctx.warnings);
}

function negotiateScale(ctx: Ctx, sub: ScaleSubresource): Negotiated {
  const def = scaleKindOf(sub);
  const n = ctx.deps.codecs.forResponse(ctx.req.headers.get('accept'), def, false);
  n.serializer.checkOptions?.({ ...ctx.enc, def });
  return n;
}

/** PUT or PATCH of `scale`: the object's replica count changes; the answer is the new Scale. */
async function writeScale(
  ctx: Ctx,
  namespace: string,
  name: string,
  sub: ScaleSubresource,
  opts: WriteOptions,
  next: (scale: JsonObject) => unknown,
): Promise<ApiResponse> {
  // The answer's format and options are checked before the write, as for any write.
  negotiateScale(ctx, sub);
  const reg = ctx.served.registry;
  const out = await reg.guaranteedUpdate(
    namespace,
    name,
    opts,
    'scale',
    (current) => scaleWritten(current!, sub, next(scaleOf(current!, sub)), name),
    {
      createIfMissing: false,
    },
  );
  return scaleResponse(ctx, sub, JSON.stringify(scaleOf(JSON.parse(out.json) as JsonObject, sub)));
}

function listOptions(ctx: Ctx, watching: boolean) {
  const q = ctx.query;
  const sendInitialEvents = parseBoolParam(q, 'sendInitialEvents');
  const opts = {
    ...(q.get('resourceVersion') !== null ? { resourceVersion: q.get('resourceVersion')! } : {}),
    ...(q.get('resourceVersionMatch') ? { resourceVersionMatch: q.get('resourceVersionMatch')! } : {}),
    ...(parseIntParam(q, 'limit') !== undefined ? { limit: parseIntParam(q, 'limit')! } : {}),
    ...(q.get('continue') ? { continue: q.get('continue')! } : {}),
    ...parseSelectors(q),
  };
  // A list takes timeoutSeconds too (and ignores it); one that is not a number fails it all the same.
  parseIntParam(q, 'timeoutSeconds');
  validateListOptions(opts, ctx.deps.gates.enabled('WatchList'), watching, sendInitialEvents);
  return { opts, sendInitialEvents };
}

async function list(ctx: Ctx, namespace: string): Promise<ApiResponse> {
  const n = negotiate(ctx);
  const { opts } = listOptions(ctx, false);
  const result = await ctx.served.reader.list(namespace, opts);
  const def = ctx.served.registry.def;
  const metadata: JsonObject = { resourceVersion: String(result.resourceVersion) };
  if (result.continue) metadata.continue = result.continue;
  if (result.remainingItemCount !== undefined) metadata.remainingItemCount = result.remainingItemCount;
  return listResponse(
    n,
    { kind: listKindOf(def), apiVersion: ctx.alias ?? apiVersionOf(def), metadata, items: spelledItems(ctx, result.items) },
    ctx.enc,
  );
}

async function watch(ctx: Ctx, namespace: string): Promise<ApiResponse> {
  const n = negotiate(ctx, true);
  const { opts, sendInitialEvents } = listOptions(ctx, true);
  const timeoutSeconds = parseIntParam(ctx.query, 'timeoutSeconds');
  const messages = ctx.served.reader.watch(namespace, {
    ...opts,
    ...(ctx.info.name ? { fieldSelector: selectingName(opts.fieldSelector, ctx.info.name) } : {}),
    allowWatchBookmarks: parseBoolParam(ctx.query, 'allowWatchBookmarks') === true,
    ...(sendInitialEvents !== undefined ? { sendInitialEvents } : {}),
    ...(timeoutSeconds !== undefined ? { timeoutSeconds } : {}),
  });
  const def = ctx.served.registry.def;
  ctx.deps.watcherDelta?.(def, 1);
  ctx.deps.longRunningDelta?.(ctx.info, 1);
  // Tracked by the path's group, namespace and name, as the real request-info resolver gives them.
  const { info } = ctx;
  const forget = ctx.deps.watches?.register(
    orchGroup(info.group),
    info.resource,
    info.namespace,
    watchedName(info.name, viaWatchPrefix(ctx), opts.fieldSelector?.exact),
    opts.fieldSelector?.exact,
  );
  const body = watchBody(
    messages,
    n,
    {
      ...ctx.enc,
      kind: def.kind,
      apiVersion: ctx.alias ?? apiVersionOf(def),
      ...(ctx.respell ? { respell: ctx.respell } : {}),
    },
    ctx.deps.readConfig.watchBufferSize,
    ctx.req.signal,
    () => {
      ctx.deps.watcherDelta?.(def, -1);
      ctx.deps.longRunningDelta?.(ctx.info, -1);
      forget?.();
    },
  );
  return {
    status: 200,
    headers: { 'cache-control': 'no-cache, private', 'content-type': n.contentType, 'transfer-encoding': 'chunked' },
    body,
  };
}

/** Whether the watch was asked for by the legacy `/watch/` path prefix (`/api/v1/watch/...`, `/apis/{group}/{version}/watch/...`). */
function viaWatchPrefix(ctx: Ctx): boolean {
  const segs = ctx.req.url.pathname.split('/').filter((s) => s !== '');
  return segs[ctx.info.apiPrefix === 'api' ? 2 : 3] === 'watch';
}

/**
 * A watch of one object (`.../configmaps/{name}?watch=true`, `/watch/.../configmaps/{name}`) is a
 * watch of the collection selecting that name, as the real platform turns it into a
 * `metadata.name` field selector. A selector given as well must select the same name.
 */
function selectingName(given: FieldSelector | undefined, name: string): FieldSelector {
  if (given && !given.empty) {
    if (given.exact('metadata.name') !== name) throw StatusError.badRequest("fieldSelector metadata.name doesn't match requested name");
    return given;
  }
  return parseFieldSelector(`metadata.name=${name.replace(/[\\,=]/g, (c) => `\\${c}`)}`);
}

// ------------------------------------------------------------------------------------ writes

async function create(ctx: Ctx, namespace: string): Promise<ApiResponse> {
  const n = negotiate(ctx);
  const opts = writeOptions(ctx, 'CreateOptions');
  const sub = ctx.info.subresource ? ctx.served.registry.def.subresources?.[ctx.info.subresource] : undefined;
  if (sub?.kind === 'create') return postSubresource(ctx, n, namespace, sub, opts);
  if (ctx.served.registry.def.createOnly) return createOnly(ctx, n, namespace);
  const duplicates: string[] = [];
  const input = await decodeBody(ctx, duplicates);
  const out = await ctx.served.registry.create(namespace, input, { ...opts, duplicateFields: duplicates });
  return objectResponse(n, 201, spelled(ctx, out.json), ctx.enc, ctx.warnings);
}

/** POST to a subresource such as Pod `binding`: the body changes the stored object; the answer is a Status. */
async function postSubresource(
  ctx: Ctx,
  n: Negotiated,
  namespace: string,
  sub: CreateSubresource,
  opts: WriteOptions,
): Promise<ApiResponse> {
  const reg = ctx.served.registry;
  const name = ctx.info.name;
  const raw = await decodeBody(ctx);
  if (!isObject(raw)) throw StatusError.badRequest(`the body must be a ${sub.bodyKind} object`);
  if (raw.kind !== undefined && raw.kind !== sub.bodyKind) {
    throw StatusError.badRequest(`the kind in the data (${String(raw.kind)}) does not match the expected kind (${sub.bodyKind})`);
  }
  let body: JsonObject;
  try {
    body = decodeObject(raw, sub.schema).value;
  } catch (err) {
    if (err instanceof DecodeError)
      throw StatusError.badRequest(`${sub.bodyKind} in version "${sub.apiVersion}" cannot be handled as a ${sub.bodyKind}: ${err.message}`);
    throw err;
  }
  const bodyName = (body.metadata as JsonObject | undefined)?.name;
  if (typeof bodyName === 'string' && bodyName && bodyName !== name) {
    throw StatusError.badRequest(`the name of the object (${bodyName}) does not match the name on the URL (${name})`);
  }
  if (sub.answer) return answered(ctx, n, raw, sub, await answerSubresource(ctx, namespace, sub, body));
  await reg.guaranteedUpdate(
    namespace,
    name,
    opts,
    ctx.info.subresource,
    (current) => {
      sub.change?.(current!, body, reg.strategyContext(ctx.info.subresource));
      return current;
    },
    { createIfMissing: false },
  );
  return objectResponse(
    n,
    201,
    JSON.stringify({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 }),
    ctx.enc,
    ctx.warnings,
  );
}

async function update(ctx: Ctx, namespace: string, name: string): Promise<ApiResponse> {
  const n = negotiate(ctx);
  const opts = writeOptions(ctx, 'UpdateOptions');
  const scale = scaleSubresource(ctx);
  if (scale) {
    const input = await decodeBody(ctx);
    return writeScale(ctx, namespace, name, scale, opts, () => input);
  }
  const duplicates: string[] = [];
  const input = await decodeBody(ctx, duplicates);
  const out = await ctx.served.registry.update(namespace, name, input, { ...opts, duplicateFields: duplicates }, ctx.info.subresource);
  return objectResponse(n, out.created ? 201 : 200, spelled(ctx, out.json), ctx.enc, ctx.warnings);
}

const MERGE_PATCH = 'application/merge-patch+json';

async function patch(ctx: Ctx, namespace: string, name: string): Promise<ApiResponse> {
  const n = negotiate(ctx);
  const contentType = (ctx.req.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  const refused = ctx.served.registry.def.refusedPatchTypes ?? [];
  const patcher = refused.includes(contentType) ? undefined : ctx.deps.patchers?.get(contentType);
  const isApply = contentType.startsWith('application/apply-patch');
  const opts = writeOptions(ctx, 'PatchOptions', isApply);
  const reg = ctx.served.registry;
  // Every patch type applies to `scale` too, on the Scale view of the object.
  const scale = scaleSubresource(ctx);
  if (scale && contentType === MERGE_PATCH) {
    const patchValue = parsePatchBody(await readBody(ctx));
    return writeScale(ctx, namespace, name, scale, opts, (view) => mergePatch(view, patchValue));
  }
  if (patcher) {
    const body = await readBody(ctx);
    const out = await patcher({
      registry: reg,
      namespace,
      name,
      subresource: ctx.info.subresource,
      ...(scale ? { scale } : {}),
      body,
      contentType,
      force: opts.force,
      write: opts,
    });
    if (scale) return scaleResponse(ctx, scale, JSON.stringify(scaleOf(JSON.parse(out.json) as JsonObject, scale)));
    return objectResponse(n, out.created ? 201 : 200, spelled(ctx, out.json), ctx.enc, ctx.warnings);
  }
  if (contentType !== MERGE_PATCH) {
    const supported = [MERGE_PATCH, ...(ctx.deps.patchers ? [...ctx.deps.patchers.keys()] : [])].filter((t) => !refused.includes(t));
    throw StatusError.unsupportedMediaType(contentType, supported);
  }
  const patchValue = parsePatchBody(await readBody(ctx));
  const out = await reg.guaranteedUpdate(
    namespace,
    name,
    opts,
    ctx.info.subresource,
    (current) => {
      const patched = mergePatch(current, patchValue);
      if (!isObject(patched)) throw StatusError.badRequest('the patch did not produce an object');
      return decodePatchResult(
        () => reg.decodePatched(patched, opts),
        () => JSON.stringify(patched),
      );
    },
    { createIfMissing: false },
  );
  return objectResponse(n, 200, spelled(ctx, out.json), ctx.enc, ctx.warnings);
}

function parsePatchBody(body: Uint8Array): JsonObject {
  const patchValue = parsePatchJson(body);
  if (!isObject(patchValue)) throw StatusError.badRequest('error decoding patch: the patch must be a JSON object');
  return patchValue;
}

async function del(ctx: Ctx, namespace: string, name: string): Promise<ApiResponse> {
  const n = negotiate(ctx);
  const body = await readBody(ctx);
  let decoded: unknown;
  if (body.length) decoded = ctx.deps.codecs.forRequest(ctx.req.headers.get('content-type'), undefined).decode(body, { pretty: false });
  const params = parseDeleteParams(ctx.query, decoded, ctx.deps.gates.enabled('AllowUnsafeMalformedObjectDeletion'));
  const out = await ctx.served.registry.delete(namespace, name, params, {
    dryRun: params.dryRun,
    fieldValidation: 'Ignore',
    warnings: ctx.warnings,
    userAgent: ctx.req.headers.get('user-agent') ?? undefined,
  });
  // 202 only when dependents were asked not to be orphaned and the object lingers (the real platform's rule).
  const status = !out.deleted && params.orphanDependents === false ? 202 : 200;
  return objectResponse(n, status, spelled(ctx, out.json), ctx.enc, ctx.warnings);
}

/**
 * DELETE of a collection answers the list of what it deleted, each item as it was listed (before
 * its deletion), as the real store does. A `limit` deletes one page only, and the answer carries
 * that page's `continue`; without one, every match goes.
 */
async function deleteCollection(ctx: Ctx, namespace: string): Promise<ApiResponse> {
  const n = negotiate(ctx);
  const body = await readBody(ctx);
  let decoded: unknown;
  if (body.length) decoded = ctx.deps.codecs.forRequest(ctx.req.headers.get('content-type'), undefined).decode(body, { pretty: false });
  const params = parseDeleteParams(ctx.query, decoded, ctx.deps.gates.enabled('AllowUnsafeMalformedObjectDeletion'));
  const { opts } = listOptions(ctx, false);
  const reg = ctx.served.registry;
  const onePage = (opts.limit ?? 0) > 0;
  const listed = await ctx.served.reader.list(namespace, onePage ? opts : { ...opts, limit: 0, continue: undefined });
  for (const json of listed.items) {
    const obj = JSON.parse(json) as JsonObject;
    const meta = obj.metadata as JsonObject;
    try {
      await reg.delete(String(meta.namespace ?? ''), String(meta.name), params, {
        dryRun: params.dryRun,
        fieldValidation: 'Ignore',
        warnings: ctx.warnings,
      });
    } catch (err) {
      // Deleted meanwhile by someone else: that is what was asked.
      if (!(err instanceof StatusError && err.code === 404)) throw err;
    }
  }
  const def = reg.def;
  const metadata: JsonObject = { resourceVersion: String(listed.resourceVersion) };
  if (listed.continue) metadata.continue = listed.continue;
  if (listed.remainingItemCount !== undefined) metadata.remainingItemCount = listed.remainingItemCount;
  return listResponse(
    n,
    { kind: listKindOf(def), apiVersion: ctx.alias ?? apiVersionOf(def), metadata, items: spelledItems(ctx, listed.items) },
    ctx.enc,
    ctx.warnings,
  );
}
