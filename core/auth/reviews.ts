/**
 * The answers of the access reviews and of TokenRequest: what a user may do (SubjectAccessReview
 * and its local and self forms), the rules a user has (SelfSubjectRulesReview), who the
 * requester is (SelfSubjectReview), and a ServiceAccount token.
 */
import { fieldErrors, type FieldError } from '../errors/field-error.ts';
import { goQuote } from '../errors/go-quote.ts';
import { StatusError } from '../errors/status-error.ts';
import type { AnswerContext } from '../registry/definition.ts';
import type { BoundObjectReference, TokenRequest } from '../registry/types/authentication-v1.ts';
import type { ServiceAccount } from '../registry/types/core-v1-misc.ts';
import type {
  NonResourceAttributes,
  NonResourceRule,
  ResourceAttributes,
  ResourceRule,
  SelfSubjectAccessReview,
  SelfSubjectRulesReview,
  SubjectAccessReview,
  SubjectAccessReviewStatus,
} from '../registry/types/authorization-v1.ts';
import type { JsonObject } from '../util/json.ts';
import { type Attributes, orchGroup } from './attributes.ts';
import { selectorEvaluationErrors, validateSelectors } from './review-selectors.ts';
import type { BoundObject } from './service-account-token.ts';
import type { UserInfo } from './user.ts';

type Spec = { resourceAttributes?: ResourceAttributes; nonResourceAttributes?: NonResourceAttributes };

/** Exactly one of resourceAttributes and nonResourceAttributes, as the real validation words it. */
function oneOfAttributes(spec: Spec): FieldError[] {
  const errs: FieldError[] = [];
  if (spec.resourceAttributes && spec.nonResourceAttributes) {
    errs.push(
      fieldErrors.invalid(
        'spec.nonResourceAttributes',
        spec.nonResourceAttributes,
        'cannot be specified in combination with resourceAttributes',
      ),
    );
  }
  // The real check reports the (absent) nonResourceAttributes as its value: `Invalid value: "null"`.
  if (!spec.resourceAttributes && !spec.nonResourceAttributes) {
    errs.push(
      fieldErrors.invalid('spec.resourceAttributes', null, 'exactly one of nonResourceAttributes or resourceAttributes must be specified'),
    );
  }
  return errs;
}

/** A SelfSubjectAccessReview's spec: one kind of attributes, well-formed selectors. */
export function validateAttributes(spec: Spec): FieldError[] {
  return [...oneOfAttributes(spec), ...validateSelectors(spec.resourceAttributes)];
}

export function validateSubjectAccessReview(obj: SubjectAccessReview): FieldError[] {
  const spec = obj.spec ?? {};
  const errs = oneOfAttributes(spec);
  if (!spec.user && !spec.groups?.length)
    errs.push(fieldErrors.invalid('spec.user', spec.user ?? '', 'at least one of user or group must be specified'));
  errs.push(...validateSelectors(spec.resourceAttributes));
  return errs;
}

export function validateLocalSubjectAccessReview(obj: SubjectAccessReview): FieldError[] {
  const errs = validateSubjectAccessReview(obj);
  const ns = obj.metadata?.namespace ?? '';
  const ra = obj.spec?.resourceAttributes;
  if (ra && (ra.namespace ?? '') !== ns)
    errs.push(fieldErrors.invalid('spec.resourceAttributes.namespace', ra.namespace ?? '', 'must match metadata.namespace'));
  if (obj.spec?.nonResourceAttributes) {
    errs.push(fieldErrors.invalid('spec.nonResourceAttributes', obj.spec.nonResourceAttributes, 'disallowed on this kind of request'));
  }
  return errs;
}

function attributes(spec: Spec, user: UserInfo): Attributes {
  const nr = spec.nonResourceAttributes;
  if (nr) return { isResourceRequest: false, user, verb: nr.verb ?? '', path: nr.path ?? '' };
  const ra = spec.resourceAttributes ?? {};
  return {
    isResourceRequest: true,
    user,
    verb: ra.verb ?? '',
    namespace: ra.namespace ?? '',
    apiGroup: orchGroup(ra.group ?? ''),
    apiVersion: ra.version ?? '',
    resource: ra.resource ?? '',
    subresource: ra.subresource ?? '',
    name: ra.name ?? '',
  };
}

