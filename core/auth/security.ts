/**
 * The request path's security stages, in the real server's order: authentication → impersonation
 * → flow control (API Priority and Fairness) → authorization → (escalation checks on RBAC writes)
 * → the handler, with audit around all of it and an `Audit-Id` on every answer. With no options
 * this is the local development server: every request is anonymous (unless it carries a valid
 * ServiceAccount token) and allowed.
 */
import { type AuditDecision, auditLevelOf, type AuditPolicy, type AuditSink, parseAuditPolicy } from '../audit/index.ts';
import { type AuditEvent, type AuditObjectRef, auditUser, microTime } from '../audit/event.ts';
import type { AuditStage } from '../audit/policy.ts';
import { loggedObject } from '../audit/logged-object.ts';
import { withoutManagedFields } from '../audit/managed-fields.ts';
import { sourceIPs } from '../audit/source-ips.ts';
import { StatusError, toStatusError } from '../errors/status-error.ts';
import { FlowControl, type FlowControlOptions, WatchTracker } from '../flowcontrol/index.ts';
import { bodyKindOf } from '../handlers/body-kinds.ts';
import { statusValue } from '../handlers/respond.ts';
import type { ApiRequest, ApiResponse } from '../http/api-request.ts';
import { type RequestInfo, requestInfo } from '../http/request-info.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { type CountedRequest, countRequest, countTermination, resourceRequestSeries } from '../metrics/request-count.ts';
import type { KindDefinition } from '../registry/definition.ts';
import type { ResourceRegistry } from '../registry/resource-registry.ts';
import type { ClusterRole } from '../registry/types/rbac-v1.ts';
import type { FlowSchema, PriorityLevelConfiguration } from '../registry/types/flowcontrol-v1.ts';
import type { Clock } from '../util/clock.ts';
import type { JsonObject } from '../util/json.ts';
import { type Attributes, forbiddenReason, nonResourceVerb, orchGroup } from './attributes.ts';
import type { RequestAccess } from './access.ts';
import { ANONYMOUS } from './user.ts';
import { type Authenticator, AuthenticationChain, clientCertificateAuthenticator } from './authenticator.ts';
import {
  alwaysAllow,
  alwaysDeny,
  type AuthorizationMode,
  type Authorizer,
  AuthorizerChain,
  CachingAuthorizer,
  modesOf,
  privilegedGroups,
  RbacAuthorizer,
} from './authorizer.ts';
import { confirmRbacWrite, rbacWriteKind } from './rbac-writes.ts';
import { impersonate, impersonationRequest } from './impersonation.ts';
import { IssuerDiscovery } from './issuer-discovery.ts';
import { aggregationsToWrite } from './rbac/aggregation.ts';
import { PolicyIndex, type PolicySource } from './rbac/policy-index.ts';
import { registryLookup } from './legacy-token.ts';
import { ServiceAccountTokens, type SigningKey } from './service-account-token.ts';
import { parseTokenFile, tokenFileAuthenticator } from './token-file.ts';
import { audienceAgnostic, reviewToken, type TokenAuthenticator } from './token-review.ts';
import type { UserInfo } from './user.ts';

export interface SecurityOptions {
  readonly authentication?: {
    /** `--token-auth-file`: its text, or tokens already parsed. */
    readonly tokens?: string | ReadonlyMap<string, UserInfo>;
    /** `--anonymous-auth` (default true). */
    readonly anonymous?: boolean;
    readonly serviceAccounts?: {
      readonly issuer?: string;
      readonly audiences?: readonly string[];
      readonly signingKey?: SigningKey;
      readonly verifyKeys?: readonly SigningKey[];
      /** `--service-account-jwks-uri`: the `jwks_uri` of the issuer discovery document. */
      readonly jwksUri?: string;
    };
  };
  /** `--authorization-mode` (default AlwaysAllow). */
  readonly authorization?: { readonly modes?: string | readonly AuthorizationMode[] };
  /** API Priority and Fairness: on with these limits, or off (default off in-process; orch-apiserver turns it on). */
  readonly flowControl?: FlowControlOptions | false;
  /** `--audit-policy-file` (parsed or its text) and where events go. */
  readonly audit?: { readonly policy: AuditPolicy | string; readonly sink: AuditSink };
}

