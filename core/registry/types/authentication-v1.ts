/**
 * authentication.orch.io/v1: SelfSubjectReview (who am I), TokenReview (whose is this token) and
 * TokenRequest (the `token` subresource of ServiceAccounts). None is stored. Field order is the Go struct order of
 * v1.32; protobuf numbers as the real generated.proto.
 */
import { bool, field, int64, list, map, str, struct, time } from '../../schema/build.ts';
import type { ObjectMeta } from './meta-v1.ts';
import { objectType } from './object.ts';

const P = 'io.orch.api.authentication.v1';
const strings = list(str(), { listType: 'atomic' });

export const UserInfo = struct(
  `${P}.UserInfo`,
  {
    username: field(1, str(), { description: 'The name of the user.' }),
    uid: field(2, str(), { description: 'A unique value of the user across time.' }),
    groups: field(3, strings, { description: 'The groups of the user.' }),
    extra: field(4, map(strings), { description: 'Any additional information provided by the authenticator.' }),
  },
  { description: 'A user as the server authenticated it.' },
);

/** A user as the server authenticated it. */
export interface UserInfo {
  /** The name of the user. */
  username?: string;
  /** A unique value of the user across time. */
  uid?: string;
  /** The groups of the user. */
  groups?: string[];
  /** Any additional information provided by the authenticator. */
  extra?: Record<string, string[]>;
}

export const SelfSubjectReviewStatus = struct(
  `${P}.SelfSubjectReviewStatus`,
  { userInfo: field(1, UserInfo, { description: 'The user the request was made as.' }) },
  { description: 'The answer of a SelfSubjectReview.' },
);

/** The answer of a SelfSubjectReview. */
export interface SelfSubjectReviewStatus {
  /** The user the request was made as. */
  userInfo?: UserInfo;
}

export const SelfSubjectReview = objectType(
  `${P}.SelfSubjectReview`,
  { status: field(2, SelfSubjectReviewStatus, { description: 'Filled in by the server.' }) },
  { description: 'Asks who the requesting user is (kubectl auth whoami).' },
);

/** Asks who the requesting user is (kubectl auth whoami). */
export interface SelfSubjectReview {
  /**
   * The kind of the object, in CamelCase (such as StatefulSet). The server can tell it from the
   * endpoint; it cannot be updated.
   */
  kind?: string;
  /**
   * The version of the schema the object is written in: <group>/<version>, or just <version> (such
   * as v1) for the core group. The server converts objects between the versions it serves.
   */
  apiVersion?: string;
  /**
   * Standard object metadata: name, namespace, labels, annotations, and what the system records.
   */
  metadata: ObjectMeta;
  /** Filled in by the server. */
  status?: SelfSubjectReviewStatus;
}

export const BoundObjectReference = struct(
  `${P}.BoundObjectReference`,
  {
    kind: field(1, str(), { description: 'Pod or Secret.' }),
    apiVersion: field(2, str(), { description: 'The API version of the object.' }),
    name: field(3, str(), { description: 'The name of the object.' }),
    uid: field(4, str(), { description: 'The uid of the object.' }),
  },
  { description: 'The object a token is bound to: it is valid only while the object exists.' },
);

/** The object a token is bound to: it is valid only while the object exists. */
export interface BoundObjectReference {
  /** Pod or Secret. */
  kind?: string;
  /** The API version of the object. */
  apiVersion?: string;
  /** The name of the object. */
  name?: string;
  /** The uid of the object. */
  uid?: string;
}

export const TokenRequestSpec = struct(
  `${P}.TokenRequestSpec`,
  {
    audiences: field(1, strings, { omitEmpty: false, description: 'Who the token is meant for; empty: the API server.' }),
    expirationSeconds: field(4, int64(), {
      pointer: true,
      default: 3600,
      description: 'How long the token is valid (default an hour, at least 10 minutes).',
    }),
    boundObjectRef: field(3, BoundObjectReference, { pointer: true, description: 'The object the token is bound to.' }),
  },
  { description: 'What token to make.' },
);

