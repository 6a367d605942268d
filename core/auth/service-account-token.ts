/**
 * ServiceAccount tokens: JWTs the server signs for TokenRequest (`serviceaccounts/{name}/token`)
 * and accepts as bearer tokens. Claims are the real bound-token claims, with the private claim
 * spelled `orchestrator.io` as this platform spells `kubernetes.io`: the namespace, the
 * ServiceAccount and the object the token is bound to (a Pod or a Secret). A token is accepted
 * while it is unexpired, meant for one of the server's audiences, and its ServiceAccount (and
 * bound object) still exist with the same uid. Keys come from the host (`--service-account-*`
 * flags) or are made when first needed; `jose` runs on WebCrypto, so this works in every host.
 * The same key signs the long-lived tokens of `service-account-token` Secrets, which the same
 * authenticator accepts under their own issuer and rules (legacy-token.ts).
 */
import { base64url, compactVerify, type CryptoKey, decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import { goQuote } from '../errors/go-quote.ts';
import type { Clock } from '../util/clock.ts';
import { type Authenticator, bearerToken } from './authenticator.ts';
import { LEGACY_ISSUER, legacyClaims, type LegacyTokenLookup, type LegacyTokenSubject, validateLegacyToken } from './legacy-token.ts';
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
  /**
   * The public half of a private `key`, to verify the tokens it signs and to publish them in the
   * issuer's JWKS (the real server verifies with the signing key's public key when no
   * `--service-account-key-file` is given).
   */
  readonly publicKey?: CryptoKey;
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
  /** Stored Secrets and ServiceAccounts, which legacy tokens are checked against, and the Secret labeller. */
  readonly legacy: Omit<LegacyTokenLookup, 'now'>;
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

  /**
   * Whether the host gave a signing key (`--service-account-signing-key-file`, or the data
   * directory's): only then are long-lived tokens made, as the real tokens controller runs only
   * with `--service-account-private-key-file`. A key made for the occasion would not outlive the
   * process, and with it every token it signed.
   */
  get signingKeyConfigured(): boolean {
    return this.opts.signingKey !== undefined;
  }

  private signingKey(): Promise<SigningKey> {
    this.signing ??= generateKeyPair('ES256').then((pair) => ({ key: pair.privateKey, alg: 'ES256', publicKey: pair.publicKey }));
    return this.signing;
  }

  /** Every key a token of ours may verify with, each with its key id (undefined when the key cannot be exported). */
  async verifyKeys(): Promise<{ key: CryptoKey; kid: string | undefined }[]> {
    const s = await this.signingKey();
    const own = s.publicKey ? [s.publicKey] : s.key.type === 'public' ? [s.key] : [];
    const keys = [...own, ...(this.opts.verifyKeys ?? []).map((k) => k.publicKey ?? k.key).filter((k) => k.type === 'public')];
    const out: { key: CryptoKey; kid: string | undefined }[] = [];
    for (const key of keys) {
      const kid = await keyId(key);
      // One key given twice (signing key and key file) is one key.
      if (kid === undefined || !out.some((o) => o.kid === kid)) out.push({ key, kid });
    }
    return out;
  }

  async issue(t: TokenIssue): Promise<{ token: string; expiresAt: number }> {
    const { key, alg, publicKey } = await this.signingKey();
    const kid = publicKey ? await keyId(publicKey) : undefined;
    const now = Math.floor(this.opts.clock.now() / 1000);
    const exp = now + t.expirationSeconds;
    const claim: PrivateClaim = { namespace: t.namespace, serviceaccount: { name: t.name, uid: t.uid } };
    if (t.bound?.kind === 'Pod') claim.pod = { name: t.bound.name, uid: t.bound.uid };
    if (t.bound?.kind === 'Secret') claim.secret = { name: t.bound.name, uid: t.bound.uid };
    const token = await new SignJWT({ [PRIVATE_CLAIM]: claim })
      .setProtectedHeader(kid ? { alg, kid } : { alg })
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

  /** A long-lived token of a ServiceAccount, for the `service-account-token` Secret named in `s` (no expiry, no audience). */
  async legacyToken(s: LegacyTokenSubject): Promise<string> {
    const { key, alg, publicKey } = await this.signingKey();
    const kid = publicKey ? await keyId(publicKey) : undefined;
    return new SignJWT(legacyClaims(s))
      .setProtectedHeader(kid ? { alg, kid } : { alg })
      .setIssuer(LEGACY_ISSUER)
      .sign(key);
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
    const r = token === undefined ? undefined : await this.review(token, this.audiences);
    return r && 'user' in r ? { user: r.user } : r;
  }

  /**
   * The real JWT authenticator's steps, in its order and words (TokenReview shows them): a token
   * not issued by us gets no opinion; then the signature (by the header's key id), the audiences
   * (those of the token, or the server's for a token naming none, against those asked), the times
   * (a minute's leeway), and the ServiceAccount and bound object by name and uid. The answer's
   * audiences are the asked ones the token is meant for. A legacy token (its own issuer) has the
   * same signature and audience checks (it names no audience, so it is good for the server's),
   * then the legacy validator's instead of the times and bindings.
   */
  async review(token: string, requested: readonly string[]): Promise<TokenVerdict> {
    const unverified = unverifiedClaims(token);
    const legacy = unverified?.iss === LEGACY_ISSUER;
    if (!legacy && unverified?.iss !== this.issuer) return undefined;
    let header: { kid?: unknown };
    try {
      header = decodeProtectedHeader(token);
    } catch {
      return undefined;
    }
    const kid = typeof header.kid === 'string' && header.kid ? header.kid : undefined;
    const keys = (await this.verifyKeys()).filter((k) => kid === undefined || k.kid === undefined || k.kid === kid);
    if (!keys.length) return { error: 'invalid signature, no keys found' };
    let payload: Record<string, unknown> | undefined;
    const failures: string[] = [];
    for (const { key } of keys) {
      try {
        payload = JSON.parse(new TextDecoder().decode((await compactVerify(token, key)).payload)) as Record<string, unknown>;
        break;
      } catch {
        failures.push(SIGNATURE_FAILURE);
      }
    }
    if (!payload || typeof payload !== 'object') return { error: aggregate(failures) };
    const aud = typeof payload.aud === 'string' ? [payload.aud] : Array.isArray(payload.aud) ? payload.aud.map(String) : [];
    const tokenAudiences = aud.length ? aud : [...this.audiences];
    const asked = requested.length ? requested : this.audiences;
    const audiences = tokenAudiences.filter((a) => asked.includes(a));
    if (!audiences.length && this.audiences.length) {
      return { error: `token audiences ${goQuoted(tokenAudiences)} is invalid for the target audiences ${goQuoted(asked)}` };
    }
    if (legacy) {
      const verdict = await validateLegacyToken(token, payload, { ...this.opts.legacy, now: () => this.opts.clock.now() });
      return 'user' in verdict ? { user: verdict.user, audiences } : verdict;
    }
    const timeError = checkTimes(payload, this.opts.clock.now() / 1000);
    if (timeError) return { error: timeError };
    const claim = (payload[PRIVATE_CLAIM] ?? {}) as PrivateClaim;
    const ns = claim.namespace ?? '';
    const sa = claim.serviceaccount ?? {};
    const uidOf = this.opts.uidOf;
    const saUid = uidOf('serviceaccounts', ns, sa.name ?? '');
    if (saUid === undefined) return { error: `serviceaccounts "${sa.name ?? ''}" not found` };
    if (saUid !== (sa.uid ?? '')) return { error: `service account UID (${saUid}) does not match claim (${sa.uid ?? ''})` };
    if (claim.secret) {
      const uid = uidOf('secrets', ns, claim.secret.name ?? '');
      if (uid === undefined) return { error: INVALIDATED };
      if (uid !== (claim.secret.uid ?? '')) {
        return { error: `secret UID (${uid}) does not match service account secret ref claim (${claim.secret.uid ?? ''})` };
      }
    }
    const extra: Record<string, string[]> = {};
    if (claim.pod) {
      const uid = uidOf('pods', ns, claim.pod.name ?? '');
      if (uid === undefined) return { error: INVALIDATED };
      if (uid !== (claim.pod.uid ?? ''))
        return { error: `pod UID (${uid}) does not match service account pod ref claim (${claim.pod.uid ?? ''})` };
      extra[EXTRA_POD_NAME] = [claim.pod.name ?? ''];
      extra[EXTRA_POD_UID] = [claim.pod.uid ?? ''];
    }
    if (typeof payload.jti === 'string' && payload.jti) extra[EXTRA_CREDENTIAL_ID] = [`JTI=${payload.jti}`];
    const name = sa.name ?? '';
    return { user: serviceAccountUser(ns, name, sa.uid, Object.keys(extra).length ? extra : undefined), audiences };
  }
}

/** What one token authenticator concluded about a token: a user and the audiences it is good for, an error, or no opinion. */
export type TokenVerdict = { readonly user: UserInfo; readonly audiences: readonly string[] } | { readonly error: string } | undefined;

/** go-jose's words for a signature no key verifies. */
const SIGNATURE_FAILURE = 'go-jose/go-jose: error in cryptographic primitive';
const INVALIDATED = 'service account token has been invalidated';
/** go-jose's default leeway on exp, nbf and iat. */
const LEEWAY_SECONDS = 60;

/** The claims of a compact JWT before any check, or undefined when it is not one. */
function unverifiedClaims(token: string): { iss?: unknown } | undefined {
  if (token.trimStart().startsWith('{')) return undefined;
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const claims: unknown = JSON.parse(new TextDecoder().decode(base64url.decode(parts[1])));
    return claims && typeof claims === 'object' ? (claims as { iss?: unknown }) : undefined;
  } catch {
    return undefined;
  }
}