/** The authorizer's answer; selectors it could not be given are named in `evaluationError`. */
function decide(ctx: AnswerContext, spec: Spec, user: UserInfo): SubjectAccessReviewStatus {
  const r = ctx.access.authorize(attributes(spec, user));
  const evaluationError = selectorEvaluationErrors(spec.resourceAttributes).join('; ');
  return {
    allowed: r.allowed,
    ...(r.denied ? { denied: true } : {}),
    ...(r.reason ? { reason: r.reason } : {}),
    ...(evaluationError ? { evaluationError } : {}),
  };
}

export function answerSubjectAccessReview(obj: SubjectAccessReview, ctx: AnswerContext): SubjectAccessReview {
  const s = obj.spec ?? {};
  const user: UserInfo = {
    name: s.user ?? '',
    ...(s.uid ? { uid: s.uid } : {}),
    groups: s.groups ?? [],
    ...(s.extra && Object.keys(s.extra).length ? { extra: s.extra } : {}),
  };
  return { ...obj, status: decide(ctx, s, user) };
}

export function answerSelfSubjectAccessReview(obj: SelfSubjectAccessReview, ctx: AnswerContext): SelfSubjectAccessReview {
  return { ...obj, status: decide(ctx, obj.spec ?? {}, ctx.access.user) };
}

/**
 * The rules the requester holds in `spec.namespace`, which must be given. The answer is a new
 * object, as the real one: nothing of the request is echoed, not even its spec.
 */
export function answerSelfSubjectRulesReview(obj: SelfSubjectRulesReview, ctx: AnswerContext): SelfSubjectRulesReview {
  const namespace = obj.spec?.namespace ?? '';
  if (!namespace) throw StatusError.badRequest('no namespace on request');
  const { rules, incomplete, evaluationError } = ctx.access.rulesFor(ctx.access.user, namespace);
  const resourceRules: ResourceRule[] = [];
  const nonResourceRules: NonResourceRule[] = [];
  for (const r of rules) {
    if (r.nonResourceURLs?.length) nonResourceRules.push({ verbs: r.verbs ?? [], nonResourceURLs: r.nonResourceURLs });
    else {
      resourceRules.push({
        verbs: r.verbs ?? [],
        ...(r.apiGroups ? { apiGroups: r.apiGroups } : {}),
        ...(r.resources ? { resources: r.resources } : {}),
        ...(r.resourceNames ? { resourceNames: r.resourceNames } : {}),
      });
    }
  }
  return {
    ...(obj.apiVersion ? { apiVersion: obj.apiVersion } : {}),
    ...(obj.kind ? { kind: obj.kind } : {}),
    metadata: {},
    spec: {},
    status: { resourceRules, nonResourceRules, incomplete, ...(evaluationError ? { evaluationError } : {}) },
  };
}

export function answerSelfSubjectReview(obj: JsonObject, ctx: AnswerContext): JsonObject {
  const u = ctx.access.user;
  return {
    ...obj,
    status: {
      userInfo: {
        username: u.name,
        ...(u.uid ? { uid: u.uid } : {}),
        groups: [...u.groups],
        ...(u.extra && Object.keys(u.extra).length ? { extra: { ...u.extra } } : {}),
      },
    },
  } as unknown as JsonObject;
}

/** 10 minutes, the shortest token the real server issues. */
const MIN_EXPIRATION_SECONDS = 600;
/** 2^32 seconds, the longest. */
const MAX_EXPIRATION_SECONDS = 2 ** 32;

/**
 * The group and version of an apiVersion, as `schema.FromAPIVersionAndKind` reads it: `v1` is the
 * core group, `g/v` a named one, and text with more slashes names neither.
 */
function groupVersionOf(apiVersion: string): { group: string; version: string } {
  const parts = apiVersion === '/' ? [] : apiVersion.split('/');
  if (parts.length === 1) return { group: '', version: parts[0]! };
  if (parts.length === 2) return { group: parts[0]!, version: parts[1]! };
  return { group: '', version: '' };
}

/**
 * The object a token is to be bound to, checked as the real TokenRequest storage checks it: a core
 * Pod (that runs as this very ServiceAccount) or Secret of the account's namespace, that exists and
 * has the uid the reference names, if it names one. A core Node is looked up too (node binding is
 * on in v1.32), but orch serves no Nodes, so the answer is the real one for a missing Node.
 */
