/**
 * ServiceAccount tokens: JWTs the server signs for TokenRequest (`serviceaccounts/{name}/token`)
 * and accepts as bearer tokens. Claims are the real bound-token claims, with the private claim
 * spelled `orchestrator.io` as this platform spells `kubernetes.io`: the namespace, the
 * ServiceAccount and the object the token is bound to (a Pod or a Secret). A token is accepted
 * while it is unexpired, meant for one of the server's audiences, and its ServiceAccount (and
 * bound object) still exist with the same uid. Keys come from the host (`--service-account-*`
 * flags) or are made when first needed; `jose` runs on WebCrypto, so this works in every host.
 */
import { type CryptoKey, decodeProtectedHeader, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../util/clock.ts';
import { type Authenticator, bearerToken } from './authenticator.ts';
import { serviceAccountUser, type UserInfo } from './user.ts';

export const PRIVATE_CLAIM = 'orchestrator.io';
/** `--service-account-issuer` when none is given. */
export const DEFAULT_ISSUER = 'https://orch.default.svc.cluster.local';
/** The extra keys the real authenticator sets on a bound token's user (spelled for this platform). */
export const EXTRA_POD_NAME = 'authentication.orchestrator.io/pod-name';
export const EXTRA_POD_UID = 'authentication.orchestrator.io/pod-uid';
export const EXTRA_CREDENTIAL_ID = 'authentication.orchestrator.io/credential-id';

export interface SigningKey {
  readonly key: CryptoKey;
  /** JWS algorithm, e.g. RS256 or ES256. */
  readonly alg: string;
}

export interface ServiceAccountTokenOptions {
  readonly issuer?: string;
  /** The audiences the API server accepts (`--api-audiences`; default: the issuer). */
  readonly audiences?: readonly string[];
  /** The key tokens are signed with (`--service-account-signing-key-file`); made once when missing. */
  readonly signingKey?: SigningKey;
  /** More public keys tokens may be signed with (`--service-account-key-file`). */
  readonly verifyKeys?: readonly SigningKey[];
  /** The uid of a stored object, or undefined when it does not exist (`serviceaccounts`, `pods`, `secrets`). */
  readonly uidOf: (resource: string, namespace: string, name: string) => string | undefined;
  readonly clock: Clock;
}

export interface BoundObject {
  readonly kind: 'Pod' | 'Secret';
  readonly name: string;
  readonly uid: string;
}

export interface TokenIssue {
  readonly namespace: string;
  readonly name: string;
  readonly uid: string;
  readonly audiences: readonly string[];
  readonly expirationSeconds: number;
  readonly bound?: BoundObject;
}

interface PrivateClaim {
  namespace?: string;
  serviceaccount?: { name?: string; uid?: string };
  pod?: { name?: string; uid?: string };
  secret?: { name?: string; uid?: string };
}

export class ServiceAccountTokens {
  readonly issuer: string;
  readonly audiences: readonly string[];
  private signing: Promise<SigningKey> | undefined;

  constructor(private readonly opts: ServiceAccountTokenOptions) {
    this.issuer = opts.issuer ?? DEFAULT_ISSUER;
    this.audiences = opts.audiences?.length ? opts.audiences : [this.issuer];
    if (opts.signingKey) this.signing = Promise.resolve(opts.signingKey);
  }

  private signingKey(): Promise<SigningKey> {
    this.signing ??= generateKeyPair('ES256').then((pair) => ({ key: pair.privateKey, alg: 'ES256', publicKey: pair.publicKey }));
    return this.signing;
  }

  private async verifyKeys(): Promise<SigningKey[]> {
    const s = (await this.signingKey()) as SigningKey & { publicKey?: CryptoKey };
    const own = s.publicKey ? [{ key: s.publicKey, alg: s.alg }] : s.key.type === 'public' ? [s] : [];
    return [...own, ...(this.opts.verifyKeys ?? [])];
  }

  async issue(t: TokenIssue): Promise<{ token: string; expiresAt: number }> {
    const { key, alg } = await this.signingKey();
    const now = Math.floor(this.opts.clock.now() / 1000);
    const exp = now + t.expirationSeconds;
    const claim: PrivateClaim = { namespace: t.namespace, serviceaccount: { name: t.name, uid: t.uid } };
    if (t.bound?.kind === 'Pod') claim.pod = { name: t.bound.name, uid: t.bound.uid };
    if (t.bound?.kind === 'Secret') claim.secret = { name: t.bound.name, uid: t.bound.uid };
    const token = await new SignJWT({ [PRIVATE_CLAIM]: claim })
      .setProtectedHeader({ alg })
      .setIssuer(this.issuer)
      .setSubject(`system:serviceaccount:${t.namespace}:${t.name}`)
      .setAudience([...t.audiences])
      .setIssuedAt(now)
      .setNotBefore(now)
      .setExpirationTime(exp)
      .setJti(crypto.randomUUID())
      .sign(key);
    return { token, expiresAt: exp * 1000 };
  }

  authenticator(): Authenticator {
    return {
      authenticate: (req) => {
        const token = bearerToken(req);
        // Only a JWT can be ours: anything else gets no opinion without a promise.
        return token?.split('.').length === 3 ? this.verify(token) : undefined;
      },
    };
  }

  /** The user of a token, an error for a JWT of ours that is not valid, or no opinion on other tokens. */
  async verify(token: string | undefined): Promise<{ user: UserInfo } | { error: string } | undefined> {
    if (token?.split('.').length !== 3) return undefined;
    try {
      decodeProtectedHeader(token);
    } catch {
      return undefined;
    }
    let payload: Record<string, unknown> | undefined;
    for (const { key } of await this.verifyKeys()) {
      try {
        payload = (
          await jwtVerify(token, key, {
            issuer: this.issuer,
            audience: [...this.audiences],
            currentDate: new Date(this.opts.clock.now()),
          })
        ).payload;
        break;
      } catch {
        // Try the next key; none verifying is a failed token.
      }
    }
    if (!payload) return { error: 'invalid bearer token' };
    const claim = (payload[PRIVATE_CLAIM] ?? {}) as PrivateClaim;
    const ns = claim.namespace;
    const sa = claim.serviceaccount;
    if (!ns || !sa?.name || payload.sub !== `system:serviceaccount:${ns}:${sa.name}`) return { error: 'invalid bearer token' };
    const uidOf = this.opts.uidOf;
    const saUid = uidOf('serviceaccounts', ns, sa.name);
    if (saUid === undefined || (sa.uid && saUid !== sa.uid)) return { error: 'invalid bearer token, service account has been deleted' };
    const extra: Record<string, string[]> = {};
    if (claim.pod?.name) {
      if (uidOf('pods', ns, claim.pod.name) !== claim.pod.uid) return { error: 'invalid bearer token, pod has been deleted' };
      extra[EXTRA_POD_NAME] = [claim.pod.name];
      extra[EXTRA_POD_UID] = [claim.pod.uid ?? ''];
    }
    if (claim.secret?.name && uidOf('secrets', ns, claim.secret.name) !== claim.secret.uid) {
      return { error: 'invalid bearer token, secret has been deleted' };
    }
    if (typeof payload.jti === 'string') extra[EXTRA_CREDENTIAL_ID] = [`JTI=${payload.jti}`];
    return { user: serviceAccountUser(ns, sa.name, sa.uid ?? saUid, Object.keys(extra).length ? extra : undefined) };
  }
}
