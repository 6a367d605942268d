/**
 * Service account issuer discovery: the OpenID Connect provider configuration
 * (`/.well-known/openid-configuration`) and the key set (`/openid/v1/jwks`) of the issuer that
 * signs ServiceAccount tokens, so that relying parties outside the server can verify them. The
 * documents are the real server's: the same fields, content types and an hour's public caching.
 * As there, they are served only when they can be right: an https issuer with no query or
 * fragment, an https `jwks_uri`, and keys that can be published; otherwise the paths are 404.
 *
 * `jwks_uri` is `--service-account-jwks-uri` when given. The real server otherwise builds it from
 * its external address (`--external-hostname` or the advertised address), which orch does not
 * have: the issuer's host stands in for it, so a client that reaches the issuer finds the keys
 * at `https://<issuer host>/openid/v1/jwks`.
 */
import { type CryptoKey, exportJWK } from 'jose';
import { StatusError } from '../errors/status-error.ts';
import type { ApiRequest, ApiResponse } from '../http/api-request.ts';
import type { ServiceAccountTokens } from './service-account-token.ts';

export const OPENID_CONFIG_PATH = '/.well-known/openid-configuration';
export const JWKS_PATH = '/openid/v1/jwks';
/**
 * The paths served (the router answers each with a trailing slash too, the spelling of the real
 * OpenAPI document the generated clients call), all of which the
 * `system:service-account-issuer-discovery` role grants.
 */
export const ISSUER_DISCOVERY_URLS = [OPENID_CONFIG_PATH, `${OPENID_CONFIG_PATH}/`, JWKS_PATH, `${JWKS_PATH}/`];

const CACHE_CONTROL = 'public, max-age=3600';
const JWKS_CONTENT_TYPE = 'application/jwk-set+json';

export interface IssuerDiscoveryOptions {
  /** `--service-account-jwks-uri`: where relying parties fetch the keys (https). */
  readonly jwksUri?: string;
}

interface Documents {
  readonly config: string;
  readonly keys: string;
}

/** A JSON Web Key as go-jose writes a public one: its fields in that order. */
interface PublicJwk {
  use: 'sig';
  kty: string;
  kid: string;
  crv?: string;
  alg: string;
  x?: string;
  y?: string;
  n?: string;
  e?: string;
}

/** The real server's algorithm for a public key: RS256 for RSA, ES256/384/512 by the curve. */
function algorithmOf(jwk: { kty?: string; crv?: string }): string | undefined {
  if (jwk.kty === 'RSA') return 'RS256';
  if (jwk.kty === 'EC') return { 'P-256': 'ES256', 'P-384': 'ES384', 'P-521': 'ES512' }[jwk.crv ?? ''];
  return undefined;
}

async function publicJwk(key: CryptoKey, kid: string | undefined): Promise<PublicJwk | undefined> {
  if (kid === undefined) return undefined;
  let jwk: Awaited<ReturnType<typeof exportJWK>>;
  try {
    jwk = await exportJWK(key);
  } catch {
    return undefined;
  }
  const alg = algorithmOf(jwk);
  if (!alg) return undefined;
  return jwk.kty === 'RSA'
    ? { use: 'sig', kty: 'RSA', kid, alg, n: jwk.n, e: jwk.e }
    : { use: 'sig', kty: 'EC', kid, crv: jwk.crv, alg, x: jwk.x, y: jwk.y };
}

/** An https URL with no query and no fragment, as OpenID Connect asks of an issuer; the reason when it is not. */
function issuerProblem(issuer: string): string | undefined {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return `issuer URL ${issuer} is not a URL`;
  }
  if (url.protocol !== 'https:') return `issuer URL must use https scheme, got: ${issuer}`;
  if (url.search || issuer.includes('?')) return `issuer URL may not include a query, got: ${issuer}`;
  if (url.hash || issuer.includes('#')) return `issuer URL may not include a fragment, got: ${issuer}`;
  return undefined;
}

export class IssuerDiscovery {
  private documents: Promise<Documents | undefined> | undefined;

  constructor(
    private readonly tokens: ServiceAccountTokens,
    private readonly opts: IssuerDiscoveryOptions = {},
  ) {}

  /** Whether a path is one of the discovery documents' (the router asks before anything else). */
  static serves(path: string): boolean {
    return ISSUER_DISCOVERY_URLS.includes(path);
  }

  /** The paths it answers, for the root index, when it serves them (as the real server lists them once installed). */
  async listedPaths(): Promise<string[]> {
    return (await this.render()) ? [OPENID_CONFIG_PATH, JWKS_PATH] : [];
  }

  /** The `jwks_uri` the configuration names, or undefined when it cannot be an https URL. */
  jwksUri(): string | undefined {
    if (this.opts.jwksUri !== undefined) {
      try {
        return new URL(this.opts.jwksUri).protocol === 'https:' ? this.opts.jwksUri : undefined;
      } catch {
        return undefined;
      }
    }
    try {
      return `https://${new URL(this.tokens.issuer).host}${JWKS_PATH}`;
    } catch {
      return undefined;
    }
  }

  async handle(req: ApiRequest): Promise<ApiResponse> {
    const docs = await this.render();
    if (!docs) throw StatusError.pathNotFound();
    if (req.method !== 'GET') throw StatusError.methodNotAllowed();
    const isConfig = req.url.pathname.startsWith(OPENID_CONFIG_PATH);
    return {
      status: 200,
      headers: { 'content-type': isConfig ? 'application/json' : JWKS_CONTENT_TYPE, 'cache-control': CACHE_CONTROL },
      body: isConfig ? docs.config : docs.keys,
    };
  }

  /** The two documents, made once (the keys do not change while the server runs), or undefined when they are not served. */
  private render(): Promise<Documents | undefined> {
    this.documents ??= this.build();
    return this.documents;
  }

  private async build(): Promise<Documents | undefined> {
    const problem = issuerProblem(this.tokens.issuer);
    const jwksUri = this.jwksUri();
    if (problem || !jwksUri) {
      console.error(
        `orch: service account issuer discovery is not served: ${problem ?? `jwks URI requires https scheme, got: ${this.opts.jwksUri}`}`,
      );
      return undefined;
    }
    const keys: PublicJwk[] = [];
    for (const { key, kid } of await this.tokens.verifyKeys()) {
      const jwk = await publicJwk(key, kid);
      // As the real provider: one key that cannot be published and none are.
      if (!jwk) {
        console.error('orch: service account issuer discovery is not served: a verification key cannot be exported as a JWK');
        return undefined;
      }
      keys.push(jwk);
    }
    if (!keys.length) return undefined;
    const config = {
      issuer: this.tokens.issuer,
      jwks_uri: jwksUri,
      response_types_supported: ['id_token'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: [...new Set(keys.map((k) => k.alg))].sort(),
    };
    return { config: JSON.stringify(config), keys: JSON.stringify({ keys }) };
  }
}