export interface SecurityDeps {
  readonly clock: Clock;
  readonly metrics: Metrics;
  /** The registry of a served resource, by its orch.io group. */
  registry(group: string, resource: string): ResourceRegistry | undefined;
  /** The kind behind a path's group/version/resource, for deprecation annotations. */
  deprecated(group: string, version: string, resource: string): { removedRelease?: string } | undefined;
  /** The kind served at a group/version/resource (audit decodes the objects it logs with it). */
  kind?(group: string, version: string, resource: string): KindDefinition | undefined;
  readonly ready: Promise<void>;
  started(): boolean;
}

/** What the handlers may ask about the request they serve. */
export interface RequestContext {
  readonly user: UserInfo;
  readonly auditID: string;
  /** What the request asks, as authorization saw it. */
  readonly attributes: Attributes;
  /** The request's path parsed (the router reads it rather than parse the path again). */
  readonly info: ReturnType<typeof requestInfo>;
  /** Where admission plugins put their audit annotations, when the request is audited. */
  readonly auditAnnotations?: Record<string, string>;
}

/**
 * A request's context rides on the request object itself, under a symbol: a WeakMap entry per
 * request cost more (its insertion, and the collector's work on every entry) than the rest of
 * the security stage of a GET.
 */
const CONTEXT = Symbol('orch.requestContext');
type WithContext = ApiRequest & { [CONTEXT]?: RequestContext };

/** The user a request acts as (after impersonation); anonymous for a request no filter saw. */
export function requestContext(req: ApiRequest): RequestContext | undefined {
  return (req as WithContext)[CONTEXT];
}

export { orchGroup };

const RBAC_GROUP = 'rbac.authorization.orch.io';
const HEALTH = /^\/(healthz|livez|readyz)(\/|$)/;
const SUCCESS_LABELS = () => ({ result: 'success' });
const AUTHN_FAILURE_LABELS = { error: () => ({ result: 'error' }), failure: () => ({ result: 'failure' }) };
/** The real `authorization_attempts_total` result of each decision. */
const AUTHZ_LABELS = {
  Allow: () => ({ result: 'allowed' }),
  Deny: () => ({ result: 'denied' }),
  NoOpinion: () => ({ result: 'no-opinion' }),
};
const MUTATING = new Set(['create', 'update', 'patch', 'delete', 'deletecollection']);

function registryObjects<T>(reg: ResourceRegistry | undefined): T[] {
  if (!reg) return [];
  const out: T[] = [];
  reg.store.scan({ atRevision: Number.POSITIVE_INFINITY }, (item) => {
    out.push(reg.parse(item.version) as T);
    return true;
  });
  return out;
}

export function attributesOf(info: RequestInfo, user: UserInfo, method: string): Attributes {
  if (!info.isResourceRequest) return { isResourceRequest: false, user, verb: nonResourceVerb(method), path: info.path };
  return {
    isResourceRequest: true,
    user,
    verb: info.verb,
    namespace: info.namespace,
    apiGroup: orchGroup(info.group),
    apiVersion: info.version,
    resource: info.resource,
    subresource: info.subresource,
    name: info.name,
  };
}

function forbidden(a: Attributes, reason: string): StatusError {
  if (!a.isResourceRequest) return new StatusError(403, 'Forbidden', `forbidden: ${forbiddenReason(a, reason)}`, {});
  return StatusError.forbidden({ group: a.apiGroup, resource: a.resource }, a.name, forbiddenReason(a, reason));
}

function counted(req: ApiRequest): CountedRequest {
  return { method: req.method, query: req.url.searchParams, contentType: req.headers.get('content-type') };
}

/**
 * The answer with the stage's headers added. Copied by loops into a literal of the response's
 * three members: two object spreads were a tenth of a GET's time.
 */
function withHeaders(res: ApiResponse, extra: Record<string, string>): ApiResponse {
  const headers: Record<string, string | string[]> = {};
  for (const k in res.headers) headers[k] = res.headers[k]!;
  for (const k in extra) headers[k] = extra[k]!;
  return { status: res.status, headers, body: res.body };
}

function errorResponse(err: StatusError, extra: Record<string, string>): ApiResponse {
  return {
    status: err.code,
    headers: { 'content-type': 'application/json', ...err.headers, ...extra },
    body: JSON.stringify(statusValue(err.status)),
  };
}

/** The same request with its body already read (hosts' request objects keep their other members). */
function withBody(req: ApiRequest, body: Uint8Array): ApiRequest {
  return Object.create(req, { readBody: { value: async () => body } }) as ApiRequest;
}

