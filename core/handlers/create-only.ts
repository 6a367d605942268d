/**
 * Kinds that are created but never stored (the access reviews) and subresources that answer a
 * posted object without changing their parent (ServiceAccount `token`): the body is decoded,
 * defaulted and validated as any create, then the kind computes the answer (201). The answer is
 * spelled in the group the client used, so kubectl's hard-coded `authorization.k8s.io` requests
 * get `authorization.k8s.io` objects back.
 */
import type { Negotiated } from '../codecs/negotiate.ts';
import type { EncodeContext } from '../codecs/serializer.ts';
import { StatusError } from '../errors/status-error.ts';
import type { ApiRequest, ApiResponse } from '../http/api-request.ts';
import type { ResourceRequestInfo } from '../http/request-info.ts';
import { apiVersionOf, type CreateSubresource, type AnswerContext } from '../registry/definition.ts';
import { decodeInput, spellsAsOrch } from '../registry/input.ts';
import { DecodeError, decodeObject } from '../schema/decode.ts';
import type { ObjectSchema } from '../schema/types.ts';
import type { JsonObject } from '../util/json.ts';
import { objectResponse } from './respond.ts';
import { postedKindOf } from './body-kinds.ts';
import type { ResourceHandlerDeps, ServedResource } from './resources.ts';
import { ANONYMOUS } from '../auth/user.ts';
import type { RequestAccess } from '../auth/access.ts';

interface AnswerCtx {
  readonly req: ApiRequest;
  readonly info: ResourceRequestInfo;
  readonly served: ServedResource;
  readonly deps: ResourceHandlerDeps;
  readonly enc: EncodeContext;
  readonly warnings: string[];
  /** The apiVersion to answer in when the path named the group by its `k8s.io` alias. */
  readonly alias: string | undefined;
}

/** A request the security stages never saw (a host calling a bare handler): anonymous, nothing allowed. */
const NO_ACCESS: RequestAccess = {
  user: ANONYMOUS,
  authorize: () => ({ allowed: false, denied: false, reason: 'no authorizer' }),
  rulesFor: () => ({ rules: [], incomplete: true }),
  issueToken: () => Promise.reject(StatusError.serviceUnavailable('no token issuer')),
  tokenAudiences: [],
  uidOf: () => undefined,
  objectOf: () => undefined,
};

function accessOf(ctx: AnswerCtx): RequestAccess {
  return ctx.deps.access?.(ctx.req) ?? NO_ACCESS;
}

export async function createOnly(ctx: AnswerCtx, n: Negotiated, namespace: string): Promise<ApiResponse> {
  const reg = ctx.served.registry;
  const def = reg.def;
  const bytes = await ctx.req.readBody(3 * 1024 * 1024);
  if (bytes.length === 0) throw StatusError.badRequest('the request body is empty; an object is required');
  const decoded = ctx.deps.codecs.forRequest(ctx.req.headers.get('content-type'), def).decode(bytes, ctx.enc);
  const strategyCtx = reg.strategyContext('', 'create');
  // The body may spell the group as the path did (`authorization.k8s.io/v1`): decodeInput takes the alias.
  const obj = decodeInput(decoded, def, strategyCtx, { fieldValidation: 'Ignore', warnings: ctx.warnings });
  const meta = (obj.metadata ?? {}) as JsonObject;
  if (def.namespaced && typeof meta.namespace === 'string' && meta.namespace && meta.namespace !== namespace) {
    throw StatusError.badRequest('the namespace of the provided object does not match the namespace sent on the request');
  }
  if (def.namespaced) meta.namespace = namespace;
  obj.metadata = meta;
  const errors = def.strategy?.validate?.(obj, strategyCtx) ?? [];
  // The real review handlers report the object they decoded, whose kind is unset, with no name:
  // `.authorization.k8s.io "" is invalid: ...`.
  if (errors.length) throw StatusError.invalid({ group: reg.gk.group, kind: '' }, '', errors);
  const answerCtx: AnswerContext = { namespace, now: ctx.deps.now(), access: accessOf(ctx) };
  const answer = (await def.createOnly!(obj, answerCtx)) as JsonObject;
  return respond(ctx, n, def.schema, ctx.alias ?? apiVersionOf(def), answer);
}

export async function answerSubresource(ctx: AnswerCtx, namespace: string, sub: CreateSubresource, body: JsonObject): Promise<JsonObject> {
  const reg = ctx.served.registry;
  const current = reg.current(namespace, ctx.info.name);
  if (!current) throw StatusError.notFound(reg.gr, ctx.info.name);
  return sub.answer!(reg.parse(current), body, { namespace, now: ctx.deps.now(), access: accessOf(ctx) });
}

/** Answers a subresource's computed object in the apiVersion the client posted (`authentication.k8s.io/v1` from kubectl). */
export function answered(ctx: AnswerCtx, n: Negotiated, raw: JsonObject, sub: CreateSubresource, answer: JsonObject): ApiResponse {
  const asked = spellsAsOrch(raw.apiVersion, sub.apiVersion) ? raw.apiVersion : sub.apiVersion;
  // The answer is encoded as its own kind (TokenRequest), not as the parent's (ServiceAccount).
  const def = postedKindOf(ctx.served.registry.def, sub);
  return respond({ ...ctx, enc: { ...ctx.enc, def } }, n, sub.schema, asked, answer);
}

function respond(ctx: AnswerCtx, n: Negotiated, schema: ObjectSchema, apiVersion: string, answer: JsonObject): ApiResponse {
  let canonical: JsonObject;
  try {
    canonical = decodeObject(answer, schema).value;
  } catch (err) {
    if (err instanceof DecodeError) throw StatusError.internal(err);
    throw err;
  }
  canonical.apiVersion = apiVersion;
  return objectResponse(n, 201, JSON.stringify(canonical), { ...ctx.enc }, ctx.warnings);
}
