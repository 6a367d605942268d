/** What the answers of access reviews and token requests may ask of the request's security context. */
import type { JsonObject } from '../util/json.ts';
import type { Attributes } from './attributes.ts';
import type { RuleSet } from './authorizer.ts';
import type { TokenIssue } from './service-account-token.ts';
import type { TokenReviewOutcome } from './token-review.ts';
import type { UserInfo } from './user.ts';

export interface RequestAccess {
  /** The user the request acts as. */
  readonly user: UserInfo;
  authorize(a: Attributes): { allowed: boolean; denied: boolean; reason: string };
  rulesFor(user: UserInfo, namespace: string): RuleSet;
  issueToken(t: TokenIssue): Promise<{ token: string; expiresAt: number }>;
  /** The audiences a token is for when the request names none. */
  readonly tokenAudiences: readonly string[];
  /** The uid of a stored core/v1 object, or undefined when it does not exist. */
  uidOf(resource: string, namespace: string, name: string): string | undefined;
  /** A stored core/v1 object (TokenRequest reads the Pod it binds to), or undefined when it does not exist. */
  objectOf(resource: string, namespace: string, name: string): JsonObject | undefined;
  /** The server's token authenticators on a token, for the audiences asked (TokenReview); absent: none. */
  reviewToken?(token: string, audiences: readonly string[]): Promise<TokenReviewOutcome>;
}
