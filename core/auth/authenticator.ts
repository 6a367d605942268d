/**
 * Authentication: a chain of authenticators, each looking at the request's credentials. The first
 * that recognises them names the user; one that finds credentials it cannot accept fails the
 * request (401), as the real union authenticator does; anonymous applies only when none did either.
 */
import type { ApiRequest } from '../http/api-request.ts';
import { EXTRA_CREDENTIAL_ID } from './service-account-token.ts';
import { ANONYMOUS, type UserInfo, withAuthenticatedGroup } from './user.ts';

/** What an authenticator concluded: a user, a refusal of credentials it owns, or nothing to say. */
export type AuthenticationResult = { readonly user: UserInfo } | { readonly error: string } | undefined;

export interface Authenticator {
  authenticate(req: ApiRequest): AuthenticationResult | Promise<AuthenticationResult>;
}

export class AuthenticationChain {
  constructor(
    private readonly authenticators: readonly Authenticator[],
    private readonly anonymous: boolean,
    /**
     * A bearer token none accepted fails the request (the real bearer-token authenticator's
     * "invalid bearer token"); off only for the local development default, which ignores tokens it
     * does not know.
     */
    private readonly strictTokens = true,
  ) {}

  /** The user, or undefined when the request must be answered 401. */
  async authenticate(req: ApiRequest): Promise<UserInfo | undefined> {
    const r = await this.outcome(req);
    return 'user' in r ? r.user : undefined;
  }

  /**
   * The user, or why there is none, in the words of the real `authentication_attempts` metric:
   * `error` when credentials were refused, `failure` when there were none to accept.
   */
  async outcome(req: ApiRequest): Promise<{ readonly user: UserInfo } | { readonly result: 'failure' | 'error' }> {
    let failed = false;
    for (const a of this.authenticators) {
      // Most authenticators answer at once: await only those that do not.
      const pending = a.authenticate(req);
      const r = pending instanceof Promise ? await pending : pending;
      if (!r) continue;
      if ('user' in r) return { user: withAuthenticatedGroup(r.user) };
      failed = true;
    }
    // A bearer token no authenticator accepted is a failed login, never an anonymous request.
    if (failed || (this.strictTokens && bearerToken(req) !== undefined)) return { result: 'error' };
    if (!this.anonymous) return { result: 'failure' };
    return { user: ANONYMOUS };
  }
}

/** The token of `Authorization: Bearer <token>`, if the request has one. */
export function bearerToken(req: ApiRequest): string | undefined {
  const h = req.headers.get('authorization');
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m ? m[1] : undefined;
}

/**
 * The user of a client certificate the host verified against `--client-ca-file` (CN = user, O =
 * groups, its credential ID in extra, as the real x509 authenticator gives since v1.31). One that
 * did not verify is a refusal: the request fails (401) unless another credential names a user.
 */
export const clientCertificateAuthenticator: Authenticator = {
  authenticate(req) {
    if (req.certificateError !== undefined) return { error: req.certificateError };
    const user = req.certificateUser;
    if (!user) return undefined;
    return {
      user: {
        name: user.name,
        groups: [...user.groups],
        ...(user.credentialId ? { extra: { [EXTRA_CREDENTIAL_ID]: [user.credentialId] } } : {}),
      },
    };
  },
};