function boundObject(ref: BoundObjectReference, sa: { name: string; namespace: string }, ctx: AnswerContext): BoundObject {
  const kind = ref.kind ?? '';
  const name = ref.name ?? '';
  const { group, version } = groupVersionOf(ref.apiVersion ?? '');
  let bound: BoundObject;
  if (group === '' && kind === 'Pod') {
    const pod = ctx.access.objectOf('pods', sa.namespace, name);
    if (!pod) throw StatusError.notFound({ group: '', resource: 'pods' }, name);
    // v1's deprecated serviceAccount stands in for serviceAccountName, as the conversion reads it.
    const spec = (pod.spec ?? {}) as { serviceAccountName?: string; serviceAccount?: string };
    if ((spec.serviceAccountName || spec.serviceAccount || '') !== sa.name) {
      throw StatusError.badRequest(
        `cannot bind token for serviceaccount ${goQuote(sa.name)} to pod running with different serviceaccount name.`,
      );
    }
    bound = { kind: 'Pod', name, uid: String((pod.metadata as JsonObject | undefined)?.uid ?? '') };
  } else if (group === '' && kind === 'Secret') {
    const uid = ctx.access.uidOf('secrets', sa.namespace, name);
    if (uid === undefined) throw StatusError.notFound({ group: '', resource: 'secrets' }, name);
    bound = { kind: 'Secret', name, uid };
  } else if (group === '' && kind === 'Node') {
    if (ctx.access.uidOf('nodes', '', name) === undefined) throw StatusError.notFound({ group: '', resource: 'nodes' }, name);
    throw StatusError.internal(new Error('tokens bound to a Node are not issued'));
  } else {
    throw StatusError.badRequest(`cannot bind token to object of type ${group}/${version}, Kind=${kind}`);
  }
  // The real conflict names the kind where a resource would be (`Operation cannot be fulfilled on Pod "x"`).
  if (ref.uid && ref.uid !== bound.uid) {
    throw StatusError.conflict(
      { group, resource: kind },
      name,
      `the UID in the bound object reference (${ref.uid}) does not match the UID in record. The object might have been deleted and then recreated`,
    );
  }
  return bound;
}

/**
 * POST `serviceaccounts/{name}/token`: a signed token for the account, bound to a Pod or Secret if
 * asked. The request is validated first (422, with no name, as the real storage reports it), then
 * the bound object is checked.
 */
export async function answerTokenRequest(sa: ServiceAccount, body: JsonObject, ctx: AnswerContext): Promise<JsonObject> {
  const req = body as unknown as TokenRequest;
  const meta = { name: sa.metadata?.name ?? '', namespace: sa.metadata?.namespace ?? '', uid: sa.metadata?.uid ?? '' };
  const spec = req.spec ?? {};
  const exp = spec.expirationSeconds ?? 3600;
  const errs: FieldError[] = [];
  if (exp < MIN_EXPIRATION_SECONDS)
    errs.push(fieldErrors.invalid('spec.expirationSeconds', exp, 'may not specify a duration less than 10 minutes'));
  if (exp > MAX_EXPIRATION_SECONDS)
    errs.push(fieldErrors.invalid('spec.expirationSeconds', exp, 'may not specify a duration larger than 2^32 seconds'));
  if (errs.length) throw StatusError.invalid({ group: 'authentication.orch.io', kind: 'TokenRequest' }, '', errs);
  const bound = spec.boundObjectRef ? boundObject(spec.boundObjectRef, meta, ctx) : undefined;
  const audiences = spec.audiences?.length ? spec.audiences : [...ctx.access.tokenAudiences];
  const issued = await ctx.access.issueToken({
    namespace: meta.namespace,
    name: meta.name,
    uid: meta.uid,
    audiences,
    expirationSeconds: exp,
    ...(bound ? { bound } : {}),
  });
  return {
    apiVersion: 'authentication.orch.io/v1',
    kind: 'TokenRequest',
    metadata: { name: meta.name, namespace: meta.namespace, creationTimestamp: null },
    spec: { ...spec, audiences, expirationSeconds: exp },
    status: { token: issued.token, expirationTimestamp: new Date(issued.expiresAt).toISOString().replace(/\.\d{3}Z$/, 'Z') },
  } as unknown as JsonObject;
}
