/**
 * TokenReview (authentication.orch.io/v1): whose is this token. The server runs its token
 * authenticators (the static token file and ServiceAccount tokens; never client certificates,
 * request headers or anonymous, as the real handler hands them a request that carries nothing but
 * the token) for the audiences asked, or the server's own when none are. The answer is never a
 * failed request: a token that authenticates nobody is `authenticated: false` with the
 * authenticators' error, in the words of the real union of authenticators.
 */
import { StatusError } from '../errors/status-error.ts';
import type { AnswerContext } from '../registry/definition.ts';
import type { TokenReview } from '../registry/types/authentication-v1.ts';
import { aggregate, type TokenVerdict } from './service-account-token.ts';
import { type UserInfo, withAuthenticatedGroup } from './user.ts';

/** What TokenReview answers about one token. */
export interface TokenReviewOutcome {
  readonly authenticated: boolean;
  readonly user?: UserInfo;
  /** The audiences, of those asked, the token is meant for. */
  readonly audiences?: readonly string[];
  readonly error?: string;
}

/** One token authenticator, told the audiences the token must be meant for. */
export type TokenAuthenticator = (token: string, audiences: readonly string[]) => TokenVerdict | Promise<TokenVerdict>;

/** The real bearer-token authenticator's error for a token none of its authenticators knew. */
export const INVALID_BEARER_TOKEN = 'invalid bearer token';

/**
 * A token authenticator that does not know audiences (the static token file): it is asked only
 * when the audiences asked include one of the API server's, and its user is good for those
 * (the real audience-agnostic wrapper).
 */
export function audienceAgnostic(apiAudiences: readonly string[], lookup: (token: string) => UserInfo | undefined): TokenAuthenticator {
  return (token, asked) => {
    const audiences = apiAudiences.filter((a) => asked.includes(a));
    if (!audiences.length) return undefined;
    const user = lookup(token);
    return user ? { user, audiences } : undefined;
  };
}

/**
 * Runs the token authenticators in order on a token: the first that accepts it names the user
 * (with `system:authenticated`, as the real chain adds it); the errors of those that refused it
 * are the answer's error, or `invalid bearer token` when none had an opinion.
 */
export async function reviewToken(
  authenticators: readonly TokenAuthenticator[],
  token: string,
  asked: readonly string[],
  apiAudiences: readonly string[],
): Promise<TokenReviewOutcome> {
  const audiences = asked.length ? asked : apiAudiences;
  const errors: string[] = [];
  for (const authenticate of authenticators) {
    const r = await authenticate(token, audiences);
    if (!r) continue;
    if ('error' in r) {
      errors.push(r.error);
      continue;
    }
    return { authenticated: true, user: withAuthenticatedGroup(r.user), audiences: r.audiences };
  }
  return { authenticated: false, error: errors.length ? aggregate(errors) : INVALID_BEARER_TOKEN };
}

/**
 * POST `tokenreviews`: the token is required (400, before anything else is asked), then the
 * server's answer goes into `status`. With no token authenticators (a host calling a bare
 * handler) the review comes back unanswered, as the real handler returns it.
 */
export async function answerTokenReview(obj: TokenReview, ctx: AnswerContext): Promise<TokenReview> {
  const spec = obj.spec ?? {};
  if (!spec.token) throw StatusError.badRequest('token is required for TokenReview in authentication');
  const review = ctx.access.reviewToken;
  if (!review) return obj;
  const r = await review(spec.token, spec.audiences ?? []);
  const u = r.user;
  return {
    ...obj,
    status: {
      ...(r.authenticated ? { authenticated: true } : {}),
      user: u
        ? {
            username: u.name,
            ...(u.uid ? { uid: u.uid } : {}),
            groups: [...u.groups],
            ...(u.extra && Object.keys(u.extra).length
              ? { extra: Object.fromEntries(Object.entries(u.extra).map(([k, v]) => [k, [...v]])) }
              : {}),
          }
        : {},
      ...(u && r.audiences?.length ? { audiences: [...r.audiences] } : {}),
      ...(r.error ? { error: r.error } : {}),
    },
  };
}