export class RequestSecurity {
  readonly tokens: ServiceAccountTokens;
  /** `/.well-known/openid-configuration` and `/openid/v1/jwks` of the token issuer. */
  readonly issuerDiscovery: IssuerDiscovery;
  readonly authorizer: Authorizer;
  readonly policy: PolicyIndex;
  private readonly authn: AuthenticationChain;
  private readonly rbac: boolean;
  /** API Priority and Fairness, when it is on (its state also feeds the debug dumps). */
  readonly flow: FlowControl | undefined;
  /** The open watches, by what they watch: a write's final seats are charged by those its event may go to. */
  readonly watches = new WatchTracker();
  private readonly audit: { policy: AuditPolicy; sink: AuditSink } | undefined;
  private readonly uidOf: RequestAccess['uidOf'];
  private readonly objectOf: RequestAccess['objectOf'];
  private readonly tokenAuthenticators: readonly TokenAuthenticator[];
  /** The development default: no authentication configured and every request allowed. */
  private readonly open: boolean;

  constructor(
    opts: SecurityOptions,
    private readonly deps: SecurityDeps,
  ) {
    // A stored core/v1 object, read from the registry (not a cache), for the token checks and reviews.
    const objectOf = (this.objectOf = (resource: string, namespace: string, name: string): JsonObject | undefined => {
      const reg = deps.registry('', resource);
      const v = reg?.current(namespace, name);
      return v && reg ? reg.parse(v) : undefined;
    });
    const uidOf = (this.uidOf = (resource: string, namespace: string, name: string): string | undefined => {
      const obj = objectOf(resource, namespace, name);
      return obj && String((obj.metadata as JsonObject | undefined)?.uid ?? '');
    });
    const sa = opts.authentication?.serviceAccounts;
    this.tokens = new ServiceAccountTokens({
      ...sa,
      uidOf,
      legacy: registryLookup((g, r) => deps.registry(g, r), objectOf),
      clock: deps.clock,
    });
    this.issuerDiscovery = new IssuerDiscovery(this.tokens, sa?.jwksUri !== undefined ? { jwksUri: sa.jwksUri } : {});
    const authenticators: Authenticator[] = [clientCertificateAuthenticator];
    const tokens = opts.authentication?.tokens;
    const tokenFile = tokens === undefined ? undefined : typeof tokens === 'string' ? parseTokenFile(tokens) : tokens;
    if (tokenFile) authenticators.push(tokenFileAuthenticator(tokenFile));
    authenticators.push(this.tokens.authenticator());
    // TokenReview runs the same token authenticators, in the same order, for the audiences it is asked.
    this.tokenAuthenticators = [
      ...(tokenFile ? [audienceAgnostic(this.tokens.audiences, (t) => tokenFile.get(t))] : []),
      (token: string, audiences: readonly string[]) => this.tokens.review(token, audiences),
    ];
    this.authn = new AuthenticationChain(authenticators, opts.authentication?.anonymous ?? true, opts.authentication !== undefined);

    const source: PolicySource = {
      list: ((resource: string) => registryObjects(deps.registry(RBAC_GROUP, resource))) as PolicySource['list'],
      onChange: (listener) => {
        for (const r of ['roles', 'clusterroles', 'rolebindings', 'clusterrolebindings'])
          deps.registry(RBAC_GROUP, r)?.store.events$.subscribe(listener);
      },
    };
    this.policy = new PolicyIndex(source);
    const modes =
      typeof opts.authorization?.modes === 'string'
        ? modesOf(opts.authorization.modes)
        : [...(opts.authorization?.modes ?? ['AlwaysAllow'])];
    this.rbac = modes.includes('RBAC');
    const chain: Authorizer[] = this.rbac ? [privilegedGroups] : [];
    for (const m of modes)
      chain.push(m === 'AlwaysAllow' ? alwaysAllow : m === 'AlwaysDeny' ? alwaysDeny : new RbacAuthorizer(this.policy));
    this.authorizer = new CachingAuthorizer(new AuthorizerChain(chain), () => this.policy.generation);
    this.open = opts.authentication === undefined && modes.length === 1 && modes[0] === 'AlwaysAllow';

    if (opts.flowControl) {
      const m = deps.metrics;
      this.flow = new FlowControl(
        {
          flowSchemas: () => registryObjects<FlowSchema>(deps.registry('flowcontrol.apiserver.orch.io', 'flowschemas')),
          priorityLevels: () =>
            registryObjects<PriorityLevelConfiguration>(deps.registry('flowcontrol.apiserver.orch.io', 'prioritylevelconfigurations')),
          onChange: (listener) => {
            for (const r of ['flowschemas', 'prioritylevelconfigurations'])
              deps.registry('flowcontrol.apiserver.orch.io', r)?.store.events$.subscribe(listener);
          },
          objectCount: (group, resource) => deps.registry(group, resource)?.store.liveObjects(),
          watchCount: (group, resource, namespace, name) => this.watches.interested(group, resource, namespace, name),
        },
        {
          inQueue: (fs, pl, d) => m.flowInQueue.add({ flow_schema: fs, priority_level: pl }, d),
          executing: (fs, pl, d) => m.flowExecuting.add({ flow_schema: fs, priority_level: pl }, d),
          rejected: (fs, pl, reason) => m.flowRejected.add({ flow_schema: fs, priority_level: pl, reason }),
          dispatched: (fs, pl) => m.flowDispatched.add({ flow_schema: fs, priority_level: pl }),
          nominalSeats: (pl, seats) => m.flowNominalSeats.set({ priority_level: pl }, seats),
          seatBounds: (pl, lower, upper) => {
            m.flowLowerLimit.set({ priority_level: pl }, lower);
            m.flowUpperLimit.set({ priority_level: pl }, upper);
          },
          currentSeats: (pl, seats) => m.flowCurrentLimit.set({ priority_level: pl }, seats),
        },
        // Queue wait limits and final seats run on the server's clock, as `now` reads it.
        { now: () => deps.clock.now(), timers: deps.clock, ...opts.flowControl },
      );
    }
    void deps.ready.then(
      () => this.startAggregation(),
      () => undefined,
    );
    if (opts.audit) {
      const policy = typeof opts.audit.policy === 'string' ? parseAuditPolicy(opts.audit.policy) : opts.audit.policy;
      this.audit = { policy, sink: opts.audit.sink };
    }
  }

