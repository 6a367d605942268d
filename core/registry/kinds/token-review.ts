/**
 * TokenReview (authentication.orch.io/v1): a create-only kind that answers whose a token is, for
 * servers and webhooks that delegate authentication to this one (`system:auth-delegator` may
 * create it). Never stored; cluster-scoped.
 */
import { answerTokenReview } from '../../auth/token-review.ts';
import { defineKind } from '../definition.ts';
import { TokenReview } from '../types/authentication-v1.ts';

export const tokenReviewKind = defineKind<TokenReview>({
  group: 'authentication.orch.io',
  version: 'v1',
  kind: 'TokenReview',
  resource: 'tokenreviews',
  singular: 'tokenreview',
  namespaced: false,
  schema: TokenReview,
  verbs: ['create'],
  createOnly: answerTokenReview,
});
