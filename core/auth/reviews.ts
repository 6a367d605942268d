/**
 * The answers of the access reviews and of TokenRequest: what a user may do (SubjectAccessReview
 * and its local and self forms), the rules a user has (SelfSubjectRulesReview), who the
 * requester is (SelfSubjectReview), and a ServiceAccount token.
 */
import { fieldErrors, type FieldError } from '../errors/field-error.ts';
import { StatusError } from '../errors/status-error.ts';
import type { AnswerContext } from '../registry/definition.ts';
import type { TokenRequest } from '../registry/types/authentication-v1.ts';
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
import type { UserInfo } from './user.ts';

type Spec = { resourceAttributes?: ResourceAttributes; nonResourceAttributes?: NonResourceAttributes };

/** Exactly one of resourceAttributes and nonResourceAttributes, as the real validation words it. */
export function validateAttributes(spec: Spec): FieldError[] {
  if (spec.resourceAttributes && spec.nonResourceAttributes) {
    return [
      fieldErrors.invalid(
        'spec.nonResourceAttributes',
        spec.nonResourceAttributes,
        'cannot be specified in combination with resourceAttributes',
      ),
    ];
  }
  if (!spec.resourceAttributes && !spec.nonResourceAttributes) {
    return [
      fieldErrors.required('spec.resourceAttributes', 'exactly one of nonResourceAttributes or resourceAttributes must be specified'),
    ];
  }
  return [];
}

export function validateSubjectAccessReview(obj: SubjectAccessReview): FieldError[] {
  const errs = validateAttributes(obj.spec ?? {});
  if (!obj.spec?.user && !obj.spec?.groups?.length)
    errs.push(fieldErrors.invalid('spec.user', obj.spec?.user ?? '', 'at least one of user or group must be specified'));
  return errs;
}

export function validateLocalSubjectAccessReview(obj: SubjectAccessReview): FieldError[] {
  const errs = validateSubjectAccessReview(obj);
  const ns = obj.metadata?.namespace ?? '';
  const ra = obj.spec?.resourceAttributes;
  if (ra && ra.namespace !== ns)
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

function decide(ctx: AnswerContext, a: Attributes): SubjectAccessReviewStatus {
  const r = ctx.access.authorize(a);
  return { allowed: r.allowed, ...(r.denied ? { denied: true } : {}), ...(r.reason ? { reason: r.reason } : {}) };
}

export function answerSubjectAccessReview(obj: SubjectAccessReview, ctx: AnswerContext): SubjectAccessReview {
  const s = obj.spec ?? {};
  const user: UserInfo = {
    name: s.user ?? '',
    ...(s.uid ? { uid: s.uid } : {}),
    groups: s.groups ?? [],
    ...(s.extra && Object.keys(s.extra).length ? { extra: s.extra } : {}),
  };
  return { ...obj, status: decide(ctx, attributes(s, user)) };
}

export function answerSelfSubjectAccessReview(obj: SelfSubjectAccessReview, ctx: AnswerContext): SelfSubjectAccessReview {
  return { ...obj, status: decide(ctx, attributes(obj.spec ?? {}, ctx.access.user)) };
}

export function answerSelfSubjectRulesReview(obj: SelfSubjectRulesReview, ctx: AnswerContext): SelfSubjectRulesReview {
  const { rules, incomplete } = ctx.access.rulesFor(ctx.access.user, obj.spec?.namespace ?? '');
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
  return { ...obj, status: { resourceRules, nonResourceRules, incomplete } };
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

/** POST `serviceaccounts/{name}/token`: a signed token for the account, bound to a Pod or Secret if asked. */
export async function answerTokenRequest(sa: ServiceAccount, body: JsonObject, ctx: AnswerContext): Promise<JsonObject> {
  const req = body as unknown as TokenRequest;
  const meta = { name: sa.metadata?.name ?? '', namespace: sa.metadata?.namespace ?? '', uid: sa.metadata?.uid ?? '' };
  const spec = req.spec ?? {};
  const exp = spec.expirationSeconds ?? 3600;
  const errs: FieldError[] = [];
  if (exp < MIN_EXPIRATION_SECONDS)
    errs.push(fieldErrors.invalid('spec.expirationSeconds', exp, 'may not specify a duration less than 10 minutes'));
  if (exp > 2 ** 32) errs.push(fieldErrors.tooLong('spec.expirationSeconds', 2 ** 32));
  const ref = spec.boundObjectRef;
  let bound: { kind: 'Pod' | 'Secret'; name: string; uid: string } | undefined;
  if (ref) {
    if (ref.kind !== 'Pod' && ref.kind !== 'Secret')
      errs.push(fieldErrors.notSupported('spec.boundObjectRef.kind', ref.kind ?? '', ['Pod', 'Secret']));
    else {
      const resource = ref.kind === 'Pod' ? 'pods' : 'secrets';
      const uid = ctx.access.uidOf(resource, meta.namespace, ref.name ?? '');
      if (uid === undefined) throw StatusError.notFound({ group: '', resource }, ref.name ?? '');
      if (ref.uid && ref.uid !== uid) {
        throw StatusError.conflict(
          { group: '', resource },
          ref.name ?? '',
          `the UID in the bound object reference (${ref.uid}) does not match the UID in record. The object might have been deleted and then recreated`,
        );
      }
      bound = { kind: ref.kind, name: ref.name ?? '', uid };
    }
  }
  if (errs.length) throw StatusError.invalid({ group: 'authentication.orch.io', kind: 'TokenRequest' }, meta.name, errs);
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