  /**
   * The clusterrole-aggregation controller: after every ClusterRole change, aggregated roles whose
   * rules differ from what their selectors gather are rewritten (as `clusterrole-aggregation-controller`).
   */
  private startAggregation(): void {
    const reg = this.deps.registry(RBAC_GROUP, 'clusterroles');
    if (!reg) return;
    let running = false;
    let again = false;
    const run = async (): Promise<void> => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          for (const { name, rules } of aggregationsToWrite(registryObjects<ClusterRole>(reg))) {
            await reg
              .guaranteedUpdate(
                '',
                name,
                { dryRun: false, fieldManager: 'clusterrole-aggregation-controller', fieldValidation: 'Ignore', warnings: [] },
                '',
                (current) => (current ? { ...current, rules: rules as unknown as JsonObject[] } : undefined),
                { createIfMissing: false },
              )
              .catch(() => undefined);
          }
        } while (again);
      } finally {
        running = false;
      }
    };
    reg.store.events$.subscribe(() => void run());
    void run();
  }

  /** Whether a user may do something (access reviews, impersonation). */
  authorize(a: Attributes): { allowed: boolean; denied: boolean; reason: string } {
    const r = this.authorizer.authorize(a);
    return { allowed: r.decision === 'Allow', denied: r.decision === 'Deny', reason: r.reason };
  }

  rulesFor(user: UserInfo, namespace: string): ReturnType<RequestAccess['rulesFor']> {
    return this.authorizer.rulesFor?.(user, namespace) ?? { rules: [], incomplete: true };
  }

  /** The security context handlers answer from (access reviews, TokenRequest). */
  /**
   * The request's own check of the object a write is about to store (`old`: the stored one, on an
   * update), throwing a StatusError to refuse it: RBAC's escalation prevention on roles and
   * bindings. Undefined for every other write, which is asked on each one (a hot path: nothing is
   * made unless there is something to check).
   */
  admitWrite(req: ApiRequest): ((obj: JsonObject, old: JsonObject | undefined) => void) | undefined {
    const a = requestContext(req)?.attributes;
    if (!this.rbac || !a?.isResourceRequest || !rbacWriteKind(a)) return undefined;
    return (obj, old) =>
      confirmRbacWrite(a, obj, old, {
        authorize: (x) => this.authorizer.authorize(x).decision,
        rulesFor: (user, namespace) => this.rulesFor(user, namespace).rules,
        roleRules: (kind, namespace, name) => this.policy.roleRules(kind, namespace, name),
      });
  }

  accessFor(req: ApiRequest): RequestAccess {
    return {
      user: requestContext(req)?.user ?? ANONYMOUS,
      authorize: (a) => this.authorize(a),
      rulesFor: (user, namespace) => this.rulesFor(user, namespace),
      issueToken: (t) => this.tokens.issue(t),
      tokenAudiences: this.tokens.audiences,
      uidOf: this.uidOf,
      objectOf: this.objectOf,
      reviewToken: (token, audiences) => reviewToken(this.tokenAuthenticators, token, audiences, this.tokens.audiences),
    };
  }

  async handle(req: ApiRequest, next: (req: ApiRequest) => Promise<ApiResponse>): Promise<ApiResponse> {
    const start = this.deps.clock.now();
    const auditID = req.headers.get('audit-id') || crypto.randomUUID();
    const headers: Record<string, string> = { 'audit-id': auditID };
    const path = req.url.pathname;
    const parsed = requestInfo(req.method, path, req.url.searchParams);
    const info: RequestInfo = parsed === 'method-not-allowed' ? { isResourceRequest: false, path } : parsed;

    const authn = await this.authn.outcome(req);
    let user = 'user' in authn ? authn.user : undefined;
    let attrs: Attributes | undefined;
    let audit: AuditRecorder | undefined;
    if (user) {
      attrs = attributesOf(info, user, req.method);
      audit = this.startAudit(req, attrs, auditID, start);
    }
    const finish = (res: ApiResponse): ApiResponse => {
      audit?.complete(res);
      this.observe(info, req, res, start);
      return res;
    };
    if (!user || !attrs) {
      const result = 'result' in authn ? authn.result : 'error';
      this.deps.metrics.authenticated.count(result, AUTHN_FAILURE_LABELS[result]);
      const res = errorResponse(StatusError.unauthorized(), headers);
      this.auditUnauthenticated(req, info, auditID, start, res);
      return res;
    }
    if (!this.open) this.deps.metrics.authenticated.count('success', SUCCESS_LABELS);

    let admission: { done(): void } | undefined;
    try {
      const imp = impersonationRequest(req.headers as ApiRequest['headers'] & { names?(): Iterable<string> });
      if (imp) {
        await this.readyFor(path);
        const requester = user;
        user = impersonate(requester, imp, this.authorizer);
        attrs = attributesOf(info, user, req.method);
        if (audit) audit.impersonated = user;
      }
      if (this.flow && !HEALTH.test(path)) {
        if (!this.deps.started()) await this.deps.ready;
        const a = await this.flow.admit(attrs, req.url.searchParams, path);
        if (a) {
          headers['x-kubernetes-pf-flowschema-uid'] = a.flowSchemaUid;
          headers['x-kubernetes-pf-prioritylevel-uid'] = a.priorityLevelUid;
          if (!a.admitted) {
            // Counted as the real filter counts its dropped requests: in the request total and as a termination.
            countRequest(this.deps.metrics, counted(req), info, 429);
            countTermination(this.deps.metrics, counted(req), info, 429);
            return finish(errorResponse(StatusError.tooManyRequests('Too many requests, please try again later.', 1), headers));
          }
          admission = a;
        }
      }
      let served = req;
      if (!this.open) {
        // Health checks answer before start-up is done; the bootstrap policy lets everyone read them.
        if (!(HEALTH.test(path) && !this.deps.started())) {
          if (!this.deps.started()) await this.deps.ready;
          const d = this.authorizer.authorize(attrs);
          this.deps.metrics.authorizationAttempts.count(d.decision, AUTHZ_LABELS[d.decision]);
          audit?.authorized(d.decision === 'Allow', d.reason);
          if (d.decision !== 'Allow') throw forbidden(attrs, d.reason);
          // Reads need no more checks (and no more awaits on the hot path).
          if (attrs.isResourceRequest && MUTATING.has(attrs.verb)) this.admitCreate(req, attrs, info);
        }
      } else audit?.authorized(true, ''); // AlwaysAllow, which says no more
      if (audit?.readsRequestBody) served = await audit.captureRequest(served);
      // A caller's frozen request object gets the context on a derived one.
      if (!Object.isExtensible(served)) served = Object.create(served) as ApiRequest;
      (served as WithContext)[CONTEXT] = {
        user,
        auditID,
        attributes: attrs,
        info: parsed,
        ...(audit ? { auditAnnotations: audit.annotations } : {}),
      };
      const res = await next(served);
      admission?.done();
      admission = undefined;
      return finish(withHeaders(audit ? audit.respond(res) : res, headers));
    } catch (err) {
      admission?.done();
      const se = toStatusError(err);
      return finish(errorResponse(se, headers));
    }
  }

  private async readyFor(path: string): Promise<void> {
    if (!this.open && !(HEALTH.test(path) && !this.deps.started())) await this.deps.ready;
  }

  /**
   * Creating a missing object through apply (or a PUT that creates) needs `create` as well, as
   * the real handler asks it. (RBAC escalation checks run in the registry, on the object stored:
   * `admitWrite`.) The refusal is the handler's, so it is counted as one.
   */
  private admitCreate(req: ApiRequest, a: Attributes, info: RequestInfo): void {
    if (!a.isResourceRequest || (a.verb !== 'patch' && a.verb !== 'update') || !a.name || a.subresource) return;
    const reg = this.deps.registry(a.apiGroup, a.resource);
    if (!reg) return;
    const isApply = (req.headers.get('content-type') ?? '').startsWith('application/apply-patch');
    if (!(isApply || (a.verb === 'update' && reg.def.allowCreateOnUpdate))) return;
    if (reg.current(reg.def.namespaced ? a.namespace : '', a.name)) return;
    const c: Attributes = { ...a, verb: 'create' };
    const d = this.authorizer.authorize(c);
    if (d.decision === 'Allow') return;
    countRequest(this.deps.metrics, counted(req), info, 403);
    throw forbidden(c, d.reason);
  }

  private observe(info: RequestInfo, req: ApiRequest, res: ApiResponse, start: number): void {
    if (!info.isResourceRequest) return;
    // The same labels as apiserver_request_total's but the code: one request, one set of labels.
    const series = resourceRequestSeries(counted(req), info);
    this.deps.metrics.requestDuration.observeBy(series.identity, series.labels, (this.deps.clock.now() - start) / 1000);
    void res;
  }

  private startAudit(req: ApiRequest, a: Attributes, auditID: string, start: number): AuditRecorder | undefined {
    if (!this.audit) return undefined;
    const decision = auditLevelOf(this.audit.policy, a);
    if (decision.level === 'None') return undefined;
    const dep = a.isResourceRequest ? this.deps.deprecated(a.apiGroup, a.apiVersion, a.resource) : undefined;
    const def = a.isResourceRequest ? this.deps.kind?.(a.apiGroup, a.apiVersion, a.resource) : undefined;
    const kind = def && a.isResourceRequest ? bodyKindOf(def, a.subresource) : undefined;
    return new AuditRecorder(this.audit.sink, decision, req, a, auditID, start, this.deps.clock, dep, kind);
  }

  /**
   * A request no authenticator accepted: one event, with no user (policy rules naming users or
   * groups do not match it), written when its 401 starts, as the real failed-authentication
   * handler writes it.
   */
  private auditUnauthenticated(req: ApiRequest, info: RequestInfo, auditID: string, start: number, res: ApiResponse): void {
    if (!this.audit) return;
    const a = attributesOf(info, NOBODY, req.method);
    const decision = auditLevelOf(this.audit.policy, a);
    if (decision.level === 'None') return;
    new AuditRecorder(this.audit.sink, decision, req, a, auditID, start, this.deps.clock, undefined, undefined, true).failedAuthentication(
      res,
    );
  }
}

