/**
 * Authorization: a chain of authorizers (`--authorization-mode`, comma separated); the first to
 * allow or deny decides, and a request no authorizer allows is forbidden. With RBAC in the chain,
 * `system:masters` is allowed everything first, as the real server's privileged-group authorizer does.
 * The rules a user holds (SelfSubjectRulesReview) are those the chain's rule resolvers list.
 */
import type { PolicyRule } from '../registry/types/rbac-v1.ts';
import type { Attributes } from './attributes.ts';
import type { PolicyIndex } from './rbac/policy-index.ts';
import { ruleAllows } from './rbac/rules.ts';
import { MASTERS_GROUP, type UserInfo } from './user.ts';

export type Decision = 'Allow' | 'Deny' | 'NoOpinion';

export interface AuthorizationResult {
  readonly decision: Decision;
  readonly reason: string;
}

/**
 * The rules a user holds in a namespace. `incomplete`: the authorizer cannot list everything it
 * would allow; `evaluationError`: what went wrong while listing (a binding to a missing role),
 * which leaves the list short without making it incomplete, as the real RBAC rule resolver says.
 */
export interface RuleSet {
  readonly rules: PolicyRule[];
  readonly incomplete: boolean;
  readonly evaluationError?: string;
}

export interface Authorizer {
  authorize(a: Attributes): AuthorizationResult;
  /** The rules the user holds in a namespace (SelfSubjectRulesReview, escalation checks), if this authorizer can list them. */
  rulesFor?(user: UserInfo, namespace: string): RuleSet;
}

export type AuthorizationMode = 'AlwaysAllow' | 'AlwaysDeny' | 'RBAC';
export const AUTHORIZATION_MODES: readonly AuthorizationMode[] = ['AlwaysAllow', 'AlwaysDeny', 'RBAC'];

const ALLOW: AuthorizationResult = { decision: 'Allow', reason: '' };
const NO_OPINION: AuthorizationResult = { decision: 'NoOpinion', reason: '' };
const EVERYTHING: PolicyRule[] = [
  { verbs: ['*'], apiGroups: ['*'], resources: ['*'] },
  { verbs: ['*'], nonResourceURLs: ['*'] },
];

export const alwaysAllow: Authorizer = {
  authorize: () => ALLOW,
  rulesFor: () => ({ rules: EVERYTHING, incomplete: false }),
};

export const alwaysDeny: Authorizer = {
  authorize: () => ({ decision: 'Deny', reason: 'Everything is forbidden.' }),
  rulesFor: () => ({ rules: [], incomplete: false }),
};

/**
 * The real superuser authorizer is no rule resolver: it lists nothing, so a `system:masters`
 * user's rules are those RBAC binds to the group (cluster-admin), each listed once.
 */
export const privilegedGroups: Authorizer = {
  authorize: (a) => (a.user.groups.includes(MASTERS_GROUP) ? ALLOW : NO_OPINION),
  rulesFor: () => ({ rules: [], incomplete: false }),
};

/**
 * Several errors as one, worded as the real aggregate error: one error is its own text, more are
 * listed once each in brackets (`[a, b]`); a repeated error counts once.
 */
export function aggregateErrors(errors: readonly string[]): string {
  if (errors.length === 1) return errors[0]!;
  const distinct = [...new Set(errors)];
  return distinct.length <= 1 ? (distinct[0] ?? '') : `[${distinct.join(', ')}]`;
}

export class RbacAuthorizer implements Authorizer {
  constructor(readonly index: PolicyIndex) {}

  authorize(a: Attributes): AuthorizationResult {
    const { found, errors } = this.index.visitRules(a.user, a.isResourceRequest ? a.namespace : '', (r) => ruleAllows(r, a));
    if (found) return ALLOW;
    return { decision: 'NoOpinion', reason: errors.length ? `RBAC: ${aggregateErrors(errors)}` : '' };
  }

  /** Every rule bound to the user; a binding to a missing role is an evaluation error, never incompleteness. */
  rulesFor(user: UserInfo, namespace: string): RuleSet {
    const rules: PolicyRule[] = [];
    const { errors } = this.index.visitRules(user, namespace, (r) => {
      rules.push(r);
      return false;
    });
    return { rules, incomplete: false, ...(errors.length ? { evaluationError: aggregateErrors(errors) } : {}) };
  }
}

export class AuthorizerChain implements Authorizer {
  constructor(readonly authorizers: readonly Authorizer[]) {}

  authorize(a: Attributes): AuthorizationResult {
    const reasons: string[] = [];
    for (const z of this.authorizers) {
      const r = z.authorize(a);
      if (r.decision !== 'NoOpinion') return r;
      if (r.reason) reasons.push(r.reason);
    }
    return { decision: 'NoOpinion', reason: reasons.join('\n') };
  }

  /** The rules of every authorizer, in order; incomplete if one is; their evaluation errors aggregated. */
  rulesFor(user: UserInfo, namespace: string): RuleSet {
    const rules: PolicyRule[] = [];
    const errors: string[] = [];
    let incomplete = false;
    for (const z of this.authorizers) {
      const r = z.rulesFor?.(user, namespace);
      if (!r) {
        incomplete = true;
        continue;
      }
      rules.push(...r.rules);
      incomplete ||= r.incomplete;
      if (r.evaluationError) errors.push(r.evaluationError);
    }
    return { rules, incomplete, ...(errors.length ? { evaluationError: aggregateErrors(errors) } : {}) };
  }
}

/**
 * Decisions kept per user and request attributes until the policy changes, as the real server
 * caches authorization decisions: a repeated request costs a map lookup. Bounded; the oldest
 * entries go first.
 */
export class CachingAuthorizer implements Authorizer {
  private readonly cache = new Map<string, AuthorizationResult>();
  private generation = -1;

  constructor(
    private readonly inner: Authorizer,
    private readonly currentGeneration: () => number,
    private readonly maxEntries = 10_000,
  ) {}

  authorize(a: Attributes): AuthorizationResult {
    const g = this.currentGeneration();
    if (g !== this.generation) {
      this.cache.clear();
      this.generation = g;
    }
    const u = a.user;
    let key = `${u.name}\u0000${u.groups.join('\u0001')}\u0000${a.verb}\u0000`;
    key += a.isResourceRequest
      ? `${a.namespace}\u0000${a.apiGroup}\u0000${a.resource}\u0000${a.subresource}\u0000${a.name}`
      : `\u0002${a.path}`;
    let r = this.cache.get(key);
    if (r === undefined) {
      r = this.inner.authorize(a);
      if (this.cache.size >= this.maxEntries) this.cache.delete(this.cache.keys().next().value as string);
      this.cache.set(key, r);
    }
    return r;
  }

  rulesFor(user: UserInfo, namespace: string): RuleSet {
    return this.inner.rulesFor?.(user, namespace) ?? { rules: [], incomplete: true };
  }
}

/** Attributes the policy distinguishes, for a cache key that ignores `extra` (RBAC does not read it). */
export function modesOf(text: string): AuthorizationMode[] {
  const modes = text
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  for (const m of modes) {
    if (!AUTHORIZATION_MODES.includes(m as AuthorizationMode)) throw new Error(`authorization-mode "${m}" is not a valid mode`);
  }
  if (new Set(modes).size !== modes.length) throw new Error(`authorization-mode ${text} has mode specified more than once`);
  return modes as AuthorizationMode[];
}