/** What token to make. */
export interface TokenRequestSpec {
  /** Who the token is meant for; empty: the API server. */
  audiences?: string[] | null;
  /** How long the token is valid (default an hour, at least 10 minutes). */
  expirationSeconds?: number;
  /** The object the token is bound to. */
  boundObjectRef?: BoundObjectReference;
}

export const TokenRequestStatus = struct(
  `${P}.TokenRequestStatus`,
  {
    token: field(1, str(), { omitEmpty: false, description: 'The token.' }),
    expirationTimestamp: field(2, time(), { omitEmpty: false, description: 'When it expires.' }),
  },
  { description: 'The token made.' },
);

/** The token made. */
export interface TokenRequestStatus {
  /** The token. */
  token?: string;
  /** When it expires. */
  expirationTimestamp?: string | null;
}

export const TokenRequest = objectType(
  `${P}.TokenRequest`,
  {
    spec: field(2, TokenRequestSpec, { omitEmpty: false, description: 'What token to make.' }),
    status: field(3, TokenRequestStatus, { description: 'The token, filled in by the server.' }),
  },
  { description: 'Asks for a token of a ServiceAccount.' },
);

/** Asks for a token of a ServiceAccount. */
export interface TokenRequest {
  /**
   * The kind of the object, in CamelCase (such as StatefulSet). The server can tell it from the
   * endpoint; it cannot be updated.
   */
  kind?: string;
  /**
   * The version of the schema the object is written in: <group>/<version>, or just <version> (such
   * as v1) for the core group. The server converts objects between the versions it serves.
   */
  apiVersion?: string;
  /**
   * Standard object metadata: name, namespace, labels, annotations, and what the system records.
   */
  metadata: ObjectMeta;
  /** What token to make. */
  spec?: TokenRequestSpec;
  /** The token, filled in by the server. */
  status?: TokenRequestStatus;
}

export const TokenReviewSpec = struct(
  `${P}.TokenReviewSpec`,
  {
    token: field(1, str(), { description: 'The token to authenticate.' }),
    audiences: field(2, strings, { description: "Who the token must be meant for; empty: the API server's audiences." }),
  },
  { description: 'The token a TokenReview asks about.' },
);

/** The token a TokenReview asks about. */
export interface TokenReviewSpec {
  /** The token to authenticate. */
  token?: string;
  /** Who the token must be meant for; empty: the API server's audiences. */
  audiences?: string[];
}

export const TokenReviewStatus = struct(
  `${P}.TokenReviewStatus`,
  {
    authenticated: field(1, bool(), { description: 'Whether the token authenticated a user.' }),
    user: field(2, UserInfo, { description: 'The user the token authenticates.' }),
    audiences: field(4, strings, { description: 'The audiences, of those asked, the token is meant for.' }),
    error: field(3, str(), { description: 'Why the token did not authenticate.' }),
  },
  { description: 'The answer of a TokenReview.' },
);

/** The answer of a TokenReview. */
export interface TokenReviewStatus {
  /** Whether the token authenticated a user. */
  authenticated?: boolean;
  /** The user the token authenticates. */
  user?: UserInfo;
  /** The audiences, of those asked, the token is meant for. */
  audiences?: string[];
  /** Why the token did not authenticate. */
  error?: string;
}

export const TokenReview = objectType(
  `${P}.TokenReview`,
  {
    spec: field(2, TokenReviewSpec, { description: 'The token to authenticate.' }),
    status: field(3, TokenReviewStatus, { description: 'Filled in by the server.' }),
  },
  { description: 'Asks the server whose a token is (authentication delegation, webhook token authenticators).' },
);

/** Asks the server whose a token is (authentication delegation, webhook token authenticators). */
export interface TokenReview {
  /**
   * The kind of the object, in CamelCase (such as StatefulSet). The server can tell it from the
   * endpoint; it cannot be updated.
   */
  kind?: string;
  /**
   * The version of the schema the object is written in: <group>/<version>, or just <version> (such
   * as v1) for the core group. The server converts objects between the versions it serves.
   */
  apiVersion?: string;
  /**
   * Standard object metadata: name, namespace, labels, annotations, and what the system records.
   */
  metadata: ObjectMeta;
  /** The token to authenticate. */
  spec?: TokenReviewSpec;
  /** Filled in by the server. */
  status?: TokenReviewStatus;
}