/** The user of a request that has none, for the audit policy (which matches no user or group rule to it). */
const NOBODY: UserInfo = { name: '', groups: [] };

/** The real audit annotations of the authorization decision. */
const DECISION_ANNOTATION = 'authorization.orch.io/decision';
const REASON_ANNOTATION = 'authorization.orch.io/reason';

/** The credentials a request that failed authentication tried, in the real audit event's words. */
function attemptedMethods(req: ApiRequest): string {
  const methods: string[] = [];
  const auth = (req.headers.get('authorization') ?? '').trim();
  const basic = /^basic (.*)$/i.exec(auth);
  if (basic && decodesToUserPassword(basic[1])) methods.push('basic');
  const parts = auth.split(' ');
  if (parts.length > 1 && parts[0].toLowerCase() === 'bearer') methods.push('bearer');
  if ((req.url.searchParams.get('access_token') ?? '').trim()) methods.push('access_token');
  if (req.certificateUser || req.certificateError !== undefined) methods.push('x509');
  return methods.length ? `Authentication failed, attempted: ${methods.join(', ')}` : 'Authentication failed, no credentials provided';
}

function decodesToUserPassword(b64: string): boolean {
  try {
    return atob(b64).includes(':');
  } catch {
    return false;
  }
}

/** The events of one audited request. */
class AuditRecorder {
  impersonated: UserInfo | undefined;
  /** Annotations authorization and admission add while the request is served; the stages after it carry them. */
  readonly annotations: Record<string, string> = {};
  private requestObject: unknown;
  private readonly base: Omit<AuditEvent, 'stage' | 'stageTimestamp' | 'objectRef'>;
  /** Completed from the request's object once it is read (a create's name, an update's uid). */
  private readonly objectRef: AuditObjectRef | undefined;

