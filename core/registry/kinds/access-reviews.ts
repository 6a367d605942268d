/**
 * The access reviews (authorization.orch.io/v1) and SelfSubjectReview (authentication.orch.io/v1):
 * create-only kinds, answered from the request's security context and never stored.
 */
import {
  answerSelfSubjectAccessReview,
  answerSelfSubjectReview,
  answerSelfSubjectRulesReview,
  answerSubjectAccessReview,
  validateAttributes,
  validateLocalSubjectAccessReview,
  validateSubjectAccessReview,
} from '../../auth/reviews.ts';
import { defineKind } from '../definition.ts';
import { SelfSubjectReview } from '../types/authentication-v1.ts';
import {
  LocalSubjectAccessReview,
  SelfSubjectAccessReview,
  SelfSubjectRulesReview,
  SubjectAccessReview,
} from '../types/authorization-v1.ts';

const AUTHZ = 'authorization.orch.io';

export const subjectAccessReviewKind = defineKind<SubjectAccessReview>({
  group: AUTHZ,
  version: 'v1',
  kind: 'SubjectAccessReview',
  resource: 'subjectaccessreviews',
  singular: 'subjectaccessreview',
  namespaced: false,
  schema: SubjectAccessReview,
  verbs: ['create'],
  strategy: { validate: validateSubjectAccessReview },
  createOnly: answerSubjectAccessReview,
});

export const localSubjectAccessReviewKind = defineKind<LocalSubjectAccessReview>({
  group: AUTHZ,
  version: 'v1',
  kind: 'LocalSubjectAccessReview',
  resource: 'localsubjectaccessreviews',
  singular: 'localsubjectaccessreview',
  namespaced: true,
  schema: LocalSubjectAccessReview,
  verbs: ['create'],
  strategy: { validate: validateLocalSubjectAccessReview },
  createOnly: answerSubjectAccessReview,
});

export const selfSubjectAccessReviewKind = defineKind<SelfSubjectAccessReview>({
  group: AUTHZ,
  version: 'v1',
  kind: 'SelfSubjectAccessReview',
  resource: 'selfsubjectaccessreviews',
  singular: 'selfsubjectaccessreview',
  namespaced: false,
  schema: SelfSubjectAccessReview,
  verbs: ['create'],
  strategy: { validate: (obj) => validateAttributes(obj.spec ?? {}) },
  createOnly: answerSelfSubjectAccessReview,
});

export const selfSubjectRulesReviewKind = defineKind<SelfSubjectRulesReview>({
  group: AUTHZ,
  version: 'v1',
  kind: 'SelfSubjectRulesReview',
  resource: 'selfsubjectrulesreviews',
  singular: 'selfsubjectrulesreview',
  namespaced: false,
  schema: SelfSubjectRulesReview,
  verbs: ['create'],
  createOnly: answerSelfSubjectRulesReview,
});

export const selfSubjectReviewKind = defineKind({
  group: 'authentication.orch.io',
  version: 'v1',
  kind: 'SelfSubjectReview',
  resource: 'selfsubjectreviews',
  singular: 'selfsubjectreview',
  namespaced: false,
  schema: SelfSubjectReview,
  verbs: ['create'],
  createOnly: answerSelfSubjectReview,
});

export const ACCESS_REVIEW_KINDS = [
  subjectAccessReviewKind,
  localSubjectAccessReviewKind,
  selfSubjectAccessReviewKind,
  selfSubjectRulesReviewKind,
  selfSubjectReviewKind,
];