function checkTimes(payload: Record<string, unknown>, now: number): string | undefined {
  const at = (k: string) => (typeof payload[k] === 'number' ? (payload[k] as number) : undefined);
  const nbf = at('nbf');
  const exp = at('exp');
  const iat = at('iat');
  if (nbf !== undefined && now + LEEWAY_SECONDS < nbf) return 'service account token is not valid yet';
  if (exp !== undefined && now - LEEWAY_SECONDS > exp) return 'service account token has expired';
  if (iat !== undefined && now + LEEWAY_SECONDS < iat)
    return 'service account token claims could not be validated due to unexpected validation error';
  return undefined;
}

/** A string list as Go's `%q` prints it: `["a" "b"]`. */
function goQuoted(list: readonly string[]): string {
  return `[${list.map(goQuote).join(' ')}]`;
}

/** Several errors in one message, as the real aggregate error words them (each message once). */
export function aggregate(messages: readonly string[]): string {
  const unique = [...new Set(messages)];
  return unique.length === 1 ? unique[0] : `[${unique.join(', ')}]`;
}

const keyIds = new WeakMap<CryptoKey, Promise<string | undefined>>();

/**
 * The real key id of a public key: the SHA-256 of its DER (SubjectPublicKeyInfo) encoding,
 * base64url without padding. Undefined for a key WebCrypto will not export.
 */
export function keyId(key: CryptoKey): Promise<string | undefined> {
  let id = keyIds.get(key);
  if (!id) {
    id = crypto.subtle
      .exportKey('spki', key)
      .then((der) => crypto.subtle.digest('SHA-256', der))
      .then((hash) => base64url.encode(new Uint8Array(hash)))
      .catch(() => undefined);
    keyIds.set(key, id);
  }
  return id;
}