  constructor(
    private readonly sink: AuditSink,
    private readonly decision: AuditDecision,
    private readonly req: ApiRequest,
    a: Attributes,
    auditID: string,
    start: number,
    private readonly clock: Clock,
    deprecated: { removedRelease?: string } | undefined,
    /** The kind of the objects the request writes and reads, to decode them. */
    private readonly kind: KindDefinition | undefined,
    unauthenticated = false,
  ) {
    const query = req.url.searchParams.toString();
    const ips = sourceIPs(req.headers, req.remoteAddress);
    this.base = {
      kind: 'Event',
      apiVersion: 'audit.orch.io/v1',
      level: decision.level,
      auditID,
      requestURI: query ? `${req.url.pathname}?${query}` : req.url.pathname,
      verb: a.verb,
      user: unauthenticated ? {} : auditUser(a.user),
      ...(ips.length ? { sourceIPs: ips } : {}),
      ...(req.headers.get('user-agent') ? { userAgent: req.headers.get('user-agent')! } : {}),
      requestReceivedTimestamp: microTime(start),
      ...(deprecated
        ? {
            annotations: {
              'orch.io/deprecated': 'true',
              ...(deprecated.removedRelease ? { 'orch.io/removed-release': deprecated.removedRelease } : {}),
            },
          }
        : {}),
    };
    this.objectRef = a.isResourceRequest
      ? {
          resource: a.resource,
          ...(a.namespace ? { namespace: a.namespace } : {}),
          ...(a.name ? { name: a.name } : {}),
          apiGroup: a.apiGroup,
          apiVersion: a.apiVersion,
          ...(a.subresource ? { subresource: a.subresource } : {}),
        }
      : undefined;
    if (!unauthenticated) this.emit('RequestReceived');
  }

  private get logsRequestObject(): boolean {
    return this.decision.level === 'Request' || this.decision.level === 'RequestResponse';
  }

  /**
   * Whether the body is read before the handler: a create's or update's object at every level
   * (its metadata completes `objectRef`), a patch or delete options only where they are logged.
   */
  get readsRequestBody(): boolean {
    if (!this.objectRef) return false;
    const m = this.req.method;
    return m === 'POST' || m === 'PUT' || ((m === 'PATCH' || m === 'DELETE') && this.logsRequestObject);
  }

  /** The authorizer's decision and reason, as the real authorization filter annotates the event. */
  authorized(allowed: boolean, reason: string): void {
    this.annotations[DECISION_ANNOTATION] = allowed ? 'allow' : 'forbid';
    this.annotations[REASON_ANNOTATION] = reason;
  }

  async captureRequest(req: ApiRequest): Promise<ApiRequest> {
    const body = await req.readBody(3 * 1024 * 1024);
    if (body.length === 0) return withBody(req, body);
    const method = this.req.method;
    // A patch is logged as sent (the real audit keeps it raw); objects are decoded from their format.
    const obj =
      method === 'PATCH' ? loggedObject(body, null, undefined) : loggedObject(body, this.req.headers.get('content-type'), this.kind);
    if (method === 'POST' || method === 'PUT') this.completeObjectRef(obj);
    if (this.logsRequestObject && obj !== undefined)
      this.requestObject = this.decision.omitManagedFields && method !== 'PATCH' ? withoutManagedFields(obj) : obj;
    return withBody(req, body);
  }

  /** What the written object says of itself fills what the path did not: name, namespace, uid, resourceVersion. */
  private completeObjectRef(obj: unknown): void {
    const meta = obj && typeof obj === 'object' ? (obj as JsonObject).metadata : undefined;
    if (!this.objectRef || !meta || typeof meta !== 'object' || Array.isArray(meta)) return;
    for (const k of ['namespace', 'name', 'uid', 'resourceVersion'] as const) {
      const v = (meta as JsonObject)[k];
      if (!this.objectRef[k] && typeof v === 'string' && v) this.objectRef[k] = v;
    }
  }

  private emit(stage: AuditStage, extra: Partial<AuditEvent> = {}): void {
    if (this.decision.omitStages.includes(stage)) return;
    const added = stage !== 'RequestReceived' && Object.keys(this.annotations).length > 0;
    const r = this.objectRef;
    this.sink.write({
      ...this.base,
      // Field order as the real ObjectReference writes it; a copy, as the reference still fills in.
      ...(r
        ? {
            objectRef: {
              resource: r.resource,
              ...(r.namespace ? { namespace: r.namespace } : {}),
              ...(r.name ? { name: r.name } : {}),
              ...(r.uid ? { uid: r.uid } : {}),
              apiGroup: r.apiGroup,
              apiVersion: r.apiVersion,
              ...(r.resourceVersion ? { resourceVersion: r.resourceVersion } : {}),
              ...(r.subresource ? { subresource: r.subresource } : {}),
            },
          }
        : {}),
      ...(added ? { annotations: sortedKeys({ ...this.base.annotations, ...this.annotations }) } : {}),
      ...(this.impersonated ? { impersonatedUser: auditUser(this.impersonated) } : {}),
      stage,
      // The first stage's time is the request's, as the real event writes it.
      stageTimestamp: stage === 'RequestReceived' ? this.base.requestReceivedTimestamp : microTime(this.clock.now()),
      ...extra,
    } as AuditEvent);
  }

  private completed = false;
  private streaming = false;

  /** A streamed answer (a watch) is `ResponseStarted` now and `ResponseComplete` when it ends. */
  respond(res: ApiResponse): ApiResponse {
    if (!(res.body instanceof ReadableStream)) return res;
    this.streaming = true;
    this.emit('ResponseStarted', { responseStatus: { metadata: {}, code: res.status } });
    const done = () => this.complete(res, true);
    const body = res.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        flush: done,
      }),
    );
    return { ...res, body };
  }

  /**
   * The one event of a request that failed authentication: `ResponseStarted`, its status saying
   * which credentials were tried (the real handler writes no `ResponseComplete` for it).
   */
  failedAuthentication(res: ApiResponse): void {
    this.completed = true;
    this.emit('ResponseStarted', { responseStatus: { metadata: {}, message: attemptedMethods(this.req), code: res.status } });
  }

  complete(res: ApiResponse, ended = false): void {
    if (this.completed || (this.streaming && !ended)) return;
    this.completed = true;
    let status: AuditEvent['responseStatus'] = { metadata: {}, code: res.status };
    const wantsObject = this.decision.level === 'RequestResponse' && !ended;
    const whole = typeof res.body === 'string' || res.body instanceof Uint8Array;
    const parsed =
      whole && (wantsObject || res.status >= 400)
        ? loggedObject(res.body as string | Uint8Array, contentTypeOf(res), this.kind)
        : undefined;
    if (res.status >= 400 && parsed && typeof parsed === 'object' && (parsed as JsonObject).kind === 'Status') {
      // The Status's bounded fields, in the order the real event writes them.
      const s = parsed as JsonObject;
      status = {
        metadata: {},
        status: String(s.status ?? 'Failure'),
        ...(s.message ? { message: String(s.message) } : {}),
        ...(s.reason ? { reason: String(s.reason) } : {}),
        ...(s.details && typeof s.details === 'object' ? { details: s.details as JsonObject } : {}),
        code: res.status,
      };
    }
    const extra: Partial<AuditEvent> = { responseStatus: status };
    if (this.requestObject !== undefined) extra.requestObject = this.requestObject;
    if (wantsObject && parsed !== undefined) extra.responseObject = this.decision.omitManagedFields ? withoutManagedFields(parsed) : parsed;
    this.emit('ResponseComplete', extra);
  }
}

function contentTypeOf(res: ApiResponse): string | null {
  const v = res.headers['content-type'];
  return (Array.isArray(v) ? v[0] : v) ?? null;
}

/** Annotations in key order, as the real event's map is written. */
function sortedKeys(m: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of Object.keys(m).sort()) out[k] = m[k];
  return out;
}
